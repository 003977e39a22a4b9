//! The HeroClix base game (rulebook Parts 1 and 2, the golden rules, and the 2002 FAQ rulings on
//! them) as a [`Ruleset`] of the Skirmish engine.
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Préparez le champ de bataille* (first player, map, deployment zones, placing figures) | [`setup`] |
//! | *Rounds, tours et actions*, *Total d'action*, *Marqueur action*, *Dépassement*, *Actions libres*, *Action de passer* (FAQ), *Actions de déplacement*, *Évasion* | [`play`] |
//! | *Actions de combat*, *Le jet d'attaque*, *Infliger des dégâts*, *Échecs et réussites critiques*, *Recul*, *Combat à distance sur cibles multiples*, *Vaincre les personnages*, *Soin*, *Détruire un terrain bloquant*, *Détruire les murs* | [`combat`] |
//! | *Règles d'or* 1, 2 and 5 (*Remplacer puis modifier*, *Règle de trois*, *Règle des minima*), *Valeur bloquée*, *Arrondis* | [`values`] (Clix core) |
//! | Partie 3 *Pouvoirs et compétences*, the Powers and Abilities Card: possession, Outwit counters, passive effects (defence and damage modifiers, damage reduction, breakaway, movement modes, Stealth), team abilities, rules-era options | [`powers`] |
//! | The dice of one action, and Probability Control on any of them (FAQ *Contrôle des Probabilités*) | [`rolls`] |
//! | Questions asked in the middle of an action (damage split, knockback line, rerolls, Mastermind, free attacks, markers, captives and passengers to place), as frames on the engine's stack: what each asks and what answers it | [`frames`] |
//! | Partie 3 *Capture* (the Sentinels' old ability; FAQ *Sentinelles*): capture, rescue, release for points | [`capture`] |
//! | Giant reach (spec COMB-8): adjacency for movement, close combat or plainly | [`reach`] |
//! | Powers given as actions: Charge, Running Shot, Hypersonic Speed, Phasing/Teleport, Sidestep, Flurry, Quake, Pulse Wave, Energy Explosion, Regeneration, Support, Force Blast, Poison, Leadership, Outwit, Perplex | [`power_actions`] |
//! | Partie 4 *Tactiques* in play: feats, battlefield conditions, special objects, theme teams; card special powers and traits written as effects | [`tactics`] |
//! | *Gagner une partie*, *Désigner le vainqueur*, *Déterminer les points de victoire* | [`score`] |
//! | Actions and decisions as players read them, in English or French with the rulebook's terms (the words: [`crate::present::catalogue`]) | [`text`] |

pub mod action;
pub mod capture;
pub mod combat;
pub mod event;
pub mod frames;
pub mod invariants;
pub mod objects;
pub mod play;
pub mod power_actions;
pub mod powers;
pub mod reach;
pub mod rolls;
pub mod score;
pub mod setup;
pub mod state;
pub mod tactics;
pub mod text;
pub mod view;

/// The values pipeline moved to the shared Clix core; kept here under its old path.
pub use skirmish_clix::values;

use skirmish_board::FigureId;
use skirmish_engine::{Dice, Pending, Picker, Rejection, Ruleset, Seat, SetupError, Viewer};

pub use action::{Action, Decision};
pub use event::{Critical, DamageKind, EffectEnd, EndReason, Event, KnockbackStop, Names};
pub use invariants::check_invariants;
pub use state::{
    AttackInProgress, Fig, Interrupt, Options, Phase, PlacedFigure, Position, Scenario, SeatInfo,
    State, TeamFigure, TeamSetup,
};
pub use view::View;

/// The HeroClix ruleset.
#[derive(Clone, Copy, Debug)]
pub struct HeroClix;

impl Names for State {
    fn name(&self, id: FigureId) -> String {
        self.fig(id)
            .map_or_else(|| format!("#{}", id.0), |f| f.label.clone())
    }

    fn seat(&self, seat: skirmish_engine::Seat, lang: skirmish_lang::Lang) -> String {
        text::team_name(self, seat, lang)
    }
}

impl Ruleset for HeroClix {
    const ID: &'static str = "heroclix";
    // Dials, cards and the board are all in the open; only the dice are unknown.
    const PERFECT_INFORMATION: bool = true;
    type Scenario = Scenario;
    type State = State;
    type Action = Action;
    type Decision = Decision;
    type Event = Event;
    type View = View;

    fn setup(scenario: &Scenario, dice: &mut Dice) -> Result<State, SetupError> {
        setup::setup(scenario, dice)
    }

    fn seats(state: &State) -> Vec<Seat> {
        Seat::all(state.seats.len() as u8).collect()
    }

    fn pending(state: &State) -> Pending<Decision> {
        play::pending(state)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        play::legal_actions(state, seat)
    }

    fn explain_illegal(state: &State, seat: Seat, action: &Action) -> Rejection {
        play::explain_illegal(state, seat, action)
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        play::apply(state, seat, action, dice, events)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn undoable(_seat: Seat, _action: &Action, events: &[Event]) -> bool {
        // Battlefield conditions stay face down until the zones are chosen: the choice that
        // turns them over cannot be taken back and made again knowing them.
        !events
            .iter()
            .any(|e| matches!(e, Event::ConditionRevealed { .. }))
    }

    fn random_action(state: &State, seat: Seat, rng: &mut Picker) -> Option<Action> {
        play::random_action(state, seat, rng)
    }
}
