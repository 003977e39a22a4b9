//! Powers that act on what the dice rolled: the defence lowered by the attack's skulls
//! (*Hypnosis*), a skull on every attack die (*Maul*, *Venomous Sting*, *Lethal Sting*),
//! excess shields that wound the attacker (*Evil Eye Protection*, *Arcane Riposte*,
//! *Lumbering Bully*) and an even roll that wounds both figures (*Headbutt*). The game calls
//! them from [`super::super::combat::resolve`], between the rolls and after them; every
//! change they make is named by its power ([`Why`]) in the attack's log.

use crate::power::Effect;

use super::super::combat::{self, Face};
use super::super::state::{Figure, State, Unit};
use super::matches;
use super::values::{self, adjacent, AttackKind, Fight, Tally, Why};

/// A skull on every attack die (*Maul*): the defence rolls no dice.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Sweep {
    /// The power.
    pub why: Why,
    /// The defending figure takes a wound for every skull, whatever would block them.
    pub wound_per_skull: bool,
    /// The defending figure is destroyed.
    pub destroy: bool,
}

fn why(unit: &Unit, power: &str) -> Why {
    Why::Power {
        unit: unit.id,
        power: power.to_string(),
    }
}

/// The attack dice are rolled, the defence not yet: *Hypnosis* lowers the defence tally by
/// the skulls rolled, and a skull on every die against a figure a power names leaves the
/// defence no dice (the tally says so, down to 0), which the returned [`Sweep`] tells.
pub fn after_attack_roll(
    state: &State,
    fight: &Fight,
    attack: &[Face],
    defence: &mut Tally,
) -> Option<Sweep> {
    let unit = state.unit(fight.attacker.unit)?;
    let skulls = combat::skulls(attack);
    let mut sweep = None;
    for (power, effect) in values::named_effects(&unit.card) {
        match effect {
            Effect::DefensePerSkull { when }
                if when
                    .iter()
                    .all(|c| values::holds(state, unit, fight.attacker, c, Some(fight))) =>
            {
                defence.add(why(unit, power), -i16::try_from(skulls).unwrap_or(0));
            }
            Effect::AllSkulls {
                targets,
                wound_per_skull,
                destroy,
            } if sweep.is_none()
                && !attack.is_empty()
                && usize::from(skulls) == attack.len()
                && matches(state.card_of(fight.defender), targets) =>
            {
                sweep = Some(Sweep {
                    why: why(unit, power),
                    wound_per_skull: *wound_per_skull,
                    destroy: *destroy,
                });
            }
            _ => {}
        }
    }
    if let Some(s) = &sweep {
        let left = i16::try_from(defence.value()).unwrap_or(i16::MAX);
        defence.add(s.why.clone(), -left);
    }
    sweep
}

/// Whether `f` is reached by a power of `unit` guarding it: a figure of the card, or a
/// friendly figure matching `guards` adjacent to one.
fn guarded(state: &State, unit: &Unit, f: &Figure, guards: Option<&crate::power::Filter>) -> bool {
    if f.unit == unit.id {
        return true;
    }
    guards.is_some_and(|g| {
        state.allies(f.owner, unit.owner)
            && matches(state.card_of(f), g)
            && state
                .figures
                .iter()
                .filter(|x| x.unit == unit.id && x.on_field())
                .any(|x| adjacent(state, x, f))
    })
}

/// *Evil Eye Protection*, *Arcane Riposte*: the power whose excess shields wound the
/// attacker in this attack, if any (checked when the defence had more shields than skulls).
pub fn riposte(state: &State, fight: &Fight) -> Option<Why> {
    state
        .units
        .iter()
        .filter(|u| u.id == fight.defender.unit || state.unit_standing(u.id))
        .find_map(|unit| {
            values::named_effects(&unit.card).find_map(|(power, e)| match e {
                Effect::Riposte { when, guards }
                    if guarded(state, unit, fight.defender, guards.as_ref())
                        && when.iter().all(|c| {
                            values::holds(state, unit, fight.defender, c, Some(fight))
                        }) =>
                {
                    Some(why(unit, power))
                }
                _ => None,
            })
        })
}

/// *Lumbering Bully*: the attacker's power turning the defence's excess shields into
/// wounds on it.
pub fn wound_self(state: &State, fight: &Fight) -> Option<Why> {
    let unit = state.unit(fight.attacker.unit)?;
    values::named_effects(&unit.card).find_map(|(power, e)| {
        matches!(e, Effect::ExcessShieldsWoundSelf).then(|| why(unit, power))
    })
}

/// *Headbutt*: after a normal attack whose shields equal its skulls, the wounds each figure
/// takes and the power.
pub fn even_roll(state: &State, fight: &Fight, skulls: u16, shields: u16) -> Option<(Why, u16)> {
    if fight.kind != AttackKind::Normal || skulls != shields {
        return None;
    }
    let unit = state.unit(fight.attacker.unit)?;
    values::named_effects(&unit.card).find_map(|(power, e)| match e {
        Effect::EvenRollWoundsBoth { wounds } => Some((why(unit, power), *wounds)),
        _ => None,
    })
}

/// *Twist the Blade*: the wounds `attacker`'s power adds to the `wounds` it inflicts with a
/// normal attack (`leaving` false) or a leaving-engagement attack (`leaving` true).
pub fn extra_wound(
    state: &State,
    attacker: &Figure,
    wounds: u16,
    leaving: bool,
) -> Option<(Why, u16)> {
    if wounds == 0 {
        return None;
    }
    let unit = state.unit(attacker.unit)?;
    values::named_effects(&unit.card).find_map(|(power, e)| match e {
        Effect::ExtraWound {
            by,
            leaving_engagement,
        } if !leaving || *leaving_engagement => Some((why(unit, power), *by)),
        _ => None,
    })
}
