//! Legal actions as sentences (the catalogue's `action.*` messages), with the numbers the rules
//! will use: squares a move counts, what an attack roll needs, pushing damage.

use std::collections::HashMap;

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_lang::Lang;

use super::{
    attack_kind, attack_text, carry_text, dir_name, figure_name, object_kind, object_words,
    pushing_note, target_note, with_power,
};
use crate::figure::{Power, Stat};
use crate::game::action::Action;
use crate::game::state::{Interrupt, ObjectKind, State};
use crate::game::{combat, play, power_actions};
use crate::present::catalogue::msg;

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

    /// What a carrying move to `to` counts: the friend is off the map and the carrier 2 slower.
    fn carry_cost(&mut self, figure: FigureId, friend: FigureId, to: Square) -> Option<u32> {
        let s = self.state;
        self.carry_costs
            .entry((figure, friend))
            .or_insert_with(|| {
                let lifted = play::lifted(s, figure, friend);
                lifted.fig(figure).map_or_else(HashMap::new, |f| {
                    play::move_paths(&lifted, f)
                        .into_iter()
                        .map(|(sq, path)| (sq, path.cost))
                        .collect()
                })
            })
            .get(&to)
            .copied()
    }

    /// A move action: "Move Vex to 3,4 (2 squares, breakaway roll first: 4+)".
    fn describe_move(&mut self, figure: FigureId, to: Square, carry: Option<FigureId>) -> String {
        let s = self.state;
        let lang = self.lang;
        let name = figure_name(s, figure);
        let pushing = pushing_note(s, figure, lang);
        if s.fig(figure).and_then(|f| f.square) == Some(to) {
            // FAQ *Évasion*: a figure that stays on its square does not break away.
            return msg!(
                lang,
                "action.stay",
                figure = name,
                square = to,
                pushing = pushing
            );
        }
        let mut notes = Vec::new();
        let cost = match carry {
            Some(p) => self.carry_cost(figure, p, to),
            None => self.move_cost(figure, to),
        };
        if carry.is_some() {
            notes.push(msg!(lang, "action.speed_minus_2"));
        }
        match cost {
            Some(1) => notes.push(msg!(lang, "action.one_square")),
            Some(c) => notes.push(msg!(lang, "action.squares", count = c)),
            None => {}
        }
        if self.needs_breakaway(figure) {
            notes.push(msg!(lang, "action.breakaway_first"));
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join(", "))
        };
        msg!(
            lang,
            "action.move",
            figure = name,
            square = to,
            carrying = carry_text(s, carry, lang),
            notes = notes,
            pushing = pushing
        )
    }

    /// One action as a sentence.
    pub fn describe(&mut self, action: &Action) -> String {
        let s = self.state;
        let lang = self.lang;
        let name = |id: &FigureId| figure_name(s, *id);
        let pushing = |id: &FigureId| pushing_note(s, *id, lang);
        // The note of an action that may be free: free, or perhaps pushing.
        let free_or_pushing = |figure: &FigureId, power: Power| {
            if power_actions::is_free(power) {
                msg!(lang, "action.free_action")
            } else {
                pushing(figure)
            }
        };
        // A wildcard arm ends this match: actions added to the rules read as their debug form
        // until they get their words here.
        match action {
            Action::ChooseMap { map, .. } => {
                let map = s
                    .map_choices
                    .get(*map)
                    .map_or_else(|| format!("#{map}"), |m| m.name.clone());
                msg!(lang, "action.choose_map", map = map)
            }
            Action::ChooseZone { zone, .. } => msg!(lang, "action.choose_zone", zone = zone),
            Action::CancelCondition { condition } => {
                match condition.and_then(|c| s.conditions.get(c)) {
                    Some(c) => msg!(lang, "action.cancel_condition", name = c.def.name),
                    None => msg!(lang, "action.cancel_no_condition"),
                }
            }
            Action::PlaceObject { object, square } => {
                let o = s.objects.get(*object);
                let object_name = o.map_or_else(|| format!("#{object}"), |o| o.name.clone());
                let kind = o.map_or("", |o| o.kind.name(lang));
                let special = if o.is_some_and(|o| o.special.is_some()) {
                    msg!(lang, "action.special")
                } else {
                    String::new()
                };
                msg!(
                    lang,
                    "action.place_object",
                    object = object_name,
                    kind = kind,
                    special = special,
                    square = square
                )
            }
            Action::Place { figure, square, .. } => {
                msg!(lang, "action.place", figure = name(figure), square = square)
            }
            Action::Move { figure, to, carry } => self.describe_move(*figure, *to, *carry),
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
                let targets = if *power == Power::Quake {
                    msg!(lang, "action.area_adjacent")
                } else {
                    msg!(lang, "action.area_half_range")
                };
                msg!(
                    lang,
                    "action.area_attack",
                    power = power.name(lang),
                    attacker = name(attacker),
                    targets = targets,
                    pushing = pushing(attacker)
                )
            }
            Action::PowerMove {
                figure,
                power,
                to,
                carry,
            } => {
                let then = match power {
                    Power::Charge => msg!(lang, "action.then_close_attack"),
                    Power::RunningShot => msg!(lang, "action.then_ranged_attack"),
                    Power::HypersonicSpeed => msg!(lang, "action.then_attack_and_move_on"),
                    _ => String::new(),
                };
                msg!(
                    lang,
                    "action.power_move",
                    power = power.name(lang),
                    figure = name(figure),
                    square = to,
                    carrying = carry_text(s, *carry, lang),
                    then = then,
                    note = free_or_pushing(figure, *power)
                )
            }
            Action::UsePower {
                figure,
                power,
                target,
            } => {
                let target_text = target
                    .map(|t| msg!(lang, "action.on_target", target = name(&t)))
                    .unwrap_or_default();
                // The rulebook lets Support aim at an undamaged friend, but it heals nothing
                // past the starting line: said, so that no one spends an action on it unawares.
                let heals_nothing = *power == Power::Support
                    && target
                        .and_then(|t| s.fig(t))
                        .is_some_and(|t| t.click <= t.start_click);
                let wasted = if heals_nothing {
                    msg!(lang, "action.nothing_to_heal")
                } else {
                    String::new()
                };
                msg!(
                    lang,
                    "action.use_power",
                    power = power.name(lang),
                    figure = name(figure),
                    target = target_text,
                    wasted = wasted,
                    note = free_or_pushing(figure, *power)
                )
            }
            Action::TeamAbility {
                figure,
                team,
                target,
            } => {
                let effect = if team == "x_men" {
                    msg!(lang, "action.team_x_men")
                } else {
                    msg!(lang, "action.team_damage")
                };
                msg!(
                    lang,
                    "action.team_ability",
                    team = crate::game::powers::team_name(team, lang),
                    figure = name(figure),
                    target = name(target),
                    effect = effect,
                    pushing = pushing(figure)
                )
            }
            Action::SwitchOff { figure, ability } => msg!(
                lang,
                "action.switch_off",
                figure = name(figure),
                ability = ability.name(lang)
            ),
            Action::PickUp { square } => {
                let object = s
                    .objects
                    .iter()
                    .find(|o| o.square == Some(*square))
                    .map_or_else(String::new, |o| o.name.clone());
                msg!(lang, "action.pick_up", object = object, square = square)
            }
            Action::ThrowObject { figure, target } => {
                let object = crate::game::objects::held(s, *figure)
                    .map_or_else(String::new, |i| s.objects[i].name.clone());
                msg!(
                    lang,
                    "action.throw_object",
                    object = object,
                    figure = name(figure),
                    target = name(target),
                    pushing = pushing(figure)
                )
            }
            Action::MindControl { figure, targets } => {
                let names: Vec<String> = targets.iter().map(&name).collect();
                msg!(
                    lang,
                    "action.mind_control",
                    figure = name(figure),
                    targets = names.join(", "),
                    pushing = pushing(figure)
                )
            }
            Action::Telekinesis { figure, target, to } => {
                let opposed = matches!((s.fig(*figure), s.fig(*target)), (Some(a), Some(b)) if s.opposed(a, b));
                let roll = if opposed {
                    msg!(lang, "action.telekinesis_roll_first")
                } else {
                    String::new()
                };
                msg!(
                    lang,
                    "action.telekinesis",
                    figure = name(figure),
                    target = name(target),
                    square = to,
                    roll = roll,
                    pushing = pushing(figure)
                )
            }
            Action::TelekinesisObject { figure, square, to } => msg!(
                lang,
                "action.telekinesis_object",
                figure = name(figure),
                object = object_words(s, *square, lang),
                from = square,
                to = to,
                pushing = pushing(figure)
            ),
            Action::TelekinesisThrow {
                figure,
                square,
                target,
            } => {
                let damage = match object_kind(s, *square) {
                    Some(ObjectKind::Heavy) => 3,
                    _ => 2,
                };
                let odds = s
                    .fig(*figure)
                    .map_or_else(|| name(target), |a| target_note(s, a, *target, true, lang));
                msg!(
                    lang,
                    "action.telekinesis_throw",
                    figure = name(figure),
                    object = object_words(s, *square, lang),
                    from = square,
                    target = odds,
                    damage = damage,
                    pushing = pushing(figure)
                )
            }
            Action::Outwit {
                figure,
                target,
                ability,
            } => msg!(
                lang,
                "action.outwit",
                figure = name(figure),
                target = name(target),
                ability = ability.name(lang)
            ),
            Action::Perplex {
                figure,
                target,
                stat,
                delta,
            } => msg!(
                lang,
                "action.perplex",
                figure = name(figure),
                target = name(target),
                stat = stat.name(lang),
                delta = format!("{delta:+}")
            ),
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
                    (Some(a), Some(p @ (Power::Quake | Power::PulseWave))) => msg!(
                        lang,
                        "action.area_free",
                        power = p.name(lang),
                        attacker = name(&a)
                    ),
                    (Some(a), _) => attack_text(s, a, targets, *ranged, lang),
                    (None, _) => attack_kind(*ranged, lang),
                };
                let text = with_power(
                    text,
                    power.filter(|p| !matches!(p, Power::Quake | Power::PulseWave)),
                    lang,
                );
                msg!(lang, "action.free_attack", attack = text)
            }
            Action::DuoAttack { figure } => msg!(
                lang,
                "action.duo_attack",
                figure = name(figure),
                pushing = pushing(figure)
            ),
            Action::MultiAttack { figure } => msg!(
                lang,
                "action.multi_attack",
                figure = name(figure),
                pushing = pushing(figure)
            ),
            Action::Capture { figure, target } => msg!(
                lang,
                "action.capture",
                figure = name(figure),
                target = name(target),
                pushing = pushing(figure)
            ),
            Action::Rescue {
                figure,
                captor,
                captive,
            } => msg!(
                lang,
                "action.rescue",
                figure = name(figure),
                captor = name(captor),
                captive = name(captive),
                pushing = pushing(figure)
            ),
            Action::Release { figure, captive } => {
                let (points, _) = crate::game::capture::release_points(s, *figure, *captive);
                msg!(
                    lang,
                    "action.release",
                    captive = name(captive),
                    figure = name(figure),
                    points = points,
                    pushing = pushing(figure)
                )
            }
            Action::MoveAndAttack { figure, to, .. } => msg!(
                lang,
                "action.move_and_attack",
                figure = name(figure),
                square = to,
                pushing = pushing(figure)
            ),
            Action::MoveOn { to } => msg!(lang, "action.move_on", square = to),
            Action::Accept => match s.asked() {
                Some(Interrupt::Blades { .. }) => msg!(lang, "action.accept_blades"),
                Some(Interrupt::Reroll { .. }) => msg!(lang, "action.accept_reroll"),
                Some(Interrupt::ElectKnockback { .. }) => msg!(lang, "action.accept_knockback"),
                Some(Interrupt::RollReroll { offer, .. }) => msg!(
                    lang,
                    "action.accept_roll_reroll",
                    roll = offer.kind.name(lang)
                ),
                _ => msg!(lang, "action.yes"),
            },
            Action::Decline => match s.asked() {
                Some(Interrupt::Blades { .. }) => msg!(lang, "action.decline_blades"),
                Some(Interrupt::Reroll { .. } | Interrupt::RollReroll { .. }) => {
                    msg!(lang, "action.decline_reroll")
                }
                Some(Interrupt::FreeAttack { .. } | Interrupt::AbilityAttack { .. }) => {
                    msg!(lang, "action.decline_attack")
                }
                Some(Interrupt::MoveOn { .. } | Interrupt::ElectKnockback { .. }) => {
                    msg!(lang, "action.decline_move")
                }
                Some(Interrupt::PickUp { .. }) => msg!(lang, "action.decline_pick_up"),
                Some(Interrupt::Controlled { figure, .. }) => {
                    msg!(lang, "action.decline_controlled", figure = name(figure))
                }
                Some(Interrupt::PlaceMarkers { .. }) => msg!(lang, "action.decline_markers"),
                Some(
                    Interrupt::Mastermind { figure, .. }
                    | Interrupt::MastermindHeld {
                        offer: crate::game::rolls::RedirectOffer { figure, .. },
                        ..
                    },
                ) => msg!(lang, "action.decline_mastermind", figure = name(figure)),
                _ => msg!(lang, "action.no"),
            },
            Action::Redirect { friend } => msg!(lang, "action.redirect", friend = name(friend)),
            Action::SwitchOffTeam { figure, team } => msg!(
                lang,
                "action.switch_off_team",
                figure = name(figure),
                team = crate::game::powers::team_name(team, lang)
            ),
            Action::ClearToken { friend } => {
                msg!(lang, "action.clear_token", friend = name(friend))
            }
            Action::PlaceMarker { square } => msg!(lang, "action.place_marker", square = square),
            Action::DestroyBlocking {
                attacker,
                square,
                ranged,
                ..
            } => msg!(
                lang,
                "action.destroy_blocking",
                kind = attack_kind(*ranged, lang),
                attacker = name(attacker),
                square = square,
                damage = self.damage(*attacker),
                pushing = pushing(attacker)
            ),
            Action::DestroyWall {
                attacker,
                square,
                dir,
                ranged,
                ..
            } => msg!(
                lang,
                "action.destroy_wall",
                kind = attack_kind(*ranged, lang),
                attacker = name(attacker),
                side = dir_name(*dir, lang),
                square = square,
                damage = self.damage(*attacker),
                pushing = pushing(attacker)
            ),
            Action::WildCard { figure, team } => match team {
                Some(t) => msg!(
                    lang,
                    "action.wild_card",
                    figure = name(figure),
                    team = crate::game::powers::team_name(t, lang)
                ),
                None => msg!(lang, "action.wild_card_none", figure = name(figure)),
            },
            Action::SetFeatAside { figure, feat } => {
                let feat = s
                    .feats
                    .get(*feat)
                    .map_or_else(|| format!("#{feat}"), |x| x.def.name_in(lang).to_string());
                msg!(
                    lang,
                    "action.set_feat_aside",
                    figure = name(figure),
                    feat = feat
                )
            }
            Action::Pass { figure, .. } => msg!(lang, "action.pass", figure = name(figure)),
            Action::SplitDamage { amounts, .. } => {
                let hits = match s.asked() {
                    Some(Interrupt::SplitDamage { attack, .. }) => attack.hits.clone(),
                    _ => Vec::new(),
                };
                let shares: Vec<String> = amounts
                    .iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let who = hits
                            .get(i)
                            .map_or_else(|| format!("#{}", i + 1), |t| figure_name(s, *t));
                        msg!(lang, "action.share", amount = a, target = who)
                    })
                    .collect();
                msg!(lang, "action.split_damage", shares = shares.join(", "))
            }
            Action::KnockbackVia { square, .. } => {
                let who = match s.asked() {
                    Some(Interrupt::KnockbackLine { figure, .. }) => name(figure),
                    _ => "?".into(),
                };
                msg!(lang, "action.knockback_via", figure = who, square = square)
            }
            Action::EndTurn => match s.action_total.saturating_sub(s.actions_used) {
                0 => msg!(lang, "action.end_turn"),
                left => msg!(lang, "action.end_turn_unused", left = left),
            },
            #[allow(unreachable_patterns)]
            _ => format!("{action:?}"),
        }
    }

    /// The damage value an attack on terrain would deal.
    fn damage(&self, attacker: FigureId) -> i32 {
        self.state
            .fig(attacker)
            .map_or(0, |f| combat::stat(self.state, f, Stat::Damage).value)
    }
}

/// One action as a sentence, e.g. "Ranged attack: Quillon Marsh → Grumblestone (hindered,
/// needs 9)". To describe many actions of one decision, [`ActionTexts`] shares the move
/// searches between them.
pub fn describe_action(state: &State, action: &Action, lang: Lang) -> String {
    ActionTexts::new(state, lang).describe(action)
}
