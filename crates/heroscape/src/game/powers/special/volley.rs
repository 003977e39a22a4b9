//! A special attack under way: its dice rolled group after group, each affected figure's
//! defence, then its wounds, as [`super::apply`] always made them, but kept as data
//! ([`Volley`]) so that the attack may stop where a power of the figures it reaches asks its
//! owner (`game::powers::react`: after a figure's defence dice, before its wounds land, once
//! they have landed) and go on, in the same order, once answered. Nothing is rolled while a
//! question waits, so the dice stream keeps its order and replays stay exact.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;

use super::{height_of, venom, venom_bonus, Hit, Line};
use crate::battlefield::Level;
use crate::game::powers::values::Tally;
use crate::game::state::{Figure, State};
use crate::game::{combat, Event, Face};
use crate::power::{Again, SpecialAttack};

/// Where the wounds of the affected figure under way stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Not yet looked at.
    #[default]
    Start,
    /// About to land (`pending` of them), the powers answering them asked.
    Asked,
    /// Landed (`pending` of them), the powers answering that asked.
    Landed,
}

/// A special attack under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Volley {
    /// The attacker's seat.
    pub seat: skirmish_engine::Seat,
    /// The power's index among the card's special attacks.
    pub power: u8,
    /// The chosen figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    /// The fire line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Line>,
    /// The power's printed name.
    pub name: String,
    /// The power.
    pub special: SpecialAttack,
    /// The attacker as the attack began.
    pub attacker: Figure,
    /// The figure whose height counts against the defenders.
    pub striker: Figure,
    /// Where the chosen figure stood as the attack began (*Pounce*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_space: Option<(Hex, Level)>,
    /// The figures beside the chosen one as the attack began (a chained power's next target).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beside: Vec<u32>,
    /// The figures rolled for together, with their attack dice.
    pub groups: Vec<(Vec<u32>, Tally)>,
    /// The group under way.
    pub group: usize,
    /// Its attack dice, once rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<Vec<Face>>,
    /// Its figures' defences so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hits: Vec<Hit>,
    /// Its defences are all rolled: its wounds land.
    #[serde(default)]
    pub landing: bool,
    /// The next figure of the group to defend, or whose wounds land.
    #[serde(default)]
    pub next: usize,
    /// Where that figure's wounds stand.
    #[serde(default)]
    pub step: Step,
    /// Its wounds about to land, or landed.
    #[serde(default)]
    pub pending: u16,
    /// Wounds inflicted so far.
    #[serde(default)]
    pub inflicted: u16,
    /// The most skulls a group rolled.
    #[serde(default)]
    pub rolled_most: u16,
    /// Every die of every group showed a skull.
    pub all_skulls: bool,
    /// The figures affected that stood when their group's defences were rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standing: Vec<u32>,
}

impl Volley {
    /// The attack of `special` by `attacker` (named `name`, the card's special attack `power`)
    /// on `groups`, before any die is rolled: no figure chosen, no fire line.
    pub(crate) fn new(
        seat: skirmish_engine::Seat,
        power: u8,
        name: String,
        special: SpecialAttack,
        attacker: Figure,
        striker: Figure,
        groups: Vec<(Vec<u32>, Tally)>,
    ) -> Volley {
        Volley {
            seat,
            power,
            target: None,
            line: None,
            name,
            special,
            attacker,
            striker,
            chosen_space: None,
            beside: Vec::new(),
            groups,
            group: 0,
            attack: None,
            hits: Vec::new(),
            landing: false,
            next: 0,
            step: Step::Start,
            pending: 0,
            inflicted: 0,
            rolled_most: 0,
            all_skulls: true,
            standing: Vec::new(),
        }
    }
}

/// The skulls of the group under way: rolled, and with its automatic ones.
pub(crate) fn skulls(v: &Volley) -> (u16, u16) {
    let rolled = v.attack.as_deref().map_or(0, combat::skulls);
    let automatic = v.groups.get(v.group).map_or(0, |(_, t)| t.automatic());
    (rolled, rolled + automatic)
}

