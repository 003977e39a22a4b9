//! Special powers and special attacks in words: their uses, outcomes and the values they changed.

use super::*;

/// Where a special attack is aimed: at a figure, along a line, or all around.
pub(super) fn special_aim(
    state: &State,
    target: Option<u32>,
    line: Option<crate::game::powers::special::Line>,
    lang: Lang,
) -> String {
    let grid = Grid::of(&state.field);
    match (target, line) {
        // *Burning Breath*: the target, then a line from it.
        (Some(t), Some(l)) => match lang {
            Lang::En => format!(
                " on {}, then in a line to the {} from {}",
                figure_name(state, t),
                direction_word(l.dir, lang),
                grid.name(l.from)
            ),
            Lang::Fr => format!(
                " sur {}, puis en ligne vers {} depuis {}",
                figure_name(state, t),
                direction_word(l.dir, lang),
                grid.name(l.from)
            ),
        },
        (Some(t), None) => format!(" {} {}", lang.pick("on", "sur"), figure_name(state, t)),
        (None, Some(l)) => match lang {
            Lang::En => format!(
                " in a line to the {} from {}",
                direction_word(l.dir, lang),
                grid.name(l.from)
            ),
            Lang::Fr => format!(
                " en ligne vers {} depuis {}",
                direction_word(l.dir, lang),
                grid.name(l.from)
            ),
        },
        (None, None) => lang
            .pick(
                " on every adjacent figure",
                " sur toutes les figurines adjacentes",
            )
            .into(),
    }
}

/// A special attack as a menu line: the power, its aim, the figures it would affect and its
/// dice (*attaque spéciale*).
pub(super) fn special_action_text(state: &State, action: &Action, lang: Lang) -> String {
    use crate::game::powers::special::{self, Aim};
    let Some(aim) = Aim::of(action) else {
        return String::new();
    };
    let name = |id: &u32| figure_name(state, *id);
    match special::shot(state, &aim) {
        Ok(shot) => {
            let hit: Vec<String> = shot.affected.iter().map(name).collect();
            // A combined attack's other attackers (*Encircle*).
            let mut with: Vec<String> = Vec::new();
            if shot.power.combined.is_some() {
                with = aim.also.iter().map(name).collect();
            }
            let with = if with.is_empty() {
                String::new()
            } else {
                format!(" + {}", with.join(", "))
            };
            match lang {
                Lang::En => format!(
                    "{}{with}: {}{} ({}; affects {})",
                    name(&aim.figure),
                    shot.name,
                    special_aim(state, aim.target, aim.line, lang),
                    plural(shot.attack, ("attack die", "attack dice"), ("", ""), lang),
                    hit.join(", ")
                ),
                Lang::Fr => format!(
                    "{}{with} : {}{} ({} ; touche {})",
                    name(&aim.figure),
                    shot.name,
                    special_aim(state, aim.target, aim.line, lang),
                    plural(
                        shot.attack,
                        ("", ""),
                        ("dé d'attaque", "dés d'attaque"),
                        lang
                    ),
                    hit.join(", ")
                ),
            }
        }
        Err(_) => format!(
            "{}: {}{}",
            name(&aim.figure),
            lang.pick("special attack", "attaque spéciale"),
            special_aim(state, aim.target, aim.line, lang)
        ),
    }
}

/// A special attack's roll: the attack dice once, then every affected figure's defence.
pub(super) fn special_event_text(state: &State, event: &Event, lang: Lang) -> String {
    let Event::SpecialAttacked {
        attacker,
        power,
        target,
        line,
        attack,
        height,
        skulls,
        hits,
        attack_dice,
    } = event
    else {
        return String::new();
    };
    let up = match (*height, lang) {
        _ if !attack_dice.changes.is_empty() => {
            format!(" ({})", tally_text(state, attack_dice, true, lang))
        }
        (0, _) => String::new(),
        (h, Lang::En) => format!(" (+{h} for height)"),
        (h, Lang::Fr) => format!(" (+{h} pour la hauteur)"),
    };
    let head = match lang {
        Lang::En => format!(
            "{} uses {}{}{up}: {} {}",
            figure_name(state, *attacker),
            power,
            special_aim(state, *target, *line, lang),
            faces(attack),
            plural(*skulls, ("skull", "skulls"), ("", ""), lang),
        ),
        Lang::Fr => format!(
            "{} utilise {}{}{up} : {} {}",
            figure_name(state, *attacker),
            power,
            special_aim(state, *target, *line, lang),
            faces(attack),
            plural(*skulls, ("", ""), ("crâne", "crânes"), lang),
        ),
    };
    if *skulls == 0 {
        let names: Vec<String> = hits.iter().map(|h| figure_name(state, h.figure)).collect();
        return match lang {
            Lang::En => format!(
                "{head}; the attack misses, nobody rolls defence ({})",
                names.join(", ")
            ),
            Lang::Fr => format!(
                "{head} ; l'attaque est nulle, personne ne lance de dé de défense ({})",
                names.join(", ")
            ),
        };
    }
    let each: Vec<String> = hits
        .iter()
        .map(|h| {
            let up = match (h.height, lang) {
                _ if !h.defence_dice.changes.is_empty() => {
                    format!(" ({})", tally_text(state, &h.defence_dice, false, lang))
                }
                (0, _) => String::new(),
                (n, Lang::En) => format!(" (+{n} for height)"),
                (n, Lang::Fr) => format!(" (+{n} pour la hauteur)"),
            };
            match lang {
                Lang::En => format!(
                    "{}{up} {} {} → {}",
                    figure_name(state, h.figure),
                    faces(&h.defence),
                    plural(h.shields, ("shield", "shields"), ("", ""), lang),
                    plural(h.wounds, ("wound", "wounds"), ("", ""), lang),
                ),
                Lang::Fr => format!(
                    "{}{up} {} {} → {}",
                    figure_name(state, h.figure),
                    faces(&h.defence),
                    plural(h.shields, ("", ""), ("bouclier", "boucliers"), lang),
                    plural(h.wounds, ("", ""), ("blessure", "blessures"), lang),
                ),
            }
        })
        .collect();
    format!("{head}; {}", each.join("; "))
}

