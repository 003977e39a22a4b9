//! The values a figure fights and moves with (*Vérifiez la valeur d'attaque sur la carte Armée,
//! ajoutez un dé ou plusieurs dés en tenant compte des bonus obtenus par les pouvoirs, les
//! glyphes ou la hauteur*): the printed number, then every change with its reason, so that the
//! log can say "3 attack dice: 2 printed, +1 Astrid glyph".
//!
//! Changes come from the permanent glyphs the army holds, height advantage, the spirits laid on
//! the card, a figure that used *Run*, and the card language's value effects of every card on
//! the battlefield: [`Effect::Modify`] with whom it reaches ([`Who`]) and when
//! ([`Condition`]), [`Effect::PerCount`] and the automatic skulls and shields of
//! [`Effect::Automatic`]. Everyone who needs a value (normal attacks, special attacks, moves,
//! ranges, triggered powers) asks here, with a [`Fight`] when it is about an attack.

use serde::{Deserialize, Serialize};

use crate::battlefield::{Glyph, Ground};
use crate::card::Card;
use crate::power::{Condition, Count, Effect, Stat, Who};

use super::super::state::{Figure, State, Unit};
use super::super::{combat, geometry, glyphs};
use super::matches;

/// A normal attack, or a special attack with its printed dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum AttackKind {
    /// A normal attack: the card's attack number.
    Normal,
    /// A special attack rolling `dice` printed attack dice.
    Special {
        /// The special attack's printed dice.
        dice: u16,
    },
}

/// An attack being valued: who attacks whom, and how.
#[derive(Clone, Copy, Debug)]
pub struct Fight<'a> {
    /// The attacking figure.
    pub attacker: &'a Figure,
    /// The defending figure.
    pub defender: &'a Figure,
    /// Normal or special.
    pub kind: AttackKind,
}

impl Fight<'_> {
    /// The other figure of the attack, seen from `f`.
    pub(crate) fn other(&self, f: &Figure) -> &Figure {
        if f.id == self.attacker.id {
            self.defender
        } else {
            self.attacker
        }
    }
}

/// Why a value changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub enum Why {
    /// A permanent glyph the army holds.
    Glyph {
        /// Which.
        glyph: Glyph,
    },
    /// Height advantage (*L'avantage de la hauteur*).
    Height,
    /// A power of a card.
    Power {
        /// The card's unit.
        unit: u16,
        /// The power's printed name.
        power: String,
    },
    /// The spirit of a destroyed hero laid on this card.
    Spirit {
        /// The destroyed hero's unit.
        unit: u16,
    },
}

/// One change to a value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Why.
    #[serde(flatten)]
    pub why: Why,
    /// By how much (dice, spaces or life).
    pub by: i16,
    /// Automatic skulls or shields added to what is rolled, not dice.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub automatic: bool,
}

/// A value with what made it: the printed number and each change.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// The number printed on the card (or on the special attack).
    pub printed: u16,
    /// The changes, in the order the rules add them: glyphs, height, powers, spirits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
}

impl Tally {
    /// A printed number, unchanged yet.
    pub fn new(printed: u16) -> Tally {
        Tally {
            printed,
            changes: Vec::new(),
        }
    }

    /// The value: the printed number with every change that is not automatic, never below 0.
    pub fn value(&self) -> u16 {
        let sum: i32 = self
            .changes
            .iter()
            .filter(|c| !c.automatic)
            .map(|c| i32::from(c.by))
            .sum();
        u16::try_from((i32::from(self.printed) + sum).max(0)).unwrap_or(u16::MAX)
    }

    /// Automatic skulls or shields added to the roll.
    pub fn automatic(&self) -> u16 {
        let sum: i32 = self
            .changes
            .iter()
            .filter(|c| c.automatic)
            .map(|c| i32::from(c.by))
            .sum();
        u16::try_from(sum.max(0)).unwrap_or(u16::MAX)
    }

