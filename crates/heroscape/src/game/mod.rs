//! HeroScape Expert as an engine [`Ruleset`]: set-up and placement by d20, rounds of secret
//! order markers, d20 initiative and three turns per player (reveal, move, attack), glyphs,
//! victory by destruction or by points at the round limit.
//!
//! | Rulebook section | Module |
//! |---|---|
//! | *Rassemblez et placez votre armée*, *La bataille commence*, *Votre tour de jeu*, *Finir la bataille*, *Comptez les points* | [`play`] |
//! | *Placez vos marqueurs précisant l'ordre des figurines* | [`frames`] |
//! | *Déplacer*, *Les règles d'engagements*, *Ligne de visée* | [`geometry`] |
//! | *Attaquer*, *Chute*, *Quitter un engagement* | [`combat`] |
//! | *Les Glyphes* | [`glyphs`] |
//! | *Pouvoirs spéciaux* | [`powers`] |

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::{Dice, Picker};
use skirmish_engine::{Outcome, Pending, Rejection, Ruleset, Seat, SetupError, Viewer};

use crate::battlefield::{Glyph, Level};

pub mod combat;
pub mod frames;
pub mod geometry;
pub mod glyphs;
pub mod play;
pub mod powers;
pub mod state;
#[cfg(test)]
mod tests;
pub mod view;

pub use combat::Face;
pub use state::{
    D20Roll, Figure, Marker, Options, Phase, Player, PlayerSetup, Scenario, Stage, State, Turn,
    Unit,
};
pub use view::View;

/// The HeroScape Expert ruleset.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeroScape;

/// One answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Action {
    /// Puts a figure in the player's start zone.
    Place {
        /// The figure.
        figure: u32,
        /// Its hex.
        hex: Hex,
        /// The other hex of a double-space figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tail: Option<Hex>,
    },
    /// Lays an order marker on a card (secret from the other side).
    PlaceMarker {
        /// The marker.
        marker: Marker,
        /// The unit (card) it lies on.
        unit: u16,
    },
    /// Moves a figure of the active card.
    Move {
        /// The figure.
        figure: u32,
        /// Where it ends.
        to: Hex,
        /// The level it ends at (a hex under an overhang has several).
        level: Level,
        /// The other hex of a double-space figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tail: Option<Hex>,
    },
    /// Ends the moves: on to the attacks.
    EndMoves,
    /// A figure of the active card attacks.
    Attack {
        /// The attacker.
        figure: u32,
        /// The target.
        target: u32,
    },
    /// Ends the turn.
    EndTurn,
    /// Moves a figure of the active card by a power instead of its normal move (*Warp Space*,
    /// *Grapple Gun*).
    PowerMove {
        /// The figure.
        figure: u32,
        /// The power.
        way: powers::moves::MoveWay,
        /// Where it ends.
        to: Hex,
        /// The level it ends at.
        level: Level,
        /// The other hex of a double-space figure.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tail: Option<Hex>,
    },
    /// Before a figure with *Carry* moves, chooses the friend it carries.
    Carry {
        /// The carrier.
        figure: u32,
        /// The friend carried.
        friend: u32,
    },
    /// Places the carried figure on a space adjacent to its carrier, after the carrier's move.
    PlaceCarried {
        /// The carried figure.
        figure: u32,
        /// Its hex.
        to: Hex,
        /// The level it stands at.
        level: Level,
    },
}

/// What the game asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Decision {
    /// Place the next figure of the army in the start zone.
    Place {
        /// The figure to place.
        figure: u32,
    },
    /// Every player lays its order markers on its cards.
    PlaceMarkers {
        /// The round.
        round: u32,
    },
    /// Move the active card's figures, one after the other.
    Move {
        /// The marker revealed.
        marker: Marker,
        /// The active unit.
        unit: u16,
    },
    /// Attack with the active card's figures.
    Attack {
        /// The marker revealed.
        marker: Marker,
        /// The active unit.
        unit: u16,
    },
    /// Place the figure `carrier` carried on a space adjacent to it (*Carry*).
    PlaceCarried {
        /// The carrier, which has moved.
        carrier: u32,
        /// The carried figure.
        figure: u32,
    },
}

