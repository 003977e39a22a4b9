//! *Drill-Drive* ([`Specials::DrillDrive`]): instead of moving and attacking normally, the
//! figure moves up to its power's spaces in a straight line, passing through figures, then
//! rolls the power's attack dice once for every figure it passed through.
//!
//! The move is one of the moves by power ([`crate::game::powers::moves::MoveWay::DrillDrive`], an [`Action::PowerMove`]
//! to the place its player picks): a walk whose steps all take one direction
//! ([`Way::Drill`]), each costing what a walking step costs (a level climbed one space more,
//! water and glyphs ending it), through every figure and never ending on one. Leaving an
//! engagement still brings the attack of each enemy left that it did not pass through ("does
//! not take leaving engagement attacks from figures he passed through"). The figures passed
//! through are those standing on a space of the path between its start and its end, friend
//! or foe; they are noted as the figure sets off ([`Drilled`]).
//!
//! Once the move is over (and the figure still stands), the attack: the power's dice, changed
//! as any special attack's (glyphs, powers reaching special attacks), rolled once for all of
//! them, no figure being chosen (no height die, as for a fire line); each figure passed
//! through that is still on the battlefield rolls its own defence dice, never counting height
//! advantage ("Defending figures never have height advantage"). The attack needs neither
//! range nor sight: the figures are the ones it went through. The figure has then attacked
//! this turn ("instead of moving and attacking normally"), whether or not it passed through
//! anyone.
//!
//! [`Action::PowerMove`]: crate::game::Action::PowerMove

use serde::{Deserialize, Serialize};
use skirmish_board::hex::{Hex, HexDir};
use skirmish_dice::Dice;

use crate::battlefield::Level;
use crate::card::Card;
use crate::game::geometry::{self, Destination};
use crate::game::powers::values::{self, AttackKind, Why};
use crate::game::state::{Figure, Phase, State};
use crate::game::Event;
use crate::movement::{MovePath, Way};
use crate::power::specials::Specials;
use crate::power::{Area, Effect};

use super::volley::Volley;

/// The figures a drill move passes through, noted as it sets off for the attack after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drilled {
    /// The figure moving.
    pub figure: u32,
    /// The figures on the spaces of its path, in path order.
    pub passed: Vec<u32>,
}

/// The printed name, spaces and attack dice of `card`'s *Drill-Drive*, if it has one.
fn drill_of(card: &Card) -> Option<(&str, u16, u16)> {
    card.powers.iter().find_map(|p| {
        p.effects.iter().flatten().find_map(|e| match e {
            Effect::Specials(Specials::DrillDrive { spaces, attack }) => {
                Some((p.name.as_str(), *spaces, *attack))
            }
            _ => None,
        })
    })
}

/// The spaces of `card`'s *Drill-Drive* ([`super::super::moves::ways`]).
pub fn spaces(card: &Card) -> Option<u16> {
    drill_of(card).map(|(_, n, _)| n)
}

/// The figures other than `f` standing on the spaces of `path` between its start and its end,
/// in path order.
fn passed(state: &State, f: &Figure, path: &MovePath) -> Vec<u32> {
    let inner = path
        .steps
        .iter()
        .skip(1)
        .take(path.steps.len().saturating_sub(2));
    let mut out: Vec<u32> = Vec::new();
    for step in inner {
        let (hex, level) = (step.head.hex, step.level());
        for g in &state.figures {
            let here = g.on_field() && g.level == level && g.hexes().any(|h| h == hex);
            if here && g.id != f.id && !out.contains(&g.id) {
                out.push(g.id);
            }
        }
    }
    out
}

/// Every place `f` may end a drill move, in each of the six directions, each path without
/// the leaving-engagement attacks of the figures it passes through.
pub fn destinations(state: &State, f: &Figure) -> Vec<Destination> {
    let Some(n) = spaces(state.card_of(f)) else {
        return Vec::new();
    };
    HexDir::ALL
        .into_iter()
        .flat_map(|dir| geometry::destinations_by(state, f, Way::Drill { dir }, n))
        .map(|mut d| {
            let through = passed(state, f, &d.path);
            d.path.leaves.retain(|l| !through.contains(&l.enemy.0));
            d
        })
        .collect()
}

/// The direction from `from` to `to` when `to` lies on a straight line from it.
fn line_to(from: Hex, to: Hex) -> Option<HexDir> {
    let n = from.distance(to);
    HexDir::ALL.into_iter().find(|&dir| {
        let mut at = from;
        (0..n).for_each(|_| at = at.neighbour(dir));
        n > 0 && at == to
    })
}

/// Why `f` may not end a drill move at `to`, `level`, in English.
pub fn explain(state: &State, f: &Figure, to: Hex, level: Level) -> String {
    let Some(n) = spaces(state.card_of(f)) else {
        return format!("figure {} has no Drill-Drive", f.id);
    };
    let Some(dir) = f.hex.and_then(|h| line_to(h, to)) else {
        return format!(
            "{to} is not on a straight line from figure {}: Drill-Drive moves in a straight line",
            f.id
        );
    };
    let name = |id: skirmish_board::FigureId| format!("figure {}", id.0);
    let at = crate::body::Placement::single(to, level);
    geometry::refusal_text(
        state,
        f,
        (Way::Drill { dir }, n),
        &at,
        skirmish_lang::Lang::En,
        &name,
    )
    .unwrap_or_else(|| {
        "only a figure of the active card that has not moved may move, before the attacks".into()
    })
}

/// `f` sets off on a drill move along `path`: the figures it passes through are noted.
pub(crate) fn set_off(state: &mut State, f: &Figure, path: &MovePath) {
    let passed = passed(state, f, path);
    state.specials.drill = Some(Drilled {
        figure: f.id,
        passed,
    });
}

/// After `figure`'s move: when it was a drill move, the figure has attacked this turn, and
/// when it still stands, the attack at the figures it passed through still on the
/// battlefield: `None` when no die was rolled, else whether the attack is over (`false`: a
/// power of a figure it reached asks first, and the attack goes on from its question).
pub(crate) fn after_move(
    state: &mut State,
    figure: u32,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<bool> {
    let drilled = state.specials.drill.take_if(|d| d.figure == figure)?;
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        if !turn.attacked.contains(&figure) {
            turn.attacked.push(figure);
        }
    }
    let a = state.figure(figure).filter(|a| a.on_field()).cloned()?;
    let (name, _, attack) = drill_of(state.card_of(&a))?;
    let affected: Vec<u32> = drilled
        .passed
        .into_iter()
        .filter(|id| state.figure(*id).is_some_and(Figure::on_field))
        .collect();
    // the figure whose values the attack's dice look at: the first opponent's passed through
    let reference = affected
        .iter()
        .filter_map(|id| state.figure(*id))
        .find(|g| !state.allies(g.owner, a.owner))
        .or_else(|| affected.first().and_then(|id| state.figure(*id)))?;
    let mut power = crate::power::parse::special(None, attack, Area::Single);
    power.no_defender_height = true;
    let mut tally = values::attack_dice(state, &a, reference, AttackKind::Special { dice: attack });
    // no figure chosen: no height advantage over one
    tally.changes.retain(|c| c.why != Why::Height);
    // as any special attack's: a power of a figure it reaches may stop it to ask its owner
    // (`powers::react`), and it goes on from that question
    let seat = state.turn().map_or(a.owner, |t| t.seat);
    let volley = Volley::new(
        seat,
        0,
        name.to_string(),
        power,
        a.clone(),
        a,
        vec![(affected, tally)],
    );
    Some(super::volley::run(state, volley, dice, events))
}