/// A power's printed name, e.g. "MIND SHACKLE 20".
pub fn power_name(state: &State, unit: u16, power: u8) -> String {
    state
        .unit(unit)
        .and_then(|u| u.card.powers.get(usize::from(power)))
        .map_or_else(|| format!("#{power}"), |p| p.name.clone())
}

/// An offered or chosen use of a power, as a menu line.
pub(super) fn use_power_text(
    state: &State,
    figure: u32,
    power: u8,
    target: Option<u32>,
    lang: Lang,
) -> String {
    let name = state
        .figure(figure)
        .map_or_else(|| format!("#{power}"), |f| power_name(state, f.unit, power));
    match (target, lang) {
        (Some(t), Lang::En) => format!(
            "{name}: {} chooses {}",
            figure_name(state, figure),
            figure_name(state, t)
        ),
        (Some(t), Lang::Fr) => format!(
            "{name} : {} choisit {}",
            figure_name(state, figure),
            figure_name(state, t)
        ),
        (None, Lang::En) => format!("Use {name} ({})", figure_name(state, figure)),
        (None, Lang::Fr) => format!(
            "Utiliser le pouvoir {name} ({})",
            figure_name(state, figure)
        ),
    }
}

/// What a power's outcome did.
pub(super) fn outcome_words(
    state: &State,
    outcome: &crate::power::Outcome,
    target: Option<u32>,
    lang: Lang,
) -> String {
    use crate::power::Outcome as O;
    let who = target.map_or_else(String::new, |t| figure_name(state, t));
    let wounds = |n: u16| plural(n, ("wound", "wounds"), ("blessure", "blessures"), lang);
    match (outcome, lang) {
        (O::WoundAttacker(n) | O::WoundTarget(n), Lang::En) => {
            format!("{who} takes {}", wounds(*n))
        }
        (O::WoundAttacker(n) | O::WoundTarget(n), Lang::Fr) => {
            format!("{who} subit {}", wounds(*n))
        }
        (O::EndAttack, Lang::En) => format!("the attack of {who} ends"),
        (O::EndAttack, Lang::Fr) => format!("l'attaque de {who} s'arrête"),
        (O::DestroyTarget, Lang::En) => format!("{who} is destroyed"),
        (O::DestroyTarget, Lang::Fr) => format!("{who} est détruit"),
        (O::TakeControl, Lang::En) => format!("takes control of {who}"),
        (O::TakeControl, Lang::Fr) => format!("prend le contrôle de {who}"),
        (O::MoveAgain, Lang::En) => "the card's figures move again".into(),
        (O::MoveAgain, Lang::Fr) => "les figurines de la carte se déplacent à nouveau".into(),
        (O::AnotherTurn, Lang::En) => "another turn with this card".into(),
        (O::AnotherTurn, Lang::Fr) => "un autre tour avec cette carte".into(),
        (O::AttackAgain, Lang::En) => "it may attack again".into(),
        (O::AttackAgain, Lang::Fr) => "elle peut attaquer à nouveau".into(),
        (O::IgnoreWounds, Lang::En) => "the wounds are ignored".into(),
        (O::IgnoreWounds, Lang::Fr) => "les blessures sont ignorées".into(),
        (O::ReturnDestroyedAdjacent, Lang::En) => format!("{who} comes back to the battlefield"),
        (O::ReturnDestroyedAdjacent, Lang::Fr) => {
            format!("{who} revient sur le champ de bataille")
        }
        (O::DeployApart, Lang::En) => "the figures are placed on the battlefield".into(),
        (O::DeployApart, Lang::Fr) => "les figurines sont placées sur le champ de bataille".into(),
        (O::Heal(n), Lang::En) => format!("removes {} from its card", wounds(*n)),
        (O::Heal(n), Lang::Fr) => format!("retire {} de sa carte", wounds(*n)),
        (O::HealOnGround { by, grounds }, Lang::En) => format!(
            "removes {} more from its card on {}",
            wounds(*by),
            ground_names(grounds, lang)
        ),
        (O::HealOnGround { by, grounds }, Lang::Fr) => format!(
            "retire {} de plus de sa carte sur {}",
            wounds(*by),
            ground_names(grounds, lang)
        ),
        (O::HealTarget(n), Lang::En) => format!("removes {} from the card of {who}", wounds(*n)),
        (O::HealTarget(n), Lang::Fr) => format!("retire {} de la carte de {who}", wounds(*n)),
        (O::DefenceAtMost { dice, .. }, Lang::En) => format!(
            "figures it attacks this turn roll at most {}",
            plural(*dice, ("defense die", "defense dice"), ("dé", "dés"), lang)
        ),
        (O::DefenceAtMost { dice, .. }, Lang::Fr) => format!(
            "les figurines qu'elle attaque ce tour-ci lancent au plus {} de défense",
            plural(*dice, ("defense die", "defense dice"), ("dé", "dés"), lang)
        ),
        (O::TargetDefenceAtMost(0), Lang::En) => {
            format!("{who} rolls no defense dice against it this turn")
        }
        (O::TargetDefenceAtMost(0), Lang::Fr) => {
            format!("{who} ne lance aucun dé de défense contre elle ce tour-ci")
        }
        (O::TargetDefenceAtMost(dice), Lang::En) => format!(
            "{who} rolls at most {} against it this turn",
            plural(*dice, ("defense die", "defense dice"), ("dé", "dés"), lang)
        ),
        (O::TargetDefenceAtMost(dice), Lang::Fr) => format!(
            "{who} lance au plus {} de défense contre elle ce tour-ci",
            plural(*dice, ("defense die", "defense dice"), ("dé", "dés"), lang)
        ),
        (O::WoundAdjacent(n), Lang::En) => format!("each adjacent figure takes {}", wounds(*n)),
        (O::WoundAdjacent(n), Lang::Fr) => {
            format!("chaque figurine adjacente subit {}", wounds(*n))
        }
        (O::DestroySelf, Lang::En) => "the figure that used it is destroyed".into(),
        (O::DestroySelf, Lang::Fr) => "la figurine qui l'a utilisé est détruite".into(),
        (O::WoundSelf(n), Lang::En) => format!("the figure that used it takes {}", wounds(*n)),
        (O::WoundSelf(n), Lang::Fr) => {
            format!("la figurine qui l'a utilisé subit {}", wounds(*n))
        }
        (O::MoveSelf { spaces, apart }, Lang::En) => format!(
            "it may move up to {}{}",
            plural(*spaces, ("space", "spaces"), ("case", "cases"), lang),
            if *apart {
                ", ending not adjacent to any enemy figure"
            } else {
                ""
            }
        ),
        (O::MoveSelf { spaces, apart }, Lang::Fr) => format!(
            "elle peut se déplacer de {} au plus{}",
            plural(*spaces, ("space", "spaces"), ("case", "cases"), lang),
            if *apart {
                ", pour finir adjacente à aucune figurine ennemie"
            } else {
                ""
            }
        ),
        (O::Place(crate::power::Placing { throw: Some(t), .. }), Lang::En) => format!(
            "{who} may be thrown onto an empty space within {} of the figure that used it{}",
            plural(t.within, ("space", "spaces"), ("case", "cases"), lang),
            if t.clear_sight { ", in its clear sight" } else { "" }
        ),
        (O::Place(crate::power::Placing { throw: Some(t), .. }), Lang::Fr) => format!(
            "{who} peut être lancée sur une case vide à {} au plus de la figurine qui l'a utilisé{}",
            plural(t.within, ("space", "spaces"), ("case", "cases"), lang),
            if t.clear_sight { ", dans sa ligne de visée dégagée" } else { "" }
        ),
        (O::Place(p), Lang::En) => format!(
            "{who} is to be placed on an empty space adjacent to the figure that used it{}",
            if p.same_level { ", on its level" } else { "" }
        ),
        (O::Place(p), Lang::Fr) => format!(
            "{who} va être placée sur une case vide adjacente à la figurine qui l'a utilisé{}",
            if p.same_level { ", à son niveau" } else { "" }
        ),
        (O::HealChosen(crate::power::choose::Heal::UpTo(n)), Lang::En) => format!(
            "up to {} of its player's choice removed from the card of {who}",
            plural(*n, ("wound marker", "wound markers"), ("", ""), lang)
        ),
        (O::HealChosen(crate::power::choose::Heal::UpTo(n)), Lang::Fr) => format!(
            "jusqu'à {} au choix de son joueur retirés de la carte de {who}",
            plural(
                *n,
                ("", ""),
                ("marqueur de blessure", "marqueurs de blessure"),
                lang
            )
        ),
        (O::HealChosen(crate::power::choose::Heal::All), Lang::En) => {
            format!("every wound marker removed from the card of {who}")
        }
        (O::HealChosen(crate::power::choose::Heal::All), Lang::Fr) => {
            format!("tous les marqueurs de blessure retirés de la carte de {who}")
        }
        (O::Misc(m), _) => super::misc::outcome_words(*m, &who, lang),
    }
}

