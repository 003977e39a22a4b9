//! The greedy HeroClix bot: scores every legal action by its immediate expected value, in
//! victory points, and plays the best one, ending the turn when nothing scores above zero.
//!
//! - Attacks score the exact expectation over the 36 rolls of 2d6: each target's defence
//!   (+1 for a hindered line of fire), critical misses and hits, the best split of the damage
//!   between the targets hit. Damage is worth the share of the target's points it takes off
//!   the clicks it has left, and a knock-out its whole points plus a bonus, so finishing
//!   wounded and expensive figures comes first.
//! - Moves score how much better the new square is than the old one: the best attack the
//!   figure could make from there next turn (line of fire, range, adjacency), minus the attacks
//!   the opponents could make on it there, minus the steps still needed to reach an attack
//!   position. Only the most promising squares by a cheap estimate get the line-of-fire checks.
//! - An action that gives a figure its second token (pushing) costs a click of its own and its
//!   next turn: attacks pay it when they are worth it; moves never do.
//! - Deployment goes to the front of the zone, shooters on high ground; the zone with the most
//!   high ground and cover around it; the damage split that scores most; the knockback line
//!   that hurts most.
//!
//! The bot reads the raw state, so it knows how many clicks every figure has left, as a
//! player who knows the published dials would; it never looks at the dice to come.

use std::collections::BTreeMap;

use crate::figure::{Power, Stat};
use crate::game::{capture, combat};
use crate::game::{Action, AttackInProgress, Fig, Interrupt, Phase, State};
use crate::HeroClix;
use skirmish_board::square::{Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_engine::search::InfoSet;
use skirmish_engine::{Picker, Seat};
use skirmish_los::{ClixLos, Endpoint, OccupancyGrid, Occupant, Verdict};

use super::odds::hit_chance;
use skirmish_bots::Bot;

mod squares;

/// The knobs of [`GreedyBot`]'s evaluation, in victory points.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// A knock-out is worth the figure's points times `1 + ko_bonus`: it scores and removes
    /// the figure's actions from the game.
    pub ko_bonus: f64,
    /// Damage short of a knock-out is worth this share of the points it takes off.
    pub wound: f64,
    /// Discount on the attack a square allows next turn: the target may move or fall first.
    pub future: f64,
    /// Weight of the attacks the opponents could make on a square: they have few actions and
    /// other targets.
    pub threat: f64,
    /// Points per square still to cover before reaching an attack position.
    pub approach: f64,
    /// Cost of an action token on a figure that had none: its next action will push.
    pub token: f64,
    /// Cost of pushing besides the click of damage: the figure cannot act next turn.
    pub rest: f64,
    /// Actions scoring at most this end the turn instead.
    pub min_gain: f64,
    /// Squares per figure checked for lines of fire after the cheap estimate.
    pub candidates: usize,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            ko_bonus: 0.5,
            wound: 0.8,
            future: 0.6,
            threat: 0.4,
            approach: 1.0,
            token: 2.0,
            rest: 5.0,
            min_gain: 0.25,
            candidates: 12,
        }
    }
}

impl Weights {
    /// The weights for `seat` in this position. A side that is not ahead on victory points
    /// when the game nears its end (its last two rounds, or past round 10 of a game without
    /// a round limit) loses by waiting: closing in counts double and any gain is worth an
    /// action, so that it plays to win instead of passing to the end.
    pub fn pressed(&self, state: &State, seat: Seat) -> Weights {
        let points = |side: &dyn Fn(Seat) -> bool| -> u32 {
            state
                .seats
                .iter()
                .enumerate()
                .filter(|(i, _)| side(Seat(*i as u8)))
                .map(|(_, s)| s.victory_points)
                .sum()
        };
        let ours = points(&|s| state.allied(s, seat));
        let theirs = (0..state.seats.len())
            .map(|i| Seat(i as u8))
            .filter(|s| !state.allied(*s, seat))
            .map(|o| points(&|s| state.allied(s, o)))
            .max()
            .unwrap_or(0);
        let late = match state.options.round_limit {
            Some(limit) => state.round + 1 >= limit,
            None => state.round > 10,
        };
        if ours > theirs || !late {
            return self.clone();
        }
        Weights {
            approach: self.approach * 2.0,
            min_gain: 0.0,
            ..self.clone()
        }
    }
}

