//! HeroClix for people: legal actions and pending decisions as sentences ("Move Kestrel Vane to
//! 12,7 (5 squares)", "Ranged attack: Quillon Marsh → Grumblestone (hindered, needs 9)"), in
//! English or in French with the rulebook's terms (*ligne de vue gênée*, *évasion*,
//! *dépassement*, *recul*...).
//!
//! Every front end (the terminal player, the web server) shows these same texts. They are
//! computed with the rules' own functions (move searches, lines of fire, combat values), so
//! what a player reads is what the engine will do. Menus, board symbols and JSON stay with
//! the front ends.

use std::collections::HashMap;

use skirmish_board::square::{Dir, Square};
use skirmish_board::FigureId;
use skirmish_engine::Seat;
use skirmish_lang::Lang;
use skirmish_los::Verdict;

use super::action::{Action, Decision};
use super::state::{Fig, Interrupt, ObjectKind, State};
use super::values::{compute, Change, Effect};
use super::{combat, play, power_actions};
use crate::figure::{Power, Stat};

/// The colon as each language writes it (French puts a space before it).
fn colon(lang: Lang) -> &'static str {
    lang.pick(":", " :")
}

/// A seat as players read it: "player 1", "joueur 1".
pub fn seat_name(seat: Seat, lang: Lang) -> String {
    format!("{} {}", lang.pick("player", "joueur"), seat.number())
}

/// A seat's team with its seat: "Wardens (player 1)"; the seat alone when it has no team.
pub fn team_name(state: &State, seat: Seat, lang: Lang) -> String {
    state.seats.get(seat.index()).map_or_else(
        || seat_name(seat, lang),
        |i| format!("{} ({})", i.name, seat_name(seat, lang)),
    )
}

/// A figure's name in this game (its label), or `#id` for a figure not in the game.
pub fn figure_name(state: &State, id: FigureId) -> String {
    state
        .fig(id)
        .map_or_else(|| format!("#{}", id.0), |f| f.label.clone())
}

/// "Close attack" or "Ranged attack" (*Attaque au corps à corps*, *Attaque à distance*).
pub fn attack_kind(ranged: bool, lang: Lang) -> &'static str {
    if ranged {
        lang.pick("Ranged attack", "Attaque à distance")
    } else {
        lang.pick("Close attack", "Attaque au corps à corps")
    }
}

/// A direction in words: "north-east", "nord-est".
pub fn dir_name(dir: Dir, lang: Lang) -> &'static str {
    match dir {
        Dir::N => lang.pick("north", "nord"),
        Dir::NE => lang.pick("north-east", "nord-est"),
        Dir::E => lang.pick("east", "est"),
        Dir::SE => lang.pick("south-east", "sud-est"),
        Dir::S => lang.pick("south", "sud"),
        Dir::SW => lang.pick("south-west", "sud-ouest"),
        Dir::W => lang.pick("west", "ouest"),
        Dir::NW => lang.pick("north-west", "nord-ouest"),
    }
}

/// The chance, in whole percent, that an attack roll needing `n` on 2d6 hits: a 2 always
/// misses and a 12 always hits (rulebook *Obtenir 2 ou 12*).
pub fn hit_percent(n: i32) -> u32 {
    let ways = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|&sum| sum == 12 || (sum != 2 && sum >= n))
        .count() as u32;
    (ways * 100 + 18) / 36
}

/// What the 2d6 of an attack roll with value `attack` must reach against `defence`, in words,
/// with the chance to hit (rulebook *Le jet d'attaque*, *Obtenir 2 ou 12*: a 2 always misses, a
/// 12 always hits): "needs 8, 42%", "hits unless a 2 is rolled, 97%", "hits only on a 12, 3%".
pub fn needs_text(attack: i32, defence: i32, lang: Lang) -> String {
    let n = defence - attack;
    let p = hit_percent(n);
    match lang {
        Lang::En if n <= 2 => format!("hits unless a 2 is rolled, {p}%"),
        Lang::En if n >= 12 => format!("hits only on a 12, {p}%"),
        Lang::En => format!("needs {n}, {p}%"),
        Lang::Fr if n <= 2 => format!("touche sauf sur un 2, {p} %"),
        Lang::Fr if n >= 12 => format!("ne touche que sur un 12, {p} %"),
        Lang::Fr => format!("il faut {n}, {p} %"),
    }
}

/// The defence value of `target` against an attack of `attacker`, as the attack roll computes
/// it, and whether a ranged attack's line of fire to it is hindered (+1 defence, rulebook
/// *Ligne de vue gênée*). The line is the attack's own: the best one within range, or the best
/// one at all for a target out of range.
pub fn defence_against(state: &State, attacker: &Fig, target: &Fig, ranged: bool) -> (i32, bool) {
    // The defence the roll will meet: Energy Shield/Deflection, Combat Reflexes, Defend,
    // Hydra... all depend on the attack.
    let ctx = super::powers::AttackCtx {
        attacker: Some(attacker.id),
        target: Some(target.id),
        ranged,
        ..Default::default()
    };
    let base = combat::stat_in(state, target, Stat::Defense, Some(&ctx));
    let hindered = ranged
        && combat::best_line(
            state,
            attacker,
            target,
            combat::range(state, attacker),
            &combat::occupancy(state),
        )
        .map_or_else(|| combat::line_of_fire(state, attacker, target), |(v, _)| v)
            == Verdict::Hindered;
    let mut effects = base.effects.clone();
    if hindered {
        effects.push(Effect::new(
            Change::Modify(1),
            "hindered line of fire",
            "ligne de vue gênée",
        ));
    }
    (compute(base.printed, effects).value, hindered)
}

/// One target of an attack with what the roll needs: "Grumblestone (hindered, needs 9)".
pub fn target_note(
    state: &State,
    attacker: &Fig,
    target: FigureId,
    ranged: bool,
    lang: Lang,
) -> String {
    let Some(t) = state.fig(target) else {
        return format!("#{}", target.0);
    };
    let attack = combat::stat(state, attacker, Stat::Attack).value;
    let (defence, hindered) = defence_against(state, attacker, t, ranged);
    let mut parts = Vec::new();
    if hindered {
        parts.push(lang.pick("hindered", "gênée").to_string());
    }
    parts.push(needs_text(attack, defence, lang));
    format!("{} ({})", t.label, parts.join(", "))
}

/// A note for an action that would give `figure` its second action token, which costs it 1
/// damage (rulebook *Dépassement*): " [pushing: 1 damage]", or nothing, also for a figure that
/// takes no pushing damage (Indomitable, Willpower).
pub fn pushing_note(state: &State, figure: FigureId, lang: Lang) -> &'static str {
    if state
        .fig(figure)
        .is_some_and(|f| f.tokens >= 1 && !super::powers::ignores_pushing(state, f))
    {
        lang.pick(" [pushing: 1 damage]", " [dépassement : 1 dégât]")
    } else {
        ""
    }
}

