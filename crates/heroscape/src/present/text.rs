//! The catalogue of HeroScape's sentences in English and French, with the rulebook's French
//! terms (*marqueur d'ordre*, *initiative*, *temps de jeu*, *tour*, *blessure*, *crâne*,
//! *bouclier*, *engagement*, *chute*, *glyphe*, *zone de départ*...). Events and actions carry
//! data; every word people read comes from here.

use skirmish_board::hex::{Hex, RowShift};
use skirmish_engine::{Seat, Viewer};
use skirmish_lang::Lang;

use crate::battlefield::{Battlefield, Glyph};
use crate::game::powers::moves::MoveWay;
use crate::game::{combat::Face, Action, Decision, Event, Marker, RollFor, State};

/// How hexes are numbered for people and pages: offset `[col, row]` from the battlefield's
/// top-left hex, odd rows shifted right by half a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    col0: i32,
    row0: i32,
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
}

impl Grid {
    /// The grid covering a battlefield.
    pub fn of(field: &Battlefield) -> Grid {
        let offsets: Vec<(i32, i32)> = field
            .columns()
            .map(|(h, _)| h.to_offset(RowShift::Odd))
            .collect();
        // Rows move by an even number so that odd rows stay the shifted ones.
        let row0 = offsets.iter().map(|o| o.1).min().unwrap_or(0);
        let row0 = row0 - row0.rem_euclid(2);
        let col0 = offsets.iter().map(|o| o.0).min().unwrap_or(0);
        let width = offsets.iter().map(|o| o.0 - col0 + 1).max().unwrap_or(1);
        let height = offsets.iter().map(|o| o.1 - row0 + 1).max().unwrap_or(1);
        Grid {
            col0,
            row0,
            width,
            height,
        }
    }

    /// A hex as `[col, row]`.
    pub fn cell(&self, hex: Hex) -> [i32; 2] {
        let (c, r) = hex.to_offset(RowShift::Odd);
        [c - self.col0, r - self.row0]
    }

    /// The hex at `[col, row]`.
    pub fn hex(&self, cell: [i32; 2]) -> Hex {
        Hex::from_offset(cell[0] + self.col0, cell[1] + self.row0, RowShift::Odd)
    }

    /// A hex as people read it: `col,row`.
    pub fn name(&self, hex: Hex) -> String {
        let [c, r] = self.cell(hex);
        format!("{c},{r}")
    }
}

/// A figure's name: its card's, numbered within a squad.
pub fn figure_name(state: &State, id: u32) -> String {
    let Some(f) = state.figure(id) else {
        return format!("#{id}");
    };
    let unit = &state.units[usize::from(f.unit)];
    let of_unit: Vec<u32> = state
        .figures
        .iter()
        .filter(|g| g.unit == f.unit)
        .map(|g| g.id)
        .collect();
    if of_unit.len() > 1 {
        let n = of_unit.iter().position(|g| *g == id).unwrap_or(0) + 1;
        format!("{} {n}", unit.card.name)
    } else {
        unit.card.name.clone()
    }
}

/// A unit's (card's) name.
pub fn unit_name(state: &State, unit: u16) -> String {
    state
        .unit(unit)
        .map_or_else(|| format!("#{unit}"), |u| u.card.name.clone())
}

/// A seat's name: its player's.
pub fn seat_name(state: &State, seat: Seat, lang: Lang) -> String {
    state.players.get(seat.index()).map_or_else(
        || skirmish_platform::default_seat_name(seat, lang),
        |p| p.name.clone(),
    )
}