/// Plays the action with the best immediate expected value (see the module documentation).
/// Ties are broken by a seeded [`Picker`], never by the game's dice.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    picker: Picker,
    weights: Weights,
    /// The walking distances to the opposing figures of the last choice: they stand still
    /// through most of a turn, so the next choice usually reuses them.
    fields: Option<squares::FieldCache>,
}

impl GreedyBot {
    /// A greedy bot with the default weights.
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_weights(seed, Weights::default())
    }

    /// A greedy bot with other weights, for tuning.
    pub fn with_weights(seed: u64, weights: Weights) -> GreedyBot {
        GreedyBot {
            picker: Picker::new(seed),
            weights,
            fields: None,
        }
    }

    /// The score of each of `legal` for `seat` (same order), for explaining a choice. The
    /// bot plays the best; `EndTurn` scores [`Weights::min_gain`].
    pub fn scores(&self, state: &State, seat: Seat, legal: &[Action]) -> Vec<f64> {
        self.scores_keeping(state, seat, legal, &mut None)
    }

    /// [`GreedyBot::scores`], giving the distances worked out on the way in `fields` if they
    /// are new.
    fn scores_keeping(
        &self,
        state: &State,
        seat: Seat,
        legal: &[Action],
        fields: &mut Option<squares::FieldCache>,
    ) -> Vec<f64> {
        let pressed = self.weights.pressed(state, seat);
        let w = &pressed;
        let mut scores = vec![-1.0; legal.len()];
        match state.asked() {
            Some(Interrupt::SplitDamage { attack }) => {
                let ctx = Ctx::new(state, seat, w);
                for (i, a) in legal.iter().enumerate() {
                    if let Action::SplitDamage { amounts } = a {
                        scores[i] = ctx.split_value(attack, amounts);
                    }
                }
            }
            Some(Interrupt::KnockbackLine {
                attack,
                figure,
                distance,
                ..
            }) => {
                let ctx = Ctx::new(state, seat, w);
                for (i, a) in legal.iter().enumerate() {
                    if let Action::KnockbackVia { square } = a {
                        scores[i] = ctx.knockback_value(attack, *figure, *distance, *square);
                    }
                }
            }
            Some(Interrupt::Blades { attack }) => {
                // Roll when the d6's average beats the damage value it replaces.
                let damage = state
                    .fig(attack.attacker)
                    .map_or(0, |a| i32::from(a.printed(Stat::Damage)));
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = match a {
                        Action::Accept => 3.5 - f64::from(damage),
                        _ => 0.0,
                    };
                }
            }
            Some(
                Interrupt::FreeAttack { figure, .. } | Interrupt::AbilityAttack { figure, .. },
            ) => {
                let ctx = Ctx::new(state, seat, w);
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = match a {
                        Action::FreeAttack {
                            targets, ranged, ..
                        } if !targets.is_empty() => {
                            ctx.free_attack_score(*figure, targets, *ranged)
                        }
                        Action::FreeAttack { .. } => 0.1,
                        _ => 0.0,
                    };
                }
            }
            Some(Interrupt::Reroll { attack, .. }) => {
                // A low roll of ours or a high roll of theirs is worth another go.
                let ours = state
                    .fig(attack.attacker)
                    .is_some_and(|a| state.allied(a.owner, seat));
                let sum = attack.dice.0 + attack.dice.1;
                let reroll = if ours { sum <= 6 } else { sum >= 8 };
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = match a {
                        Action::Accept if reroll => 1.0,
                        Action::Accept => -1.0,
                        _ => 0.0,
                    };
                }
            }
            Some(Interrupt::RollReroll { offer, .. }) => {
                // A roll that succeeds or fails is only offered to the side it hurts: always
                // worth another go. A roll that counts by degrees is worth it when it is below
                // the middle for us, or above it for them.
                let ours = state.allied(offer.side, seat);
                let mean = 3.5 * offer.dice.len() as f64;
                let sum: f64 = offer.dice.iter().map(|d| f64::from(*d)).sum();
                let reroll = offer.success.is_some() || if ours { sum < mean } else { sum > mean };
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = if matches!(a, Action::Accept) && reroll {
                        1.0
                    } else {
                        0.0
                    };
                }
            }
            Some(Interrupt::PickUp { .. }) => {
                // An object in hand adds damage to every close attack: take it.
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = if matches!(a, Action::PickUp { .. }) {
                        1.0
                    } else {
                        0.0
                    };
                }
            }
            Some(Interrupt::Controlled { .. }) => {
                // The bot does not yet plan with a borrowed figure: it lets it stand.
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = if matches!(a, Action::Decline) {
                        0.0
                    } else {
                        -1.0
                    };
                }
            }
            Some(Interrupt::LeadershipToken { .. }) => {
                // A token cleared is an action back: the dearest friend first.
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = match a {
                        Action::ClearToken { friend } => {
                            1.0 + state
                                .fig(*friend)
                                .map_or(0.0, |f| f64::from(f.points) / 1000.0)
                        }
                        _ => 0.0,
                    };
                }
            }
            Some(Interrupt::ElectKnockback { attack, .. }) => {
                // Knocked back without damage out of close combat is a free breakaway; away
                // from a shooter it only loses the square.
                let accept = if attack.ranged { -0.1 } else { 0.1 };
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = if matches!(a, Action::Accept) {
                        accept
                    } else {
                        0.0
                    };
                }
            }
            Some(Interrupt::PlacePassenger { .. } | Interrupt::PlaceCaptive { .. }) => {
                // Any free square next to the carrier (or the captor) will do.
                for s in scores.iter_mut() {
                    *s = 0.0;
                }
            }
            Some(
                Interrupt::Mastermind { figure, amount, .. }
                | Interrupt::MastermindHeld {
                    offer: crate::game::rolls::RedirectOffer { figure, amount, .. },
                    ..
                },
            ) => {
                // Whoever loses less takes the damage.
                let ctx = Ctx::new(state, seat, w);
                let loss = |id: FigureId| {
                    state
                        .fig(id)
                        .map_or(0.0, |f| ctx.damage_value(f, i32::from(*amount)))
                };
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = match a {
                        Action::Redirect { friend } => -loss(*friend),
                        _ => -loss(*figure),
                    };
                }
            }
            Some(Interrupt::PlaceMarkers { figure, .. }) => {
                // Smoke on a friend's square hinders shots at it; anything else is filler.
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = match a {
                        Action::PlaceMarker { square } => {
                            let friend = state.figure_at(*square).is_some_and(|f| {
                                state
                                    .fig(*figure)
                                    .is_some_and(|me| state.allied(me.owner, f.owner))
                            });
                            if friend {
                                0.5
                            } else {
                                0.1
                            }
                        }
                        _ => 0.0,
                    };
                }
            }
            Some(Interrupt::MoveOn { .. }) => {
                for (i, a) in legal.iter().enumerate() {
                    scores[i] = if matches!(a, Action::Decline) {
                        0.0
                    } else {
                        -0.1
                    };
                }
            }
            None => match state.phase {
                Phase::ChooseMap => {
                    for (i, a) in legal.iter().enumerate() {
                        if let Action::ChooseMap { map } = a {
                            scores[i] = -(*map as f64);
                        }
                    }
                }
                Phase::ChooseZones { .. } => {
                    for (i, a) in legal.iter().enumerate() {
                        if let Action::ChooseZone { zone } = a {
                            scores[i] = zone_value(&state.map, *zone);
                        }
                    }
                }
                Phase::CancelCondition { .. } => {
                    // Cancel an opponent's condition rather than keep it; never one's own.
                    for (i, a) in legal.iter().enumerate() {
                        if let Action::CancelCondition { condition } = a {
                            scores[i] = match condition.and_then(|c| state.conditions.get(c)) {
                                Some(c) if !state.allied(c.seat, seat) => 1.0,
                                Some(_) => -1.0,
                                None => 0.0,
                            };
                        }
                    }
                }
                Phase::PlaceObjects { .. } => {
                    // Objects near one's own zone are for one's own Super Strength users.
                    let zone = state.seats[seat.index()]
                        .zone
                        .map(|z| crate::game::setup::zone_squares(state, z))
                        .unwrap_or_default();
                    for (i, a) in legal.iter().enumerate() {
                        if let Action::PlaceObject { square, .. } = a {
                            let d = zone.iter().map(|z| z.distance(*square)).min().unwrap_or(0);
                            scores[i] = -(d as f64);
                        }
                    }
                }
                Phase::Deploy { .. } => deploy_scores(state, seat, legal, &mut scores),
                Phase::Play | Phase::Over => {
                    let ctx = Ctx::new(state, seat, w);
                    ctx.reuse_field(self.fields.as_ref());
                    ctx.turn_scores(legal, &mut scores);
                    *fields = ctx.new_field();
                }
            },
        }
        scores
    }
}

