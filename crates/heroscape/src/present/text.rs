//! The catalogue of HeroScape's sentences in English and French, with the rulebook's French
//! terms (*marqueur d'ordre*, *initiative*, *temps de jeu*, *tour*, *blessure*, *crâne*,
//! *bouclier*, *engagement*, *chute*, *glyphe*, *zone de départ*...). Events and actions carry
//! data; every word people read comes from here.

use skirmish_board::hex::{Hex, RowShift};
use skirmish_engine::{Seat, Viewer};
use skirmish_lang::Lang;

use crate::battlefield::{Battlefield, Glyph};
use crate::game::powers::moves::MoveWay;
use crate::game::powers::values::{Tally, Why};
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
        Action::SpecialAttack { .. } => special_action_text(state, action, lang),
        Action::DraftPick { card } => {
            let c = state
                .draft
                .as_ref()
                .and_then(|d| d.draft.pool().iter().find(|c| &c.id == card));
            let (name, points) = c.map_or((card.clone(), 0), |c| (c.name.clone(), c.points));
            match lang {
                Lang::En => format!("Draft {name} ({points} points)"),
                Lang::Fr => format!("Choisir {name} ({points} points)"),
            }
        }
        Action::DraftPass => lang
            .pick(
                "Stop drafting: the army is complete",
                "Arrêter le draft : l'armée est constituée",
            )
            .into(),
        Action::Summon { figure, hex } => {
            let grid = Grid::of(&state.field);
            match lang {
                Lang::En => format!(
                    "Summon {} to {}",
                    figure_name(state, *figure),
                    grid.name(*hex)
                ),
                Lang::Fr => format!(
                    "Invoquer {} en {}",
                    figure_name(state, *figure),
                    grid.name(*hex)
                ),
            }
        }
        Action::NoSummon => lang.pick("Summon nobody", "N'invoquer personne").into(),
        Action::UsePower {
            figure,
            power,
            target,
        } => use_power_text(state, *figure, *power, *target, lang),
        Action::DeclinePower => lang
            .pick("Do not use the power", "Ne pas utiliser le pouvoir")
            .into(),
        Action::Run { figure } => {
            let run = state
                .figure(*figure)
                .and_then(|f| crate::game::powers::choices::run_of(state.card_of(f)));
            let (power, m, a, no) = run.unwrap_or(("Run", 0, 0, false));
            let cost = match (no, lang) {
                (true, Lang::En) => "no attack this turn".to_string(),
                (true, Lang::Fr) => "pas d'attaque ce tour".to_string(),
                (false, Lang::En) => format!("attack {a:+} this turn"),
                (false, Lang::Fr) => format!("attaque {a:+} ce tour"),
            };
            match lang {
                Lang::En => format!(
                    "{power}: {} moves {m:+} ({cost})",
                    figure_name(state, *figure)
                ),
                Lang::Fr => format!(
                    "{power} : {} se déplace de {m:+} ({cost})",
                    figure_name(state, *figure)
                ),
            }
        }
        Action::PlaceSpirit { unit } => match lang {
            Lang::En => format!("Lay the spirit on {}", unit_name(state, *unit)),
            Lang::Fr => format!("Poser l'esprit sur {}", unit_name(state, *unit)),
        },
        Action::Overextend => lang
            .pick(
                "Overextend Attack: a wound marker, and another turn with this card",
                "Overextend Attack : un marqueur de blessure, et un autre tour avec cette carte",
            )
            .into(),
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

/// A direction on the battlefield, for people.
fn direction_word(dir: skirmish_board::hex::HexDir, lang: Lang) -> &'static str {
    use skirmish_board::hex::HexDir;
    match dir {
        HexDir::E => lang.pick("east", "l'est"),
        HexDir::SE => lang.pick("south-east", "le sud-est"),
        HexDir::SW => lang.pick("south-west", "le sud-ouest"),
        HexDir::W => lang.pick("west", "l'ouest"),
        HexDir::NW => lang.pick("north-west", "le nord-ouest"),
        HexDir::NE => lang.pick("north-east", "le nord-est"),
    }
}