/// A glyph's name and power, as the rulebook titles it.
pub fn glyph_name(glyph: Glyph, lang: Lang) -> &'static str {
    match glyph {
        Glyph::Astrid => lang.pick("Astrid (attack +1)", "Astrid (attaque +1)"),
        Glyph::Gerda => lang.pick("Gerda (defence +1)", "Gerda (défense +1)"),
        Glyph::Ivor => lang.pick("Ivor (range +4)", "Ivor (portée +4)"),
        Glyph::Valda => lang.pick("Valda (move +2)", "Valda (déplacement +2)"),
        Glyph::Dagmar => lang.pick("Dagmar (initiative +8)", "Dagmar (initiative +8)"),
        Glyph::Brandar => lang.pick("Brandar (artefact)", "Brandar (artéfact)"),
        Glyph::Kelda => lang.pick("Kelda (healer)", "Kelda (soigneur)"),
        Glyph::Erland => lang.pick("Erland (summoner)", "Erland (invocateur)"),
        Glyph::Mitonsoul => lang.pick(
            "Mitonsoul (massive curse)",
            "Mitonsoul (malédiction de masse)",
        ),
        Glyph::Lodin => lang.pick("Lodin (d20 +1)", "Lodin (dé à 20 faces +1)"),
        Glyph::Sturla => lang.pick("Sturla (resurrection)", "Sturla (résurrection)"),
        Glyph::Rannveig => lang.pick("Rannveig (wind)", "Ranveig (vent)"),
        Glyph::Jalgard => lang.pick("Jalgard (defence +2)", "Jalgard (défense +2)"),
        Glyph::Wannok => "Wannok",
        Glyph::Proftaka => "Proftaka",
        Glyph::Oreld => "Oreld",
        Glyph::Nilrend => "Nilrend",
        Glyph::Crevcor => "Crevcor",
        Glyph::Thorian => "Thorian",
        Glyph::Ulaniva => "Ulaniva",
        Glyph::Unknown => lang.pick("unknown glyph", "glyphe inconnu"),
    }
}

fn marker_word(m: Marker, lang: Lang) -> String {
    match m {
        Marker::X => lang.pick("decoy marker X", "marqueur leurre X").into(),
        _ => format!(
            "{} {}",
            lang.pick("order marker", "marqueur d'ordre"),
            m.symbol()
        ),
    }
}

/// Dice faces as symbols: ☠ skull, ⛨ shield, · blank.
pub fn faces(dice: &[Face]) -> String {
    dice.iter()
        .map(|f| match f {
            Face::Skull => '☠',
            Face::Shield => '⛨',
            Face::Blank => '·',
        })
        .collect()
}

fn plural(n: u16, en: (&str, &str), fr: (&str, &str), lang: Lang) -> String {
    let (one, many) = match lang {
        Lang::En => en,
        Lang::Fr => fr,
    };
    format!("{n} {}", if n == 1 { one } else { many })
}

/// An action as a menu line.
pub fn action_text(state: &State, action: &Action, lang: Lang) -> String {
    let grid = Grid::of(&state.field);
    match action {
        Action::Place { figure, hex, .. } => {
            let level = state
                .field
                .column(*hex)
                .and_then(|c| c.top_footing())
                .map_or(0, |f| f.level);
            match lang {
                Lang::En => format!(
                    "Place {} on {} (level {level})",
                    figure_name(state, *figure),
                    grid.name(*hex)
                ),
                Lang::Fr => format!(
                    "Placer {} en {} (niveau {level})",
                    figure_name(state, *figure),
                    grid.name(*hex)
                ),
            }
        }
        Action::PlaceMarker { marker, unit } => match lang {
            Lang::En => format!(
                "Put {} on {}",
                marker_word(*marker, lang),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "Poser le {} sur {}",
                marker_word(*marker, lang),
                unit_name(state, *unit)
            ),
        },
        Action::Move {
            figure, to, level, ..
        } => match lang {
            Lang::En => format!(
                "Move {} to {} (level {level})",
                figure_name(state, *figure),
                grid.name(*to)
            ),
            Lang::Fr => format!(
                "Déplacer {} en {} (niveau {level})",
                figure_name(state, *figure),
                grid.name(*to)
            ),
        },
        Action::EndMoves => lang
            .pick("End the moves: attack", "Finir les déplacements : attaquer")
            .into(),
        Action::Attack { figure, target } => {
            let dice = attack_dice(state, *figure, *target);
            match lang {
                Lang::En => format!(
                    "{} attacks {} ({} vs {})",
                    figure_name(state, *figure),
                    figure_name(state, *target),
                    plural(dice.0, ("attack die", "attack dice"), ("", ""), lang),
                    plural(dice.1, ("defence die", "defence dice"), ("", ""), lang),
                ),
                Lang::Fr => format!(
                    "{} attaque {} ({} contre {})",
                    figure_name(state, *figure),
                    figure_name(state, *target),
                    plural(dice.0, ("", ""), ("dé d'attaque", "dés d'attaque"), lang),
                    plural(dice.1, ("", ""), ("dé de défense", "dés de défense"), lang),
                ),
            }
        }
        Action::EndTurn => lang.pick("End the turn", "Finir le tour").into(),
        Action::PowerMove {
            figure,
            way,
            to,
            level,
            ..
        } => match lang {
            Lang::En => format!(
                "{}: {} to {} (level {level})",
                move_way_name(*way, lang),
                figure_name(state, *figure),
                grid.name(*to)
            ),
            Lang::Fr => format!(
                "{} : {} en {} (niveau {level})",
                move_way_name(*way, lang),
                figure_name(state, *figure),
                grid.name(*to)
            ),
        },
        Action::Carry { figure, friend } => match lang {
            Lang::En => format!(
                "Carry: {} carries {} on its move",
                figure_name(state, *figure),
                figure_name(state, *friend)
            ),
            Lang::Fr => format!(
                "Transport : {} emporte {} dans son déplacement",
                figure_name(state, *figure),
                figure_name(state, *friend)
            ),
        },
        Action::PlaceCarried { figure, to, level } => match lang {
            Lang::En => format!(
                "Put {} down on {} (level {level})",
                figure_name(state, *figure),
                grid.name(*to)
            ),
            Lang::Fr => format!(
                "Déposer {} en {} (niveau {level})",
                figure_name(state, *figure),
                grid.name(*to)
            ),
        },
    }
}