impl Bot<HeroClix> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, info: &InfoSet<'_, HeroClix>, legal: &[Action]) -> usize {
        // HeroClix hides nothing a bot could use (teams and dials are public), so the state dealt
        // is the game's own; a ruleset with secrets deals a guess at them.
        let seat = info.seat();
        let state = info.determinize(&mut self.picker);
        let mut fields = None;
        let scores = self.scores_keeping(&state, seat, legal, &mut fields);
        if fields.is_some() {
            self.fields = fields;
        }
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let tied: Vec<usize> = (0..scores.len())
            .filter(|&i| scores[i] >= best - 1e-9)
            .collect();
        self.picker.choose(&tied).copied().unwrap_or(0)
    }
}

/// A figure's values as the evaluation needs them.
#[derive(Clone, Copy)]
struct Unit<'a> {
    fig: &'a Fig,
    sq: Square,
    attack: i32,
    defense: i32,
    damage: i32,
    range: u32,
    /// It may act on its side's next turn (fewer than two tokens now).
    fresh: bool,
}

impl<'a> Unit<'a> {
    fn of(state: &State, fig: &'a Fig) -> Option<Unit<'a>> {
        Some(Unit {
            fig,
            sq: fig.square?,
            attack: combat::stat(state, fig, Stat::Attack).value,
            defense: combat::stat(state, fig, Stat::Defense).value,
            damage: combat::stat(state, fig, Stat::Damage).value,
            range: combat::range(state, fig),
            fresh: fig.tokens < 2,
        })
    }
}

/// What the bot knows about the position when scoring the actions of one decision.
struct Ctx<'a> {
    state: &'a State,
    w: &'a Weights,
    friends: Vec<Unit<'a>>,
    enemies: Vec<Unit<'a>>,
    occ: OccupancyGrid,
    /// Steps from each square (row-major) to the nearest opposing figure, over squares a
    /// figure can walk; `u32::MAX` where none is reachable. Built on first need.
    field: squares::Field,
    /// Which opposing figures each square touches ([`squares::adjacency`]).
    adjacency: Vec<u32>,
    /// The field was worked out here, not reused.
    fresh_field: squares::Fresh,
}

