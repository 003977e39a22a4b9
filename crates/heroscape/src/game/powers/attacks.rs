//! Powers that change how many attacks a figure makes and what its dice do: *Double Attack*
//! ([`Effect::ExtraAttacks`]), *Whirlwind Assault* ([`Effect::AttackEachAdjacent`],
//! [`Effect::AttackAnyNumber`]), *Thorian Speed* ([`Ability::OnlyAdjacentNormalAttacks`]);
//! skulls and shields that count double, one shield that blocks all or leaves one wound,
//! *Counter Strike*, *Life Drain*; and the leaving-engagement attacks of *Disengage*,
//! *Passive* and *A Coward's Reward*.

use serde::{Deserialize, Serialize};

use crate::power::{Ability, Effect};

use super::super::state::{Figure, State, Turn};
use super::values::{self, adjacent, AttackKind, Fight, Why};
use super::{effects_of, has_ability, matches};

/// One attack made this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    /// The attacking figure.
    pub attacker: u32,
    /// The figure attacked.
    pub target: u32,
    /// The wounds the attack put on the target (*Combined Arbalest*).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wounds: u16,
    /// The figure attacked was not adjacent to the attacker (*Unstable Blaster*).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub apart: bool,
    /// The attack destroyed the figure attacked (*Archer's Glory*).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub destroyed: bool,
    /// The extra turns taken when it was made (`Memory::extra_turns`): an extra turn of the
    /// same card is a new turn for the powers reading the attacks made.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub extra: u32,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// What the powers need to remember of the turn under way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// The figures on the battlefield when the turn began, where they stood (*First Assault*,
    /// powers about figures that started the turn adjacent).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start: Vec<Figure>,
    /// The attacks made, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub strikes: Vec<Strike>,
    /// Figures that used *Run* (or *Tracking*) this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ran: Vec<u32>,
    /// The figure whose normal move just ended where its *Water Tunnel* may place it next
    /// (`moves::after_move`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tunnel: Option<u32>,
    /// Figures that moved by their normal move this turn, not by a power (*Eldritch Switch*:
    /// `moves::after_move`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved_normally: Vec<u32>,
    /// Figures that moved by a power this turn, and by which (*Thunder Step*: its attack
    /// raised, its die at the turn's end, *Thunder Ram* barred: `throw.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moved_by: Vec<(u32, super::moves::MoveWay)>,
}

impl TurnRecord {
    /// The record of a turn starting now.
    pub fn starting(state: &State) -> TurnRecord {
        TurnRecord {
            start: state
                .figures
                .iter()
                .filter(|f| f.on_field())
                .cloned()
                .collect(),
            strikes: Vec::new(),
            ran: Vec::new(),
            tunnel: None,
            moved_normally: Vec::new(),
            moved_by: Vec::new(),
        }
    }
}

/// The targets `f` attacked this turn, in order.
fn made(turn: &Turn, f: &Figure) -> Vec<u32> {
    turn.record
        .strikes
        .iter()
        .filter(|s| s.attacker == f.id)
        .map(|s| s.target)
        .collect()
}

/// Whether `f` may choose `t` as the target of a normal attack as far as powers say: a figure
/// with *Thorian Speed* is attacked normally only from an adjacent space, one with
/// *Apparition* only from within its spaces; a figure beside one with *Combat Challenge*
/// attacks only such a figure.
pub fn may_target(state: &State, f: &Figure, t: &Figure) -> bool {
    (!has_ability(state.card_of(t), Ability::OnlyAdjacentNormalAttacks) || adjacent(state, f, t))
        && super::special::reach::may_target(state, f, t)
        && super::markers::darkness_allows(state, f, t)
        && !super::start_choices::spares(state, f, t)
        && super::special::challenge::allows(state, f, t.id)
        && super::tiles::may_target(state, f, t)
        && super::guard::may_target(state, f, t)
}

/// The figures `f` may attack now with a normal attack: any target once when it has not
/// attacked; after that only what its powers allow (another attack for *Double Attack*, each
/// adjacent figure once for *Whirlwind Assault*, any figure not yet attacked for *attack any
/// number of times*). `targets` are the figures in range and sight.
pub fn attack_targets(state: &State, turn: &Turn, f: &Figure, targets: Vec<u32>) -> Vec<u32> {
    if super::choices::cannot_attack(state, f)
        || super::command::moved_cannot_attack(state, turn, f)
    {
        return Vec::new();
    }
    let made = made(turn, f);
    if made.is_empty() && !turn.attacked.contains(&f.id) {
        return targets;
    }
    let effects: Vec<&Effect> = effects_of(state, f).collect();
    targets
        .into_iter()
        .filter(|&t| {
            let Some(target) = state.figure(t) else {
                return false;
            };
            let adj = || adjacent(state, f, target);
            effects.iter().any(|e| match e {
                Effect::AttackAnyNumber => !made.contains(&t),
                Effect::AttackEachAdjacentWhile { when }
                    if !super::markers::attacks_each_adjacent(state, f, when) =>
                {
                    false
                }
                Effect::AttackEachAdjacent | Effect::AttackEachAdjacentWhile { .. } => {
                    !made.contains(&t)
                        && adj()
                        && made.iter().all(|m| {
                            state
                                .figure(*m)
                                .is_none_or(|g| !g.on_field() || adjacent(state, f, g))
                        })
                }
                Effect::ExtraAttacks {
                    count,
                    adjacent_only,
                    ..
                } => made.len() <= usize::from(*count) && (!adjacent_only || adj()),
                Effect::AttacksUpTo { .. } => super::special::extra_attacks::allows(e, f, &made, t),
                Effect::ExtraAttacksAfterAdjacent { count } => {
                    super::rolls2::first_attack_adjacent(turn, f)
                        && made.len() <= usize::from(*count)
                }
                _ => false,
            }) || super::choose::allows(state, f, &made)
        })
        .collect()
}