    /// Adds a change (none when `by` is 0).
    pub fn add(&mut self, why: Why, by: i16) {
        if by != 0 {
            self.changes.push(Change {
                why,
                by,
                automatic: false,
            });
        }
    }

    fn glyph(&mut self, glyph: Glyph, per: i16, n: u16) {
        self.add(Why::Glyph { glyph }, per * i16::try_from(n).unwrap_or(0));
    }
}

/// The attack dice of `attacker` against `defender`: the card's attack (or the special
/// attack's dice), Astrid, height, powers, spirits and *Run*. Automatic skulls are in
/// [`Tally::automatic`].
pub fn attack_dice(state: &State, attacker: &Figure, defender: &Figure, kind: AttackKind) -> Tally {
    let printed = match kind {
        AttackKind::Normal => state.card_of(attacker).attack,
        AttackKind::Special { dice } => dice,
    };
    let mut t = Tally::new(printed);
    t.glyph(
        Glyph::Astrid,
        1,
        glyphs::held(state, attacker.owner, Glyph::Astrid, None),
    );
    let (up, _) = combat::height_bonus(attacker.level, defender.level);
    t.add(Why::Height, i16::try_from(up).unwrap_or(0));
    let fight = Fight {
        attacker,
        defender,
        kind,
    };
    powers(state, attacker, Stat::Attack, Some(&fight), &mut t);
    t
}

/// The defence dice of `defender` against `attacker`: the card's defence, Gerda, Jalgard,
/// height, powers and spirits. Automatic shields are in [`Tally::automatic`].
pub fn defence_dice(
    state: &State,
    attacker: &Figure,
    defender: &Figure,
    kind: AttackKind,
) -> Tally {
    let mut t = Tally::new(state.card_of(defender).defense);
    t.glyph(
        Glyph::Gerda,
        1,
        glyphs::held(state, defender.owner, Glyph::Gerda, None),
    );
    t.glyph(
        Glyph::Jalgard,
        2,
        glyphs::held(state, defender.owner, Glyph::Jalgard, None),
    );
    let (_, up) = combat::height_bonus(attacker.level, defender.level);
    t.add(Why::Height, i16::try_from(up).unwrap_or(0));
    let fight = Fight {
        attacker,
        defender,
        kind,
    };
    powers(state, defender, Stat::Defense, Some(&fight), &mut t);
    super::values3::no_defence_dice(state, &fight, &mut t);
    t
}

/// A figure's move this turn: its card's, Valda (held by another figure), powers, spirits and
/// *Run*.
pub fn move_of(state: &State, f: &Figure) -> Tally {
    let mut t = Tally::new(state.card_of(f).move_);
    t.glyph(
        Glyph::Valda,
        2,
        glyphs::held(state, f.owner, Glyph::Valda, Some(f.id)),
    );
    powers(state, f, Stat::Move, None, &mut t);
    t
}

/// A figure's range for normal attacks: its card's, Ivor (for a range of 4 or more), powers
/// and spirits.
pub fn range_of(state: &State, f: &Figure) -> Tally {
    let printed = state.card_of(f).range;
    let mut t = Tally::new(printed);
    if printed >= 4 {
        t.glyph(
            Glyph::Ivor,
            4,
            glyphs::held(state, f.owner, Glyph::Ivor, None),
        );
    }
    powers(state, f, Stat::Range, None, &mut t);
    t
}

/// A figure's life: its card's, powers and spirits (at least 1).
pub fn life_of(state: &State, f: &Figure) -> Tally {
    let mut t = Tally::new(state.card_of(f).life);
    powers(state, f, Stat::Life, None, &mut t);
    t
}

/// Each expressed effect of a card with the name of the power it belongs to.
pub fn named_effects(card: &Card) -> impl Iterator<Item = (&str, &Effect)> {
    card.powers.iter().flat_map(|p| {
        p.effects
            .iter()
            .flatten()
            .map(move |e| (p.name.as_str(), e))
    })
}