/// A movement power's name, as the cards print it.
pub fn move_way_name(way: MoveWay, lang: Lang) -> &'static str {
    match way {
        MoveWay::Teleport => lang.pick("Warp Space", "Distorsion spatiale"),
        MoveWay::AlternateMove => lang.pick("Grapple Gun", "Grappin"),
    }
}

/// The dice an attack would roll: attack and defence, glyphs and height included.
pub fn attack_dice(state: &State, attacker: u32, target: u32) -> (u16, u16) {
    use crate::game::{combat, glyphs};
    match (state.figure(attacker), state.figure(target)) {
        (Some(a), Some(t)) => {
            let (ua, ud) = combat::height_bonus(a.level, t.level);
            (
                glyphs::attack_of(state, a) + ua,
                glyphs::defence_of(state, t) + ud,
            )
        }
        _ => (0, 0),
    }
}

/// What the pending decision asks, for people.
pub fn decision_text(state: &State, seats: &[Seat], decision: &Decision, lang: Lang) -> String {
    let who: Vec<String> = seats.iter().map(|s| seat_name(state, *s, lang)).collect();
    let who = who.join(", ");
    match decision {
        Decision::Place { figure } => match lang {
            Lang::En => format!(
                "{who}: place {} in your start zone",
                figure_name(state, *figure)
            ),
            Lang::Fr => format!(
                "{who} : placez {} dans votre zone de départ",
                figure_name(state, *figure)
            ),
        },
        Decision::PlaceMarkers { round } => match lang {
            Lang::En => format!(
                "Round {round}: {who}: lay your order markers 1, 2, 3 and the decoy X on your army cards (in secret)"
            ),
            Lang::Fr => format!(
                "Temps de jeu {round} : {who} : posez vos marqueurs d'ordre 1, 2, 3 et le leurre X sur vos cartes Armée (en secret)"
            ),
        },
        Decision::Move { marker, unit } => match lang {
            Lang::En => format!(
                "{who}, turn {} with {}: move its figures one after the other, then end the moves",
                marker.symbol(),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{who}, tour {} avec {} : déplacez ses figurines l'une après l'autre, puis finissez les déplacements",
                marker.symbol(),
                unit_name(state, *unit)
            ),
        },
        Decision::Attack { marker, unit } => match lang {
            Lang::En => format!(
                "{who}, turn {} with {}: attack with each figure in range and in sight, or end the turn",
                marker.symbol(),
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{who}, tour {} avec {} : attaquez avec chaque figurine à portée et en ligne de visée, ou finissez le tour",
                marker.symbol(),
                unit_name(state, *unit)
            ),
        },
        Decision::PlaceCarried { carrier, figure } => match lang {
            Lang::En => format!(
                "{who}: put {} down on a free space adjacent to {}",
                figure_name(state, *figure),
                figure_name(state, *carrier)
            ),
            Lang::Fr => format!(
                "{who} : déposez {} sur une case libre adjacente à {}",
                figure_name(state, *figure),
                figure_name(state, *carrier)
            ),
        },
    }
}

