//! What happened, as log lines: each [`Event`] is data, and these are its words in either
//! language, from the catalogue's `event.*`, `critical.*`, `knockback_stop.*`, `effect_end.*`
//! and `end_reason.*` messages.

use skirmish_board::square::{Marker, Square};
use skirmish_board::FigureId;
use skirmish_engine::Seat;
use skirmish_lang::Lang;

use super::catalogue::{msg, render};
use crate::game::objects::ObjectFate;
use crate::game::powers::team_name;
use crate::game::{Critical, DamageKind, EffectEnd, EndReason, Event, KnockbackStop, Names};

impl Critical {
    /// The note for the log.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Critical::Miss => msg!(lang, "critical.miss"),
            Critical::Hit { extra_damage: true } => msg!(lang, "critical.hit_extra_damage"),
            Critical::Hit {
                extra_damage: false,
            } => msg!(lang, "critical.hit"),
        }
    }
}

impl KnockbackStop {
    /// The note for the log.
    pub fn text(self, lang: Lang) -> String {
        match self {
            KnockbackStop::MapEdge => msg!(lang, "knockback_stop.map_edge"),
            KnockbackStop::Blocking { at } => msg!(lang, "knockback_stop.blocking", at = at),
            KnockbackStop::FigureBelow { at } => {
                msg!(lang, "knockback_stop.figure_below", at = at)
            }
            KnockbackStop::Figure { at } => msg!(lang, "knockback_stop.figure", at = at),
            KnockbackStop::Fell { flier: true } => msg!(lang, "knockback_stop.fell_flier"),
            KnockbackStop::Fell { flier: false } => msg!(lang, "knockback_stop.fell"),
        }
    }
}

impl EffectEnd {
    /// The note for the log.
    pub fn text(self, lang: Lang) -> String {
        match self {
            EffectEnd::PerplexOn { stat } => {
                msg!(lang, "effect_end.perplex_on", stat = stat.name(lang))
            }
            EffectEnd::Perplex => msg!(lang, "effect_end.perplex"),
            EffectEnd::PerplexDamaged => msg!(lang, "effect_end.perplex_damaged"),
            EffectEnd::PerplexUserLost => msg!(lang, "effect_end.perplex_user_lost"),
            EffectEnd::CounterEnds { ability } => {
                msg!(
                    lang,
                    "effect_end.counter_ends",
                    ability = ability.name(lang)
                )
            }
            EffectEnd::Countered { ability } => {
                msg!(lang, "effect_end.countered", ability = ability.name(lang))
            }
        }
    }
}

impl EndReason {
    /// The reason for players.
    pub fn text(self, lang: Lang) -> String {
        render(lang, &format!("end_reason.{}", self.code()), &[])
    }
}