/// A close or ranged attack in words, with each target's odds and the pushing note:
/// "Ranged attack: Quillon Marsh → Grumblestone (hindered, needs 9), Vex (needs 7)".
pub fn attack_text(
    state: &State,
    attacker: FigureId,
    targets: &[FigureId],
    ranged: bool,
    lang: Lang,
) -> String {
    let Some(a) = state.fig(attacker) else {
        return attack_kind(ranged, lang).to_string();
    };
    let notes: Vec<String> = targets
        .iter()
        .map(|t| target_note(state, a, *t, ranged, lang))
        .collect();
    format!(
        "{}{} {} → {}{}",
        attack_kind(ranged, lang),
        colon(lang),
        a.label,
        notes.join(", "),
        pushing_note(state, attacker, lang)
    )
}

fn object_kind(state: &State, square: Square) -> Option<ObjectKind> {
    super::objects::lying_at(state, square).map(|i| state.objects[i].kind)
}

/// A lying object as players read it, with its kind: "the light object Crate" / "l'objet léger
/// Crate".
fn object_words(state: &State, square: Square, lang: Lang) -> String {
    let Some(i) = super::objects::lying_at(state, square) else {
        return lang.pick("the object", "l'objet").to_string();
    };
    let o = &state.objects[i];
    let kind = match (o.kind, lang) {
        (ObjectKind::Light, Lang::Fr) => "l'objet léger",
        (ObjectKind::Heavy, Lang::Fr) => "l'objet lourd",
        (ObjectKind::Immobile, Lang::Fr) => "l'objet immobile",
        (ObjectKind::Light, _) => "the light object",
        (ObjectKind::Heavy, _) => "the heavy object",
        (ObjectKind::Immobile, _) => "the immobile object",
    };
    format!("{kind} {}", o.name)
}

/// ", carrying Vex" when a move carries a friend.
fn carry_text(state: &State, carry: Option<FigureId>, lang: Lang) -> String {
    match (carry, lang) {
        (Some(p), Lang::Fr) => format!(" en transportant {}", figure_name(state, p)),
        (Some(p), _) => format!(", carrying {}", figure_name(state, p)),
        (None, _) => String::new(),
    }
}

/// An attack's text with the power it is made with: "Energy Explosion — Ranged attack: ...".
fn with_power(text: String, power: Option<Power>, lang: Lang) -> String {
    match power {
        Some(p) => format!("{} — {text}", p.name(lang)),
        None => text,
    }
}

/// Describes the actions of one decision, running each figure's move search once however many
/// of its moves are described (a turn offers hundreds of moves).
pub struct ActionTexts<'a> {
    state: &'a State,
    lang: Lang,
    /// Per figure: what each destination of a move action costs.
    costs: HashMap<FigureId, HashMap<Square, u32>>,
    /// The same per carrier and friend carried.
    carry_costs: HashMap<(FigureId, FigureId), HashMap<Square, u32>>,
}

impl<'a> ActionTexts<'a> {
    /// Texts of actions in `state`, in `lang`.
    pub fn new(state: &'a State, lang: Lang) -> Self {
        ActionTexts {
            state,
            lang,
            costs: HashMap::new(),
            carry_costs: HashMap::new(),
        }
    }

    /// Squares a move action of `figure` to `to` counts, as the rules' move search counts them
    /// (multi-base figures included); `None` when it cannot end there.
    pub fn move_cost(&mut self, figure: FigureId, to: Square) -> Option<u32> {
        let state = self.state;
        self.costs
            .entry(figure)
            .or_insert_with(|| {
                state.fig(figure).map_or_else(HashMap::new, |f| {
                    play::move_paths(state, f)
                        .into_iter()
                        .map(|(s, p)| (s, p.cost))
                        .collect()
                })
            })
            .get(&to)
            .copied()
    }

    /// True when a move action of `figure` that leaves its square starts with a breakaway roll
    /// (rulebook *Évasion*: it stands next to an opposing figure; 4 or more succeeds).
    pub fn needs_breakaway(&self, figure: FigureId) -> bool {
        self.state
            .fig(figure)
            .is_some_and(|f| play::rolls_to_break_away(self.state, f))
    }

