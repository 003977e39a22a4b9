//! Rulebook Partie 4 *Tactiques* in play: feats (*Utiliser les exploits*, *Exploits et points de
//! victoire*), battlefield conditions, special objects, theme teams (*Équipes à thème*) — and the
//! special powers and traits of character cards written as effects. Every card effect reaches
//! the rest of the engine through two questions: can this figure use a power
//! ([`uses`], asked by [`super::powers::has`]) and which modifiers apply to one of its values
//! ([`modifiers`], read by the value pipeline).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::Seat;
use skirmish_lang::Lang;

use super::powers::{self, Ability, AttackCtx};
use super::state::{Fig, ObjectKind, State};
use super::values::{Change as ValueChange, Effect};
use crate::card_effect::{CardEffect, Change, Value, Who};
use crate::figure::{DialPower, SpecialKind, Stat};
use crate::tactics::{AtaDef, ConditionDef, FeatDef, SpecialObjectDef};

/// A feat a team brings: the card and the characters chosen (indices into the team's figures;
/// every figure of the team for a feat that chooses none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamFeat {
    /// The card.
    pub def: Arc<FeatDef>,
    /// Chosen characters, 0-based indices into the team's figures.
    #[serde(default)]
    pub characters: Vec<usize>,
}

/// An object a team brings (rulebook *Les objets dans votre équipe*).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamObject {
    /// Light, heavy or immobile.
    pub kind: ObjectKind,
    /// Its name.
    pub name: String,
    /// The card of a special object.
    #[serde(default)]
    pub special: Option<Arc<SpecialObjectDef>>,
}

/// What a team brings besides its figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTactics {
    /// Feats.
    #[serde(default)]
    pub feats: Vec<TeamFeat>,
    /// Objects, placed during set-up.
    #[serde(default)]
    pub objects: Vec<TeamObject>,
    /// Its battlefield condition, revealed once zones are chosen.
    #[serde(default)]
    pub condition: Option<Arc<ConditionDef>>,
    /// Its alternate team ability card (Partie 3 *Compétences de groupe alternatives*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ata: Option<Arc<AtaDef>>,
}

/// An alternate team ability card in the game (Partie 3 *Compétences de groupe alternatives*):
/// the characters of its team meeting the prerequisite, found at set-up (keywords and printed
/// team symbols never change), possess its team ability — [`super::powers::team`] reads this.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AtaInPlay {
    /// The card.
    pub def: Arc<AtaDef>,
    /// The team that brought it.
    pub seat: Seat,
    /// The characters possessing its team ability.
    pub figures: Vec<FigureId>,
}

/// A feat in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatInPlay {
    /// The card.
    pub def: Arc<FeatDef>,
    /// The team that brought it.
    pub seat: Seat,
    /// The characters that may use it.
    pub figures: Vec<FigureId>,
    /// Removed from the game: its victory points went to an opponent.
    #[serde(default)]
    pub removed: bool,
}

/// A battlefield condition in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionInPlay {
    /// The card.
    pub def: Arc<ConditionDef>,
    /// The team that brought it.
    pub seat: Seat,
    /// A theme team cancelled it.
    #[serde(default)]
    pub cancelled: bool,
    /// Revealed (once deployment zones are chosen): until then it does nothing.
    #[serde(default)]
    pub revealed: bool,
}

/// The event dial in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventInPlay {
    /// The card and its dial.
    pub def: Arc<crate::tactics::EventDef>,
    /// The click showing (0: the green line).
    pub click: usize,
}

impl EventInPlay {
    /// The click showing.
    pub fn showing(&self) -> Option<&crate::tactics::EventClick> {
        self.def.clicks.get(self.click)
    }
}

/// Turns the event dial one click when its card says (rulebook *Socles événement*): clockwise,
/// never past a red line; without one it goes round.
pub fn turn_event(
    state: &mut State,
    when: crate::tactics::EventTurn,
    events: &mut Vec<super::event::Event>,
) {
    let Some(ev) = &mut state.event else { return };
    if ev.def.turn != when || ev.showing().is_some_and(|c| c.end) {
        return;
    }
    ev.click = (ev.click + 1) % ev.def.clicks.len().max(1);
    events.push(super::event::Event::EventDialTurned {
        name: ev.def.name.clone(),
        name_fr: ev.def.name_fr.clone(),
        click: ev.click + 1,
    });
}

/// Who carries an effect, for deciding whom it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bearer {
    /// A character (special power, trait, feat, or a held special object's continual effect).
    Figure(FigureId),
    /// A special object lying on this square.
    Object(Square),
    /// A battlefield condition, brought by this seat.
    Battlefield(Seat),
    /// The event dial: it reaches every character.
    Event,
}