/// The dice an attack of `f` gains from when it comes in the turn, with the power's name: an
/// extra attack of *Double Attack* once `f` has attacked; the first attack after flying
/// (*Dragon Assault*). Read before the attack is recorded.
pub fn turn_attack_bonus(state: &State, f: &Figure) -> Option<(Why, i16)> {
    let turn = state.turn()?;
    let first = made(turn, f).is_empty();
    let flew =
        || turn.moved.contains(&f.id) && super::super::geometry::body(state, f).flight.flies();
    values::named_effects(state.card_of(f)).find_map(|(power, e)| {
        let by = match e {
            Effect::ExtraAttacks { bonus, .. } if !first => i16::from(*bonus),
            Effect::FlownFirstAttackDice { by } if first && flew() => i16::from(*by),
            _ => return None,
        };
        (by != 0).then(|| {
            (
                Why::Power {
                    unit: f.unit,
                    power: power.to_string(),
                },
                by,
            )
        })
    })
}

/// Records an attack of the turn.
pub fn record(state: &mut State, attacker: u32, target: u32) {
    let apart = match (state.figure(attacker), state.figure(target)) {
        (Some(a), Some(t)) => !super::triggered::adjacent(state, a, t),
        _ => false,
    };
    let extra = state.powers.extra_turns;
    if let super::super::state::Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.record.strikes.push(Strike {
            attacker,
            target,
            wounds: 0,
            apart,
            destroyed: false,
            extra,
        });
    }
    super::misc::attacked(state, attacker, target);
}

/// Records the wounds the last attack of `attacker` on `target` put on it.
pub fn record_wounds(state: &mut State, attacker: u32, target: u32, wounds: u16) {
    let gone = state.figure(target).is_some_and(|f| f.destroyed);
    if let super::super::state::Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        if let Some(s) = turn
            .record
            .strikes
            .iter_mut()
            .rev()
            .find(|s| s.attacker == attacker && s.target == target)
        {
            s.wounds = s.wounds.saturating_add(wounds);
            s.destroyed |= gone;
        }
    }
}

/// The power of `f`'s card named `power` for an effect matching `test`, when it acts.
fn power_with(state: &State, f: &Figure, test: impl Fn(&Effect) -> bool) -> Option<Why> {
    values::named_effects(state.card_of(f)).find_map(|(power, e)| {
        test(e).then(|| Why::Power {
            unit: f.unit,
            power: power.to_string(),
        })
    })
}

/// *Deadly Shot*: the attacker's rolled skulls count double.
pub fn skulls_double(state: &State, fight: &Fight) -> Option<Why> {
    let unit = state.unit(fight.attacker.unit)?;
    power_with(state, fight.attacker, |e| match e {
        Effect::SkullsCountDouble { when } => when
            .iter()
            .all(|c| values::holds(state, unit, fight.attacker, c, Some(fight))),
        _ => false,
    })
}

/// *Shields of Valor*: the defender's rolled shields count double.
pub fn shields_double(state: &State, fight: &Fight) -> Option<Why> {
    power_with(state, fight.defender, |e| {
        matches!(e, Effect::ShieldsCountDouble)
    })
}

/// *Stealth Dodge*: one shield blocks all the attack's damage.
pub fn one_shield_blocks_all(state: &State, fight: &Fight) -> Option<Why> {
    let unit = state.unit(fight.defender.unit)?;
    power_with(state, fight.defender, |e| match e {
        Effect::OneShieldBlocksAll { when } => when
            .iter()
            .all(|c| values::holds(state, unit, fight.defender, c, Some(fight))),
        _ => false,
    })
}

/// *One Shield Defense*: with one shield rolled, all skulls but one are blocked.
pub fn one_shield_leaves_one(state: &State, fight: &Fight) -> Option<Why> {
    power_with(state, fight.defender, |e| {
        matches!(e, Effect::OneShieldLeavesOneWound)
    })
}

/// *Counter Strike*: against a normal attack from an adjacent figure (not one the power
/// leaves out), each shield beyond the skulls wounds the attacker.
pub fn counter_strike(state: &State, fight: &Fight) -> Option<Why> {
    if fight.kind != AttackKind::Normal || !adjacent(state, fight.attacker, fight.defender) {
        return None;
    }
    let attacker_card = state.card_of(fight.attacker);
    power_with(state, fight.defender, |e| match e {
        Effect::CounterStrike { except } => {
            except.as_ref().is_none_or(|x| !matches(attacker_card, x))
        }
        _ => false,
    })
}

/// *Life Drain*: the attacker destroyed a figure and may remove one of its own wounds.
pub fn life_drain(state: &State, attacker: &Figure) -> bool {
    attacker.on_field()
        && attacker.wounds > 0
        && (effects_of(state, attacker).any(|e| matches!(e, Effect::LifeDrain))
            || super::values3::drain_spirit_on(state, attacker))
}

/// The attack dice `enemy` rolls when `mover` leaves its engagement: none when the mover has
/// *Disengage* or the enemy is *Passive*; one, plus *A Coward's Reward*'s dice.
pub fn leaving_dice(state: &State, mover: &Figure, enemy: &Figure) -> u16 {
    if has_ability(state.card_of(mover), Ability::Disengage)
        || has_ability(state.card_of(enemy), Ability::Passive)
    {
        return 0;
    }
    1 + effects_of(state, enemy)
        .map(|e| match e {
            Effect::LeavingEngagementDice { by } => u16::from(*by),
            _ => 0,
        })
        .sum::<u16>()
}