fn roll_purpose(p: RollFor, lang: Lang) -> &'static str {
    match p {
        RollFor::Placement => lang.pick("placement", "placement des armées"),
        RollFor::Markers => lang.pick("order markers", "pose des marqueurs d'ordre"),
        RollFor::Initiative => lang.pick("initiative", "initiative"),
    }
}

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
        Event::Moved { figure, path } => {
            let steps: Vec<String> = path.iter().map(|(h, _)| grid.name(*h)).collect();
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
        Event::LeftEngagement { figure, enemy, die } => {
            let hit = *die == Face::Skull;
            match lang {
                Lang::En => format!(
                    "{} leaves its engagement with {}: {} {}",
                    fig(figure),
                    fig(enemy),
                    faces(&[*die]),
                    if hit { "skull, 1 wound" } else { "no skull" }
                ),
                Lang::Fr => format!(
                    "{} quitte son engagement avec {} : {} {}",
                    fig(figure),
                    fig(enemy),
                    faces(&[*die]),
                    if hit {
                        "crâne, 1 blessure"
                    } else {
                        "pas de crâne"
                    }
                ),
            }
        }
        Event::GlyphRevealed { figure, hex, glyph } => match lang {
            Lang::En => format!(
                "{} stops on the glyph at {}: {}",
                fig(figure),
                grid.name(*hex),
                glyph_name(*glyph, lang)
            ),
            Lang::Fr => format!(
                "{} s'arrête sur le glyphe en {} : {}",
                fig(figure),
                grid.name(*hex),
                glyph_name(*glyph, lang)
            ),
        },
        Event::GlyphUsed { glyph, figures, .. } => {
            let names: Vec<String> = figures.iter().map(fig).collect();
            match (glyph, lang) {
                (Glyph::Kelda, Lang::En) => format!("Kelda heals {}", names.join(", ")),
                (Glyph::Kelda, Lang::Fr) => format!("Kelda soigne {}", names.join(", ")),
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
        } => {
            let up = match (height, lang) {
                ((a, _), Lang::En) if *a > 0 => format!(" (+{a} for height)"),
                ((a, _), Lang::Fr) if *a > 0 => format!(" (+{a} pour la hauteur)"),
                ((_, d), Lang::En) if *d > 0 => format!(" (defender +{d} for height)"),
                ((_, d), Lang::Fr) if *d > 0 => format!(" (défenseur +{d} pour la hauteur)"),
                _ => String::new(),
            };
            match lang {
                Lang::En => format!(
                    "{} attacks {}{up}: {} {} vs {} {} → {}",
                    fig(attacker),
                    fig(target),
                    faces(attack),
                    plural(*skulls, ("skull", "skulls"), ("", ""), lang),
                    faces(defence),
                    plural(*shields, ("shield", "shields"), ("", ""), lang),
                    plural(*wounds, ("wound", "wounds"), ("", ""), lang),
                ),
                Lang::Fr => format!(
                    "{} attaque {}{up} : {} {} contre {} {} → {}",
                    fig(attacker),
                    fig(target),
                    faces(attack),
                    plural(*skulls, ("", ""), ("crâne", "crânes"), lang),
                    faces(defence),
                    plural(*shields, ("", ""), ("bouclier", "boucliers"), lang),
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
            format!("{} utilise {}", fig(figure), move_way_name(*way, lang))
        }
        Event::MovedBy { figure, way } => {
            format!("{} uses {}", fig(figure), move_way_name(*way, lang))
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
    }
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
