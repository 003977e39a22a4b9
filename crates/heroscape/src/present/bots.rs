//! A greedy HeroScape bot: strongest card first with its markers, moves that close on the enemy
//! (or stay in range of it), attacks with the most wounds expected against the weakest target.

use serde_json::Value;
use skirmish_dice::Picker;
use skirmish_engine::{AnyGame, Seat};
use skirmish_platform::BotPlayer;

use crate::game::{glyphs, Action, Figure, Marker, State};

/// The greedy bot as a seat of the server or the terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPlayer;

impl BotPlayer for GreedyPlayer {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value> {
        let g = super::downcast(game)?;
        let legal = g.legal_actions(seat);
        let pick = choose(g.state(), seat, &legal, seed)?;
        serde_json::to_value(pick).ok()
    }
}

/// The greedy bot as a [`Bot`](skirmish_bots::Bot) of the engine's games, for duels and
/// benchmarks that play [`Game`](skirmish_engine::Game)s directly: the same choice as
/// [`GreedyPlayer`], on a state dealt consistent with what its seat knows.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    picker: Picker,
}

impl GreedyBot {
    /// A greedy bot whose ties and dealt secrets come from `seed`.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            picker: Picker::new(seed),
        }
    }
}

impl skirmish_bots::Bot<crate::game::HeroScape> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(
        &mut self,
        info: &skirmish_engine::search::InfoSet<'_, crate::game::HeroScape>,
        legal: &[Action],
    ) -> usize {
        let state = info.determinize(&mut self.picker);
        let seed = self.picker.below(usize::MAX).unwrap_or(0) as u64;
        choose(&state, info.seat(), legal, seed)
            .and_then(|pick| legal.iter().position(|a| std::ptr::eq(a, pick)))
            .unwrap_or(0)
    }
}

/// Expected wounds of an attack: a die shows a skull half the time and a shield a third of it.
pub(super) fn expected_wounds(state: &State, attacker: u32, target: u32) -> f64 {
    let (a, d) = super::text::attack_dice(state, attacker, target);
    (f64::from(a) * 0.5 - f64::from(d) / 3.0).max(0.05)
}

/// How strong a unit is, to give it the first markers.
fn strength(state: &State, unit: u16) -> f64 {
    state
        .unit_alive(unit)
        .map(|f| {
            let c = state.card_of(f);
            f64::from(c.attack) * 2.0 + f64::from(c.move_) * 0.3 + f64::from(c.range.min(8)) * 0.3
        })
        .sum()
}

/// Hexes to the nearest enemy figure on the battlefield from a place.
fn nearest_enemy(state: &State, f: &Figure, at: skirmish_board::hex::Hex) -> u32 {
    state
        .figures
        .iter()
        .filter(|e| e.on_field() && !state.allies(e.owner, f.owner))
        .flat_map(|e| e.hexes().map(move |h| h.distance(at)))
        .min()
        .unwrap_or(0)
}

/// The greedy choice among `legal`.
pub fn choose<'a>(state: &State, seat: Seat, legal: &'a [Action], seed: u64) -> Option<&'a Action> {
    let mut picker = Picker::new(seed);
    let mut best: Option<(f64, &Action)> = None;
    for a in legal {
        let noise = picker.below(1000).unwrap_or(0) as f64 / 100_000.0;
        let score = score(state, seat, a) + noise;
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, a));
        }
    }
    best.map(|(_, a)| a)
}

