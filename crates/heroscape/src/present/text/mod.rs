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

mod arrive;
mod events;
mod guard;
mod misc;
mod peek;
mod powers;
mod react;
mod tiles;

pub use events::event_text;
use powers::*;
pub use powers::{outcome_text, power_name, tally_text, why_text};

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

/// Dice faces as symbols: ☠ skull, ◈ shield, · blank (◈ rather than ⛨, which common fonts such
/// as DejaVu lack: the log showed empty boxes).
pub fn faces(dice: &[Face]) -> String {
    dice.iter()
        .map(|f| match f {
            Face::Skull => '☠',
            Face::Shield => '◈',
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
        Action::Place { figure, hex, tail } => {
            let level = state
                .field
                .column(*hex)
                .and_then(|c| c.top_footing())
                .map_or(0, |f| f.level);
            let at = hexes_words(grid, *hex, *tail, lang);
            match lang {
                Lang::En => format!(
                    "Place {} on {at} (level {level})",
                    figure_name(state, *figure)
                ),
                Lang::Fr => format!(
                    "Placer {} en {at} (niveau {level})",
                    figure_name(state, *figure)
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
            figure,
            to,
            level,
            tail,
        } => {
            let at = hexes_words(grid, *to, *tail, lang);
            match lang {
                Lang::En => format!(
                    "Move {} to {at} (level {level})",
                    figure_name(state, *figure)
                ),
                Lang::Fr => format!(
                    "Déplacer {} en {at} (niveau {level})",
                    figure_name(state, *figure)
                ),
            }
        }
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
        } => crate::game::powers::arrive::use_text(state, lang)
            .unwrap_or_else(|| use_power_text(state, *figure, *power, *target, lang)),
        Action::DeclinePower
            if matches!(
                state.frames.top(),
                Some(crate::game::frames::HsFrame::PowerMoves(_))
            ) =>
        {
            lang.pick(
                "Move no more figures with the power",
                "Ne plus déplacer de figurines avec ce pouvoir",
            )
            .into()
        }
        // a power choosing several figures (*Poisonous Acid Breath*)
        Action::DeclinePower if crate::game::powers::choose::picking(state) => lang
            .pick("Choose no other figure", "Ne choisir aucune autre figurine")
            .into(),
        // a power placing the figures it chose (*Witchcraft Telekinesis*)
        Action::DeclinePower
            if matches!(
                state.frames.top(),
                Some(crate::game::frames::HsFrame::Place(_))
            ) =>
        {
            crate::game::powers::place::decline_text(state, lang)
        }
        // *Elven Summoning Spell*: no roll, or no other figure summoned
        Action::DeclinePower
            if matches!(
                state.frames.top(),
                Some(crate::game::frames::HsFrame::Summon(_))
            ) =>
        {
            crate::game::powers::summon::decline_text(state, lang)
        }
        // *Knockback* rolling for the figures attacked, one at a time
        Action::DeclinePower
            if matches!(
                state.frames.top(),
                Some(crate::game::frames::HsFrame::Knock(_))
            ) =>
        {
            crate::game::powers::knock::decline_text(lang)
        }
        // a power reacting inside an attack (`react`): no figure, or staying put
        Action::DeclinePower
            if matches!(
                state.frames.top(),
                Some(crate::game::frames::HsFrame::Wounds(
                    crate::game::powers::wounds::WoundAsk::React(_)
                ))
            ) =>
        {
            react::decline_text(state, lang)
        }
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
        Action::MoveMarker { .. } => crate::game::powers::glide::action_text(state, action, lang),
        Action::ChooseOpponent { seat } => match lang {
            Lang::En => format!("Choose {}", seat_name(state, *seat, lang)),
            Lang::Fr => format!("Choisir {}", seat_name(state, *seat, lang)),
        },
        Action::Choose { n } => choose_text(state, *n, lang),
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
                way_name(state, *figure, *way, lang),
                figure_name(state, *figure),
                grid.name(*to)
            ),
            Lang::Fr => format!(
                "{} : {} en {} (niveau {level})",
                way_name(state, *figure, *way, lang),
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
        Action::PlaceTile { hex } => tiles::action_text(state, *hex, lang),
    }
}

/// Where a figure stands or goes: its hex, and for a double-space figure both hexes (the choices
/// between the ways a double-space figure lies over the same hex differ only by the second).
fn hexes_words(grid: Grid, hex: Hex, tail: Option<Hex>, lang: Lang) -> String {
    match tail {
        Some(t) => format!(
            "{} {} {}",
            grid.name(hex),
            lang.pick("and", "et"),
            grid.name(t)
        ),
        None => grid.name(hex),
    }
}

/// A movement power's name, as the cards print it.
pub fn move_way_name(way: MoveWay, lang: Lang) -> &'static str {
    match way {
        MoveWay::Teleport => lang.pick("Warp Space", "Distorsion spatiale"),
        MoveWay::AlternateMove => lang.pick("Grapple Gun", "Grappin"),
        MoveWay::Place => lang.pick("a placement power", "un pouvoir de placement"),
        MoveWay::Leap => lang.pick("Stealth Leap", "Saut furtif"),
        MoveWay::Tunnel => lang.pick("Water Tunnel", "Tunnel aquatique"),
        MoveWay::Step => lang.pick("a step before moving", "un pas avant le déplacement"),
        MoveWay::Beside => lang.pick("a step beside an opponent", "un pas à côté d'un adversaire"),
        MoveWay::DrillDrive => lang.pick(
            "Drill-Drive Special Attack",
            "l'attaque spéciale Drill-Drive",
        ),
        MoveWay::Barrage => lang.pick(
            "Ninjutsu Barrage Special Attack",
            "l'attaque spéciale Ninjutsu Barrage",
        ),
        MoveWay::Mastery => lang.pick(
            "Ninjutsu Mastery Special Attack",
            "l'attaque spéciale Maîtrise du ninjutsu",
        ),
    }
}

/// The name of the power `figure` moves by: the one its card prints for the placements
/// (*Underground Movement*, *Shadow Dance*...), whose names the cards vary.
pub fn way_name(state: &State, figure: u32, way: MoveWay, lang: Lang) -> String {
    let printed = matches!(
        way,
        MoveWay::Place
            | MoveWay::Tunnel
            | MoveWay::Step
            | MoveWay::DrillDrive
            | MoveWay::Barrage
            | MoveWay::Mastery
            | MoveWay::Beside
    )
    .then(|| state.figure(figure))
    .flatten()
    .and_then(|f| crate::game::powers::moves::power_name(state.card_of(f), way));
    match printed {
        Some(name) => name.to_string(),
        None => move_way_name(way, lang).to_string(),
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

/// The dice a normal attack would roll: attack and defence, glyphs, height and powers
/// included (automatic skulls and shields not).
pub fn attack_dice(state: &State, attacker: u32, target: u32) -> (u16, u16) {
    use crate::game::powers::values::{self, AttackKind};
    match (state.figure(attacker), state.figure(target)) {
        (Some(a), Some(t)) => (
            {
                // the dice the attack's place in the turn adds, as the attack will count them
                // (*Double Attack*'s extra attack, *Dragon Assault* after flying)
                let mut d = values::attack_dice(state, a, t, AttackKind::Normal);
                if let Some((why, by)) = crate::game::powers::attacks::turn_attack_bonus(state, a) {
                    d.add(why, by);
                }
                d.value()
            },
            {
                let mut d = values::defence_dice(state, a, t, AttackKind::Normal);
                crate::game::powers::triggered::cap_defence(state, a, t, &mut d);
                d.value()
            },
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
        } => {
            // What the power answers, and its printed words: the player decides on them.
            let why = match state.frames.top() {
                Some(crate::game::frames::HsFrame::Power(offer)) => match offer.then {
                    crate::game::powers::triggered::Then::Attack { attacker, target } => {
                        match lang {
                            Lang::En => format!(
                                " {} attacks {}.",
                                figure_name(state, attacker),
                                figure_name(state, target)
                            ),
                            Lang::Fr => format!(
                                " {} attaque {}.",
                                figure_name(state, attacker),
                                figure_name(state, target)
                            ),
                        }
                    }
                    _ => String::new(),
                },
                // between an attack's rolls: the dice already rolled
                Some(crate::game::frames::HsFrame::MidAttack(m)) => {
                    let (a, t) = (figure_name(state, m.attacker), figure_name(state, m.target));
                    match (&m.rolled, lang) {
                        (Some(r), Lang::En) => {
                            format!(" {a} attacks {t} and rolled {}.", faces(&r.attack))
                        }
                        (Some(r), Lang::Fr) => {
                            format!(" {a} attaque {t} et a obtenu {}.", faces(&r.attack))
                        }
                        (None, Lang::En) => format!(" {a} attacks {t}, before rolling."),
                        (None, Lang::Fr) => format!(" {a} attaque {t}, avant de lancer les dés."),
                    }
                }
                // once the defence dice are rolled: both rolls and the wounds waiting
                Some(crate::game::frames::HsFrame::Wounds(
                    crate::game::powers::wounds::WoundAsk::Defence(d),
                )) => {
                    let (a, t) = (
                        figure_name(state, d.rolled.attacker),
                        figure_name(state, d.rolled.target),
                    );
                    let (at, de) = (faces(&d.rolled.attack), faces(&d.defended.defence));
                    let n = crate::game::combat::wounds_of(state, &d.rolled, &d.defended);
                    match lang {
                        Lang::En => format!(
                            " {a} attacks {t} and rolled {at}; {t} rolled {de}: {n} wound(s) to receive."
                        ),
                        Lang::Fr => format!(
                            " {a} attaque {t} et a obtenu {at} ; {t} a obtenu {de} : {n} blessure(s) à recevoir."
                        ),
                    }
                }
                // a power reacting inside an attack (`react`)
                Some(crate::game::frames::HsFrame::Wounds(
                    crate::game::powers::wounds::WoundAsk::React(r),
                )) => react::asked_text(state, r, lang),
                // a figure falling swipes at the figures beside it (*Dying Swipe*)
                Some(crate::game::frames::HsFrame::Wounds(
                    crate::game::powers::wounds::WoundAsk::Swipe(w),
                )) => {
                    let (g, n) = (figure_name(state, w.figure), w.skulls);
                    match lang {
                        Lang::En => format!(
                            " {g} falls: {n} skull(s) left, each 1 wound on a figure adjacent to it, without defence dice."
                        ),
                        Lang::Fr => format!(
                            " {g} tombe : encore {n} crâne(s), chacun 1 blessure sur une figurine qui lui est adjacente, sans dés de défense."
                        ),
                    }
                }
                // in the middle of a move: where the moving figure stands
                Some(crate::game::frames::HsFrame::MidMove(
                    crate::game::powers::midmove::MidMoveFrame::Pause(p),
                )) => {
                    let who = figure_name(state, p.figure);
                    let at = state
                        .figure(p.figure)
                        .and_then(|f| f.hex)
                        .map(|h| Grid::of(&state.field).name(h))
                        .unwrap_or_default();
                    match lang {
                        Lang::En => format!(" {who} moves onto {at}, where it could end its move."),
                        Lang::Fr => format!(
                            " {who} se déplace sur {at}, où elle pourrait finir son déplacement."
                        ),
                    }
                }
                _ => String::new(),
            };
            let printed = state
                .unit(*unit)
                .and_then(|u| u.card.powers.get(usize::from(*power)))
                .map_or_else(String::new, |p| match lang {
                    Lang::En => format!(" “{}”", p.text),
                    Lang::Fr => format!(" « {} »", p.text),
                });
            match lang {
                Lang::En => format!(
                    "{who}: use {} of {}?{why}{printed}",
                    power_name(state, *unit, *power),
                    figure_name(state, *figure)
                ),
                Lang::Fr => format!(
                    "{who} : utiliser le pouvoir {} de {} ?{why}{printed}",
                    power_name(state, *unit, *power),
                    figure_name(state, *figure)
                ),
            }
        }
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
        Decision::PowerMoves { unit, power, moved } => {
            let printed = state
                .unit(*unit)
                .and_then(|u| u.card.powers.get(usize::from(*power)))
                .map_or_else(String::new, |p| match lang {
                    Lang::En => format!(" “{}”", p.text),
                    Lang::Fr => format!(" « {} »", p.text),
                });
            match lang {
                Lang::En => format!(
                    "{who}: {}: move a figure it moves ({moved} moved so far), or move no more.{printed}",
                    power_name(state, *unit, *power)
                ),
                Lang::Fr => format!(
                    "{who} : {} : déplacez une figurine que ce pouvoir déplace ({moved} déplacée(s) jusqu'ici), ou arrêtez.{printed}",
                    power_name(state, *unit, *power)
                ),
            }
        }
        Decision::HowMany {
            unit,
            power,
            target,
            most,
            ..
        } => match lang {
            Lang::En => format!(
                "{who}: {}: how many wound markers do you remove from the card of {}? (0 to {most})",
                power_name(state, *unit, *power),
                figure_name(state, *target)
            ),
            Lang::Fr => format!(
                "{who} : {} : combien de marqueurs de blessure retirez-vous de la carte de {} ? (0 à {most})",
                power_name(state, *unit, *power),
                figure_name(state, *target)
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
        Decision::PlaceTile { unit, power, .. } => {
            tiles::decision_text(state, &who, (*unit, *power), lang)
        }
    }
}

fn roll_purpose(p: RollFor, lang: Lang) -> &'static str {
    match p {
        // French with its article: "d20 pour {what}".
        RollFor::Placement => lang.pick("placement", "le placement des armées"),
        RollFor::Markers => lang.pick("order markers", "la pose des marqueurs d'ordre"),
        RollFor::Initiative => lang.pick("initiative", "l'initiative"),
        RollFor::Draft => lang.pick("the first pick of the draft", "le premier choix du draft"),
        RollFor::Powers => lang.pick(
            "which power is used first",
            "l'ordre des pouvoirs activés en simultané",
        ),
    }
}

/// A number answered to a power ([`Action::Choose`]): wound markers removed from the chosen
/// figure's card, or one of the power's options.
fn choose_text(state: &State, n: u16, lang: Lang) -> String {
    use crate::game::powers::choose;
    if let Some(figure) = choose::heal_asked(state) {
        let markers = plural(
            n,
            ("wound marker", "wound markers"),
            ("marqueur de blessure", "marqueurs de blessure"),
            lang,
        );
        return match lang {
            Lang::En => format!(
                "Remove {markers} from the card of {}",
                figure_name(state, figure)
            ),
            Lang::Fr => format!(
                "Retirer {markers} de la carte de {}",
                figure_name(state, figure)
            ),
        };
    }
    match (choose::option_asked(state, n), lang) {
        (Some(o), Lang::En) => format!(
            "Range {} and up to {} normal attacks this turn",
            o.range, o.attacks
        ),
        (Some(o), Lang::Fr) => format!(
            "Portée {} et jusqu'à {} attaques normales ce tour-ci",
            o.range, o.attacks
        ),
        (None, _) => n.to_string(),
    }
}