/// Adds the changes of powers, spirits and *Run* to `f`'s `stat`.
fn powers(state: &State, f: &Figure, stat: Stat, fight: Option<&Fight>, t: &mut Tally) {
    for unit in &state.units {
        let own = unit.id == f.unit;
        if !own && !state.unit_standing(unit.id) {
            continue;
        }
        for (power, effect) in named_effects(&unit.card) {
            let why = || Why::Power {
                unit: unit.id,
                power: power.to_string(),
            };
            match effect {
                Effect::Modify {
                    stat: s,
                    by,
                    who,
                    filter,
                    when,
                } if *s == stat
                    && reaches(state, unit, *who, f, fight)
                    && matches(state.card_of(f), filter)
                    && holds_all(state, unit, f, when, fight) =>
                {
                    let times = match who {
                        Who::AdjacentFriendlyEach => figures_of(state, unit.id)
                            .filter(|g| adjacent(state, g, f))
                            .count(),
                        _ => 1,
                    };
                    t.add(
                        why(),
                        i16::from(*by) * i16::try_from(times).unwrap_or(i16::MAX),
                    );
                }
                Effect::PerCount {
                    stat: s,
                    count,
                    max,
                    when,
                } if *s == stat && own && holds_all(state, unit, f, when, fight) => {
                    let n = counted(state, unit, f, count, fight);
                    let n = max.map_or(n, |m| n.min(m));
                    t.add(why(), i16::try_from(n).unwrap_or(i16::MAX));
                }
                Effect::Automatic {
                    stat: s,
                    count,
                    when,
                } if *s == stat && own && holds_all(state, unit, f, when, fight) => {
                    t.changes.push(Change {
                        why: why(),
                        by: i16::from(*count),
                        automatic: true,
                    });
                }
                _ => {}
            }
        }
    }
    for spirit in state
        .lasting
        .spirits
        .iter()
        .filter(|s| s.onto == f.unit && s.stat == stat)
    {
        // Finn's Spirit adds to the *normal* attack number.
        let special = fight.is_some_and(|x| matches!(x.kind, AttackKind::Special { .. }));
        if stat == Stat::Attack && special {
            continue;
        }
        t.add(Why::Spirit { unit: spirit.from }, i16::from(spirit.by));
    }
    super::markers::changes(state, f, stat, fight, t);
    super::supplies::changes(state, f, stat, t);
    super::misc::changes(state, f, stat, t);
    super::midmove::changes(state, f, stat, fight, t);
    super::choose::changes(state, f, stat, t);
    super::thunder::changes(state, f, stat, t);
    if let Some(run) = super::choices::ran(state, f) {
        let by = match stat {
            Stat::Move => i16::from(run.0),
            Stat::Attack => i16::from(run.1),
            _ => 0,
        };
        t.add(
            Why::Power {
                unit: f.unit,
                power: run.2,
            },
            by,
        );
    }
}

/// The figures of a unit on the battlefield.
fn figures_of(state: &State, unit: u16) -> impl Iterator<Item = &Figure> {
    state
        .figures
        .iter()
        .filter(move |g| g.unit == unit && g.on_field())
}

/// Whether two figures on the battlefield are adjacent (*Les règles d'engagements*: the height
/// and ruin exceptions included).
pub fn adjacent(state: &State, a: &Figure, b: &Figure) -> bool {
    if a.id == b.id {
        return false;
    }
    let (Some(sa), Some(sb)) = (geometry::standing(state, a), geometry::standing(state, b)) else {
        return false;
    };
    crate::engagement::contact(&geometry::grid(state), &sa.body, &sa.at, &sb.body, &sb.at)
        .adjacent()
}