/// What the greedy bot thinks of `action` for `seat` (higher is better): the search bot's
/// prior orders actions by it ([`super::search::HeroScapeEval`]).
pub fn score(state: &State, seat: Seat, action: &Action) -> f64 {
    match action {
        Action::PlaceMarker { marker, unit } => {
            let s = strength(state, *unit);
            match marker {
                Marker::X => -s,
                _ => s,
            }
        }
        // a figure landing by its power (*Glider Landing*) is better on the battlefield
        Action::Place { .. }
            if matches!(
                state.frames.top(),
                Some(crate::game::frames::HsFrame::Landing(_))
            ) =>
        {
            1.0
        }
        Action::Place { figure, hex, .. } => state
            .figure(*figure)
            .map_or(0.0, |f| -f64::from(nearest_zone_distance(state, f, *hex))),
        Action::Move {
            figure, to, level, ..
        }
        | Action::PowerMove {
            figure, to, level, ..
        } => {
            let Some(f) = state.figure(*figure) else {
                return 0.0;
            };
            let range = u32::from(glyphs::range_of(state, f));
            let d = nearest_enemy(state, f, *to);
            let now = f.hex.map_or(d, |h| nearest_enemy(state, f, h));
            let in_range = if d <= range { 5.0 } else { 0.0 };
            // Archers keep their distance; fighters close in.
            let closing = if range > 1 && d <= range {
                f64::from(d) * 0.2
            } else {
                f64::from(now) - f64::from(d)
            };
            in_range + closing + f64::from(*level) * 0.1
        }
        Action::EndMoves => 0.5,
        Action::Attack { figure, target } => {
            let w = expected_wounds(state, *figure, *target);
            let left = state.figure(*target).map_or(1.0, |t| {
                f64::from(state.card_of(t).life.saturating_sub(t.wounds).max(1))
            });
            10.0 + w / left
        }
        Action::SpecialAttack { .. } => special_score(state, action),
        Action::EndTurn => {
            let _ = seat;
            0.0
        }
        // The best value per point first; stopping only when nothing is affordable.
        Action::DraftPick { card } => state
            .draft
            .as_ref()
            .and_then(|d| d.draft.pool().iter().find(|c| &c.id == card))
            .map_or(0.0, |c| {
                100.0 + crate::game::drafting::value_per_point(c) * 100.0
            }),
        Action::DraftPass => -100.0,
        // Summon the enemy figure nearest to dying next to the glyph (where the army stands),
        // or nobody.
        Action::Summon { figure, .. } => state.figure(*figure).map_or(0.0, |f| {
            if state.allies(f.owner, seat) {
                -1.0
            } else {
                1.0
            }
        }),
        Action::NoSummon => 0.0,
        // Powers are worth using, but not against one's own figures (*Chomp* may choose any
        // adjacent figure).
        // a start-of-game choice (*Cleave to the Mighty*): the strongest card
        Action::UsePower {
            target: Some(t), ..
        } if matches!(
            state.frames.top(),
            Some(crate::game::frames::HsFrame::StartChoice(_))
        ) =>
        {
            state.figure(*t).map_or(0.0, |f| strength(state, f.unit))
        }
        Action::UsePower { target, .. } => match target.and_then(|t| state.figure(t)) {
            Some(t)
                if state.allies(t.owner, seat)
                    && !helps_friend(state, *target)
                    && !crate::game::powers::control::gives_turn(state) =>
            {
                -1.0
            }
            _ => 11.5,
        },
        Action::DeclinePower => 0.2,
        // Running pays for figures that fight adjacent and are far from the enemy.
        Action::Run { figure } => state.figure(*figure).map_or(0.0, |f| {
            let far = f.hex.map_or(0, |h| nearest_enemy(state, f, h));
            if state.card_of(f).range <= 1 && far > u32::from(state.card_of(f).move_) {
                1.0
            } else {
                -1.0
            }
        }),
        // The strongest card on the spirit; any is better than none.
        Action::PlaceSpirit { unit } => strength(state, *unit),
        // Another turn is worth a wound while the hero has life to spare.
        Action::Overextend => state
            .turn()
            .and_then(|t| state.unit_alive(t.unit).next())
            .map_or(-1.0, |f| {
                if state.card_of(f).life.saturating_sub(f.wounds) > 2 {
                    0.2
                } else {
                    -1.0
                }
            }),
        // Carrying a friend along is worth a little; where it goes, as a move would.
        Action::Carry { .. } => 0.6,
        // Any opponent: the card given away fights for whoever gets it.
        Action::ChooseOpponent { .. } => 0.0,
        // *Glide In*: the marker whose turn comes, moved, gives the landed figure its turn now;
        // the others are kept where they were laid.
        Action::MoveMarker { marker } => {
            let next = state.players.get(seat.index()).and_then(|p| {
                Marker::ALL.into_iter().find(|m| {
                    *m != Marker::X && !p.markers.revealed[m.index()] && !p.markers.lost[m.index()]
                })
            });
            if next == Some(*marker) {
                1.0
            } else {
                -1.0
            }
        }
        // how many wound markers off a friend's card, or a power's option
        Action::Choose { n } => crate::game::powers::choose::bot_score(state, seat, *n),
        Action::PlaceCarried { figure, to, level } => state.figure(*figure).map_or(0.0, |f| {
            -f64::from(nearest_enemy(state, f, *to)) * 0.5 + f64::from(*level) * 0.1
        }),
        Action::PlaceTile { hex } => crate::game::powers::tiles::bot_score(state, seat, *hex),
    }
}

/// For placement: how far a hex is from the centre of the battlefield's enemy figures' zones
/// (approximated by the battlefield's centre).
fn nearest_zone_distance(state: &State, f: &Figure, hex: skirmish_board::hex::Hex) -> u32 {
    let _ = f;
    let hexes: Vec<_> = state.field.columns().map(|(h, _)| h).collect();
    let n = hexes.len().max(1) as i64;
    let q = hexes.iter().map(|h| i64::from(h.q)).sum::<i64>() / n;
    let r = hexes.iter().map(|h| i64::from(h.r)).sum::<i64>() / n;
    hex.distance(skirmish_board::hex::Hex::new(q as i32, r as i32))
}

/// A special attack's worth: the wounds expected on each affected figure against its life
/// left, opponents' counting for, friends' (and the attacker's own) against; above a normal
/// attack when it hits more than one opponent.
fn special_score(state: &State, action: &Action) -> f64 {
    use crate::game::{combat, glyphs, powers::special};
    let Some(aim) = special::Aim::of(action) else {
        return 0.0;
    };
    let (Ok(shot), Some(a)) = (special::shot(state, &aim), state.figure(aim.figure)) else {
        return 0.0;
    };
    let skulls = f64::from(shot.attack) * 0.5;
    let worth: f64 = shot
        .affected
        .iter()
        .filter_map(|id| state.figure(*id))
        .map(|t| {
            let (_, up) = combat::height_bonus(a.level, t.level);
            let shields = f64::from(glyphs::defence_of(state, t) + up) / 3.0;
            let left = f64::from(state.card_of(t).life.saturating_sub(t.wounds).max(1));
            let w = (skulls - shields).max(0.05) / left;
            if state.allies(t.owner, a.owner) {
                -1.5 * w
            } else {
                w
            }
        })
        .sum();
    10.0 + worth
}

/// Whether a power chosen on a friendly figure is a help (a heal) rather than harm.
fn helps_friend(state: &State, target: Option<u32>) -> bool {
    target
        .and_then(|t| state.figure(t))
        .is_some_and(|t| t.wounds > 0)
}