/// What a d20 roll-off decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollFor {
    /// Who places the army first.
    Placement,
    /// Who places order markers first (advanced variant).
    Markers,
    /// Initiative: who plays the round's first turn.
    Initiative,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Event {
    /// A figure was placed.
    Placed {
        /// The figure.
        figure: u32,
        /// Its hex.
        hex: Hex,
        /// Its level.
        level: Level,
    },
    /// A figure could not be placed: the start zone is full.
    NoRoom {
        /// The figure.
        figure: u32,
    },
    /// A round begins.
    RoundStarted {
        /// The round.
        round: u32,
    },
    /// A player laid an order marker: the marker and card only for those who may see them.
    MarkerPlaced {
        /// Who.
        seat: Seat,
        /// Which marker (hidden from the other side).
        marker: Option<Marker>,
        /// On which unit (hidden from the other side).
        unit: Option<u16>,
    },
    /// All of a player's markers are down: how many lie on each card, face down.
    MarkersDown {
        /// Who.
        seat: Seat,
        /// Markers per unit.
        counts: Vec<(u16, u8)>,
    },
    /// A d20 roll-off (one event per throw: ties throw again, modifiers kept).
    RollOff {
        /// What it decides.
        purpose: RollFor,
        /// The rolls.
        rolls: Vec<D20Roll>,
        /// The winner, or `None` when the best tied and those seats roll again.
        winner: Option<Seat>,
    },
    /// The turn order of the round.
    TurnOrder {
        /// Seats in order.
        order: Vec<Seat>,
    },
    /// A turn begins: its marker is turned face up on its card.
    TurnStarted {
        /// Whose.
        seat: Seat,
        /// The marker.
        marker: Marker,
        /// The card.
        unit: u16,
    },
    /// The marker's card has no figure left: the turn is lost (the marker stays face down).
    TurnLost {
        /// Whose.
        seat: Seat,
        /// The marker.
        marker: Marker,
    },
    /// A figure moved.
    Moved {
        /// The figure.
        figure: u32,
        /// The places stepped on, the destination last.
        path: Vec<(Hex, Level)>,
    },
    /// A figure fell (*Chute*): attack dice, a wound per skull.
    Fell {
        /// The figure.
        figure: u32,
        /// Levels dropped.
        drop: Level,
        /// The dice.
        dice: Vec<Face>,
        /// Wounds.
        wounds: u16,
    },
    /// A figure left an engagement: the enemy left behind rolls one attack die, no defence.
    LeftEngagement {
        /// The figure leaving.
        figure: u32,
        /// The enemy left.
        enemy: u32,
        /// The die.
        die: Face,
    },
    /// A glyph was turned face up.
    GlyphRevealed {
        /// The figure that stopped on it.
        figure: u32,
        /// Where.
        hex: Hex,
        /// Which.
        glyph: Glyph,
    },
    /// A temporary glyph acted and was discarded.
    GlyphUsed {
        /// Which.
        glyph: Glyph,
        /// Figures it healed or destroyed.
        figures: Vec<u32>,
        /// d20 rolls per figure, where it rolled.
        rolls: Vec<(u32, u8)>,
    },
    /// An attack.
    Attacked {
        /// The attacker.
        attacker: u32,
        /// The target.
        target: u32,
        /// Attack dice.
        attack: Vec<Face>,
        /// Defence dice.
        defence: Vec<Face>,
        /// Dice added for height: attacker, defender.
        height: (u16, u16),
        /// Skulls.
        skulls: u16,
        /// Shields.
        shields: u16,
        /// Wounds dealt.
        wounds: u16,
    },
    /// A figure was destroyed.
    Destroyed {
        /// The figure.
        figure: u32,
    },
    /// A card's last figure was destroyed: the card leaves the game.
    CardRemoved {
        /// The unit.
        unit: u16,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: Outcome,
    },
    /// A figure with *Carry* chose the friend it carries on its move.
    CarryChosen {
        /// The carrier.
        carrier: u32,
        /// The friend.
        figure: u32,
    },
    /// The carried figure was placed next to its carrier.
    Carried {
        /// The carrier.
        carrier: u32,
        /// The carried figure.
        figure: u32,
        /// Its hex.
        hex: Hex,
        /// Its level.
        level: Level,
    },
    /// A figure moved by a power instead of its normal move (the `moved` event follows).
    MovedBy {
        /// The figure.
        figure: u32,
        /// The power.
        way: powers::moves::MoveWay,
    },
    /// Molten lava damage (*lave en fusion*): a d20, 20 survives, anything else destroys.
    MoltenLava {
        /// The figure that moved onto molten lava.
        figure: u32,
        /// The d20.
        die: u8,
        /// Added by glyphs (Lodin).
        bonus: u16,
        /// Whether it survived.
        survived: bool,
    },
    /// Lava field damage at the end of a round: one attack die, a wound per skull.
    LavaField {
        /// The figure on the lava field.
        figure: u32,
        /// The die.
        die: Face,
    },
}