/// Why a value changed, for people: a glyph, height, a card's power, a spirit.
pub fn why_text(state: &State, why: &Why, lang: Lang) -> String {
    match why {
        Why::Glyph { glyph } => match lang {
            Lang::En => format!("glyph {}", glyph_name(*glyph, lang)),
            Lang::Fr => format!("glyphe {}", glyph_name(*glyph, lang)),
        },
        Why::Height => lang.pick("height", "hauteur").into(),
        Why::Power { unit, power } => format!("{power} ({})", unit_name(state, *unit)),
        Why::Spirit { unit } => match lang {
            Lang::En => format!("{}'s spirit", unit_name(state, *unit)),
            Lang::Fr => format!("esprit de {}", unit_name(state, *unit)),
        },
    }
}

/// Dice and what made their number: "3 attack dice: 2 printed, +1 glyph Astrid (attack +1)".
pub fn tally_text(state: &State, tally: &Tally, attack: bool, lang: Lang) -> String {
    let what = match (attack, lang) {
        (true, _) => plural(
            tally.value(),
            ("attack die", "attack dice"),
            ("dé d'attaque", "dés d'attaque"),
            lang,
        ),
        (false, _) => plural(
            tally.value(),
            ("defence die", "defence dice"),
            ("dé de défense", "dés de défense"),
            lang,
        ),
    };
    let mut parts = vec![match lang {
        Lang::En => format!("{} printed", tally.printed),
        Lang::Fr => format!("{} sur la carte", tally.printed),
    }];
    for c in &tally.changes {
        let why = why_text(state, &c.why, lang);
        parts.push(match (c.automatic, attack, lang) {
            (false, _, _) => format!("{:+} {why}", c.by),
            (true, true, Lang::En) => format!("+{} automatic skulls ({why})", c.by),
            (true, false, Lang::En) => format!("+{} automatic shields ({why})", c.by),
            (true, true, Lang::Fr) => format!("+{} crânes automatiques ({why})", c.by),
            (true, false, Lang::Fr) => format!("+{} boucliers automatiques ({why})", c.by),
        });
    }
    let sep = if lang == Lang::Fr { " : " } else { ": " };
    format!("{what}{sep}{}", parts.join(", "))
}