/// Squares joined by arrows: "3,4 → 4,5 → 5,5".
fn path(squares: &[Square]) -> String {
    squares
        .iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// A card's name as a text in this language reads it: its French name in French when it has
/// one, else the English.
fn localized<'a>(name: &'a str, name_fr: &'a Option<String>, lang: Lang) -> &'a str {
    match name_fr {
        Some(f) if lang == Lang::Fr => f,
        _ => name,
    }
}

/// Each seat's 2d6 totals: "Wardens (player 1) [7, 9]".
fn seat_rolls(rolls: &[(Seat, Vec<u8>)], seat: &dyn Fn(&Seat) -> String) -> String {
    rolls
        .iter()
        .map(|(s, v)| format!("{} {:?}", seat(s), v))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Event {
    /// The event as a log line.
    pub fn text(&self, names: &dyn Names, lang: Lang) -> String {
        let n = |id: &FigureId| names.name(*id);
        let seat = |s: &Seat| names.seat(*s, lang);
        // ": 80 victory points to Wardens (player 1)", when someone scores.
        let points_to = |scored_by: &Option<Seat>, points: u32| {
            scored_by.map_or_else(String::new, |s| {
                msg!(lang, "event.points_to", points = points, seat = seat(&s))
            })
        };
        match self {
            Event::FirstPlayer { rolls, seat: s } => msg!(
                lang,
                "event.first_player",
                seat = seat(s),
                rolls = seat_rolls(rolls, &seat)
            ),
            Event::MapChosen { name } => msg!(lang, "event.map_chosen", name = name),
            Event::ConditionRevealed {
                seat: s,
                name,
                name_fr,
                ..
            } => msg!(
                lang,
                "event.condition_revealed",
                seat = seat(s),
                name = localized(name, name_fr, lang)
            ),
            Event::ConditionCancelled {
                seat: s,
                name,
                name_fr,
            } => match name {
                Some(c) => msg!(
                    lang,
                    "event.condition_cancelled",
                    seat = seat(s),
                    name = localized(c, name_fr, lang)
                ),
                None => msg!(lang, "event.condition_cancelled_none", seat = seat(s)),
            },
            Event::ObjectPlaced {
                seat: s,
                name,
                name_fr,
                square,
            } => msg!(
                lang,
                "event.object_placed",
                seat = seat(s),
                name = localized(name, name_fr, lang),
                square = square
            ),
            Event::FeatScored {
                feat,
                name_fr,
                scored_by,
                points,
            } => {
                let feat = localized(feat, name_fr, lang);
                match scored_by {
                    Some(s) => msg!(
                        lang,
                        "event.feat_scored",
                        feat = feat,
                        points = points,
                        seat = seat(s)
                    ),
                    None => msg!(lang, "event.feat_scored_none", feat = feat),
                }
            }
            Event::WildCardChosen { figure, team } => match team {
                Some(t) => msg!(
                    lang,
                    "event.wild_card_chosen",
                    figure = n(figure),
                    team = team_name(t, lang)
                ),
                None => msg!(lang, "event.wild_card_chosen_none", figure = n(figure)),
            },
            Event::ObjectScored {
                object,
                scored_by,
                points,
            } => msg!(
                lang,
                "event.object_scored",
                object = object,
                points = points,
                seat = seat(scored_by)
            ),
            Event::FeatSetAside {
                figure,
                feat,
                name_fr,
            } => msg!(
                lang,
                "event.feat_set_aside",
                figure = n(figure),
                feat = localized(feat, name_fr, lang)
            ),
            Event::EventDialTurned {
                name,
                name_fr,
                click,
            } => msg!(
                lang,
                "event.event_dial_turned",
                name = localized(name, name_fr, lang),
                click = click
            ),
            Event::ThemeReroll { figure, left } => {
                msg!(lang, "event.theme_reroll", figure = n(figure), left = left)
            }
            Event::ZoneChosen { seat: s, zone } => {
                msg!(lang, "event.zone_chosen", seat = seat(s), zone = zone)
            }
            Event::ZonesGrown { rows } => msg!(lang, "event.zones_grown", rows = rows),
            Event::Placed { figure, square } => {
                msg!(lang, "event.placed", figure = n(figure), square = square)
            }
            Event::RoundStarted { round } => msg!(lang, "event.round_started", round = round),
            Event::TurnStarted { seat: s, actions } => {
                msg!(
                    lang,
                    "event.turn_started",
                    seat = seat(s),
                    actions = actions
                )
            }
            Event::Breakaway {
                figure,
                roll,
                success,
                automatic,
                modifier,
            } => {
                if let Some(p) = automatic {
                    return msg!(
                        lang,
                        "event.breakaway_automatic",
                        figure = n(figure),
                        power = p.name(lang)
                    );
                }
                let modifier = if *modifier != 0 {
                    msg!(
                        lang,
                        "event.breakaway_modifier",
                        modifier = format!("{modifier:+}")
                    )
                } else {
                    String::new()
                };
                let result = if *success {
                    msg!(lang, "event.breakaway_success")
                } else {
                    msg!(lang, "event.breakaway_failure")
                };
                msg!(
                    lang,
                    "event.breakaway",
                    figure = n(figure),
                    roll = roll,
                    modifier = modifier,
                    result = result
                )
            }
            Event::Moved { figure, path: p } => {
                msg!(lang, "event.moved", figure = n(figure), path = path(p))
            }
            Event::AttackRoll {
                attacker,
                ranged,
                dice,
                attack,
                total,
            } => {
                let kind = if *ranged {
                    msg!(lang, "event.ranged_attack")
                } else {
                    msg!(lang, "event.close_attack")
                };
                msg!(
                    lang,
                    "event.attack_roll",
                    attacker = n(attacker),
                    kind = kind,
                    a = dice.0,
                    b = dice.1,
                    attack = attack.explain(lang),
                    total = total
                )
            }
            Event::AttackResult {
                target,
                defense,
                beside,
                hit,
                critical,
            } => {
                let defence = match beside {
                    Some(b) => msg!(
                        lang,
                        "event.defence_beside",
                        defence = defense.explain(lang),
                        beside = n(b)
                    ),
                    None => defense.explain(lang),
                };
                let result = if *hit {
                    msg!(lang, "event.hit")
                } else {
                    msg!(lang, "event.miss")
                };
                let critical = critical
                    .map(|c| format!(" ({})", c.text(lang)))
                    .unwrap_or_default();
                msg!(
                    lang,
                    "event.attack_result",
                    target = n(target),
                    defence = defence,
                    result = result,
                    critical = critical
                )
            }
            Event::Damage {
                figure,
                amount,
                kind,
            } => {
                let figure = n(figure);
                match kind {
                    DamageKind::Attack | DamageKind::Power => {
                        msg!(lang, "event.damage", figure = figure, amount = amount)
                    }
                    DamageKind::Pushing => {
                        msg!(
                            lang,
                            "event.damage_pushing",
                            figure = figure,
                            amount = amount
                        )
                    }
                    DamageKind::Knockback => {
                        msg!(
                            lang,
                            "event.damage_knockback",
                            figure = figure,
                            amount = amount
                        )
                    }
                    DamageKind::CriticalMiss => msg!(
                        lang,
                        "event.damage_critical_miss",
                        figure = figure,
                        amount = amount
                    ),
                    DamageKind::Unavoidable => msg!(
                        lang,
                        "event.damage_unavoidable",
                        figure = figure,
                        amount = amount
                    ),
                }
            }
            Event::PowerUsed {
                figure,
                power,
                target,
            } => match target {
                Some(t) => msg!(
                    lang,
                    "event.power_used_on",
                    figure = n(figure),
                    power = power.name(lang),
                    target = n(t)
                ),
                None => msg!(
                    lang,
                    "event.power_used",
                    figure = n(figure),
                    power = power.name(lang)
                ),
            },
            Event::PowerRoll {
                figure,
                power,
                roll,
            } => msg!(
                lang,
                "event.power_roll",
                figure = n(figure),
                power = power.name(lang),
                roll = roll
            ),
            Event::ShapeChange {
                figure,
                roll,
                success,
                ability,
            } => {
                let what = if ability == "skrulls" {
                    team_name(ability, lang)
                } else {
                    crate::figure::Power::ShapeChange.name(lang).to_string()
                };
                let result = if *success {
                    msg!(lang, "event.shape_change_success")
                } else {
                    msg!(lang, "event.no_effect")
                };
                msg!(
                    lang,
                    "event.shape_change",
                    figure = n(figure),
                    what = what,
                    roll = roll,
                    result = result
                )
            }
            Event::Evaded {
                figure,
                roll,
                success,
            } => {
                let result = if *success {
                    msg!(lang, "event.evaded_success")
                } else {
                    msg!(lang, "event.no_effect")
                };
                msg!(
                    lang,
                    "event.evaded",
                    figure = n(figure),
                    roll = roll,
                    result = result
                )
            }
            Event::DamageValue { attacker, damage } => msg!(
                lang,
                "event.damage_value",
                attacker = n(attacker),
                damage = damage.explain(lang)
            ),
            Event::DamageReduced {
                figure,
                power,
                from,
                to,
            } => msg!(
                lang,
                "event.damage_reduced",
                figure = n(figure),
                power = power.name(lang),
                from = from,
                to = to
            ),
            Event::Healed {
                figure,
                amount,
                power,
            } => match power {
                Some(p) => msg!(
                    lang,
                    "event.healed_by",
                    figure = n(figure),
                    amount = amount,
                    power = p.name(lang)
                ),
                None => msg!(lang, "event.healed", figure = n(figure), amount = amount),
            },
            Event::Countered {
                figure,
                ability,
                by,
            } => msg!(
                lang,
                "event.countered",
                by = n(by),
                figure = n(figure),
                ability = ability.name(lang)
            ),
            Event::EffectEnded { figure, what } => msg!(
                lang,
                "event.effect_ended",
                figure = n(figure),
                what = what.text(lang)
            ),
            Event::Perplexed {
                figure,
                stat,
                delta,
                by,
            } => msg!(
                lang,
                "event.perplexed",
                by = n(by),
                figure = n(figure),
                stat = stat.name(lang),
                delta = format!("{delta:+}")
            ),
            Event::MarkerPlaced {
                figure,
                marker,
                square,
            } => {
                let marker = match marker {
                    Marker::Barrier => msg!(lang, "event.marker_barrier"),
                    Marker::Smoke => msg!(lang, "event.marker_smoke"),
                    Marker::Debris | Marker::Object => msg!(lang, "event.marker_debris"),
                };
                msg!(
                    lang,
                    "event.marker_placed",
                    figure = n(figure),
                    marker = marker,
                    square = square
                )
            }
            Event::MarkersRemoved { figure, squares } => msg!(
                lang,
                "event.markers_removed",
                figure = n(figure),
                squares = path(squares)
            ),
            Event::ObjectMoved {
                figure,
                object,
                fate,
                square,
            } => {
                let figure = n(figure);
                let at = square.map(|s| format!(" ({s})")).unwrap_or_default();
                match fate {
                    ObjectFate::PickedUp => msg!(
                        lang,
                        "event.object_picked_up",
                        figure = figure,
                        object = object,
                        at = at
                    ),
                    ObjectFate::Used => {
                        msg!(lang, "event.object_used", figure = figure, object = object)
                    }
                    ObjectFate::Dropped => msg!(
                        lang,
                        "event.object_dropped",
                        figure = figure,
                        object = object,
                        at = at
                    ),
                    ObjectFate::Removed => {
                        msg!(
                            lang,
                            "event.object_removed",
                            figure = figure,
                            object = object
                        )
                    }
                    ObjectFate::Destroyed => msg!(
                        lang,
                        "event.object_destroyed",
                        figure = figure,
                        object = object,
                        at = at
                    ),
                    ObjectFate::Moved => msg!(
                        lang,
                        "event.object_moved",
                        figure = figure,
                        object = object,
                        at = at
                    ),
                    ObjectFate::Kept => {
                        msg!(lang, "event.object_kept", figure = figure, object = object)
                    }
                }
            }
            Event::TeamAbilityUsed {
                figure,
                team,
                target,
                roll,
            } => {
                let roll = roll
                    .map(|r| msg!(lang, "event.d6", roll = r))
                    .unwrap_or_default();
                msg!(
                    lang,
                    "event.team_ability_used",
                    figure = n(figure),
                    team = team_name(team, lang),
                    target = n(target),
                    roll = roll
                )
            }
            Event::SwitchedOff { figure, ability } => msg!(
                lang,
                "event.switched_off",
                figure = n(figure),
                ability = ability.name(lang)
            ),
            Event::DamageSplit { attacker, shares } => {
                let shares = shares
                    .iter()
                    .map(|(t, d)| format!("{} {d}", n(t)))
                    .collect::<Vec<_>>()
                    .join(", ");
                msg!(
                    lang,
                    "event.damage_split",
                    attacker = n(attacker),
                    shares = shares
                )
            }
            Event::ExtraAction { figure } => msg!(lang, "event.extra_action", figure = n(figure)),
            Event::KnockedBack {
                figure,
                path: p,
                stopped_by,
            } => {
                let stop = stopped_by
                    .map(|s| format!(" ({})", s.text(lang)))
                    .unwrap_or_default();
                msg!(
                    lang,
                    "event.knocked_back",
                    figure = n(figure),
                    path = path(p),
                    stop = stop
                )
            }
            Event::KnockedOut {
                figure,
                scored_by,
                points,
                hereditary_enemy,
            } => {
                let scored = points_to(scored_by, *points);
                match hereditary_enemy {
                    Some(e) => msg!(
                        lang,
                        "event.knocked_out_by_enemy",
                        figure = n(figure),
                        enemy = n(e),
                        scored = scored
                    ),
                    None => msg!(
                        lang,
                        "event.knocked_out",
                        figure = n(figure),
                        scored = scored
                    ),
                }
            }
            Event::TerrainDestroyed { debris } => {
                let squares = debris
                    .iter()
                    .map(Square::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                msg!(lang, "event.terrain_destroyed", squares = squares)
            }
            Event::TerrainHeld { damage } => msg!(lang, "event.terrain_held", damage = damage),
            Event::Token { figure, tokens } => {
                msg!(lang, "event.token", figure = n(figure), tokens = tokens)
            }
            Event::TeamSwitchedOff { figure, team } => msg!(
                lang,
                "event.team_switched_off",
                figure = n(figure),
                team = team_name(team, lang)
            ),
            Event::Captured { figure, captive } => msg!(
                lang,
                "event.captured",
                figure = n(figure),
                captive = n(captive)
            ),
            Event::Freed {
                captive,
                captor,
                rescuer,
            } => match rescuer {
                Some(r) => msg!(
                    lang,
                    "event.rescued",
                    rescuer = n(r),
                    captive = n(captive),
                    captor = n(captor)
                ),
                None => msg!(
                    lang,
                    "event.freed",
                    captive = n(captive),
                    captor = n(captor)
                ),
            },
            Event::CaptiveReleased {
                figure,
                captive,
                scored_by,
                points,
                hereditary,
            } => {
                let scored = points_to(scored_by, *points);
                if *hereditary {
                    msg!(
                        lang,
                        "event.enemy_released",
                        figure = n(figure),
                        captive = n(captive),
                        scored = scored
                    )
                } else {
                    msg!(
                        lang,
                        "event.captive_released",
                        figure = n(figure),
                        captive = n(captive),
                        scored = scored
                    )
                }
            }
            Event::TokenCleared { figure } => msg!(lang, "event.token_cleared", figure = n(figure)),
            Event::Passed { figure } => msg!(lang, "event.passed", figure = n(figure)),
            Event::TokensCleared { figures } => {
                let figures = figures.iter().map(n).collect::<Vec<_>>().join(", ");
                msg!(lang, "event.tokens_cleared", figures = figures)
            }
            Event::TurnEnded { seat: s } => msg!(lang, "event.turn_ended", seat = seat(s)),
            Event::RollOff { rolls } => {
                msg!(lang, "event.roll_off", rolls = seat_rolls(rolls, &seat))
            }
            Event::GameOver {
                winners,
                scores,
                reason,
            } => {
                let winners = winners.iter().map(seat).collect::<Vec<_>>().join(", ");
                let scores = scores
                    .iter()
                    .map(|(s, p)| format!("{} {p}", seat(s)))
                    .collect::<Vec<_>>()
                    .join(", ");
                msg!(
                    lang,
                    "event.game_over",
                    reason = reason.text(lang),
                    winners = winners,
                    scores = scores
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Letters;
    impl Names for Letters {
        fn name(&self, id: FigureId) -> String {
            if id.0 == 0 { "Varga" } else { "Ashgrave" }.to_string()
        }
    }

    #[test]
    fn hereditary_enemies_are_named_in_both_languages() {
        let ko = Event::KnockedOut {
            figure: FigureId(1),
            scored_by: Some(Seat(0)),
            points: 220,
            hereditary_enemy: Some(FigureId(0)),
        };
        let en = ko.text(&Letters, Lang::En);
        assert_eq!(
            en,
            "Ashgrave is knocked out by its hereditary enemy Varga (double points): 220 victory \
             points to player 1"
        );
        let fr = ko.text(&Letters, Lang::Fr);
        assert_eq!(
            fr,
            "Ashgrave est mis KO par son ennemi héréditaire Varga (points doublés) : 220 points \
             de victoire pour joueur 1"
        );
        let released = Event::CaptiveReleased {
            figure: FigureId(0),
            captive: FigureId(1),
            scored_by: Some(Seat(0)),
            points: 330,
            hereditary: true,
        };
        assert!(released
            .text(&Letters, Lang::En)
            .contains("releases Ashgrave, its hereditary enemy (triple points)"));
        assert!(released
            .text(&Letters, Lang::Fr)
            .contains("son ennemi héréditaire (points triplés)"));
        // An ordinary knock-out says nothing of it, and its JSON has no such field.
        let plain = Event::KnockedOut {
            figure: FigureId(1),
            scored_by: Some(Seat(0)),
            points: 110,
            hereditary_enemy: None,
        };
        assert!(!plain.text(&Letters, Lang::En).contains("hereditary"));
        let json = serde_json::to_string(&plain).unwrap();
        assert!(!json.contains("hereditary"), "{json}");
    }

    #[test]
    fn the_end_reads_in_either_language() {
        let over = Event::GameOver {
            winners: vec![Seat(1)],
            scores: vec![(Seat(0), 50), (Seat(1), 90)],
            reason: EndReason::RoundLimit,
        };
        assert_eq!(
            over.text(&Letters, Lang::Fr),
            "Fin de la partie (limite de rounds atteinte, les points de victoire décident) : \
             vainqueur(s) joueur 2 ; points de victoire : joueur 1 50, joueur 2 90"
        );
        assert_eq!(
            over.text(&Letters, Lang::En),
            "Game over (round limit reached, victory points decide): winner(s) player 2; \
             victory points: player 1 50, player 2 90"
        );
    }
}
