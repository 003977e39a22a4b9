//! What happened, in words: every event of a HeroScape game as a log line.

use super::*;

/// An event as a log line (already filtered for its viewer).
pub fn event_text(state: &State, event: &Event, viewer: Viewer, lang: Lang) -> String {
    let _ = viewer;
    let grid = Grid::of(&state.field);
    let fig = |id: &u32| figure_name(state, *id);
    let seat = |s: &Seat| seat_name(state, *s, lang);
    let fr = lang == Lang::Fr;
    match event {
        Event::Placed { figure, hex, level } if fr => {
            format!(
                "{} est placé en {} (niveau {level})",
                fig(figure),
                grid.name(*hex)
            )
        }
        Event::Placed { figure, hex, level } => {
            format!(
                "{} is placed on {} (level {level})",
                fig(figure),
                grid.name(*hex)
            )
        }
        Event::NoRoom { figure } if fr => {
            format!(
                "Plus de place dans la zone de départ : {} ne joue pas",
                fig(figure)
            )
        }
        Event::NoRoom { figure } => {
            format!("No room left in the start zone: {} stays out", fig(figure))
        }
        Event::RoundStarted { round } if fr => format!("Temps de jeu {round} / {}", state.rounds),
        Event::RoundStarted { round } => format!("Round {round} of {}", state.rounds),
        Event::MarkerPlaced {
            seat: s,
            marker: Some(m),
            unit: Some(u),
        } => match lang {
            Lang::En => format!(
                "{} puts {} on {}",
                seat(s),
                marker_word(*m, lang),
                unit_name(state, *u)
            ),
            Lang::Fr => format!(
                "{} pose le {} sur {}",
                seat(s),
                marker_word(*m, lang),
                unit_name(state, *u)
            ),
        },
        Event::MarkerPlaced { seat: s, .. } if fr => {
            format!("{} pose un marqueur d'ordre face cachée", seat(s))
        }
        Event::MarkerPlaced { seat: s, .. } => {
            format!("{} lays an order marker face down", seat(s))
        }
        Event::MarkersDown { seat: s, counts } => {
            let list: Vec<String> = counts
                .iter()
                .map(|(u, n)| format!("{} ×{n}", unit_name(state, *u)))
                .collect();
            match lang {
                Lang::En => format!("{}'s markers are down: {}", seat(s), list.join(", ")),
                Lang::Fr => format!(
                    "Les marqueurs de {} sont posés : {}",
                    seat(s),
                    list.join(", ")
                ),
            }
        }
        Event::RollOff {
            purpose,
            rolls,
            winner,
        } => {
            let list: Vec<String> = rolls
                .iter()
                .map(|r| {
                    if r.bonus > 0 {
                        format!("{} {}+{}={}", seat(&r.seat), r.die, r.bonus, r.total)
                    } else {
                        format!("{} {}", seat(&r.seat), r.die)
                    }
                })
                .collect();
            let what = roll_purpose(*purpose, lang);
            match (winner, lang) {
                (Some(w), Lang::En) => {
                    format!("d20 for {what}: {} — {} wins", list.join(", "), seat(w))
                }
                (Some(w), Lang::Fr) => format!(
                    "d20 pour {what} : {} — {} l'emporte",
                    list.join(", "),
                    seat(w)
                ),
                (None, Lang::En) => {
                    format!("d20 for {what}: {} — tie, roll again", list.join(", "))
                }
                (None, Lang::Fr) => format!(
                    "d20 pour {what} : {} — égalité, on relance",
                    list.join(", ")
                ),
            }
        }
        Event::TurnOrder { order } => {
            let names: Vec<String> = order.iter().map(seat).collect();
            match lang {
                Lang::En => format!("Turn order: {}", names.join(", ")),
                Lang::Fr => format!("Ordre des tours : {}", names.join(", ")),
            }
        }
        Event::TurnStarted {
            seat: s,
            marker,
            unit,
        } => match lang {
            Lang::En => format!(
                "{} reveals order marker {} on {}",
                seat(s),
                marker.symbol(),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{} révèle le marqueur d'ordre {} sur {}",
                seat(s),
                marker.symbol(),
                unit_name(state, *unit)
            ),
        },
        Event::TurnLost { seat: s, marker } => match lang {
            Lang::En => format!(
                "{}'s order marker {} lies on a destroyed card: the turn is lost",
                seat(s),
                marker.symbol()
            ),
            Lang::Fr => format!(
                "Le marqueur d'ordre {} de {} est sur une carte détruite : le tour est perdu",
                marker.symbol(),
                seat(s)
            ),
        },
        Event::Moved { figure, path, from } => {
            // From where it set off: "16,8 → 16,9", not "16,9" alone.
            let steps: Vec<String> = from
                .iter()
                .chain(path)
                .map(|(h, _)| grid.name(*h))
                .collect();
            let level = path.last().map_or(0, |p| p.1);
            match lang {
                Lang::En => format!(
                    "{} moves: {} (level {level})",
                    fig(figure),
                    steps.join(" → ")
                ),
                Lang::Fr => format!(
                    "{} se déplace : {} (niveau {level})",
                    fig(figure),
                    steps.join(" → ")
                ),
            }
        }
        Event::Fell {
            figure,
            drop,
            dice,
            wounds,
        } => match lang {
            Lang::En => format!(
                "{} falls {drop} levels: {} → {}",
                fig(figure),
                faces(dice),
                plural(*wounds, ("wound", "wounds"), ("", ""), lang)
            ),
            Lang::Fr => format!(
                "Chute de {} ({drop} niveaux) : {} → {}",
                fig(figure),
                faces(dice),
                plural(*wounds, ("", ""), ("blessure", "blessures"), lang)
            ),
        },
        Event::LeftEngagement {
            figure,
            enemy,
            die,
            more,
        } => {
            let mut all = vec![*die];
            all.extend(more.iter().copied());
            let hits = crate::game::combat::skulls(&all);
            match lang {
                Lang::En => format!(
                    "{} leaves its engagement with {}: {} {}",
                    fig(figure),
                    fig(enemy),
                    faces(&all),
                    if hits > 0 {
                        format!(
                            "{}, {}",
                            plural(hits, ("skull", "skulls"), ("", ""), lang),
                            plural(hits, ("wound", "wounds"), ("", ""), lang)
                        )
                    } else {
                        "no skull".into()
                    }
                ),
                Lang::Fr => format!(
                    "{} quitte son engagement avec {} : {} {}",
                    fig(figure),
                    fig(enemy),
                    faces(&all),
                    if hits > 0 {
                        format!(
                            "{}, {}",
                            plural(hits, ("", ""), ("crâne", "crânes"), lang),
                            plural(hits, ("", ""), ("blessure", "blessures"), lang)
                        )
                    } else {
                        "pas de crâne".into()
                    }
                ),
            }
        }
        Event::GlyphRevealed { figure, hex, glyph } => {
            let rule = crate::game::glyphs::rule_text(state, *glyph, lang)
                .map(|r| format!(" — {r}"))
                .unwrap_or_default();
            match lang {
                Lang::En => format!(
                    "{} stops on the glyph at {}: {}{rule}",
                    fig(figure),
                    grid.name(*hex),
                    glyph_name(*glyph, lang)
                ),
                Lang::Fr => format!(
                    "{} s'arrête sur le glyphe en {} : {}{rule}",
                    fig(figure),
                    grid.name(*hex),
                    glyph_name(*glyph, lang)
                ),
            }
        }
        Event::GlyphUsed { glyph, figures, .. } => {
            let names: Vec<String> = figures.iter().map(fig).collect();
            match (glyph, lang) {
                (Glyph::Kelda, Lang::En) if names.is_empty() => {
                    "Kelda: no wound to heal; the glyph is used up".to_string()
                }
                (Glyph::Kelda, Lang::Fr) if names.is_empty() => {
                    "Kelda : aucune blessure à soigner ; le glyphe est défaussé".to_string()
                }
                (Glyph::Kelda, Lang::En) => format!("Kelda heals {}", names.join(", ")),
                (Glyph::Kelda, Lang::Fr) => format!("Kelda soigne {}", names.join(", ")),
                (Glyph::Erland, Lang::En) => "The glyph of Erland is used up".to_string(),
                (Glyph::Erland, Lang::Fr) => "Le glyphe d'Erland est défaussé".to_string(),
                (Glyph::Sturla, Lang::En) if names.is_empty() => {
                    "Sturla: no destroyed figure rolls 19 or 20; none comes back".to_string()
                }
                (Glyph::Sturla, Lang::Fr) if names.is_empty() => {
                    "Sturla : aucune figurine détruite ne fait 19 ou 20 ; aucune ne revit"
                        .to_string()
                }
                (Glyph::Sturla, Lang::En) => format!(
                    "Sturla brings back {} (19 or 20 on the d20)",
                    names.join(", ")
                ),
                (Glyph::Sturla, Lang::Fr) => {
                    format!("Sturla ressuscite {} (19 ou 20 au d20)", names.join(", "))
                }
                (_, Lang::En) => {
                    format!("{} strikes {}", glyph_name(*glyph, lang), names.join(", "))
                }
                (_, Lang::Fr) => {
                    format!("{} frappe {}", glyph_name(*glyph, lang), names.join(", "))
                }
            }
        }
        Event::Attacked {
            attacker,
            target,
            attack,
            defence,
            height,
            skulls,
            shields,
            wounds,
            attack_dice,
            defence_dice,
            rules,
        } => {
            let up = if attack_dice.changes.is_empty() && defence_dice.changes.is_empty() {
                match (height, lang) {
                    ((a, _), Lang::En) if *a > 0 => format!(" (+{a} for height)"),
                    ((a, _), Lang::Fr) if *a > 0 => format!(" (+{a} pour la hauteur)"),
                    ((_, d), Lang::En) if *d > 0 => format!(" (defender +{d} for height)"),
                    ((_, d), Lang::Fr) if *d > 0 => format!(" (défenseur +{d} pour la hauteur)"),
                    _ => String::new(),
                }
            } else {
                format!(
                    " ({}; {})",
                    tally_text(state, attack_dice, true, lang),
                    tally_text(state, defence_dice, false, lang)
                )
            };
            let rules: String = rules
                .iter()
                .map(|w| format!(" [{}]", why_text(state, w, lang)))
                .collect();
            match lang {
                Lang::En => format!(
                    "{} attacks {}{up}: {} {} vs {} → {}{rules}",
                    fig(attacker),
                    fig(target),
                    faces(attack),
                    plural(*skulls, ("skull", "skulls"), ("", ""), lang),
                    defence_roll(defence, *shields, lang),
                    plural(*wounds, ("wound", "wounds"), ("", ""), lang),
                ),
                Lang::Fr => format!(
                    "{} attaque {}{up} : {} {} contre {} → {}{rules}",
                    fig(attacker),
                    fig(target),
                    faces(attack),
                    plural(*skulls, ("", ""), ("crâne", "crânes"), lang),
                    defence_roll(defence, *shields, lang),
                    plural(*wounds, ("", ""), ("blessure", "blessures"), lang),
                ),
            }
        }
        Event::Destroyed { figure } if fr => format!("{} est détruit", fig(figure)),
        Event::Destroyed { figure } => format!("{} is destroyed", fig(figure)),
        Event::CardRemoved { unit } if fr => {
            format!(
                "La carte Armée {} est retirée du jeu",
                unit_name(state, *unit)
            )
        }
        Event::CardRemoved { unit } => {
            format!("The army card {} leaves the game", unit_name(state, *unit))
        }
        Event::TurnEnded { seat: s } if fr => format!("Fin du tour de {}", seat(s)),
        Event::TurnEnded { seat: s } => format!("{}'s turn ends", seat(s)),
        Event::GameOver { outcome } => outcome_text(state, outcome, lang),
        Event::SpecialAttacked { .. } => special_event_text(state, event, lang),
        Event::DraftPicked {
            seat: s,
            name,
            points,
            points_left,
            ..
        } => match lang {
            Lang::En => format!(
                "{} drafts {name} ({points} points; {points_left} left)",
                seat(s)
            ),
            Lang::Fr => format!(
                "{} choisit {name} ({points} points ; il en reste {points_left})",
                seat(s)
            ),
        },
        Event::DraftPassed { seat: s, forced } => match (lang, forced) {
            (Lang::En, true) => format!(
                "{} can afford no card left and passes: the army is complete",
                seat(s)
            ),
            (Lang::Fr, true) => format!(
                "{} ne peut plus payer aucune carte et passe son tour : son armée est constituée",
                seat(s)
            ),
            (Lang::En, false) => format!("{} stops drafting: the army is complete", seat(s)),
            (Lang::Fr, false) => {
                format!("{} arrête le draft : son armée est constituée", seat(s))
            }
        },
        Event::DraftOver { points } => {
            let each: Vec<String> = points
                .iter()
                .map(|(s, p)| format!("{} {p}", seat(s)))
                .collect();
            match lang {
                Lang::En => format!("The draft is over: {}", each.join(", ")),
                Lang::Fr => format!("Le draft est terminé : {}", each.join(", ")),
            }
        }
        Event::Summoned { figure, hex, level } => match lang {
            Lang::En => format!(
                "Erland summons {} to {} (level {level})",
                fig(figure),
                grid.name(*hex)
            ),
            Lang::Fr => format!(
                "Erland invoque {} en {} (niveau {level})",
                fig(figure),
                grid.name(*hex)
            ),
        },
        Event::PowerRolled {
            figure,
            unit,
            power,
            die,
            bonus,
            distance,
            needed,
            success,
            malus,
        } => {
            let mut adds = String::new();
            if *bonus > 0 {
                adds += &format!(" + {bonus} ({})", glyph_name(Glyph::Lodin, lang));
            }
            if *distance > 0 {
                adds += &format!(" + {distance} {}", lang.pick("spaces", "cases"));
            }
            if *malus > 0 {
                adds += &format!(" - {malus} ({})", lang.pick("an opponent's power", "pouvoir adverse"));
            }
            let total = (u16::from(*die) + bonus + distance).saturating_sub(*malus);
            match lang {
                Lang::En => format!(
                    "{}: {}: d20 {die}{adds} = {total}, {needed} needed: {}",
                    fig(figure),
                    power_name(state, *unit, *power),
                    if *success { "success" } else { "failure" }
                ),
                Lang::Fr => format!(
                    "{} : {} : d20 {die}{adds} = {total}, il faut {needed} : {}",
                    fig(figure),
                    power_name(state, *unit, *power),
                    if *success { "réussite" } else { "échec" }
                ),
            }
        }
        Event::PowerUsed {
            figure,
            unit,
            power,
            target,
            outcome,
        } => format!(
            "{}{} {}: {}",
            fig(figure),
            if fr { " :" } else { ":" },
            power_name(state, *unit, *power),
            outcome_words(state, outcome, *target, lang)
        ),
        Event::PowerDeclined {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} does not use {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} n'utilise pas le pouvoir {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Event::BondedTurn { figure, unit } => match lang {
            Lang::En => format!(
                "{} takes a turn first (bonding with {})",
                fig(figure),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{} joue d'abord un tour (lien avec {})",
                fig(figure),
                unit_name(state, *unit)
            ),
        },
        Event::MarkerMoved {
            seat: s,
            marker,
            from,
            to,
        } => match lang {
            Lang::En => format!(
                "{} reveals the X on {} and moves {} there from {}",
                seat(s),
                unit_name(state, *to),
                marker_word(*marker, lang),
                unit_name(state, *from)
            ),
            Lang::Fr => format!(
                "{} révèle le X sur {} et y déplace le {} depuis {}",
                seat(s),
                unit_name(state, *to),
                marker_word(*marker, lang),
                unit_name(state, *from)
            ),
        },
        Event::ControlTaken { unit, from, to } => match lang {
            Lang::En => format!(
                "{} takes control of {} from {}; the order markers on it are removed",
                seat(to),
                unit_name(state, *unit),
                seat(from)
            ),
            Lang::Fr => format!(
                "{} prend le contrôle de {} à {} ; les marqueurs d'ordre posés dessus sont retirés",
                seat(to),
                unit_name(state, *unit),
                seat(from)
            ),
        },
        Event::CounterStruck {
            figure,
            attacker,
            wounds,
        } => match lang {
            Lang::En => format!(
                "{} strikes back (Counter Strike): {} on {}",
                fig(figure),
                plural(*wounds, ("wound", "wounds"), ("", ""), lang),
                fig(attacker)
            ),
            Lang::Fr => format!(
                "{} riposte (Contre-attaque) : {} pour {}",
                fig(figure),
                plural(*wounds, ("", ""), ("blessure", "blessures"), lang),
                fig(attacker)
            ),
        },
        Event::LifeDrained { figure } if fr => format!(
            "{} draine la vie de sa victime : un marqueur de blessure retiré",
            fig(figure)
        ),
        Event::LifeDrained { figure } => format!(
            "{} drains its victim's life: one wound marker removed",
            fig(figure)
        ),
        Event::SpiritPlaced { from, onto } if fr => format!(
            "L'esprit de {} est posé sur la carte Armée {}",
            unit_name(state, *from),
            unit_name(state, *onto)
        ),
        Event::SpiritPlaced { from, onto } => format!(
            "{}'s spirit is laid on the army card {}",
            unit_name(state, *from),
            unit_name(state, *onto)
        ),
        Event::Ran { figure } => {
            let power = state
                .figure(*figure)
                .and_then(|f| crate::game::powers::choices::run_of(state.card_of(f)))
                .map(|r| r.0.to_string())
                .unwrap_or_default();
            match lang {
                Lang::En => format!("{} uses {power}", fig(figure)),
                Lang::Fr => format!("{} utilise {power}", fig(figure)),
            }
        }
        Event::Overextended { unit } if fr => format!(
            "{} force l'attaque (Overextend Attack) : un marqueur de blessure, et un autre tour",
            unit_name(state, *unit)
        ),
        Event::Overextended { unit } => format!(
            "{} overextends: a wound marker, and another turn",
            unit_name(state, *unit)
        ),
        Event::CarryChosen { carrier, figure } if fr => {
            format!("{} emporte {} (Transport)", fig(carrier), fig(figure))
        }
        Event::CarryChosen { carrier, figure } => {
            format!("{} carries {} (Carry)", fig(carrier), fig(figure))
        }
        Event::Carried {
            carrier,
            figure,
            hex,
            level,
        } if fr => format!(
            "{} dépose {} en {} (niveau {level})",
            fig(carrier),
            fig(figure),
            grid.name(*hex)
        ),
        Event::Carried {
            carrier,
            figure,
            hex,
            level,
        } => format!(
            "{} puts {} down on {} (level {level})",
            fig(carrier),
            fig(figure),
            grid.name(*hex)
        ),
        Event::MovedBy { figure, way } if fr => {
            format!(
                "{} utilise {}",
                fig(figure),
                way_name(state, *figure, *way, lang)
            )
        }
        Event::MovedBy { figure, way } => {
            format!(
                "{} uses {}",
                fig(figure),
                way_name(state, *figure, *way, lang)
            )
        }
        Event::MoltenLava {
            figure,
            die,
            bonus,
            survived,
        } => {
            let roll = if *bonus > 0 {
                format!("{die}+{bonus}")
            } else {
                format!("{die}")
            };
            match (lang, survived) {
                (Lang::En, true) => format!(
                    "{} enters molten lava: d20 {roll}, it miraculously survives",
                    fig(figure)
                ),
                (Lang::En, false) => format!(
                    "{} enters molten lava: d20 {roll}, it is destroyed (only a 20 survives)",
                    fig(figure)
                ),
                (Lang::Fr, true) => format!(
                    "{} entre dans la lave en fusion : d20 {roll}, elle survit miraculeusement",
                    fig(figure)
                ),
                (Lang::Fr, false) => format!(
                    "{} entre dans la lave en fusion : d20 {roll}, elle est détruite (seul un 20 sauve)",
                    fig(figure)
                ),
            }
        }
        Event::LavaField { figure, die } => {
            let hit = *die == Face::Skull;
            match lang {
                Lang::En => format!(
                    "{} stands on a lava field at the end of the round: {} {}",
                    fig(figure),
                    faces(&[*die]),
                    if hit { "skull, 1 wound" } else { "no skull" }
                ),
                Lang::Fr => format!(
                    "{} est sur un champ de lave à la fin du temps de jeu : {} {}",
                    fig(figure),
                    faces(&[*die]),
                    if hit {
                        "crâne, 1 blessure"
                    } else {
                        "pas de crâne"
                    }
                ),
            }
        }
        Event::PowerWounded {
            figure,
            wounds,
            why,
        } => match lang {
            Lang::En => format!(
                "{} takes {} ({})",
                fig(figure),
                plural(*wounds, ("wound", "wounds"), ("", ""), lang),
                why_text(state, why, lang)
            ),
            Lang::Fr => format!(
                "{} subit {} ({})",
                fig(figure),
                plural(*wounds, ("", ""), ("blessure", "blessures"), lang),
                why_text(state, why, lang)
            ),
        },
        Event::ExperienceGained {
            figure,
            why,
            markers,
        } => match lang {
            Lang::En => format!(
                "{} destroyed an opponent's figure: an experience marker on its card, {} now ({})",
                fig(figure),
                markers,
                why_text(state, why, lang)
            ),
            Lang::Fr => format!(
                "{} a détruit une figurine adverse : un marqueur d'expérience sur sa carte, {} maintenant ({})",
                fig(figure),
                markers,
                why_text(state, why, lang)
            ),
        },
        Event::ControlLent { unit, from, to } => match lang {
            Lang::En => format!(
                "{} takes control of {} from {} for this turn; the order markers stay on its card",
                seat(to),
                unit_name(state, *unit),
                seat(from)
            ),
            Lang::Fr => format!(
                "{} prend le contrôle de {} à {} pour ce tour ; les marqueurs d'ordre restent sur sa carte",
                seat(to),
                unit_name(state, *unit),
                seat(from)
            ),
        },
        Event::TurnAfter {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} takes a turn after {} ({})",
                fig(figure),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} joue un tour après {} ({})",
                fig(figure),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
        },
        Event::MarkersMoved {
            seat: who,
            from,
            to,
            count,
        } => match lang {
            Lang::En => format!(
                "{} moves {} order marker(s) from {} to {}",
                seat(who),
                count,
                unit_name(state, *from),
                unit_name(state, *to)
            ),
            Lang::Fr => format!(
                "{} déplace {} marqueur(s) d'ordre de {} vers {}",
                seat(who),
                count,
                unit_name(state, *from),
                unit_name(state, *to)
            ),
        },
        Event::ControlReturned { unit, to } => match lang {
            Lang::En => format!(
                "control of {} returns to {}",
                unit_name(state, *unit),
                seat(to)
            ),
            Lang::Fr => format!(
                "le contrôle de {} revient à {}",
                unit_name(state, *unit),
                seat(to)
            ),
        },
        Event::SquadTurnWith {
            squad,
            unit,
            power,
            instead,
        } => match (lang, instead) {
            (Lang::En, true) => format!(
                "{} take a turn instead of {} ({})",
                unit_name(state, *squad),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            (Lang::En, false) => format!(
                "{} take a turn before {} ({})",
                unit_name(state, *squad),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            (Lang::Fr, true) => format!(
                "{} jouent un tour à la place de {} ({})",
                unit_name(state, *squad),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            (Lang::Fr, false) => format!(
                "{} jouent un tour avant {} ({})",
                unit_name(state, *squad),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
        },
        Event::TurnWith {
            figure,
            unit,
            power,
            instead,
        } => match (lang, instead) {
            (Lang::En, true) => format!(
                "{} takes a turn instead of {} ({})",
                fig(figure),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            (Lang::En, false) => format!(
                "{} takes a turn before {} ({})",
                fig(figure),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            (Lang::Fr, true) => format!(
                "{} joue un tour à la place de {} ({})",
                fig(figure),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            (Lang::Fr, false) => format!(
                "{} joue un tour avant {} ({})",
                fig(figure),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
        },
        Event::XRevealed {
            seat: who,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} reveals the X order marker on {} to activate {}",
                seat(who),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} révèle le marqueur d'ordre « X » sur {} pour activer {}",
                seat(who),
                unit_name(state, *unit),
                power_name(state, *unit, *power)
            ),
        },
        Event::StartChosen {
            figure: _,
            unit,
            power,
            chosen,
        } => match lang {
            Lang::En => format!(
                "{} chooses {} ({})",
                unit_name(state, *unit),
                fig(chosen),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} choisit {} ({})",
                unit_name(state, *unit),
                fig(chosen),
                power_name(state, *unit, *power)
            ),
        },
        Event::Landed {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} lands by {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} atterrit grâce à {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Event::PowerMoved {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{} is moved by {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} est déplacé par {}",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Event::SupplyUsed {
            figure,
            unit,
            power,
            left,
        } => {
            let marker = crate::game::powers::supplies::supply_of(state, *unit, *power)
                .map(|s| s.marker().to_string())
                .unwrap_or_default();
            match lang {
                Lang::En => format!(
                    "{} takes a {marker} marker off its card for {}: {left} left",
                    fig(figure),
                    power_name(state, *unit, *power)
                ),
                Lang::Fr => format!(
                    "{} retire un marqueur « {marker} » de sa carte pour {} : il en reste {left}",
                    fig(figure),
                    power_name(state, *unit, *power)
                ),
            }
        }
        Event::Arrive { what } => super::arrive::arrived_text(state, what, lang),
        Event::TileLaid {
            figure,
            unit,
            power,
            hex,
            ground,
            left,
        } => super::tiles::laid_text(state, (*figure, *unit, *power), *hex, *ground, *left, lang),
        Event::React { what } => super::react::reacted_text(state, what, lang),
        Event::Guard { what } => super::guard::guarded_text(state, what, lang),
        Event::Peek { what } => super::peek::peeked_text(state, what, lang),
        Event::WrathRolled {
            figure,
            unit,
            power,
            chosen,
            attack,
        } => {
            let n = crate::game::combat::skulls(attack);
            match lang {
                Lang::En => format!(
                    "{}: {}: rolls {}: {n} wound(s) to inflict, one at a time, around {}, then {} is destroyed",
                    fig(figure),
                    power_name(state, *unit, *power),
                    faces(attack),
                    fig(chosen),
                    fig(chosen)
                ),
                Lang::Fr => format!(
                    "{} : {} : obtient {} : {n} blessure(s) à infliger, une à la fois, autour de {}, puis {} est détruite",
                    fig(figure),
                    power_name(state, *unit, *power),
                    faces(attack),
                    fig(chosen),
                    fig(chosen)
                ),
            }
        }
        Event::FiguresForTurn {
            unit,
            power,
            figures,
        } => match lang {
            Lang::En => format!(
                "{}: up to {figures} figures of {} may move and attack this turn",
                power_name(state, *unit, *power),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{} : jusqu'à {figures} figurines de {} peuvent se déplacer et attaquer ce tour-ci",
                power_name(state, *unit, *power),
                unit_name(state, *unit)
            ),
        },
        Event::Charged {
            figure,
            unit,
            power,
            by,
        } => match lang {
            Lang::En => format!(
                "{} uses {}: move +{by}, ending adjacent to an enemy figure if it can",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} utilise {} : déplacement +{by}, pour finir adjacente à une figurine ennemie si possible",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Event::RangeForAttacks {
            figure,
            unit,
            power,
            range,
            attacks,
        } => match lang {
            Lang::En => format!(
                "{} uses {}: range {range} and up to {attacks} normal attacks this turn",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} utilise {} : portée {range} et jusqu'à {attacks} attaques normales ce tour-ci",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Event::PowersNegated {
            figure,
            unit,
            power,
            target,
            left,
        } => match lang {
            Lang::En => format!(
                "{} places a marker on the card of {}: all its special powers are negated for the game ({}, {left} left)",
                fig(figure),
                fig(target),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} place un marqueur sur la carte de {} : tous ses pouvoirs spéciaux sont annulés pour la partie ({}, il en reste {left})",
                fig(figure),
                fig(target),
                power_name(state, *unit, *power)
            ),
        },
        Event::MoveEnded {
            figure,
            unit,
            power,
            attack_lowered,
        } => match (lang, *attack_lowered) {
            (Lang::En, 0) => format!(
                "{}: the move of {} ends here",
                power_name(state, *unit, *power),
                fig(figure)
            ),
            (Lang::En, n) => format!(
                "{}: the move of {} ends here, and its attack value is lowered by {n} until the end of the turn",
                power_name(state, *unit, *power),
                fig(figure)
            ),
            (Lang::Fr, 0) => format!(
                "{} : le déplacement de {} s'arrête ici",
                power_name(state, *unit, *power),
                fig(figure)
            ),
            (Lang::Fr, n) => format!(
                "{} : le déplacement de {} s'arrête ici, et sa valeur d'attaque baisse de {n} jusqu'à la fin du tour",
                power_name(state, *unit, *power),
                fig(figure)
            ),
        },
        Event::VenomRolled {
            attacker,
            power,
            target,
            die,
            bonus,
            more,
            destroys,
            malus,
        } => {
            let roll = match (*bonus, *malus) {
                (0, 0) => die.to_string(),
                (b, 0) => format!("{die} + {b} = {}", u16::from(*die) + b),
                (0, m) => format!("{die} - {m} = {}", u16::from(*die).saturating_sub(m)),
                (b, m) => format!(
                    "{die} + {b} - {m} = {}",
                    (u16::from(*die) + b).saturating_sub(m)
                ),
            };
            match (lang, more, destroys) {
                (Lang::En, _, true) => format!(
                    "{} rolls the 20-sided die for {power}: {roll}, {} is destroyed",
                    fig(attacker),
                    fig(target)
                ),
                (Lang::En, true, _) => format!(
                    "{} rolls the 20-sided die for {power}: {roll}, {} takes a wound more, roll again",
                    fig(attacker),
                    fig(target)
                ),
                (Lang::En, false, false) => format!(
                    "{} rolls the 20-sided die for {power}: {roll}, no wound more",
                    fig(attacker)
                ),
                (Lang::Fr, _, true) => format!(
                    "{} lance le dé à 20 faces pour {power} : {roll}, {} est détruit",
                    fig(attacker),
                    fig(target)
                ),
                (Lang::Fr, true, _) => format!(
                    "{} lance le dé à 20 faces pour {power} : {roll}, {} subit une blessure de plus, nouveau lancer",
                    fig(attacker),
                    fig(target)
                ),
                (Lang::Fr, false, false) => format!(
                    "{} lance le dé à 20 faces pour {power} : {roll}, pas de blessure de plus",
                    fig(attacker)
                ),
            }
        }
        Event::MarkersRemoved {
            figure,
            by,
            power,
            unit,
            count,
            ..
        } => match lang {
            Lang::En => format!(
                "{}: {}: {} removed from the card of {}",
                fig(figure),
                power_name(state, *by, *power),
                plural(
                    u16::from(*count),
                    ("order marker", "order markers"),
                    ("", ""),
                    lang
                ),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{} : {} : {} retiré{} de la carte de {}",
                fig(figure),
                power_name(state, *by, *power),
                plural(
                    u16::from(*count),
                    ("", ""),
                    ("marqueur d'ordre", "marqueurs d'ordre"),
                    lang
                ),
                if *count > 1 { "s" } else { "" },
                unit_name(state, *unit)
            ),
        },
        Event::HitZoneHidden {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{}: {}: no visible hit zone while it stays on this space, until its player reveals an order marker",
                fig(figure),
                power_name(state, *unit, *power)
            ),
            Lang::Fr => format!(
                "{} : {} : plus de zone de touche visible tant qu'elle reste sur cette case, jusqu'à ce que son joueur révèle un marqueur d'ordre",
                fig(figure),
                power_name(state, *unit, *power)
            ),
        },
        Event::AttackRolled {
            attacker,
            target,
            attack,
        } => match lang {
            Lang::En => format!(
                "{} rolls {} against {} (the defence dice wait for a power)",
                fig(attacker),
                faces(attack),
                fig(target)
            ),
            Lang::Fr => format!(
                "{} obtient {} contre {} (les dés de défense attendent un pouvoir)",
                fig(attacker),
                faces(attack),
                fig(target)
            ),
        },
        Event::DefenceRolled {
            attacker,
            target,
            attack,
            defence,
            wounds,
        } => match lang {
            Lang::En => format!(
                "{} rolls {} against {}, who rolls {}: {wounds} wound(s) unless a power answers",
                fig(attacker),
                faces(attack),
                fig(target),
                faces(defence)
            ),
            Lang::Fr => format!(
                "{} obtient {} contre {}, qui obtient {} : {wounds} blessure(s) sauf si un pouvoir y répond",
                fig(attacker),
                faces(attack),
                fig(target),
                faces(defence)
            ),
        },
        Event::SwipeRolled {
            figure,
            unit,
            power,
            attack,
        } => {
            let n = crate::game::combat::skulls(attack);
            match lang {
                Lang::En => format!(
                    "{}: {} falls and rolls {}: {n} wound(s) to inflict on adjacent figures, one at a time",
                    power_name(state, *unit, *power),
                    fig(figure),
                    faces(attack)
                ),
                Lang::Fr => format!(
                    "{} : {} tombe et obtient {} : {n} blessure(s) à infliger aux figurines adjacentes, une à la fois",
                    power_name(state, *unit, *power),
                    fig(figure),
                    faces(attack)
                ),
            }
        }
        Event::AttackRerolled {
            attacker,
            unit,
            power,
            before,
            after,
        } => match lang {
            Lang::En => format!(
                "{}: {} rolls its attack dice again, {} → {}",
                power_name(state, *unit, *power),
                fig(attacker),
                faces(before),
                faces(after)
            ),
            Lang::Fr => format!(
                "{} : {} relance ses dés d'attaque, {} → {}",
                power_name(state, *unit, *power),
                fig(attacker),
                faces(before),
                faces(after)
            ),
        },
        Event::SplashChosen {
            attacker,
            unit,
            power,
            chosen,
        } => match lang {
            Lang::En => format!(
                "{}: {} chooses {}, who takes a wound if the defending figure receives any",
                power_name(state, *unit, *power),
                fig(attacker),
                fig(chosen)
            ),
            Lang::Fr => format!(
                "{} : {} choisit {}, qui subit une blessure si la figurine en défense en reçoit",
                power_name(state, *unit, *power),
                fig(attacker),
                fig(chosen)
            ),
        },
        Event::SkullsAdded {
            attacker,
            unit,
            power,
            skulls,
        } => match lang {
            Lang::En => format!(
                "{}: {} added to {}'s roll",
                power_name(state, *unit, *power),
                plural(*skulls, ("skull", "skulls"), ("crâne", "crânes"), lang),
                fig(attacker)
            ),
            Lang::Fr => format!(
                "{} : {} ajouté(s) au jet de {}",
                power_name(state, *unit, *power),
                plural(*skulls, ("skull", "skulls"), ("crâne", "crânes"), lang),
                fig(attacker)
            ),
        },
    }
}

/// The defence of a normal attack: its faces and shields, or that no die was rolled (a dodge
/// that succeeded, *Whip*, a figure that rolls no defence dice) with the automatic shields that
/// still count.
fn defence_roll(defence: &[Face], shields: u16, lang: Lang) -> String {
    match (defence.is_empty(), lang) {
        (false, Lang::En) => format!(
            "{} {}",
            faces(defence),
            plural(shields, ("shield", "shields"), ("", ""), lang)
        ),
        (false, Lang::Fr) => format!(
            "{} {}",
            faces(defence),
            plural(shields, ("", ""), ("bouclier", "boucliers"), lang)
        ),
        (true, Lang::En) if shields == 0 => "no defence dice".into(),
        (true, Lang::Fr) if shields == 0 => "aucun dé de défense".into(),
        (true, Lang::En) => format!(
            "no defence dice, {}",
            plural(
                shields,
                ("automatic shield", "automatic shields"),
                ("", ""),
                lang
            )
        ),
        (true, Lang::Fr) => format!(
            "aucun dé de défense, {}",
            plural(
                shields,
                ("", ""),
                ("bouclier automatique", "boucliers automatiques"),
                lang
            )
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_defence_with_no_dice_rolled_says_so_and_counts_automatic_shields() {
        let rolled = [Face::Shield, Face::Blank];
        assert_eq!(
            defence_roll(&rolled, 1, Lang::En),
            format!("{} 1 shield", faces(&rolled))
        );
        assert_eq!(defence_roll(&[], 0, Lang::En), "no defence dice");
        assert_eq!(defence_roll(&[], 0, Lang::Fr), "aucun dé de défense");
        assert_eq!(
            defence_roll(&[], 1, Lang::En),
            "no defence dice, 1 automatic shield"
        );
        assert_eq!(
            defence_roll(&[], 2, Lang::Fr),
            "aucun dé de défense, 2 boucliers automatiques"
        );
    }
}