/// Where a special attack is aimed: at a figure, along a line, or all around.
fn special_aim(
    state: &State,
    target: Option<u32>,
    line: Option<crate::game::powers::special::Line>,
    lang: Lang,
) -> String {
    let grid = Grid::of(&state.field);
    match (target, line) {
        (Some(t), _) => format!(" {} {}", lang.pick("on", "sur"), figure_name(state, t)),
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
fn special_action_text(state: &State, action: &Action, lang: Lang) -> String {
    use crate::game::powers::special::{self, Aim};
    let Some(aim) = Aim::of(action) else {
        return String::new();
    };
    let name = |id: &u32| figure_name(state, *id);
    match special::shot(state, &aim) {
        Ok(shot) => {
            let hit: Vec<String> = shot.affected.iter().map(name).collect();
            match lang {
                Lang::En => format!(
                    "{}: {}{} ({}; affects {})",
                    name(&aim.figure),
                    shot.name,
                    special_aim(state, aim.target, aim.line, lang),
                    plural(shot.attack, ("attack die", "attack dice"), ("", ""), lang),
                    hit.join(", ")
                ),
                Lang::Fr => format!(
                    "{} : {}{} ({} ; touche {})",
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
fn special_event_text(state: &State, event: &Event, lang: Lang) -> String {
    let Event::SpecialAttacked {
        attacker,
        power,
        target,
        line,
        attack,
        height,
        skulls,
        hits,
    } = event
    else {
        return String::new();
    };
    let up = match (*height, lang) {
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

/// The dice a normal attack would roll: attack and defence, glyphs, height and powers
/// included (automatic skulls and shields not).
pub fn attack_dice(state: &State, attacker: u32, target: u32) -> (u16, u16) {
    use crate::game::powers::values::{self, AttackKind};
    match (state.figure(attacker), state.figure(target)) {
        (Some(a), Some(t)) => (
            values::attack_dice(state, a, t, AttackKind::Normal).value(),
            values::defence_dice(state, a, t, AttackKind::Normal).value(),
        ),
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
        Decision::Draft { points_left } => match lang {
            Lang::En => format!(
                "Draft: {who}, pick an army card ({points_left} points left), or stop once you hold one"
            ),
            Lang::Fr => format!(
                "Draft : {who}, choisissez une carte Armée (il vous reste {points_left} points), ou arrêtez si vous en avez une"
            ),
        },
        Decision::Summon { hex } => {
            let grid = Grid::of(&state.field);
            match lang {
                Lang::En => format!(
                    "Glyph of Erland: {who}, you may summon any other figure onto a free hex next to {}",
                    grid.name(*hex)
                ),
                Lang::Fr => format!(
                    "Glyphe d'Erland : {who}, vous pouvez invoquer n'importe quelle autre figurine sur un hexagone libre adjacent à {}",
                    grid.name(*hex)
                ),
            }
        }
        Decision::UsePower {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{who}: use {} of {}?",
                power_name(state, *unit, *power),
                figure_name(state, *figure)
            ),
            Lang::Fr => format!(
                "{who} : utiliser le pouvoir {} de {} ?",
                power_name(state, *unit, *power),
                figure_name(state, *figure)
            ),
        },
        Decision::Deploy {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{who}: {}: place {} on one of the spaces the power allows",
                power_name(state, *unit, *power),
                figure_name(state, *figure)
            ),
            Lang::Fr => format!(
                "{who} : {} : placez {} sur une des cases que le pouvoir permet",
                power_name(state, *unit, *power),
                figure_name(state, *figure)
            ),
        },
        Decision::Spirit { unit } => match lang {
            Lang::En => format!(
                "{who}: {} is destroyed; lay its spirit on one of your unique army cards",
                unit_name(state, *unit)
            ),
            Lang::Fr => format!(
                "{who} : {} est détruit ; posez son esprit sur l'une de vos cartes Armée uniques",
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
        RollFor::Draft => lang.pick("the first pick of the draft", "le premier choix du draft"),
        RollFor::Powers => lang.pick(
            "which power is used first",
            "ordre des pouvoirs activés en simultané",
        ),
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
                    "{} attacks {}{up}: {} {} vs {} {} → {}{rules}",
                    fig(attacker),
                    fig(target),
                    faces(attack),
                    plural(*skulls, ("skull", "skulls"), ("", ""), lang),
                    faces(defence),
                    plural(*shields, ("shield", "shields"), ("", ""), lang),
                    plural(*wounds, ("wound", "wounds"), ("", ""), lang),
                ),
                Lang::Fr => format!(
                    "{} attaque {}{up} : {} {} contre {} {} → {}{rules}",
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
        } => {
            let mut adds = String::new();
            if *bonus > 0 {
                adds += &format!(" + {bonus} ({})", glyph_name(Glyph::Lodin, lang));
            }
            if *distance > 0 {
                adds += &format!(" + {distance} {}", lang.pick("spaces", "cases"));
            }
            let total = u16::from(*die) + bonus + distance;
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

/// A power's printed name, e.g. "MIND SHACKLE 20".
pub fn power_name(state: &State, unit: u16, power: u8) -> String {
    state
        .unit(unit)
        .and_then(|u| u.card.powers.get(usize::from(power)))
        .map_or_else(|| format!("#{power}"), |p| p.name.clone())
}

/// An offered or chosen use of a power, as a menu line.
fn use_power_text(
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
fn outcome_words(
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
        (O::HealTarget(n), Lang::En) => format!("removes {} from the card of {who}", wounds(*n)),
        (O::HealTarget(n), Lang::Fr) => format!("retire {} de la carte de {who}", wounds(*n)),
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