/// One effect active now, with its bearer and the card it comes from.
#[derive(Clone, Debug)]
pub struct Active<'a> {
    /// The effect.
    pub effect: &'a CardEffect,
    /// Who carries it.
    pub bearer: Bearer,
    /// The card's name (special power, feat, condition or object).
    pub card: &'a str,
    /// The card's name in French.
    pub card_fr: &'a str,
}

/// Whether a figure's dial, keywords and base meet a feat's prerequisites now (rulebook
/// *Utiliser les exploits*: the prerequisites must show on the dial; a countered or lost power
/// no longer meets them; modified values do not make them met).
pub fn feat_usable(state: &State, f: &Fig, def: &FeatDef) -> bool {
    let pre = &def.prerequisites;
    f.in_play()
        && pre
            .values()
            .iter()
            .all(|(s, min)| min.is_none_or(|m| f.printed(*s) >= m))
        && pre.range.is_none_or(|r| f.def.range >= r)
        && pre.max_points.is_none_or(|m| f.points <= m)
        && (pre.keywords.is_empty()
            || f.def
                .keywords
                .iter()
                .any(|k| pre.keywords.iter().any(|w| w.eq_ignore_ascii_case(k))))
        && pre.abilities.iter().all(|a| powers::has_own(state, f, *a))
}

/// True while the figure's card entry works: a trait always, a special power while its column
/// shows `special` on the current click. A Pulse Wave ignores them like powers.
fn special_shows(state: &State, f: &Fig, kind: SpecialKind) -> bool {
    if state.ignoring.contains(&f.id) {
        return false;
    }
    let column = match kind {
        SpecialKind::Trait => return true,
        SpecialKind::Speed => Stat::Speed,
        SpecialKind::Attack => Stat::Attack,
        SpecialKind::Defense => Stat::Defense,
        SpecialKind::Damage => Stat::Damage,
    };
    f.def
        .dial
        .get(f.click)
        .is_some_and(|c| c.power(column) == Some(&DialPower::Special))
}

/// Every card effect active now.
pub fn active(state: &State) -> Vec<Active<'_>> {
    let mut out = Vec::new();
    visit(state, &mut |a| {
        out.push(a);
        false
    });
    out
}

/// Calls `f` on each active card effect until it returns true; returns whether one did.
/// Power lookups ask this on every [`super::powers::has`] miss, so it allocates nothing.
fn visit<'a>(state: &'a State, emit: &mut dyn FnMut(Active<'a>) -> bool) -> bool {
    if !state.card_effects {
        return false;
    }
    for f in state.in_play() {
        for sp in &f.def.special_powers {
            if !sp.effects.is_empty() && special_shows(state, f, sp.kind) {
                for e in &sp.effects {
                    if emit(Active {
                        effect: e,
                        bearer: Bearer::Figure(f.id),
                        card: &sp.name,
                        card_fr: &sp.name,
                    }) {
                        return true;
                    };
                }
            }
        }
    }
    for (k, feat) in state.feats.iter().enumerate().filter(|(_, x)| !x.removed) {
        for id in &feat.figures {
            let Some(f) = state.fig(*id) else { continue };
            // A feat stays with its team: a figure lent by Mind Control does not use it.
            if f.owner != feat.seat || state.ignoring.contains(&f.id) {
                continue;
            }
            if feat_usable(state, f, &feat.def) && !state.feats_aside.contains(&(f.id, k)) {
                for e in &feat.def.effects {
                    if emit(Active {
                        effect: e,
                        bearer: Bearer::Figure(f.id),
                        card: &feat.def.name,
                        card_fr: feat.def.name_in(Lang::Fr),
                    }) {
                        return true;
                    };
                }
            }
        }
    }
    if let Some(click) = state.event.as_ref().and_then(|e| e.showing()) {
        let name = state.event.as_ref().map_or("", |e| e.def.name.as_str());
        for e in &click.effects {
            if emit(Active {
                effect: e,
                bearer: Bearer::Event,
                card: name,
                card_fr: state
                    .event
                    .as_ref()
                    .map_or(name, |e| e.def.name_in(Lang::Fr)),
            }) {
                return true;
            }
        }
    }
    for c in state
        .conditions
        .iter()
        .filter(|c| c.revealed && !c.cancelled)
    {
        for e in &c.def.effects {
            if emit(Active {
                effect: e,
                bearer: Bearer::Battlefield(c.seat),
                card: &c.def.name,
                card_fr: c.def.name_in(Lang::Fr),
            }) {
                return true;
            };
        }
    }
    for o in &state.objects {
        let Some(def) = &o.special else { continue };
        // On the map its effects reach around its square; held, only continual ones go on,
        // for the holder.
        let bearer = match (o.square, o.held_by) {
            (Some(sq), None) => Bearer::Object(sq),
            (_, Some(holder)) => Bearer::Figure(holder),
            _ => continue,
        };
        for e in def
            .effects
            .iter()
            .filter(|e| o.held_by.is_none() || e.continual)
        {
            let a = Active {
                effect: e,
                bearer,
                card: &def.name,
                card_fr: def.name_in(Lang::Fr),
            };
            if emit(a) {
                return true;
            }
        }
    }
    false
}