/// Whether `b` is within `n` clear-sight spaces of `a` (*à N cases ou moins en vue dégagée*).
pub fn within_clear_sight(state: &State, a: &Figure, b: &Figure, n: u16) -> bool {
    a.id == b.id
        || (geometry::range(state, a, b).is_some_and(|r| r <= u32::from(n))
            && geometry::can_see(state, a, b))
}

/// Whether an effect of `unit`'s card reaches figure `f`.
pub(crate) fn reaches(
    state: &State,
    unit: &Unit,
    who: Who,
    f: &Figure,
    fight: Option<&Fight>,
) -> bool {
    if !f.on_field() && who != Who::Bearer {
        return false;
    }
    let own = f.unit == unit.id;
    let controlled = f.owner == unit.owner;
    let near = |test: &dyn Fn(&Figure) -> bool| figures_of(state, unit.id).any(test);
    let adjacent_to_card = || near(&|g| adjacent(state, g, f));
    let within = |n: u16| near(&|g| within_clear_sight(state, g, f, n));
    match who {
        Who::Bearer => own,
        Who::AdjacentFriendly | Who::AdjacentFriendlyEach => {
            state.allies(f.owner, unit.owner) && adjacent_to_card()
        }
        Who::AdjacentControlled => controlled && adjacent_to_card(),
        Who::ControlledWithin(n) => controlled && (own || within(n)),
        Who::OtherControlledWithin(n) => controlled && !own && within(n),
        Who::OtherControlled => controlled && !own,
        Who::Controlled => controlled,
        Who::AdjacentAll => adjacent_to_card(),
        Who::OpponentsWithin(n) => !state.allies(f.owner, unit.owner) && within(n),
        Who::AdjacentOpponents => !state.allies(f.owner, unit.owner) && adjacent_to_card(),
        Who::OtherFriendly => !own && state.allies(f.owner, unit.owner),
        Who::AttackedBy => {
            fight.is_some_and(|x| x.defender.id == f.id && x.attacker.unit == unit.id)
        }
        Who::OtherFriendlyWithin(n) => state.allies(f.owner, unit.owner) && !own && within(n),
    }
}

fn holds_all(
    state: &State,
    unit: &Unit,
    f: &Figure,
    when: &[Condition],
    fight: Option<&Fight>,
) -> bool {
    when.iter().all(|c| holds(state, unit, f, c, fight))
}

/// Where a figure stood when the turn began (where it stands now when it was not recorded).
pub fn at_turn_start(state: &State, f: &Figure) -> Figure {
    state
        .turn()
        .and_then(|t| t.record.start.iter().find(|g| g.id == f.id))
        .cloned()
        .unwrap_or_else(|| f.clone())
}

/// The land type a figure stands on.
pub fn ground_of(state: &State, f: &Figure) -> Option<Ground> {
    let column = state.field.column(f.hex?)?;
    column
        .footings()
        .find(|ft| ft.level == f.level)
        .map(|ft| ft.ground)
}