impl<'a> Ctx<'a> {
    fn new(state: &'a State, seat: Seat, w: &'a Weights) -> Ctx<'a> {
        let mut friends = Vec::new();
        let mut enemies = Vec::new();
        let mut occ = OccupancyGrid::new(&state.map);
        for f in state.in_play() {
            let Some(u) = Unit::of(state, f) else {
                continue;
            };
            occ.set(
                u.sq,
                Some(Occupant {
                    figure: f.id,
                    level: state.map.level(u.sq),
                }),
            );
            if state.allied(seat, f.owner) {
                friends.push(u);
            } else {
                enemies.push(u);
            }
        }
        let adjacency = squares::adjacency(&state.map, &enemies);
        Ctx {
            state,
            w,
            friends,
            enemies,
            occ,
            field: squares::Field::new(),
            adjacency,
            fresh_field: squares::Fresh::new(false),
        }
    }

    fn map(&self) -> &SquareMap {
        &self.state.map
    }

    fn friend(&self, id: FigureId) -> Option<Unit<'a>> {
        self.friends.iter().find(|u| u.fig.id == id).copied()
    }

    /// What `clicks` of damage on `f` are worth to whoever deals them.
    fn damage_value(&self, f: &Fig, clicks: i32) -> f64 {
        if clicks <= 0 {
            return 0.0;
        }
        let left = f.def.dial.len().saturating_sub(f.click).max(1) as f64;
        let points = f64::from(f.points.max(1));
        let clicks = f64::from(clicks);
        if clicks >= left {
            points * (1.0 + self.w.ko_bonus)
        } else {
            points * clicks / left * self.w.wound
        }
    }

    /// The line of fire between two squares with the figures where `occ` has them.
    fn los(&self, from: Square, from_id: FigureId, to: Square, to_id: FigureId) -> Verdict {
        let map = self.map();
        ClixLos::HEROCLIX.verdict(
            map,
            Endpoint::at(map, from).with_figure(from_id),
            Endpoint::at(map, to).with_figure(to_id),
            &self.occ,
        )
    }

    /// What giving `f` an action costs in tokens: a token, or pushing.
    fn action_cost(&self, f: &Unit<'_>) -> f64 {
        if f.fig.tokens >= 1 {
            self.damage_value(f.fig, 1) + self.w.rest
        } else {
            self.w.token
        }
    }

    fn turn_scores(&self, legal: &[Action], scores: &mut [f64]) {
        // Moves come grouped by figure; a list per figure, in the order the figures come.
        let mut moves: Vec<(FigureId, Vec<(usize, Square)>)> = Vec::new();
        for (i, a) in legal.iter().enumerate() {
            scores[i] = match a {
                Action::EndTurn => self.w.min_gain,
                Action::Pass { .. } => self.w.min_gain - 0.01,
                // The greedy bot's feats only help it.
                Action::SetFeatAside { .. } => self.w.min_gain - 1.0,
                // A wild card with no team ability takes the first one on offer; it keeps it.
                Action::WildCard { figure, team } => {
                    let idle = self
                        .state
                        .fig(*figure)
                        .is_some_and(|f| f.wild_card.is_none());
                    if idle && team.is_some() {
                        self.w.min_gain + 0.5
                    } else {
                        self.w.min_gain - 1.0
                    }
                }
                Action::CloseAttack {
                    attacker,
                    target,
                    power,
                } => {
                    self.attack_score(*attacker, std::slice::from_ref(target), false)
                        + power_bonus(*power)
                }
                Action::RangedAttack {
                    attacker,
                    targets,
                    power,
                } => self.attack_score(*attacker, targets, true) + power_bonus(*power),
                Action::AreaAttack { .. } => self.w.min_gain + 0.5,
                Action::ThrowObject { figure, target }
                | Action::TelekinesisThrow { figure, target, .. } => {
                    self.attack_score(*figure, std::slice::from_ref(target), true)
                }
                // A Charge is worth the close attack it ends with, against the weakest opposing
                // figure next to where it stops; other power moves are left to plain moves,
                // which the bot weighs better.
                Action::PowerMove {
                    figure,
                    power: Power::Charge,
                    to,
                    carry: None,
                } => self.charge_score(*figure, *to),
                Action::UsePower { figure, power, .. } => match power {
                    Power::Leadership => self.w.min_gain + 5.0,
                    Power::Poison => self.w.min_gain + 3.0,
                    Power::Regeneration | Power::Support => self
                        .friend(*figure)
                        .map_or(-1.0, |u| self.damage_value(u.fig, 1) * 0.6 - self.w.token),
                    _ => -1.0,
                },
                Action::Outwit { .. } | Action::Perplex { .. } => -1.0,
                // A captive released scores twice its points (three times a hereditary enemy):
                // nothing else is worth more.
                Action::Release { figure, captive } => {
                    let (points, _) = capture::release_points(self.state, *figure, *captive);
                    let cost = self.friend(*figure).map_or(0.0, |f| self.action_cost(&f));
                    f64::from(points) - cost
                }
                // A capture takes the figure out of the game (its points come on release); a
                // rescue brings one back.
                Action::Capture { figure, target } => self.capture_score(*figure, *target, *target),
                Action::Rescue {
                    figure,
                    captor,
                    captive,
                } => self.capture_score(*figure, *captor, *captive),
                Action::MultiAttack { figure } => self.multi_attack_score(*figure),
                Action::Move {
                    figure,
                    to,
                    carry: None,
                } => {
                    match moves.iter_mut().rev().find(|(f, _)| f == figure) {
                        Some((_, list)) => list.push((i, *to)),
                        None => moves.push((*figure, vec![(i, *to)])),
                    }
                    continue;
                }
                _ => -1.0,
            };
        }
        for (figure, list) in &moves {
            self.move_scores(*figure, list, scores);
        }
    }

    /// Value of an attack without damage that takes `prize` out of the game or back in: its
    /// chance to hit `target` times the prize's points, its cost taken off.
    fn capture_score(&self, figure: FigureId, target: FigureId, prize: FigureId) -> f64 {
        let Some(f) = self.friend(figure) else {
            return -1.0;
        };
        let defense = self
            .state
            .fig(target)
            .map_or(99, |t| combat::stat(self.state, t, Stat::Defense).value);
        // Out of the game as surely as a knock-out, and worth more once released.
        let worth = self.state.fig(prize).map_or(0.0, |p| {
            f64::from(p.points.max(1)) * (1.0 + self.w.ko_bonus)
        });
        hit_chance(f.attack, defense) * worth - self.action_cost(&f)
    }

    /// Value of a multiple attack: its two best attacks on different figures, each at −1
    /// damage, for one action.
    fn multi_attack_score(&self, figure: FigureId) -> f64 {
        let Some(f) = self.friend(figure) else {
            return -1.0;
        };
        let mut best: Vec<f64> = self
            .enemies
            .iter()
            .map(|e| {
                hit_chance(f.attack, e.defense) * self.damage_value(e.fig, (f.damage - 1).max(0))
            })
            .filter(|v| *v > 0.0)
            .collect();
        if best.len() < 2 {
            return -1.0;
        }
        best.sort_by(|a, b| b.total_cmp(a));
        best[0] + best[1] - self.action_cost(&f)
    }

    /// Value of charging to `to`: the best close attack from there.
    fn charge_score(&self, figure: FigureId, to: Square) -> f64 {
        let map = &self.state.map;
        let best = self
            .enemies
            .iter()
            .filter(|e| map.adjacent(to, e.sq))
            .map(|e| self.attack_score(figure, &[e.fig.id], false))
            .fold(-1.0, f64::max);
        // Leaving a square next to an opposing figure needs a breakaway (half the time), and
        // an attack from where it stands is as good: a charge must be worth more than that.
        let pinned = self
            .friend(figure)
            .is_some_and(|f| self.enemies.iter().any(|e| map.adjacent(f.sq, e.sq)));
        if best <= 0.0 {
            best
        } else if pinned {
            best * 0.5 - 0.05
        } else {
            best - 0.05
        }
    }

    /// Value of a free attack a power grants: the attack without the action's cost.
    fn free_attack_score(&self, attacker: FigureId, targets: &[FigureId], ranged: bool) -> f64 {
        let cost = self.friend(attacker).map_or(0.0, |f| self.action_cost(&f));
        self.attack_score(attacker, targets, ranged) + cost
    }

    /// Expected value of an attack, its costs taken off.
    fn attack_score(&self, attacker: FigureId, targets: &[FigureId], ranged: bool) -> f64 {
        let Some(a) = self.friend(attacker) else {
            return -1.0;
        };
        let mut foes: Vec<(&Fig, i32)> = Vec::new();
        for t in targets {
            let Some(e) = self.enemies.iter().find(|e| e.fig.id == *t) else {
                continue;
            };
            let hindered = ranged && self.los(a.sq, a.fig.id, e.sq, e.fig.id) == Verdict::Hindered;
            foes.push((e.fig, e.defense + i32::from(hindered)));
        }
        if foes.is_empty() {
            return -1.0;
        }
        // Hits depend only on which targets a roll reaches and on the critical hit, so the
        // best split is worked out once per such case.
        let mut best_split: BTreeMap<(u32, bool), f64> = BTreeMap::new();
        let mut ev = 0.0;
        for d1 in 1..=6 {
            for d2 in 1..=6 {
                if (d1, d2) == (1, 1) {
                    ev -= self.damage_value(a.fig, 1);
                    continue;
                }
                let crit = (d1, d2) == (6, 6);
                let total = d1 + d2 + a.attack;
                let mut mask = 0u32;
                for (k, (_, def)) in foes.iter().enumerate() {
                    if crit || total >= *def {
                        mask |= 1 << k;
                    }
                }
                if mask == 0 {
                    continue;
                }
                let value = *best_split
                    .entry((mask, crit))
                    .or_insert_with(|| self.best_split(&foes, mask, a.damage, crit));
                ev += value;
            }
        }
        ev / 36.0 - self.action_cost(&a)
    }

    /// The best value of sharing `damage` between the targets in `mask`.
    fn best_split(&self, foes: &[(&Fig, i32)], mask: u32, damage: i32, crit: bool) -> f64 {
        let hit: Vec<&Fig> = foes
            .iter()
            .enumerate()
            .filter(|(k, _)| mask & (1 << k) != 0)
            .map(|(_, (f, _))| *f)
            .collect();
        let bonus = i32::from(crit);
        let mut best = 0.0f64;
        let mut amounts = vec![0i32; hit.len()];
        // Every split of `damage` into `hit.len()` parts (at most three targets in practice).
        fn rec(
            ctx: &Ctx<'_>,
            hit: &[&Fig],
            k: usize,
            left: i32,
            bonus: i32,
            amounts: &mut Vec<i32>,
            best: &mut f64,
        ) {
            if k + 1 == hit.len() {
                amounts[k] = left;
                let v: f64 = hit
                    .iter()
                    .zip(amounts.iter())
                    .map(|(f, a)| ctx.damage_value(f, a + bonus))
                    .sum();
                *best = best.max(v);
                return;
            }
            for x in 0..=left {
                amounts[k] = x;
                rec(ctx, hit, k + 1, left - x, bonus, amounts, best);
            }
        }
        if !hit.is_empty() {
            rec(self, &hit, 0, damage.max(0), bonus, &mut amounts, &mut best);
        }
        best
    }

    /// Value of a damage split.
    fn split_value(&self, attack: &AttackInProgress, amounts: &[u8]) -> f64 {
        let crit = i32::from(attack.dice == (6, 6));
        attack
            .hits
            .iter()
            .zip(amounts)
            .filter_map(|(t, a)| {
                let f = self.state.fig(*t)?;
                let v = self.damage_value(f, i32::from(*a) + crit);
                Some(if self.enemies.iter().any(|e| e.fig.id == f.id) {
                    v
                } else {
                    -v
                })
            })
            .sum()
    }

    /// Value of knocking `figure` back along the line set by `via`: the damage it takes, then
    /// the distance from the attacker.
    fn knockback_value(
        &self,
        attack: &AttackInProgress,
        figure: FigureId,
        distance: u8,
        via: Square,
    ) -> f64 {
        let state = self.state;
        let map = self.map();
        let Some(f) = state.fig(figure) else {
            return 0.0;
        };
        let Some(start) = f.square else { return 0.0 };
        let Some(dir) = start.dir_to(via) else {
            return 0.0;
        };
        let mut cur = start;
        let mut damage = 0;
        for _ in 0..distance {
            let next = cur.step(dir);
            let Some(cell) = map.cell(next) else {
                damage = 1;
                break;
            };
            let here = map.level(cur);
            if cell.is_blocking()
                || map.step_crosses_wall(cur, next)
                || map.corner_cut(cur, next)
                || cell.level > here
            {
                damage = 1;
                break;
            }
            if state.figure_at(next).is_some_and(|o| o.id != figure) {
                break;
            }
            cur = next;
            if cell.level < here {
                damage = 2;
                break;
            }
        }
        let away = state
            .fig(attack.attacker)
            .and_then(|a| a.square)
            .map_or(0, |a| a.distance(cur));
        let sign = if self.enemies.iter().any(|e| e.fig.id == figure) {
            1.0
        } else {
            -1.0
        };
        sign * self.damage_value(f, damage) + 0.001 * f64::from(away)
    }
}