/// True if the effect reaches this figure.
pub fn reaches(state: &State, a: &Active, f: &Fig) -> bool {
    if !f.in_play() {
        return false;
    }
    if let Some(k) = &a.effect.keyword {
        if !f.def.keywords.iter().any(|x| x.eq_ignore_ascii_case(k)) {
            return false;
        }
    }
    match a.bearer {
        Bearer::Figure(b) => {
            let Some(b) = state.fig(b) else { return false };
            let friend = state.allied(b.owner, f.owner);
            match a.effect.who {
                Who::Bearer => f.id == b.id,
                Who::AdjacentFriends => f.id != b.id && friend && state.figures_adjacent(b, f),
                Who::Friends => friend,
                Who::AdjacentOpponents => !friend && state.figures_adjacent(b, f),
                Who::Opponents => !friend,
                Who::Everyone => true,
                Who::Near => f.id == b.id || state.figures_adjacent(b, f),
            }
        }
        // A lying object has no bearer: only its `near` and `everyone` effects reach anyone.
        Bearer::Object(sq) => match a.effect.who {
            Who::Near => f
                .footprint()
                .iter()
                .any(|x| (x.x - sq.x).abs() <= 1 && (x.y - sq.y).abs() <= 1),
            Who::Everyone => true,
            _ => false,
        },
        Bearer::Battlefield(seat) => match a.effect.who {
            Who::Friends => state.allied(seat, f.owner),
            Who::Opponents => !state.allied(seat, f.owner),
            Who::Bearer | Who::Everyone => true,
            Who::AdjacentFriends | Who::AdjacentOpponents | Who::Near => false,
        },
        Bearer::Event => !matches!(
            a.effect.who,
            Who::AdjacentFriends | Who::AdjacentOpponents | Who::Near
        ),
    }
}

/// True if a card lets the figure use this power or ability now.
pub fn uses(state: &State, f: &Fig, ability: Ability) -> bool {
    visit(state, &mut |a| {
        a.effect.change == Change::Uses { ability } && reaches(state, &a, f)
    })
}

/// The card modifiers to one of the figure's values, outside an attack or inside one.
pub fn modifiers(state: &State, f: &Fig, value: Value, ctx: Option<&AttackCtx>) -> Vec<Effect> {
    if !state.card_effects {
        return Vec::new();
    }
    let role = ctx.map(|c| (c.attacker == Some(f.id), c.target == Some(f.id), c.ranged));
    let mut out = Vec::new();
    for a in active(state) {
        let Change::Modify { value: v, by } = a.effect.change else {
            continue;
        };
        // The range is only read to attack at range: attack-time modifiers to it always count.
        let when_ok = if value == Value::Range {
            matches!(
                a.effect.when,
                crate::card_effect::When::Always
                    | crate::card_effect::When::Attacking
                    | crate::card_effect::When::AttackingRanged
            )
        } else {
            a.effect.when.applies(role)
        };
        if v == value && when_ok && reaches(state, &a, f) {
            out.push(Effect::new(
                ValueChange::Modify(i32::from(by)),
                a.card,
                a.card_fr,
            ));
        }
    }
    out
}

/// The shortest line of fire battlefield conditions allow, if any caps it.
pub fn max_line_of_fire(state: &State) -> Option<u8> {
    let event = state
        .event
        .as_ref()
        .and_then(|e| e.showing())
        .and_then(|c| c.max_line_of_fire);
    state
        .conditions
        .iter()
        .filter(|c| c.revealed && !c.cancelled)
        .filter_map(|c| c.def.max_line_of_fire)
        .chain(event)
        .min()
}

/// The shortest line-of-fire limit in play and the card that sets it, for explanations.
pub fn line_of_fire_cap(state: &State) -> Option<(u8, String)> {
    let event = state.event.as_ref().and_then(|e| {
        e.showing()
            .and_then(|c| c.max_line_of_fire)
            .map(|cap| (cap, e.def.name.clone()))
    });
    state
        .conditions
        .iter()
        .filter(|c| c.revealed && !c.cancelled)
        .filter_map(|c| c.def.max_line_of_fire.map(|cap| (cap, c.def.name.clone())))
        .chain(event)
        .min_by_key(|x| x.0)
}