/// Goes on with the attack until it ends (true) or a power asks (false: the question's frame
/// holds the attack, which goes on from there once answered).
pub(crate) fn run(
    state: &mut State,
    mut v: Volley,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    use crate::game::powers::react;
    loop {
        let Some((ids, tally)) = v.groups.get(v.group).cloned() else {
            finish(state, &v, events);
            return true;
        };
        if v.attack.is_none() {
            let attack = combat::roll(dice, tally.value());
            let rolled = combat::skulls(&attack);
            v.rolled_most = v.rolled_most.max(rolled);
            v.all_skulls &= !attack.is_empty() && usize::from(rolled) == attack.len();
            v.attack = Some(attack);
            v.hits.clear();
            v.next = 0;
            v.landing = false;
            v.step = Step::Start;
        }
        let (rolled, skulls) = skulls(&v);
        if !v.landing {
            while let Some(&id) = ids.get(v.next) {
                v.next += 1;
                let Some(hit) = defend(state, &v, id, rolled, skulls, dice, events) else {
                    continue;
                };
                v.hits.push(hit);
                // a power may roll this defence again (*Gift of the Empress Aura*)
                if react::special_defended(state, &v, events) {
                    return false;
                }
            }
            v.standing.extend(
                v.hits
                    .iter()
                    .filter(|h| state.figure(h.figure).is_some_and(|g| !g.destroyed))
                    .map(|h| h.figure),
            );
            events.push(Event::SpecialAttacked {
                attacker: v.attacker.id,
                power: v.name.clone(),
                target: v.target,
                line: v.line,
                attack: v.attack.clone().unwrap_or_default(),
                height: height_of(&tally),
                skulls,
                hits: v.hits.clone(),
                attack_dice: tally,
            });
            v.landing = true;
            v.next = 0;
            v.step = Step::Start;
        }
        while let Some(hit) = v.hits.get(v.next).cloned() {
            let (id, n) = (hit.figure, hit.wounds);
            let a = v.attacker.id;
            match v.step {
                Step::Start => {
                    let (n, poisoned) = match v.special.venom {
                        Some(venom) => {
                            let bonus = venom_bonus(state, &v.attacker, &v.name);
                            let malus = super::super::d20c::harrowing(
                                state,
                                v.attacker.owner,
                                v.attacker.unit,
                            );
                            venom::poison(venom, (bonus, malus), (a, &v.name), id, n, dice, events)
                        }
                        None => (n, false),
                    };
                    if poisoned {
                        v.inflicted += n;
                        combat::destroy(state, id, events);
                        super::super::d20c::destroyed_by(state, a, id);
                        v.next += 1;
                        continue;
                    }
                    v.pending = n;
                    v.step = Step::Asked;
                    // a power of the defender's side may answer the wounds (*Cell Divide*)
                    if react::special_wounds(state, &v, id, n, dice, events) {
                        return false;
                    }
                }
                Step::Asked => {
                    // The powers that answer wounds (*Stealth Armor*; *Concealment* for the
                    // chosen figure) answer special attacks as their texts say.
                    let targeted = v.target == Some(id);
                    let n = super::super::triggered::before_wounds(
                        state, a, id, targeted, v.pending, dice, events,
                    );
                    v.inflicted += n;
                    combat::wound(state, id, n, events);
                    super::super::d20c::destroyed_by(state, a, id);
                    super::psionic::after_wounds(state, a, &v.name, id, n, dice, events);
                    v.pending = n;
                    v.step = Step::Landed;
                    // a power of the wounded figure's card may answer (*Teleport
                    // Reinforcements*)
                    if react::special_wounded(state, &v, id, n) {
                        return false;
                    }
                }
                Step::Landed => {
                    v.next += 1;
                    v.step = Step::Start;
                }
            }
        }
        v.group += 1;
        v.attack = None;
    }
}

/// One affected figure's defence: none when it dodged (*Vanish*) or no skull came up, none
/// with *Ullar Enhanced Rifle*; `None` when the figure is gone.
fn defend(
    state: &mut State,
    v: &Volley,
    id: u32,
    rolled: u16,
    skulls: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<Hit> {
    let a = v.attacker.id;
    // a power answering the skulls may leave the defence unrolled (*Vanish*)
    let dodged = state.figure(id).is_some()
        && super::super::vanish::dodges(state, a, id, false, rolled, dice, events).is_some();
    let t = state.figure(id)?;
    // *Ullar Enhanced Rifle*: no defence dice at all
    let defended = if skulls == 0 || v.special.no_defence {
        Tally::default()
    } else {
        super::defence_tally(state, &v.striker, t, &v.name, &v.special)
    };
    let defence = combat::roll(
        dice,
        if skulls == 0 || dodged {
            0
        } else {
            defended.value()
        },
    );
    let shields = combat::shields(&defence) + defended.automatic();
    Some(Hit {
        figure: id,
        height: height_of(&defended),
        shields,
        wounds: if dodged {
            0
        } else {
            skulls.saturating_sub(shields)
        },
        defence,
        defence_dice: defended,
    })
}

/// The figure's defence dice were rolled again: its shields and wounds counted anew.
pub(crate) fn recount(hit: &mut Hit, skulls: u16) {
    hit.shields = combat::shields(&hit.defence) + hit.defence_dice.automatic();
    hit.wounds = skulls.saturating_sub(hit.shields);
}

/// What follows the attack: *Pounce*, and whether the figure earned another attack with the
/// power (`again`, a chain).
fn finish(state: &mut State, v: &Volley, events: &mut Vec<Event>) {
    let reached: Vec<u32> = v.groups.iter().flat_map(|(ids, _)| ids.clone()).collect();
    super::super::knock::special_attacked(state, v.attacker.id, &reached);
    if v.special.pounce {
        super::pounce(state, v.attacker.id, v.target, v.chosen_space, events);
    }
    let earned = match (v.special.chain, v.special.again) {
        // a chain goes on after a wound (*Arcane Bolt*) or after any attack
        (Some(c), _) => !c.on_wound || v.inflicted > 0,
        (None, None) => false,
        (None, Some(Again::Wounds)) => v.inflicted > 0,
        (None, Some(Again::Destroys)) => v
            .standing
            .iter()
            .any(|id| state.figure(*id).is_some_and(|g| g.destroyed)),
        (None, Some(Again::Skulls(n))) => v.rolled_most >= n,
        (None, Some(Again::AllSkulls)) => v.all_skulls,
    };
    if let Some(u) = state
        .specials
        .this_turn
        .iter_mut()
        .find(|u| u.figure == v.attacker.id && u.power == v.power)
    {
        u.again = earned;
        u.beside = v.beside.clone();
    }
}