/// How good a deployment zone is: high ground and cover near it.
fn zone_value(map: &SquareMap, zone: u8) -> f64 {
    let squares = map.zone_squares(zone);
    let mut value = 0.0;
    for s in map.squares() {
        let Some(c) = map.cell(s) else { continue };
        if c.is_blocking() || !squares.iter().any(|z| z.distance(s) <= 4) {
            continue;
        }
        if c.level > 0 {
            value += 1.0;
        } else if c.is_hindering() {
            value += 0.5;
        }
    }
    value
}

/// Deployment: towards the opponents, shooters on high ground, out of slow terrain, not
/// bunched up.
fn deploy_scores(state: &State, seat: Seat, legal: &[Action], scores: &mut [f64]) {
    let map = &state.map;
    let mut targets: Vec<Square> = state
        .in_play()
        .filter(|f| !state.allied(seat, f.owner))
        .filter_map(|f| f.square)
        .collect();
    if targets.is_empty() {
        targets = state
            .seats
            .iter()
            .enumerate()
            .filter(|(i, _)| !state.allied(seat, Seat(*i as u8)))
            .filter_map(|(_, s)| s.zone)
            .flat_map(|z| map.zone_squares(z))
            .collect();
    }
    if targets.is_empty() {
        targets.push(Square::new(map.width() / 2, map.height() / 2));
    }
    let n = targets.len() as f64;
    let cx = targets.iter().map(|s| f64::from(s.x)).sum::<f64>() / n;
    let cy = targets.iter().map(|s| f64::from(s.y)).sum::<f64>() / n;
    let placed: Vec<Square> = state
        .in_play()
        .filter(|f| f.owner == seat)
        .filter_map(|f| f.square)
        .collect();
    for (i, a) in legal.iter().enumerate() {
        let Action::Place { figure, square } = a else {
            continue;
        };
        let Some(f) = state.fig(*figure) else {
            continue;
        };
        let Some(cell) = map.cell(*square) else {
            continue;
        };
        let dist = (f64::from(square.x) - cx)
            .abs()
            .max((f64::from(square.y) - cy).abs());
        let mut v = -dist;
        if f.def.range > 0 && cell.level > 0 {
            v += 3.0;
        }
        if cell.hinders_movement() {
            v -= 2.0;
        }
        v -= 0.5 * placed.iter().filter(|p| map.adjacent(**p, *square)).count() as f64;
        scores[i] = v;
    }
}

/// A small preference for attacks made with a power over the same attack without it: the
/// power's effect (more damage, penetrating damage, a token) is not in the expected value.
fn power_bonus(power: Option<Power>) -> f64 {
    if power.is_some() {
        0.05
    } else {
        0.0
    }
}