/// Whether a condition holds for figure `f` reached by an effect of `unit`'s card.
pub fn holds(
    state: &State,
    unit: &Unit,
    f: &Figure,
    condition: &Condition,
    fight: Option<&Fight>,
) -> bool {
    let turn = state.turn();
    let attacking = fight.is_some_and(|x| x.attacker.id == f.id);
    match condition {
        Condition::Attacking => attacking,
        Condition::Defending => fight.is_some_and(|x| x.defender.id == f.id),
        Condition::NormalAttack => fight.is_some_and(|x| x.kind == AttackKind::Normal),
        Condition::SpecialAttack => {
            fight.is_some_and(|x| matches!(x.kind, AttackKind::Special { .. }))
        }
        Condition::OpponentNotAdjacentAtTurnStart => fight.is_some_and(|x| {
            let me = at_turn_start(state, f);
            let other = at_turn_start(state, x.other(f));
            !adjacent(state, &me, &other)
        }),
        Condition::OpponentAdjacent => {
            fight.is_some_and(|x| adjacent(state, x.attacker, x.defender))
        }
        Condition::OpponentNotAdjacent => {
            fight.is_some_and(|x| !adjacent(state, x.attacker, x.defender))
        }
        Condition::Opponent(filter) => {
            fight.is_some_and(|x| matches(state.card_of(x.other(f)), filter))
        }
        Condition::CardDidNotMove => turn.is_none_or(|t| {
            !t.moved
                .iter()
                .any(|id| state.figure(*id).is_some_and(|g| g.unit == unit.id))
        }),
        Condition::MovedThisTurn => turn.is_some_and(|t| t.moved.contains(&f.id)),
        Condition::NotMovedThisTurn => turn.is_none_or(|t| !t.moved.contains(&f.id)),
        Condition::StartedTurnOn(ground) => super::moves::started_on(state, f, ground),
        Condition::StartedTurnNextTo(filter) => super::moves::started_next_to(state, f, filter),
        Condition::OnGround(ground) => ground_of(state, f).is_some_and(|g| {
            serde_json::to_value(g)
                .ok()
                .and_then(|v| v.as_str().map(|s| s.eq_ignore_ascii_case(ground)))
                .unwrap_or(false)
        }),
        Condition::ArmyAll(filter) => state
            .units
            .iter()
            .filter(|u| u.owner == unit.owner && state.unit_standing(u.id))
            .all(|u| matches(&u.card, filter)),
        Condition::SameTargetAsFirstFigure => {
            attacking
                && fight.is_some_and(|x| {
                    turn.is_some_and(|t| {
                        t.record.strikes.iter().any(|s| {
                            s.target == x.defender.id
                                && s.attacker != f.id
                                && state.figure(s.attacker).is_some_and(|g| g.unit == f.unit)
                        })
                    })
                })
        }
        Condition::StartedTurnAdjacent => {
            let me = at_turn_start(state, f);
            state
                .figures
                .iter()
                .filter(|g| g.unit == unit.id && !g.destroyed)
                .map(|g| at_turn_start(state, g))
                .any(|g| g.on_field() && adjacent(state, &me, &g))
        }
        Condition::HeightAdvantage => fight.is_some_and(|x| f.level > x.other(f).level),
        Condition::Engaged => !geometry::engaged_with(state, f).is_empty(),
        Condition::OpponentAlone => fight.is_some_and(|x| {
            let other = x.other(f);
            !state.figures.iter().any(|g| {
                g.on_field()
                    && g.id != f.id
                    && g.id != other.id
                    && !state.allies(g.owner, f.owner)
                    && adjacent(state, other, g)
            })
        }),
        Condition::OpponentFarAtTurnStart(n) => fight.is_some_and(|x| {
            let me = at_turn_start(state, f);
            let other = at_turn_start(state, x.other(f));
            geometry::range(state, &me, &other).is_some_and(|r| r >= u32::from(*n))
        }),
        Condition::StartedTurnEngaged(engaged) => turn.is_some_and(|t| {
            let me = at_turn_start(state, f);
            t.unit == f.unit
                && me.on_field()
                && t.record
                    .start
                    .iter()
                    .any(|g| !state.allies(g.owner, f.owner) && adjacent(state, &me, g))
                    == *engaged
        }),
        Condition::OpponentRange { at_least, below } => fight.is_some_and(|x| {
            geometry::range(state, f, x.other(f)).is_some_and(|r| {
                r >= u32::from(*at_least) && below.is_none_or(|b| r < u32::from(b))
            })
        }),
        Condition::WoundsAtLeast(n) => {
            let wounds: u16 = state
                .figures
                .iter()
                .filter(|g| g.unit == unit.id)
                .map(|g| g.wounds)
                .sum();
            wounds >= *n
        }
        Condition::RevealedMarkerHere
        | Condition::RevealedMarkerOn(_)
        | Condition::NotBonded
        | Condition::XRevealedHere => {
            super::markers::holds(state, unit, condition).unwrap_or(false)
        }
        Condition::ChosenWithin(n) => super::start_choices::chosen_within(state, unit.id, f, *n),
        Condition::StartedTurnOnAny(grounds) => super::values3::started_on_any(state, f, grounds),
        Condition::OpponentAdjacentTo(_)
        | Condition::AdjacentControlled(_)
        | Condition::OpponentHeightAdvantage
        | Condition::OpponentControlled
        | Condition::OpponentEngagedWithOwn(_) => {
            super::values3::holds(state, unit, f, condition, fight)
        }
        Condition::AnyOf(any) => any.iter().any(|c| holds(state, unit, f, c, fight)),
        Condition::ControlsAnother(filter) => super::rolls2::controls_another(state, unit, filter),
        Condition::UnrevealedMarkersHere(_) => super::command::holds(state, unit, condition),
        Condition::OpponentOnGround(ground) => fight.is_some_and(|x| {
            holds(
                state,
                unit,
                x.other(f),
                &Condition::OnGround(ground.clone()),
                None,
            )
        }),
    }
}