/// The theme-team uses of Probability Control left to a seat.
pub fn theme_rerolls_left(state: &State, seat: Seat) -> u8 {
    state.seats.get(seat.index()).map_or(0, |s| s.theme_rerolls)
}

/// The feats a figure about to act may set aside for its action: those it uses now.
pub fn feat_asides(state: &State, f: &Fig) -> Vec<super::action::Action> {
    state
        .feats
        .iter()
        .enumerate()
        .filter(|(k, x)| {
            !x.removed
                && x.seat == f.owner
                && x.figures.contains(&f.id)
                && !x.def.effects.is_empty()
                && !state.feats_aside.contains(&(f.id, *k))
                && feat_usable(state, f, &x.def)
        })
        .map(|(feat, _)| super::action::Action::SetFeatAside { figure: f.id, feat })
        .collect()
}

/// Victory points of feats when a figure is knocked out (*Exploits et points de victoire*):
/// a feat for chosen characters leaves the game with the last of them, its points going to
/// whoever knocked that one out; a team feat leaves with the team's last character. Returns
/// `(feat name, French name, points)` for each feat removed now.
pub fn feats_lost(state: &mut State, ko: FigureId) -> Vec<(String, Option<String>, u32)> {
    let mut out = Vec::new();
    let Some(seat) = state.fig(ko).map(|f| f.owner) else {
        return out;
    };
    for i in 0..state.feats.len() {
        let feat = &state.feats[i];
        if feat.removed || feat.seat != seat || !feat.figures.contains(&ko) {
            continue;
        }
        let chosen = feat.def.choose > 0;
        let per_character = matches!(feat.def.cost, crate::tactics::FeatCost::PerCharacter(_));
        let all_out = feat
            .figures
            .iter()
            .all(|id| state.fig(*id).is_none_or(|f| f.ko));
        if per_character {
            // Each character knocked out gives its increment.
            out.push((
                feat.def.name.clone(),
                feat.def.name_fr.clone(),
                feat.def.points(1),
            ));
            if all_out {
                state.feats[i].removed = true;
            }
        } else if all_out {
            let n = if chosen { feat.figures.len() } else { 1 };
            out.push((
                feat.def.name.clone(),
                feat.def.name_fr.clone(),
                feat.def.points(n),
            ));
            state.feats[i].removed = true;
        }
    }
    out
}

/// Names of the active battlefield conditions, for views.
pub fn condition_names(state: &State, lang: Lang) -> Vec<String> {
    state
        .conditions
        .iter()
        .map(|c| {
            if c.cancelled {
                format!("{} ({})", c.def.name, lang.pick("cancelled", "annulée"))
            } else {
                c.def.name.clone()
            }
        })
        .collect()
}

/// True for an object kind a team may bring as its first, second or third object: one light,
/// one heavy, the third of any kind (rulebook *Les objets dans votre équipe*).
pub fn objects_allowed(kinds: &[ObjectKind]) -> Result<(), String> {
    if kinds.len() > 3 {
        return Err(format!(
            "a team brings at most three objects ({} here)",
            kinds.len()
        ));
    }
    let light = kinds.contains(&ObjectKind::Light);
    let heavy = kinds.contains(&ObjectKind::Heavy);
    // Fewer than three objects are fine as long as the missing ones could still complete a
    // legal set: one light, one heavy, one of any kind.
    let missing = usize::from(!light) + usize::from(!heavy);
    if kinds.len() + missing > 3 {
        return Err(
            "of a team's objects one must be light and one heavy; the third may be of any kind"
                .to_string(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ObjectKind::*;

    #[test]
    fn object_mix() {
        assert!(objects_allowed(&[Light, Heavy, Immobile]).is_ok());
        assert!(objects_allowed(&[Light, Heavy, Light]).is_ok());
        assert!(objects_allowed(&[Heavy]).is_ok());
        assert!(objects_allowed(&[Immobile]).is_ok());
        assert!(objects_allowed(&[Light, Light]).is_ok());
        assert!(objects_allowed(&[Light, Light, Light]).is_err());
        assert!(objects_allowed(&[Immobile, Immobile]).is_err());
        assert!(objects_allowed(&[Light, Immobile, Immobile]).is_err());
        assert!(objects_allowed(&[Light, Heavy, Light, Heavy]).is_err());
    }
}