/// "Game over: …", in the player's language.
pub fn outcome_text(state: &State, outcome: &skirmish_engine::Outcome, lang: Lang) -> String {
    use crate::game::play::EndReason;
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|w| seat_name(state, *w, lang))
        .collect();
    let reason = EndReason::ALL
        .into_iter()
        .find(|r| r.text(Lang::En) == outcome.reason)
        .map_or(outcome.reason.as_str(), |r| r.text(lang));
    let winners = if winners.is_empty() {
        lang.pick("nobody wins", "personne ne gagne").to_string()
    } else {
        winners.join(", ")
    };
    let scores: Vec<String> = outcome
        .scores
        .iter()
        .map(|(s, p)| format!("{} {p}", seat_name(state, *s, lang)))
        .collect();
    match lang {
        Lang::En => format!(
            "Game over: {winners} ({reason}; points: {})",
            scores.join(", ")
        ),
        Lang::Fr => format!(
            "Partie terminée : {winners} ({reason} ; points : {})",
            scores.join(", ")
        ),
    }
}

/// Land types as the card language names them (`snow`, `ice`), in the player's language:
/// "snow or ice", « neige ou glace ».
fn ground_names(grounds: &[String], lang: Lang) -> String {
    let words: Vec<&str> = grounds
        .iter()
        .map(|g| {
            serde_json::from_value::<crate::battlefield::Ground>(serde_json::Value::String(
                g.clone(),
            ))
            .map_or(g.as_str(), |g| crate::present::judge::ground_word(g, lang))
        })
        .collect();
    words.join(lang.pick(" or ", " ou "))
}