impl Ruleset for HeroScape {
    const ID: &'static str = "heroscape";
    type Scenario = Scenario;
    type State = State;
    type Action = Action;
    type Decision = Decision;
    type Event = Event;
    type View = View;

    fn setup(scenario: &Scenario, dice: &mut Dice) -> Result<State, SetupError> {
        play::setup(scenario, dice)
    }

    fn seats(state: &State) -> Vec<Seat> {
        state.seats().collect()
    }

    fn pending(state: &State) -> Pending<Decision> {
        if let Some(asked) = skirmish_engine::frames::pending::<frames::HsFrame>(state) {
            return asked;
        }
        play::pending(state)
    }

    fn legal_actions(state: &State, seat: Seat) -> Vec<Action> {
        if let Some(answers) = skirmish_engine::frames::legal::<frames::HsFrame>(state, seat) {
            return answers;
        }
        play::legal(state, seat)
    }

    fn explain_illegal(state: &State, seat: Seat, action: &Action) -> Rejection {
        play::explain(state, seat, action)
    }

    fn apply(
        state: &mut State,
        seat: Seat,
        action: &Action,
        dice: &mut Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Rejection> {
        if let Some(answered) =
            skirmish_engine::frames::answer::<frames::HsFrame>(state, seat, action, dice, events)
        {
            return answered;
        }
        play::apply(state, seat, action, dice, events)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn event_view(event: &Event, viewer: Viewer) -> Option<Event> {
        match event {
            // Teammates' markers: the event cannot know the teams, so only the seat itself
            // sees its markers in the log; the view shows teammates'.
            Event::MarkerPlaced { seat, .. } if !viewer.sees_secrets_of(*seat) => {
                Some(Event::MarkerPlaced {
                    seat: *seat,
                    marker: None,
                    unit: None,
                })
            }
            other => Some(other.clone()),
        }
    }

    fn action_view(seat: Seat, action: &Action, viewer: Viewer) -> Option<Action> {
        match action {
            Action::PlaceMarker { .. } if !viewer.sees_secrets_of(seat) => None,
            other => Some(other.clone()),
        }
    }

    fn undoable(_seat: Seat, _action: &Action, events: &[Event]) -> bool {
        // A glyph turned face up cannot be turned back: the player would choose again knowing
        // it.
        !events
            .iter()
            .any(|e| matches!(e, Event::GlyphRevealed { .. }))
    }

    fn determinize(state: &State, seat: Seat, rng: &mut Picker) -> State {
        let mut guess = state.clone();
        frames::determinize_markers(&mut guess, seat, rng);
        view::determinize_glyphs(&mut guess, rng);
        guess
    }
}