    /// One action as a sentence.
    pub fn describe(&mut self, action: &Action) -> String {
        let s = self.state;
        let lang = self.lang;
        let fr = lang == Lang::Fr;
        let name = |id: &FigureId| figure_name(s, *id);
        // A wildcard arm ends this match: actions added to the rules read as their debug form
        // until they get their words here.
        match action {
            Action::ChooseMap { map, .. } => {
                let n = s
                    .map_choices
                    .get(*map)
                    .map_or_else(|| format!("#{map}"), |m| m.name.clone());
                format!(
                    "{}{} {n}",
                    lang.pick("Choose the map", "Choisir la carte"),
                    colon(lang)
                )
            }
            Action::ChooseZone { zone, .. } => format!(
                "{} {zone}",
                lang.pick("Deploy in zone", "Se déployer dans la zone")
            ),
            Action::CancelCondition { condition } => {
                match condition.and_then(|c| s.conditions.get(c)) {
                    Some(c) if fr => format!("Annuler la condition de bataille {}", c.def.name),
                    Some(c) => format!("Cancel the battlefield condition {}", c.def.name),
                    None => lang
                        .pick(
                            "Cancel no battlefield condition",
                            "N'annuler aucune condition de bataille",
                        )
                        .to_string(),
                }
            }
            Action::PlaceObject { object, square } => {
                let o = s.objects.get(*object);
                let n = o.map_or_else(|| format!("#{object}"), |o| o.name.clone());
                let kind = o.map_or("", |o| o.kind.name(lang));
                let special = if o.is_some_and(|o| o.special.is_some()) {
                    lang.pick(", special", ", spécial")
                } else {
                    ""
                };
                if fr {
                    format!("Placer {n} ({kind}{special}) en {square}")
                } else {
                    format!("Place {n} ({kind}{special}) on {square}")
                }
            }
            Action::Place { figure, square, .. } => {
                if fr {
                    format!("Placer {} en {square}", name(figure))
                } else {
                    format!("Place {} on {square}", name(figure))
                }
            }
            Action::Move { figure, to, carry } => {
                let n = name(figure);
                let carrying = carry_text(s, *carry, lang);
                let pushing = pushing_note(s, *figure, lang);
                let from = s.fig(*figure).and_then(|f| f.square);
                if from == Some(*to) {
                    // FAQ *Évasion*: a figure that stays on its square does not break away.
                    return if fr {
                        format!("{n} reste en {to} (action de déplacement){pushing}")
                    } else {
                        format!("{n} stays on {to} (move action){pushing}")
                    };
                }
                let mut extra = Vec::new();
                let cost = match carry {
                    // Carrying: the friend is off the map and the carrier 2 slower.
                    Some(p) => self
                        .carry_costs
                        .entry((*figure, *p))
                        .or_insert_with(|| {
                            let lifted = play::lifted(s, *figure, *p);
                            lifted.fig(*figure).map_or_else(HashMap::new, |f| {
                                play::move_paths(&lifted, f)
                                    .into_iter()
                                    .map(|(sq, path)| (sq, path.cost))
                                    .collect()
                            })
                        })
                        .get(to)
                        .copied(),
                    None => self.move_cost(*figure, *to),
                };
                if carry.is_some() {
                    extra.push(lang.pick("speed −2", "vitesse −2").to_string());
                }
                if let Some(c) = cost {
                    extra.push(match (fr, c) {
                        (true, c) => format!("{c} case(s)"),
                        (false, 1) => "1 square".to_string(),
                        (false, c) => format!("{c} squares"),
                    });
                }
                if self.needs_breakaway(*figure) {
                    extra.push(
                        lang.pick("breakaway roll first: 4+", "jet d'évasion d'abord : 4+")
                            .to_string(),
                    );
                }
                let extra = if extra.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", extra.join(", "))
                };
                if fr {
                    format!("Déplacer {n} en {to}{carrying}{extra}{pushing}")
                } else {
                    format!("Move {n} to {to}{carrying}{extra}{pushing}")
                }
            }
            Action::CloseAttack {
                attacker,
                target,
                power,
            } => with_power(
                attack_text(s, *attacker, &[*target], false, lang),
                *power,
                lang,
            ),
            Action::RangedAttack {
                attacker,
                targets,
                power,
            } => with_power(attack_text(s, *attacker, targets, true, lang), *power, lang),
            Action::AreaAttack { attacker, power } => {
                let what = match (power, fr) {
                    (Power::Quake, false) => "every adjacent opposing figure",
                    (Power::Quake, true) => "tous les personnages adverses adjacents",
                    (_, false) => "every figure within half range, friends included",
                    (_, true) => "tous les personnages à mi-portée, amis compris",
                };
                format!(
                    "{}{} {} → {what}{}",
                    power.name(lang),
                    colon(lang),
                    name(attacker),
                    pushing_note(s, *attacker, lang)
                )
            }
            Action::PowerMove {
                figure,
                power,
                to,
                carry,
            } => {
                let free = power_actions::is_free(*power);
                let then = match (power, fr) {
                    (Power::Charge, false) => ", then a free close attack",
                    (Power::Charge, true) => ", puis une attaque au corps à corps gratuite",
                    (Power::RunningShot, false) => ", then a free ranged attack",
                    (Power::RunningShot, true) => ", puis une attaque à distance gratuite",
                    (Power::HypersonicSpeed, false) => ": attack from there, then move on",
                    (Power::HypersonicSpeed, true) => " : attaquer de là, puis repartir",
                    _ => "",
                };
                let note = if free {
                    lang.pick(" (free action)", " (action libre)")
                } else {
                    pushing_note(s, *figure, lang)
                };
                let carrying = carry_text(s, *carry, lang);
                if fr {
                    format!(
                        "{} : {} va en {to}{carrying}{then}{note}",
                        power.name(lang),
                        name(figure)
                    )
                } else {
                    format!(
                        "{}: {} to {to}{carrying}{then}{note}",
                        power.name(lang),
                        name(figure)
                    )
                }
            }
            Action::UsePower {
                figure,
                power,
                target,
            } => {
                let on = target
                    .map(|t| format!(" → {}", name(&t)))
                    .unwrap_or_default();
                // The rulebook lets Support aim at an undamaged friend, but it heals nothing
                // past the starting line: said, so that no one spends an action on it unawares.
                let heals_nothing = *power == Power::Support
                    && target
                        .and_then(|t| s.fig(t))
                        .is_some_and(|t| t.click <= t.start_click);
                let wasted = if heals_nothing {
                    lang.pick(
                        " [undamaged: nothing to heal]",
                        " [intact : rien à soigner]",
                    )
                } else {
                    ""
                };
                let note = if power_actions::is_free(*power) {
                    lang.pick(" (free action)", " (action libre)")
                } else {
                    pushing_note(s, *figure, lang)
                };
                format!(
                    "{}{} {}{on}{wasted}{note}",
                    power.name(lang),
                    colon(lang),
                    name(figure)
                )
            }
            Action::TeamAbility {
                figure,
                team,
                target,
            } => {
                let t = super::powers::team_name(team, lang);
                let what = match (team.as_str(), fr) {
                    ("x_men", false) => "heal 1 (1–4 on a d6: 1 damage to the healer)",
                    ("x_men", true) => "soigner 1 (1–4 au d6 : 1 dégât au soigneur)",
                    (_, false) => "+1 damage to its ranged attacks this turn",
                    (_, true) => "+1 dégât à ses attaques à distance ce tour",
                };
                format!(
                    "{t}{} {} → {} ({what}){}",
                    colon(lang),
                    name(figure),
                    name(target),
                    pushing_note(s, *figure, lang)
                )
            }
            Action::SwitchOff { figure, ability } => {
                if fr {
                    format!(
                        "Désactiver {} de {} jusqu'au prochain tour (sans action)",
                        ability.name(lang),
                        name(figure)
                    )
                } else {
                    format!(
                        "Switch off {}'s {} until the next turn (no action)",
                        name(figure),
                        ability.name(lang)
                    )
                }
            }
            Action::PickUp { square } => {
                let what = s
                    .objects
                    .iter()
                    .find(|o| o.square == Some(*square))
                    .map_or_else(String::new, |o| o.name.clone());
                if fr {
                    format!("Ramasser {what} en {square} (Force herculéenne)")
                } else {
                    format!("Pick up {what} on {square} (Super Strength)")
                }
            }
            Action::ThrowObject { figure, target } => {
                let what = super::objects::held(s, *figure)
                    .map_or_else(String::new, |i| s.objects[i].name.clone());
                if fr {
                    format!(
                        "Lancer {what} : {} → {}{}",
                        name(figure),
                        name(target),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Throw {what}: {} → {}{}",
                        name(figure),
                        name(target),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::MindControl { figure, targets } => {
                let names: Vec<String> = targets.iter().map(&name).collect();
                if fr {
                    format!(
                        "Contrôle psychique : {} → {} (attaque sans dégât ; chaque cible touchée fait une action pour vous){}",
                        name(figure),
                        names.join(", "),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Mind Control: {} → {} (an attack with no damage; each figure hit takes one action for you){}",
                        name(figure),
                        names.join(", "),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::Telekinesis { figure, target, to } => {
                let opposed = matches!((s.fig(*figure), s.fig(*target)), (Some(a), Some(b)) if s.opposed(a, b));
                let how = match (opposed, fr) {
                    (true, false) => " (attack roll first, no damage)",
                    (true, true) => " (jet d'attaque d'abord, sans dégât)",
                    _ => "",
                };
                if fr {
                    format!(
                        "Télékinésie : {} déplace {} en {to}{how}{}",
                        name(figure),
                        name(target),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Telekinesis: {} moves {} to {to}{how}{}",
                        name(figure),
                        name(target),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::TelekinesisObject { figure, square, to } => {
                let what = object_words(s, *square, lang);
                if fr {
                    format!(
                        "Télékinésie : {} déplace {what} de {square} en {to}{}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Telekinesis: {} moves {what} from {square} to {to}{}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::TelekinesisThrow {
                figure,
                square,
                target,
            } => {
                let what = object_words(s, *square, lang);
                let damage = match object_kind(s, *square) {
                    Some(ObjectKind::Heavy) => 3,
                    _ => 2,
                };
                let odds = s
                    .fig(*figure)
                    .map_or_else(|| name(target), |a| target_note(s, a, *target, true, lang));
                if fr {
                    format!(
                        "Télékinésie : {} lance {what} de {square} sur {odds}, {damage} dégâts (l'objet est retiré du jeu){}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Telekinesis: {} hurls {what} from {square} at {odds}, {damage} damage (the object leaves the game){}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::Outwit {
                figure,
                target,
                ability,
            } => {
                if fr {
                    format!(
                        "Ingéniosité : {} contre {} de {} (action libre)",
                        name(figure),
                        ability.name(lang),
                        name(target)
                    )
                } else {
                    format!(
                        "Outwit: {} counters {}'s {} (free action)",
                        name(figure),
                        name(target),
                        ability.name(lang)
                    )
                }
            }
            Action::Perplex {
                figure,
                target,
                stat,
                delta,
            } => {
                if fr {
                    format!(
                        "Perplexité : {} modifie {} de {} de {delta:+} (action libre)",
                        name(figure),
                        stat.name(lang),
                        name(target)
                    )
                } else {
                    format!(
                        "Perplex: {} gives {} {delta:+} {} (free action)",
                        name(figure),
                        name(target),
                        stat.name(lang)
                    )
                }
            }
            Action::FreeAttack {
                targets,
                ranged,
                power,
            } => {
                let attacker = match s.asked() {
                    Some(
                        Interrupt::FreeAttack { figure, .. }
                        | Interrupt::AbilityAttack { figure, .. },
                    ) => Some(*figure),
                    _ => None,
                };
                let text = match (attacker, power) {
                    (Some(a), Some(p @ (Power::Quake | Power::PulseWave))) => {
                        format!("{}{} {}", p.name(lang), colon(lang), name(&a))
                    }
                    (Some(a), _) => attack_text(s, a, targets, *ranged, lang),
                    (None, _) => attack_kind(*ranged, lang).to_string(),
                };
                let text = with_power(
                    text,
                    power.filter(|p| !matches!(p, Power::Quake | Power::PulseWave)),
                    lang,
                );
                format!("{text}{}", lang.pick(" (free)", " (gratuite)"))
            }
            Action::DuoAttack { figure } => {
                if fr {
                    format!(
                        "Attaque duo : {} fait deux attaques (la seconde à −1 dégât){}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Duo Attack: {} makes two attacks (the second at −1 damage){}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::MultiAttack { figure } => {
                if fr {
                    format!(
                        "Attaque multiple : {} fait deux attaques sur deux cibles différentes (−1 dégât chacune){}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Multiple attack: {} makes two attacks on two different targets (−1 damage each){}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::Capture { figure, target } => {
                if fr {
                    format!(
                        "Capture : {} tente de capturer {} (combat rapproché, sans dégât){}",
                        name(figure),
                        name(target),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Capture: {} tries to capture {} (close combat, no damage){}",
                        name(figure),
                        name(target),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::Rescue {
                figure,
                captor,
                captive,
            } => {
                if fr {
                    format!(
                        "Sauvetage : {} attaque {} pour délivrer {} (sans dégât){}",
                        name(figure),
                        name(captor),
                        name(captive),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Rescue: {} attacks {} to free {} (no damage){}",
                        name(figure),
                        name(captor),
                        name(captive),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::Release { figure, captive } => {
                let (points, _) = super::capture::release_points(s, *figure, *captive);
                if fr {
                    format!(
                        "Relâcher {} dans la zone de départ de {} ({points} points de victoire){}",
                        name(captive),
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Release {} in {}'s starting area ({points} victory points){}",
                        name(captive),
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::MoveAndAttack { figure, to, .. } => {
                if fr {
                    format!(
                        "Se déplacer et attaquer : {} va en {to}, attaque (−2 en attaque) puis peut repartir{}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                } else {
                    format!(
                        "Move and Attack: {} to {to}, attacks there (−2 attack), then may move on{}",
                        name(figure),
                        pushing_note(s, *figure, lang)
                    )
                }
            }
            Action::MoveOn { to } => {
                if fr {
                    format!("Continuer le déplacement jusqu'en {to}")
                } else {
                    format!("Move on to {to}")
                }
            }
            Action::Accept => match s.asked() {
                Some(Interrupt::Blades { .. }) => lang
                    .pick(
                        "Roll Blades/Claws/Fangs: a d6 replaces the damage value",
                        "Lancer Lames/Griffes/Crocs : un d6 remplace la valeur de dégâts",
                    )
                    .into(),
                Some(Interrupt::Reroll { .. }) => lang
                    .pick(
                        "Reroll the attack (Probability Control)",
                        "Relancer l'attaque (Contrôle des probabilités)",
                    )
                    .into(),
                Some(Interrupt::ElectKnockback { .. }) => lang
                    .pick(
                        "Be knocked back (Combat Reflexes)",
                        "Subir le recul (Réflexes de combat)",
                    )
                    .into(),
                Some(Interrupt::RollReroll { offer, .. }) => {
                    if lang == Lang::Fr {
                        format!(
                            "Faire relancer le {} (Contrôle des probabilités)",
                            offer.kind.name(lang)
                        )
                    } else {
                        format!(
                            "Have the {} rerolled (Probability Control)",
                            offer.kind.name(lang)
                        )
                    }
                }
                _ => lang.pick("Yes", "Oui").into(),
            },
            Action::Decline => match s.asked() {
                Some(Interrupt::Blades { .. }) => lang
                    .pick("Keep the damage value", "Garder la valeur de dégâts")
                    .into(),
                Some(Interrupt::Reroll { .. } | Interrupt::RollReroll { .. }) => {
                    lang.pick("Let the roll stand", "Garder le jet").into()
                }
                Some(Interrupt::FreeAttack { .. } | Interrupt::AbilityAttack { .. }) => {
                    lang.pick("No attack", "Pas d'attaque").into()
                }
                Some(Interrupt::MoveOn { .. } | Interrupt::ElectKnockback { .. }) => {
                    lang.pick("Stay here", "Rester ici").into()
                }
                Some(Interrupt::PickUp { .. }) => {
                    lang.pick("Leave the objects", "Laisser les objets").into()
                }
                Some(Interrupt::Controlled { figure, .. }) => {
                    if fr {
                        format!("Aucune action pour {}", name(figure))
                    } else {
                        format!("No action for {}", name(figure))
                    }
                }
                Some(Interrupt::PlaceMarkers { .. }) => lang
                    .pick("Place no more markers", "Ne plus placer de marqueur")
                    .into(),
                Some(
                    Interrupt::Mastermind { figure, .. }
                    | Interrupt::MastermindHeld {
                        offer: super::rolls::RedirectOffer { figure, .. },
                        ..
                    },
                ) => {
                    if fr {
                        format!("{} subit les dégâts", name(figure))
                    } else {
                        format!("{} takes the damage", name(figure))
                    }
                }
                _ => lang.pick("No", "Non").into(),
            },
            Action::Redirect { friend } => {
                if fr {
                    format!("Cerveau : {} subit les dégâts à la place", name(friend))
                } else {
                    format!("Mastermind: {} takes the damage instead", name(friend))
                }
            }
            Action::SwitchOffTeam { figure, team } => {
                let team = super::powers::team_name(team, lang);
                if fr {
                    format!(
                        "Désactiver la compétence de groupe {team} de {} jusqu'au prochain tour",
                        name(figure)
                    )
                } else {
                    format!(
                        "Switch off {}'s {team} team ability until the next turn",
                        name(figure)
                    )
                }
            }
            Action::ClearToken { friend } => {
                if fr {
                    format!(
                        "Commandement : retirer un marqueur action de {}",
                        name(friend)
                    )
                } else {
                    format!("Leadership: clear an action token from {}", name(friend))
                }
            }
            Action::PlaceMarker { square } => {
                if fr {
                    format!("Placer un marqueur en {square}")
                } else {
                    format!("Place a marker on {square}")
                }
            }
            Action::DestroyBlocking {
                attacker,
                square,
                ranged,
                ..
            } => {
                let kind = attack_kind(*ranged, lang);
                let dmg = s
                    .fig(*attacker)
                    .map_or(0, |f| combat::stat(s, f, Stat::Damage).value);
                let pushing = pushing_note(s, *attacker, lang);
                if fr {
                    format!(
                        "{kind} : {} → terrain bloquant en {square} ({dmg} dégât(s), 3 le détruisent){pushing}",
                        name(attacker)
                    )
                } else {
                    format!(
                        "{kind}: {} → blocking terrain on {square} ({dmg} damage, 3 destroy it){pushing}",
                        name(attacker)
                    )
                }
            }
            Action::DestroyWall {
                attacker,
                square,
                dir,
                ranged,
                ..
            } => {
                let kind = attack_kind(*ranged, lang);
                let dmg = s
                    .fig(*attacker)
                    .map_or(0, |f| combat::stat(s, f, Stat::Damage).value);
                let side = dir_name(*dir, lang);
                let pushing = pushing_note(s, *attacker, lang);
                if fr {
                    format!(
                        "{kind} : {} → mur côté {side} de {square} ({dmg} dégât(s), 3 le détruisent){pushing}",
                        name(attacker)
                    )
                } else {
                    format!(
                        "{kind}: {} → wall on the {side} side of {square} ({dmg} damage, 3 destroy it){pushing}",
                        name(attacker)
                    )
                }
            }
            Action::WildCard { figure, team } => match team {
                Some(t) if fr => format!(
                    "{} (joker) utilise la compétence d'équipe {}",
                    name(figure),
                    super::powers::team_name(t, lang)
                ),
                Some(t) => format!(
                    "{} (wild card) uses the team ability {}",
                    name(figure),
                    super::powers::team_name(t, lang)
                ),
                None if fr => format!(
                    "{} (joker) n'utilise plus de compétence d'équipe",
                    name(figure)
                ),
                None => format!("{} (wild card) stops using a team ability", name(figure)),
            },
            Action::SetFeatAside { figure, feat } => {
                let f = s.feats.get(*feat);
                let name_feat =
                    f.map_or_else(|| format!("#{feat}"), |x| x.def.name_in(lang).to_string());
                if fr {
                    format!(
                        "{} n'utilise pas l'exploit {name_feat} pendant sa prochaine action",
                        name(figure)
                    )
                } else {
                    format!(
                        "{}: do not use the feat {name_feat} during its next action",
                        name(figure)
                    )
                }
            }
            Action::Pass { figure, .. } => {
                if fr {
                    format!("{} passe (sans marqueur, ne compte pas)", name(figure))
                } else {
                    format!("{} passes (no token, not counted)", name(figure))
                }
            }
            Action::SplitDamage { amounts, .. } => {
                let hits = match s.asked() {
                    Some(Interrupt::SplitDamage { attack, .. }) => attack.hits.clone(),
                    _ => Vec::new(),
                };
                let parts: Vec<String> = amounts
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let who = hits
                            .get(i)
                            .map_or_else(|| format!("#{}", i + 1), |t| figure_name(s, *t));
                        if fr {
                            format!("{a} à {who}")
                        } else {
                            format!("{a} to {who}")
                        }
                    })
                    .collect();
                format!(
                    "{}{} {}",
                    lang.pick("Split the damage", "Répartir les dégâts"),
                    colon(lang),
                    parts.join(", ")
                )
            }
            Action::KnockbackVia { square, .. } => {
                let who = match s.asked() {
                    Some(Interrupt::KnockbackLine { figure, .. }) => name(figure),
                    _ => "?".into(),
                };
                if fr {
                    format!("Recul de {who} selon la ligne passant par {square}")
                } else {
                    format!("Knock {who} back along the line through {square}")
                }
            }
            Action::EndTurn => {
                let left = s.action_total.saturating_sub(s.actions_used);
                match (left, fr) {
                    (0, false) => "End the turn".into(),
                    (0, true) => "Finir le tour".into(),
                    (n, false) => format!("End the turn ({n} action(s) unused)"),
                    (n, true) => format!("Finir le tour ({n} action(s) non utilisée(s))"),
                }
            }
            #[allow(unreachable_patterns)]
            _ => format!("{action:?}"),
        }
    }
}

/// One action as a sentence, e.g. "Ranged attack: Quillon Marsh → Grumblestone (hindered,
/// needs 9)". To describe many actions of one decision, [`ActionTexts`] shares the move
/// searches between them.
pub fn describe_action(state: &State, action: &Action, lang: Lang) -> String {
    ActionTexts::new(state, lang).describe(action)
}

/// What a decision asks, in lower case to follow the name of whoever must answer and a colon:
/// "choose your deployment zone", "split 3 damage between Vex, Grumblestone". See
/// [`decision_prompt`] for the whole sentence.
pub fn describe_decision(state: &State, decision: &Decision, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    // A wildcard arm ends this match: decisions added to the rules read as their debug form
    // until they get their words here.
    match decision {
        Decision::ChooseMap { .. } => lang.pick("choose the map", "choisissez la carte").into(),
        Decision::ChooseZone { .. } => lang
            .pick(
                "choose your deployment zone",
                "choisissez votre zone de déploiement",
            )
            .into(),
        Decision::CancelCondition { conditions } => {
            if fr {
                format!(
                    "équipe à thème : vous pouvez annuler une condition de bataille ({} en jeu)",
                    conditions.len()
                )
            } else {
                format!(
                    "theme team: you may cancel one battlefield condition ({} in play)",
                    conditions.len()
                )
            }
        }
        Decision::PlaceObject { objects } => {
            if fr {
                format!("placez un objet sur un terrain dégagé hors des zones de déploiement ({} restant(s))", objects.len())
            } else {
                format!(
                    "place an object on clear terrain outside the deployment zones ({} left)",
                    objects.len()
                )
            }
        }
        Decision::Deploy { figures, .. } => {
            if fr {
                format!("placez vos personnages ({} restant(s))", figures.len())
            } else {
                format!("place your figures ({} left)", figures.len())
            }
        }
        Decision::Turn {
            round,
            actions_left,
            ..
        } => {
            if fr {
                format!(
                    "donnez des actions à vos personnages ou finissez le tour (round {round}, {actions_left} action(s) restante(s))"
                )
            } else {
                format!(
                    "give your figures actions or end the turn (round {round}, {actions_left} action(s) left)"
                )
            }
        }
        Decision::SplitDamage {
            targets, damage, ..
        } => {
            let names: Vec<String> = targets.iter().map(|t| figure_name(state, *t)).collect();
            if fr {
                format!("répartissez {damage} dégât(s) entre {}", names.join(", "))
            } else {
                format!("split {damage} damage between {}", names.join(", "))
            }
        }
        Decision::KnockbackLine { figure, .. } => {
            if fr {
                format!(
                    "choisissez la ligne de recul de {}",
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "choose the line {} is knocked back along",
                    figure_name(state, *figure)
                )
            }
        }
        Decision::Blades { attacker, damage } => {
            if fr {
                format!(
                    "{} touche : lancer Lames/Griffes/Crocs (un d6 remplace ses {damage} dégâts) ?",
                    figure_name(state, *attacker)
                )
            } else {
                format!(
                    "{} hits: roll Blades/Claws/Fangs (a d6 replaces its damage of {damage})?",
                    figure_name(state, *attacker)
                )
            }
        }
        Decision::FreeAttack { figure, power } => {
            if fr {
                format!(
                    "{} peut faire l'attaque gratuite de {}",
                    figure_name(state, *figure),
                    power.name(lang)
                )
            } else {
                format!(
                    "{} may make {}'s free attack",
                    figure_name(state, *figure),
                    power.name(lang)
                )
            }
        }
        Decision::PickUp { figure, .. } => {
            if fr {
                format!(
                    "{} peut ramasser un objet (Force herculéenne)",
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "{} may pick up an object (Super Strength)",
                    figure_name(state, *figure)
                )
            }
        }
        Decision::Controlled { controller, figure } => {
            if fr {
                format!(
                    "Contrôle psychique de {} : donnez une action gratuite à {}, ou aucune",
                    figure_name(state, *controller),
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "{}'s Mind Control: give {} one free action, or none",
                    figure_name(state, *controller),
                    figure_name(state, *figure)
                )
            }
        }
        Decision::LeadershipToken { figure, .. } => {
            if fr {
                format!(
                    "Commandement : {} peut retirer un marqueur action d'un ami adjacent de plus faible valeur",
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "Leadership: {} may clear an action token from an adjacent friend of lower point value",
                    figure_name(state, *figure)
                )
            }
        }
        Decision::ElectKnockback { figure, distance } => {
            if fr {
                format!(
                    "Réflexes de combat : {} peut choisir de subir un recul de {distance} case(s), sans dégâts de recul",
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "Combat Reflexes: {} may choose to be knocked back {distance} square(s), taking no knockback damage",
                    figure_name(state, *figure)
                )
            }
        }
        Decision::PlaceCaptive { captive, .. } => {
            if fr {
                format!(
                    "{} est libéré : placez-le sur une case libre adjacente à son ravisseur (il reçoit un marqueur action)",
                    figure_name(state, *captive)
                )
            } else {
                format!(
                    "{} is free: place it on a free square next to its captor (it takes an action token)",
                    figure_name(state, *captive)
                )
            }
        }
        Decision::PlacePassenger { carrier, passenger } => {
            if fr {
                format!(
                    "placez {} sur une case libre adjacente à {}",
                    figure_name(state, *passenger),
                    figure_name(state, *carrier)
                )
            } else {
                format!(
                    "place {} on a free square next to {}",
                    figure_name(state, *passenger),
                    figure_name(state, *carrier)
                )
            }
        }
        Decision::AbilityAttack { figure, ability } => {
            if fr {
                format!(
                    "{} peut attaquer ({})",
                    figure_name(state, *figure),
                    ability.name(lang)
                )
            } else {
                format!(
                    "{} may attack ({})",
                    figure_name(state, *figure),
                    ability.name(lang)
                )
            }
        }
        Decision::MoveOn { figure, speed } => {
            if fr {
                format!(
                    "{} peut encore se déplacer de {speed} case(s) (Vitesse supersonique)",
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "{} may move on up to {speed} square(s) (Hypersonic Speed)",
                    figure_name(state, *figure)
                )
            }
        }
        Decision::PlaceMarkers {
            figure,
            power,
            placed,
        } => {
            if fr {
                format!(
                    "{} : placez le marqueur {} de {} ({} placé(s), 4 au plus)",
                    power.name(lang),
                    placed.len() + 1,
                    figure_name(state, *figure),
                    placed.len()
                )
            } else {
                format!(
                    "{}: place {}'s marker {} ({} placed, 4 at most)",
                    power.name(lang),
                    figure_name(state, *figure),
                    placed.len() + 1,
                    placed.len()
                )
            }
        }
        Decision::RollReroll {
            figure,
            subject,
            roll,
            dice,
            success,
        } => {
            let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
            let shown = shown.join(" + ");
            let how = match success {
                Some(true) => lang.pick(", succeeds", ", réussit"),
                Some(false) => lang.pick(", fails", ", échoue"),
                None => "",
            };
            if fr {
                format!(
                    "Contrôle des probabilités de {} : faire relancer le {} de {} ({shown}{how}) ?",
                    figure_name(state, *figure),
                    roll.name(lang),
                    figure_name(state, *subject),
                )
            } else {
                format!(
                    "{}'s Probability Control: have {}'s {} ({shown}{how}) rerolled?",
                    figure_name(state, *figure),
                    figure_name(state, *subject),
                    roll.name(lang),
                )
            }
        }
        Decision::Reroll {
            figure,
            attacker,
            dice,
        } => {
            if fr {
                format!(
                    "Contrôle des probabilités de {} : faire relancer l'attaque de {} ({}+{}) ?",
                    figure_name(state, *figure),
                    figure_name(state, *attacker),
                    dice.0,
                    dice.1
                )
            } else {
                format!(
                    "{}'s Probability Control: have {}'s attack ({}+{}) rerolled?",
                    figure_name(state, *figure),
                    figure_name(state, *attacker),
                    dice.0,
                    dice.1
                )
            }
        }
        Decision::Mastermind { figure, amount, .. } => {
            if fr {
                format!(
                    "Cerveau : {} peut faire subir ses {amount} dégât(s) à un ami adjacent de moindre valeur",
                    figure_name(state, *figure)
                )
            } else {
                format!(
                    "Mastermind: {} may hand its {amount} damage to a cheaper adjacent friend",
                    figure_name(state, *figure)
                )
            }
        }
        #[allow(unreachable_patterns)]
        _ => format!("{decision:?}"),
    }
}

/// The prompt for a decision that `seats` must answer, naming their teams: "Wardens (player 1):
/// choose your deployment zone", "Round 3, Wardens (player 1)'s turn: 2 action(s) left".
pub fn decision_prompt(state: &State, seats: &[Seat], decision: &Decision, lang: Lang) -> String {
    let who = seats
        .iter()
        .map(|s| team_name(state, *s, lang))
        .collect::<Vec<_>>()
        .join(", ");
    match decision {
        Decision::Turn {
            round,
            actions_left,
            ..
        } => {
            if lang == Lang::Fr {
                format!("Round {round}, tour de {who} : {actions_left} action(s) restante(s)")
            } else {
                format!("Round {round}, {who}'s turn: {actions_left} action(s) left")
            }
        }
        _ => format!(
            "{who}{} {}",
            colon(lang),
            describe_decision(state, decision, lang)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin;

    #[test]
    fn the_chance_to_hit_counts_the_36_rolls_with_2_missing_and_12_hitting() {
        // 7 or more: 21 rolls of 36.
        assert_eq!(hit_percent(7), 58);
        assert_eq!(hit_percent(2), 97);
        assert_eq!(hit_percent(-4), 97);
        assert_eq!(hit_percent(12), 3);
        assert_eq!(hit_percent(15), 3);
        assert_eq!(needs_text(9, 17, Lang::En), "needs 8, 42%");
        assert_eq!(needs_text(9, 17, Lang::Fr), "il faut 8, 42 %");
    }
    use crate::game::{HeroClix, Options, Scenario};
    use skirmish_engine::{Game, Pending};

    /// The two sample teams on the sample outdoor map.
    fn starter_game(seed: u64) -> Game<HeroClix> {
        let catalogue = builtin::catalogue().unwrap();
        let teams = ["wardens", "ravagers"]
            .iter()
            .map(|t| {
                builtin::team(t)
                    .unwrap()
                    .unwrap()
                    .to_setup(&catalogue)
                    .unwrap()
            })
            .collect();
        let scenario = Scenario {
            maps: vec![builtin::map("harbour-district").unwrap().unwrap()],
            teams,
            options: Options {
                round_limit: Some(6),
                ..Options::default()
            },
            position: None,
            objects: Vec::new(),
            event: None,
        };
        Game::new(scenario, seed).unwrap()
    }

    fn decision(game: &Game<HeroClix>) -> Option<(Vec<Seat>, Decision)> {
        match game.pending() {
            Pending::Decide { seats, decision } => Some((seats.clone(), decision.clone())),
            _ => None,
        }
    }

    /// Telekinesis on objects reads with the object's kind and name, in both languages (the
    /// starter games have no object, so the whole-game test never meets these actions).
    #[test]
    fn telekinesis_on_objects_reads_well() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/powers/power-telekinesis-object-attack.toml");
        let file = crate::scenario_file::load(path).unwrap();
        let g = Game::<HeroClix>::new(file.scenario.clone().unwrap(), 0).unwrap();
        let legal = g.legal_actions(Seat(0));
        let s = g.state();
        let moved = legal
            .iter()
            .find(|a| matches!(a, Action::TelekinesisObject { figure, square, .. } if *square == Square::new(3, 3) && figure.0 == 1))
            .unwrap();
        let thrown = legal
            .iter()
            .find(|a| matches!(a, Action::TelekinesisThrow { square, .. } if *square == Square::new(2, 0)))
            .unwrap();
        let en = describe_action(s, moved, Lang::En);
        assert!(
            en.starts_with("Telekinesis: T2 moves the heavy object Girder from 3,3 to "),
            "{en}"
        );
        let fr = describe_action(s, moved, Lang::Fr);
        assert!(
            fr.starts_with("Télékinésie : T2 déplace l'objet lourd Girder de 3,3 en "),
            "{fr}"
        );
        let en = describe_action(s, thrown, Lang::En);
        assert!(
            en.starts_with("Telekinesis: T1 hurls the light object Crate from 2,0 at "),
            "{en}"
        );
        assert!(
            en.contains(", 2 damage (the object leaves the game)"),
            "{en}"
        );
        let fr = describe_action(s, thrown, Lang::Fr);
        assert!(
            fr.starts_with("Télékinésie : T1 lance l'objet léger Crate de 2,0 sur "),
            "{fr}"
        );
        assert!(fr.contains("2 dégâts (l'objet est retiré du jeu)"), "{fr}");
    }

    #[test]
    fn needs_reads_well() {
        assert_eq!(needs_text(9, 17, Lang::En), "needs 8, 42%");
        assert_eq!(
            needs_text(12, 10, Lang::En),
            "hits unless a 2 is rolled, 97%"
        );
        assert_eq!(needs_text(1, 20, Lang::Fr), "ne touche que sur un 12, 3 %");
        assert_eq!(needs_text(9, 17, Lang::Fr), "il faut 8, 42 %");
    }

    #[test]
    fn seats_and_directions_have_names() {
        assert_eq!(seat_name(Seat(0), Lang::En), "player 1");
        assert_eq!(seat_name(Seat(1), Lang::Fr), "joueur 2");
        assert_eq!(dir_name(Dir::SW, Lang::Fr), "sud-ouest");
        let g = starter_game(1);
        assert_eq!(
            team_name(g.state(), Seat(0), Lang::En),
            "Wardens (player 1)"
        );
        assert_eq!(team_name(g.state(), Seat(7), Lang::En), "player 8");
        assert_eq!(figure_name(g.state(), FigureId(999)), "#999");
    }

    /// Whole games between first-legal-action players: every legal action and every decision
    /// reads as a sentence in both languages, moves and attacks with their numbers.
    #[test]
    fn every_action_and_decision_reads_well() {
        let mut seen = [false; 3]; // move, close attack, ranged attack
        for seed in 0..4 {
            let mut g = starter_game(seed);
            let mut step = 0usize;
            while let Some((seats, d)) = decision(&g) {
                let s = g.state();
                for lang in [Lang::En, Lang::Fr] {
                    let prompt = decision_prompt(s, &seats, &d, lang);
                    assert!(prompt.contains(&team_name(s, seats[0], lang)), "{prompt}");
                    let what = describe_decision(s, &d, lang);
                    assert!(!what.is_empty() && !what.contains('{'), "{what}");
                }
                let legal = g.legal_actions(seats[0]);
                let mut en = ActionTexts::new(s, Lang::En);
                let mut fr = ActionTexts::new(s, Lang::Fr);
                for a in &legal {
                    let t = en.describe(a);
                    let f = fr.describe(a);
                    assert!(!t.is_empty() && !f.is_empty());
                    // Every action has its words: none reads as its debug form.
                    assert!(!t.contains('{') && !t.contains("FigureId"), "{t}");
                    assert!(!f.contains('{') && !f.contains("FigureId"), "{f}");
                    match a {
                        Action::Move { figure, to, .. } => {
                            seen[0] = true;
                            let stays = s.fig(*figure).and_then(|f| f.square) == Some(*to);
                            assert!(
                                (t.starts_with("Move ") && t.contains(" square"))
                                    || (stays && t.contains(" stays on ")),
                                "{t}"
                            );
                            assert!(f.starts_with("Déplacer ") || stays, "{f}");
                        }
                        Action::CloseAttack { .. } => {
                            seen[1] = true;
                            assert!(t.contains("Close attack: "), "{t}");
                            assert!(f.contains("Attaque au corps à corps : "), "{f}");
                            assert!(t.contains(" → ") && t.contains(" ("), "{t}");
                        }
                        Action::RangedAttack { .. } => {
                            seen[2] = true;
                            assert!(t.contains("Ranged attack: "), "{t}");
                            assert!(f.contains("Attaque à distance : "), "{f}");
                        }
                        _ => {}
                    }
                }
                if let Some(a) = legal.last() {
                    assert_eq!(en.describe(a), describe_action(s, a, Lang::En));
                }
                // Attack when possible, so that fights happen; otherwise move forward.
                let pick = legal
                    .iter()
                    .position(|a| {
                        matches!(a, Action::CloseAttack { .. } | Action::RangedAttack { .. })
                    })
                    .or_else(|| {
                        legal.iter().rposition(|a| {
                            matches!(a, Action::Move { .. }) && step.is_multiple_of(3)
                        })
                    })
                    .unwrap_or(0);
                g.act(seats[0], legal[pick].clone()).unwrap();
                step += 1;
            }
        }
        assert!(seen.iter().all(|x| *x), "{seen:?}");
    }

    #[test]
    fn pushing_and_breakaway_are_noted() {
        let mut g = starter_game(3);
        // Play set-up through, then give the first figure a move.
        while !matches!(decision(&g), Some((_, Decision::Turn { .. })) | None) {
            let seat = g.pending_seats()[0];
            let a = g.legal_actions(seat)[0].clone();
            g.act(seat, a).unwrap();
        }
        let seat = g.pending_seats()[0];
        let mut s = g.state().clone();
        let (a, id) = g
            .legal_actions(seat)
            .into_iter()
            .find_map(|a| match a {
                // Not an Indomitable figure (the starter Captain): it takes no pushing damage.
                Action::Move { figure, to, .. }
                    if s.fig(figure).and_then(|f| f.square) != Some(to)
                        && s.fig(figure)
                            .is_some_and(|f| !crate::game::powers::ignores_pushing(&s, f)) =>
                {
                    Some((a, figure))
                }
                _ => None,
            })
            .unwrap();
        assert!(!describe_action(&s, &a, Lang::En).contains("pushing"));
        s.fig_mut(id).unwrap().tokens = 1;
        assert!(describe_action(&s, &a, Lang::En).ends_with(" [pushing: 1 damage]"));
        assert!(describe_action(&s, &a, Lang::Fr).ends_with(" [dépassement : 1 dégât]"));
        // An Indomitable figure takes no pushing damage: nothing to warn about.
        let mut tough = s.clone();
        let f = tough.fig_mut(id).unwrap();
        let mut def = (*f.def).clone();
        def.symbols.defense = crate::figure::DefenseSymbol::Indomitable;
        f.def = std::sync::Arc::new(def);
        assert!(!describe_action(&tough, &a, Lang::En).contains("pushing"));
        // An opposing figure next to it: the move starts with a breakaway roll.
        let from = s.fig(id).unwrap().square.unwrap();
        let enemy = s
            .figures
            .iter()
            .find(|f| f.owner != s.fig(id).unwrap().owner)
            .unwrap()
            .id;
        let next = [Dir::E, Dir::W, Dir::S, Dir::N]
            .into_iter()
            .map(|d| from.step(d))
            .find(|q| s.map.contains(*q) && s.figure_at(*q).is_none())
            .unwrap();
        s.fig_mut(enemy).unwrap().square = Some(next);
        let text = ActionTexts::new(&s, Lang::En).describe(&a);
        assert!(text.contains("breakaway roll first: 4+"), "{text}");
    }
}