/// What a [`Effect::PerCount`] counts for figure `f` of `unit`'s card.
fn counted(state: &State, unit: &Unit, f: &Figure, count: &Count, fight: Option<&Fight>) -> u16 {
    let n = match count {
        Count::AdjacentControlled(filter) => state
            .figures
            .iter()
            .filter(|g| g.on_field() && g.owner == f.owner && g.id != f.id)
            .filter(|g| matches(state.card_of(g), filter) && adjacent(state, f, g))
            .count(),
        Count::OpponentWounds => {
            return fight.map_or(0, |x| {
                let other = x.other(f);
                state
                    .figures
                    .iter()
                    .filter(|g| g.unit == other.unit)
                    .map(|g| g.wounds)
                    .sum()
            })
        }
        Count::OwnWounds => {
            return state
                .figures
                .iter()
                .filter(|g| g.unit == unit.id)
                .map(|g| g.wounds)
                .sum()
        }
        Count::AdjacentToOpponent { filter, controlled } => {
            let Some(x) = fight else {
                return 0;
            };
            let other = x.other(f);
            state
                .figures
                .iter()
                .filter(|g| g.on_field() && g.id != f.id && g.id != other.id)
                .filter(|g| {
                    if *controlled {
                        g.owner == f.owner
                    } else {
                        state.allies(g.owner, f.owner)
                    }
                })
                .filter(|g| matches(state.card_of(g), filter) && adjacent(state, other, g))
                .count()
        }
        Count::Destroyed(filter) => state
            .figures
            .iter()
            .filter(|g| g.destroyed && g.owner == f.owner)
            .filter(|g| matches(state.card_of(g), filter))
            .count(),
        Count::ExperienceMarkers => return super::destroyed::experience(state, unit.id),
        Count::ControlledWithin { filter, within } => state
            .figures
            .iter()
            .filter(|g| g.on_field() && g.owner == f.owner && g.id != f.id)
            .filter(|g| matches(state.card_of(g), filter))
            .filter(|g| within_clear_sight(state, f, g, *within))
            .count(),
        Count::WoundsThisTurn(filter) => {
            let (Some(x), Some(turn)) = (fight, state.turn()) else {
                return 0;
            };
            let other = x.other(f);
            return turn
                .record
                .strikes
                .iter()
                .filter(|s| s.target == other.id)
                .filter(|s| {
                    state
                        .figure(s.attacker)
                        .is_some_and(|g| g.owner == f.owner && matches(state.card_of(g), filter))
                })
                .map(|s| s.wounds)
                .sum();
        }
        Count::ChosenWounds => return super::start_choices::chosen_wounds(state, unit.id),
    };
    u16::try_from(n).unwrap_or(u16::MAX)
}
