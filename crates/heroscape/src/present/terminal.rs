//! HeroScape at the terminal, on any battlefield file the crate reads (`.hsc` of every version,
//! the map editor's `.json`, our `.toml`): `skirmish los MAP A B` and `skirmish reach MAP HEX
//! MOVE` with the figures' height and base, and `skirmish map show|svg|check MAP`.
//!
//! Hexes are written `col,row` from the battlefield's top-left hex, as `map show` and the page
//! number them (`--axial`: the map files' `q,r`), optionally `@LEVEL` (a place under an
//! overhang), and a double-space figure's two hexes `col,row+col,row`. Other figures may add
//! `:HEIGHT` (5 by default).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;
use skirmish_board::hex::Hex;
use skirmish_board::FigureId;
use skirmish_lang::Lang;

use super::judge::{self, levels, Coords};
use crate::battlefield::{self, render_text_with, Battlefield, Level, Mark, TextOptions};
use crate::body::{Base, Body, Flight, Placement, Spot, Standing};
use crate::grid::Grid as GeoGrid;
use crate::movement::{self, MoveQuery};
use crate::sight;

/// The commands, with what each does.
pub const COMMANDS: [(&str, &str); 3] = [
    (
        "los",
        "Judge a line of sight on a battlefield file: verdict, hexes and levels crossed, what blocks",
    ),
    (
        "reach",
        "Judge a move on a battlefield file: every place a figure can reach, a path, and why not",
    ),
    (
        "map",
        "Show, draw or check battlefield files (.hsc, map-editor .json, .toml)",
    ),
];

/// Whether `path` is a battlefield file HeroScape reads: a Virtualscape `.hsc`, a map-editor
/// `.json` (it holds `boardPieces`), or one of our `.toml` battlefields (its `format`).
pub fn reads_map(path: &Path) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let head = |marker: &str| {
        std::fs::read(path).is_ok_and(|bytes| {
            String::from_utf8_lossy(&bytes[..bytes.len().min(1 << 16)]).contains(marker)
        })
    };
    match ext.as_deref() {
        Some("hsc") => true,
        Some("json") => head("\"boardPieces\""),
        Some("toml") => head("skirmish-heroscape-battlefield"),
        _ => false,
    }
}

/// A figure's place as written on the command line: `col,row`, `col,row@LEVEL`,
/// `col,row+col,row` (both hexes of a double-space figure), each optionally `:HEIGHT`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    text: String,
    head: String,
    tail: Option<String>,
    level: Option<Level>,
    height: Option<Level>,
}

impl FromStr for At {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (rest, height) = match s.rsplit_once(':') {
            Some((r, h)) => (
                r,
                Some(
                    h.trim()
                        .parse()
                        .map_err(|_| format!("`{h}` is not a height in levels"))?,
                ),
            ),
            None => (s, None),
        };
        let (rest, level) = match rest.split_once('@') {
            Some((r, l)) => (
                r,
                Some(
                    l.trim()
                        .parse()
                        .map_err(|_| format!("`{l}` is not a level (0 is the table)"))?,
                ),
            ),
            None => (rest, None),
        };
        let (head, tail) = match rest.split_once('+') {
            Some((h, t)) => (h.to_string(), Some(t.to_string())),
            None => (rest.to_string(), None),
        };
        Ok(At {
            text: s.to_string(),
            head,
            tail,
            level,
            height,
        })
    }
}

impl At {
    /// The placement on `field`; `what` names whose place it is in errors.
    fn resolve(
        &self,
        field: &Battlefield,
        coords: &Coords,
        what: &str,
        lang: Lang,
    ) -> Result<Placement, String> {
        let hex = |text: &str| -> Result<Hex, String> {
            let hex = coords.parse(text).ok_or_else(|| match lang {
                Lang::En => format!("{what}: `{text}` is not a hex; write {}", coords.how(lang)),
                Lang::Fr => format!(
                    "{what} : `{text}` n'est pas un hexagone ; écrivez {}",
                    coords.how(lang)
                ),
            })?;
            if field.column(hex).is_none() {
                return Err(match lang {
                    Lang::En => format!(
                        "{what}: {text} is not a hex of the battlefield {}",
                        field.name
                    ),
                    Lang::Fr => format!(
                        "{what} : {text} n'est pas un hexagone du champ de bataille {}",
                        field.name
                    ),
                });
            }
            Ok(hex)
        };
        let head = hex(&self.head)?;
        let level = self.stand(field, head, coords, what, lang)?;
        let tail = match &self.tail {
            Some(t) => {
                let t = hex(t)?;
                if head.distance(t) != 1 {
                    return Err(match lang {
                        Lang::En => format!(
                            "{what}: {} and {} are not neighbours",
                            coords.name(head),
                            coords.name(t)
                        ),
                        Lang::Fr => format!(
                            "{what} : {} et {} ne sont pas voisins",
                            coords.name(head),
                            coords.name(t)
                        ),
                    });
                }
                let tl = self.stand(field, t, coords, what, lang).ok();
                let ok = field
                    .column(t)
                    .is_some_and(|c| c.footings().any(|f| f.level == level));
                if !ok {
                    return Err(match lang {
                        Lang::En => format!(
                            "{what}: a double-space figure stands at one level; {} has no place at level {level}{}",
                            coords.name(t),
                            tl.map(|l| format!(" (its top is {l})")).unwrap_or_default()
                        ),
                        Lang::Fr => format!(
                            "{what} : une figurine à double base se tient à un seul niveau ; {} n'a pas de place au niveau {level}{}",
                            coords.name(t),
                            tl.map(|l| format!(" (son sommet est au niveau {l})")).unwrap_or_default()
                        ),
                    });
                }
                Some(Spot::new(t, level))
            }
            None => None,
        };
        Ok(Placement {
            head: Spot::new(head, level),
            tail,
        })
    }

    /// The level a figure stands at on `hex`: the one asked for, if a figure may stand there,
    /// else the top.
    fn stand(
        &self,
        field: &Battlefield,
        hex: Hex,
        coords: &Coords,
        what: &str,
        lang: Lang,
    ) -> Result<Level, String> {
        let column = field
            .column(hex)
            .ok_or_else(|| format!("{what}: {}", coords.name(hex)))?;
        let feet: Vec<Level> = column.footings().map(|f| f.level).collect();
        match self.level {
            Some(l) if feet.contains(&l) => Ok(l),
            Some(l) => Err(match lang {
                Lang::En => format!(
                    "{what}: nothing to stand on at level {l} on {}; a figure stands there at level {}",
                    coords.name(hex),
                    list(&feet)
                ),
                Lang::Fr => format!(
                    "{what} : rien où se tenir au niveau {l} en {} ; une figurine s'y tient au niveau {}",
                    coords.name(hex),
                    list(&feet)
                ),
            }),
            None => feet.last().copied().ok_or_else(|| match lang {
                Lang::En => format!(
                    "{what}: nothing to stand on at {} ({})",
                    coords.name(hex),
                    judge::hex_words(field, hex, lang)
                ),
                Lang::Fr => format!(
                    "{what} : rien où se tenir en {} ({})",
                    coords.name(hex),
                    judge::hex_words(field, hex, lang)
                ),
            }),
        }
    }
}

fn list(levels: &[Level]) -> String {
    if levels.is_empty() {
        return "-".into();
    }
    levels
        .iter()
        .map(Level::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A figure's base on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BaseArg {
    /// One hex.
    Single,
    /// Two neighbouring hexes (write them `col,row+col,row`).
    Double,
}

/// The moving or attacking figure's body.
#[derive(Args, Debug)]
pub struct BodyArgs {
    /// Its height in levels (*Taille*, the card's height).
    #[arg(long, default_value_t = 5)]
    height: Level,
    /// Its base: single or double (a double-space figure's place is written `col,row+col,row`).
    #[arg(long, value_enum)]
    base: Option<BaseArg>,
    /// It flies (*Vol*).
    #[arg(long)]
    flying: bool,
    /// It flies stealthily (no leaving-engagement attacks when it takes off).
    #[arg(long)]
    stealth_flying: bool,
}

impl BodyArgs {
    fn body(&self, at: &At, lang: Lang) -> Result<Body, String> {
        let base = match (self.base, &at.tail) {
            (Some(BaseArg::Double), None) => {
                return Err(lang
                    .pick(
                        "--base double: give both hexes of the figure, col,row+col,row",
                        "--base double : donnez les deux hexagones de la figurine, col,rangée+col,rangée",
                    )
                    .into())
            }
            (Some(BaseArg::Single), Some(_)) => {
                return Err(lang
                    .pick(
                        "--base single: give one hex, not two",
                        "--base single : donnez un seul hexagone, pas deux",
                    )
                    .into())
            }
            (_, Some(_)) => Base::Double,
            _ => Base::Single,
        };
        let flight = if self.stealth_flying {
            Flight::StealthFlies
        } else if self.flying {
            Flight::Flies
        } else {
            Flight::Walks
        };
        Ok(Body::new(self.height.max(1), base, flight))
    }
}

/// `skirmish los MAP A B`.
#[derive(Args, Debug)]
pub struct LosArgs {
    /// The battlefield file (.hsc, map-editor .json, .toml).
    map: PathBuf,
    /// The attacker's place: `col,row`, `col,row@LEVEL`, or `col,row+col,row` (double base).
    from: At,
    /// The target's place, written the same way.
    to: At,
    #[command(flatten)]
    body: BodyArgs,
    /// The target's height in levels.
    #[arg(long, default_value_t = 5)]
    target_height: Level,
    /// Other figures that may stand in the way (`col,row`, `@LEVEL`, `:HEIGHT`), repeatable.
    #[arg(long = "figure", value_name = "HEX")]
    figures: Vec<At>,
    /// Write and read hexes as the map files do (axial `q,r`).
    #[arg(long)]
    axial: bool,
    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,
}

/// `skirmish reach MAP HEX MOVE`.
#[derive(Args, Debug)]
pub struct ReachArgs {
    /// The battlefield file (.hsc, map-editor .json, .toml).
    map: PathBuf,
    /// The figure's place: `col,row`, `col,row@LEVEL`, or `col,row+col,row` (double base).
    from: At,
    /// Its move (*Déplacement*) in spaces.
    #[arg(value_name = "MOVE")]
    allowance: u16,
    #[command(flatten)]
    body: BodyArgs,
    /// Enemy figures (`col,row`, `@LEVEL`, `:HEIGHT`), repeatable.
    #[arg(long = "enemy", value_name = "HEX")]
    enemies: Vec<At>,
    /// Friendly figures, repeatable.
    #[arg(long = "friend", value_name = "HEX")]
    friends: Vec<At>,
    /// Show the path to this place, or why the figure may not end its move there (for a
    /// double-space figure, one hex: every way to stand with its other hex around it is tried).
    #[arg(long)]
    to: Option<At>,
    /// A flyer passing over a glyph stops on it as walkers do.
    #[arg(long)]
    glyphs_stop_flight: bool,
    /// Write and read hexes as the map files do (axial `q,r`).
    #[arg(long)]
    axial: bool,
    /// Print the answer as JSON.
    #[arg(long)]
    json: bool,
}

/// `skirmish map ...` on a HeroScape battlefield file.
#[derive(Subcommand, Debug)]
pub enum MapCommand {
    /// Draw the battlefield in the terminal: each hex's level, water, lava, obstacles, glyphs
    /// and start zones, in bands of columns that fit the width.
    Show {
        /// The battlefield file.
        file: PathBuf,
        /// Columns of text available.
        #[arg(long, default_value_t = 80)]
        width: usize,
    },
    /// Write the battlefield as an SVG picture to standard output.
    Svg {
        /// The battlefield file.
        file: PathBuf,
    },
    /// Read battlefield files and say what is wrong in each.
    Check {
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Parser, Debug)]
#[command(name = "skirmish los")]
struct LosCli {
    #[command(flatten)]
    args: LosArgs,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish reach")]
struct ReachCli {
    #[command(flatten)]
    args: ReachArgs,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish map")]
struct MapCli {
    #[command(subcommand)]
    command: MapCommand,
}

fn parse<P: Parser>(name: &str, args: &[String]) -> Result<P, clap::Error> {
    P::try_parse_from(std::iter::once(name.to_string()).chain(args.iter().cloned()))
}

/// Runs `command` with the words after it; `None` when HeroScape has no such command. A usage
/// error prints clap's explanation and answers exit code 2; `--help` prints the help.
pub fn run(command: &str, args: &[String], lang: Lang) -> Option<Result<ExitCode, String>> {
    let parsed = match command {
        "los" => parse::<LosCli>("skirmish los", args).map(|c| los(&c.args, lang)),
        "reach" => parse::<ReachCli>("skirmish reach", args).map(|c| reach(&c.args, lang)),
        "map" => parse::<MapCli>("skirmish map", args).map(|c| map(c.command, lang)),
        _ => return None,
    };
    Some(match parsed {
        Ok(result) => result,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            Ok(ExitCode::from(code))
        }
    })
}

fn load(path: &Path) -> Result<Battlefield, String> {
    battlefield::load(path).map_err(|e| e.to_string())
}

/// Others on the command line as standing figures, numbered from `first`.
fn standings(
    list: &[At],
    first: u32,
    team: u8,
    field: &Battlefield,
    coords: &Coords,
    what: &str,
    lang: Lang,
) -> Result<Vec<Standing>, String> {
    list.iter()
        .enumerate()
        .map(|(i, a)| {
            let at = a.resolve(field, coords, &format!("{what} {}", a.text), lang)?;
            let base = if at.tail.is_some() {
                Base::Double
            } else {
                Base::Single
            };
            Ok(Standing {
                id: FigureId(first + i as u32),
                team,
                body: Body::new(a.height.unwrap_or(5).max(1), base, Flight::Walks),
                at,
            })
        })
        .collect()
}

/// The part of the battlefield around some hexes, two hexes more on each side.
fn window(coords: &Coords, hexes: impl Iterator<Item = Hex>) -> Option<([i32; 2], [i32; 2])> {
    let cells: Vec<[i32; 2]> = hexes.map(|h| coords.cell(h)).collect();
    let c0 = cells.iter().map(|c| c[0]).min()?;
    let c1 = cells.iter().map(|c| c[0]).max()?;
    let r0 = cells.iter().map(|c| c[1]).min()?;
    let r1 = cells.iter().map(|c| c[1]).max()?;
    Some(([c0 - 2, c1 + 2], [r0 - 2, r1 + 2]))
}

#[derive(Serialize)]
struct LosJson {
    clear: bool,
    range: Option<u32>,
    attack_bonus: u8,
    defence_bonus: u8,
    line: serde_json::Value,
}

/// Runs `skirmish los`.
pub fn los(a: &LosArgs, lang: Lang) -> Result<ExitCode, String> {
    let field = load(&a.map)?;
    let coords = Coords::of(&field, a.axial);
    let grid = GeoGrid::new(&field);
    let role = |en: &str, fr: &str| lang.pick(en, fr).to_string();
    let from = a
        .from
        .resolve(&field, &coords, &role("attacker", "attaquant"), lang)?;
    let to =
        a.to.resolve(&field, &coords, &role("target", "cible"), lang)?;
    let attacker = Standing {
        id: FigureId(1),
        team: 1,
        body: a.body.body(&a.from, lang)?,
        at: from,
    };
    let target_base = if to.tail.is_some() {
        Base::Double
    } else {
        Base::Single
    };
    let defender = Standing {
        id: FigureId(2),
        team: 2,
        body: Body::new(a.target_height.max(1), target_base, Flight::Walks),
        at: to,
    };
    let others = standings(
        &a.figures,
        3,
        3,
        &field,
        &coords,
        &role("figure", "figurine"),
        lang,
    )?;
    for o in &others {
        if o.at.spots().any(|s| from.covers(s.hex) || to.covers(s.hex)) {
            return Err(match lang {
                Lang::En => format!(
                    "a figure stands on {}, where the attacker or the target stands",
                    coords.name(o.at.head.hex)
                ),
                Lang::Fr => format!(
                    "une figurine se tient en {}, où se tient l'attaquant ou la cible",
                    coords.name(o.at.head.hex)
                ),
            });
        }
    }
    let sight = sight::line_of_sight(&grid, &attacker, &defender, &others);
    let trace = sight::trace::trace(&grid, &sight, &defender, &others);
    let range = sight::range(&grid, &from, &to);
    let adv = sight::height_advantage(from.level(), to.level());
    let name = |id: FigureId| -> String {
        match (id.0, lang) {
            (1, _) => role("the attacker", "l'attaquant"),
            (2, _) => role("the target", "la cible"),
            (n, Lang::En) => format!("figure {}", n - 2),
            (n, Lang::Fr) => format!("la figurine {}", n - 2),
        }
    };
    let line = judge::line_json(&field, &sight, &trace, &coords, &name, lang);
    if a.json {
        let out = LosJson {
            clear: sight.clear,
            range,
            attack_bonus: adv.attack,
            defence_bonus: adv.defence,
            line,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    let verdict = if sight.clear {
        role("CLEAR", "DÉGAGÉE")
    } else {
        role("BLOCKED", "BLOQUÉE")
    };
    let place = |p: &Placement| {
        let hexes: Vec<String> = p.spots().map(|s| coords.name(s.hex)).collect();
        format!(
            "{} ({} {})",
            hexes.join("+"),
            role("level", "niveau"),
            p.level()
        )
    };
    println!(
        "{}",
        match lang {
            Lang::En => format!(
                "{}: line of sight from {} to {}: {verdict}",
                field.name,
                place(&from),
                place(&to)
            ),
            Lang::Fr => format!(
                "{} : ligne de visée de {} à {} : {verdict}",
                field.name,
                place(&from),
                place(&to)
            ),
        }
    );
    let range_text = range.map_or_else(
        || role("none (no way joins them)", "aucune (rien ne les relie)"),
        |r| r.to_string(),
    );
    println!(
        "{}",
        match lang {
            Lang::En => format!(
                "Range: {range_text} hexes. Target point at height {}, hit zone from {} to {}.",
                levels(trace.from.z),
                levels(trace.hit_zone[0]),
                levels(trace.hit_zone[1])
            ),
            Lang::Fr => format!(
                "Portée : {range_text} hexagones. Point de visée à la hauteur {}, zone de frappe de {} à {}.",
                levels(trace.from.z),
                levels(trace.hit_zone[0]),
                levels(trace.hit_zone[1])
            ),
        }
    );
    if adv.attack > 0 || adv.defence > 0 {
        println!(
            "{}",
            match lang {
                Lang::En => format!(
                    "Height advantage: {} more attack die(s), {} more defence die(s).",
                    adv.attack, adv.defence
                ),
                Lang::Fr => format!(
                    "Avantage de la hauteur : {} dé(s) d'attaque et {} dé(s) de défense en plus.",
                    adv.attack, adv.defence
                ),
            }
        );
    }
    println!("{}", line["text"].as_str().unwrap_or_default());
    println!(
        "{}",
        role(
            "The line hex by hex (its height entering and leaving; what is at the top of the hex):",
            "La ligne hexagone par hexagone (sa hauteur en entrant et en sortant ; ce qui est au sommet de l'hexagone) :"
        )
    );
    for c in &trace.crossings {
        let stop = trace
            .stop
            .filter(|s| s.hex == c.hex)
            .map(|s| {
                format!(
                    "  <- {} {}",
                    role("stopped at height", "arrêtée à la hauteur"),
                    levels(s.z)
                )
            })
            .unwrap_or_default();
        println!(
            "  {:<8} {:>5} -> {:<5}  {}{stop}",
            coords.name(c.hex),
            levels(c.enter),
            levels(c.leave),
            judge::hex_words(&field, c.hex, lang)
        );
    }
    if !sight.blockers.is_empty() {
        println!(
            "{}",
            role(
                "What hides part of the hit zone:",
                "Ce qui cache une partie de la zone de frappe :"
            )
        );
        for (b, h) in sight
            .blockers
            .iter()
            .zip(line["hides"].as_array().into_iter().flatten())
        {
            let [lo, hi] = b.hides();
            println!(
                "  - {}: {} {} {} {}",
                h["what"].as_str().unwrap_or_default(),
                role("from height", "de la hauteur"),
                levels(lo),
                role("to", "à"),
                levels(hi)
            );
        }
    }
    println!();
    let crossed: Vec<Hex> = trace.crossings.iter().map(|c| c.hex).collect();
    let stop_hex = trace.stop.map(|s| s.hex);
    let marks = |h: Hex| -> Mark {
        let marker = if from.covers(h) {
            Some('A')
        } else if to.covers(h) {
            Some('T')
        } else if others.iter().any(|o| o.at.covers(h)) {
            Some('F')
        } else if stop_hex == Some(h) {
            Some('X')
        } else {
            None
        };
        Mark {
            marker,
            last: crossed.contains(&h).then_some('+'),
        }
    };
    print!(
        "{}",
        render_text_with(
            &field,
            &TextOptions {
                width: 80,
                marks: &marks,
                window: window(&coords, crossed.iter().copied()),
            }
        )
    );
    println!(
        "{}",
        role(
            "A attacker  T target  F other figure  X line stopped  + hex crossed",
            "A attaquant  T cible  F autre figurine  X ligne arrêtée  + hexagone traversé"
        )
    );
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct PlaceJson {
    at: String,
    tail: Option<String>,
    level: Level,
    cost: u16,
}

#[derive(Serialize)]
struct ReachJson {
    from: String,
    allowance: u16,
    destinations: Vec<PlaceJson>,
    path: Option<Vec<PlaceJson>>,
    falls: Vec<String>,
    leaving_engagement: Vec<String>,
    refused: Vec<String>,
}

/// Runs `skirmish reach`.
pub fn reach(a: &ReachArgs, lang: Lang) -> Result<ExitCode, String> {
    let field = load(&a.map)?;
    let coords = Coords::of(&field, a.axial);
    let grid = GeoGrid::new(&field);
    let role = |en: &str, fr: &str| lang.pick(en, fr).to_string();
    let from = a.from.resolve(
        &field,
        &coords,
        &role("moving figure", "figurine qui se déplace"),
        lang,
    )?;
    let body = a.body.body(&a.from, lang)?;
    let mover = Standing {
        id: FigureId(1),
        team: 1,
        body,
        at: from,
    };
    let mut others = standings(
        &a.enemies,
        100,
        2,
        &field,
        &coords,
        &role("enemy", "ennemi"),
        lang,
    )?;
    others.extend(standings(
        &a.friends,
        200,
        1,
        &field,
        &coords,
        &role("friend", "ami"),
        lang,
    )?);
    for o in &others {
        if o.at.spots().any(|s| from.covers(s.hex)) {
            return Err(match lang {
                Lang::En => format!(
                    "another figure stands on {}, where the moving figure stands",
                    coords.name(o.at.head.hex)
                ),
                Lang::Fr => format!(
                    "une autre figurine se tient en {}, où se tient la figurine qui se déplace",
                    coords.name(o.at.head.hex)
                ),
            });
        }
    }
    let name = |id: FigureId| -> String {
        let o = others.iter().find(|o| o.id == id);
        let hex = o.map(|o| coords.name(o.at.head.hex)).unwrap_or_default();
        match (id.0, lang) {
            (1, _) => role("the moving figure", "la figurine qui se déplace"),
            (n, Lang::En) if n < 200 => format!("the enemy on {hex}"),
            (n, Lang::Fr) if n < 200 => format!("l'ennemi en {hex}"),
            (_, Lang::En) => format!("the friend on {hex}"),
            (_, Lang::Fr) => format!("l'ami en {hex}"),
        }
    };
    let mut query = MoveQuery::new(mover, a.allowance, &others);
    query.glyphs_stop_flight = a.glyphs_stop_flight;
    let r = movement::reach(&grid, &query);
    // The start is no move, whichever end of a double-space figure is named first.
    let mut dests: Vec<_> = r
        .destinations()
        .into_iter()
        .filter(|d| !d.at.spots().all(|s| from.spots().any(|f| f == s)))
        .collect();
    dests.sort_by_key(|d| {
        (
            d.cost,
            coords.cell(d.at.head.hex)[1],
            coords.cell(d.at.head.hex)[0],
        )
    });
    let place = |p: &Placement| -> String {
        let hexes: Vec<String> = p.spots().map(|s| coords.name(s.hex)).collect();
        format!("{}@{}", hexes.join("+"), p.level())
    };
    let target = a.to.as_ref().map(|t| -> Result<_, String> {
        let hex = coords
            .parse(&t.head)
            .ok_or_else(|| format!("--to: `{}`: {}", t.head, coords.how(lang)))?;
        let tail = match &t.tail {
            Some(x) => Some(
                coords
                    .parse(x)
                    .ok_or_else(|| format!("--to: `{x}`: {}", coords.how(lang)))?,
            ),
            None => None,
        };
        Ok((hex, judge::end_on(&r, &field, hex, tail, t.level)))
    });
    let target = target.transpose()?;
    let mut falls = Vec::new();
    let mut leaves = Vec::new();
    let mut refused = Vec::new();
    let mut path_places = None;
    if let Some((_, outcome)) = &target {
        match outcome {
            Ok(path) => {
                for f in &path.falls {
                    let at = path.steps[f.step];
                    falls.push(match lang {
                        Lang::En => format!("falls {} levels onto {}: {} attack die(s), a wound per skull", f.drop, place(&at), f.dice),
                        Lang::Fr => format!("chute de {} niveaux sur {} : {} dé(s) d'attaque, une blessure par crâne", f.drop, place(&at), f.dice),
                    });
                }
                for l in &path.leaves {
                    let at = path.steps[l.step];
                    leaves.push(match lang {
                        Lang::En => {
                            format!("leaves {} at {}: one attack die", name(l.enemy), place(&at))
                        }
                        Lang::Fr => format!(
                            "quitte l'engagement de {} en {} : un dé d'attaque",
                            name(l.enemy),
                            place(&at)
                        ),
                    });
                }
                path_places = Some(
                    path.steps
                        .iter()
                        .zip(&path.spent)
                        .map(|(p, c)| PlaceJson {
                            at: coords.name(p.head.hex),
                            tail: p.tail.map(|t| coords.name(t.hex)),
                            level: p.level(),
                            cost: *c,
                        })
                        .collect::<Vec<_>>(),
                );
            }
            Err(list) => refused = judge::refusals_words(list, &coords, &name, lang),
        }
    }
    if a.json {
        let out = ReachJson {
            from: place(&from),
            allowance: a.allowance,
            destinations: dests
                .iter()
                .map(|d| PlaceJson {
                    at: coords.name(d.at.head.hex),
                    tail: d.at.tail.map(|t| coords.name(t.hex)),
                    level: d.at.level(),
                    cost: d.cost,
                })
                .collect(),
            path: path_places,
            falls,
            leaving_engagement: leaves,
            refused,
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    let base = match body.base {
        Base::Single => role("single base", "base simple"),
        Base::Double => role("double base", "double base"),
    };
    let moves = if body.flight.flies() {
        role("flying", "en vol")
    } else {
        role("walking", "à pied")
    };
    println!(
        "{}",
        match lang {
            Lang::En => format!(
                "{}: from {} with move {}, height {}, {base}, {moves}: {} place(s) to end on (place@level (cost))",
                field.name,
                place(&from),
                a.allowance,
                body.height,
                dests.len()
            ),
            Lang::Fr => format!(
                "{} : depuis {} avec un déplacement de {}, taille {}, {base}, {moves} : {} place(s) où finir (place@niveau (coût))",
                field.name,
                place(&from),
                a.allowance,
                body.height,
                dests.len()
            ),
        }
    );
    let items: Vec<String> = dests
        .iter()
        .map(|d| format!("{} ({})", place(&d.at), d.cost))
        .collect();
    let per_line = if body.base == Base::Double { 3 } else { 5 };
    for chunk in items.chunks(per_line) {
        println!("  {}", chunk.join("  "));
    }
    let mut path_hexes: Vec<Hex> = Vec::new();
    if let (Some((hex, outcome)), Some(to)) = (&target, &a.to) {
        match outcome {
            Ok(path) => {
                let steps: Vec<String> = path
                    .steps
                    .iter()
                    .zip(&path.spent)
                    .map(|(p, c)| format!("{} ({c})", place(p)))
                    .collect();
                println!(
                    "{}",
                    match lang {
                        Lang::En => format!(
                            "Path to {}, cost {}: {}",
                            to.text,
                            path.cost(),
                            steps.join(" -> ")
                        ),
                        Lang::Fr => format!(
                            "Chemin vers {}, coût {} : {}",
                            to.text,
                            path.cost(),
                            steps.join(" -> ")
                        ),
                    }
                );
                for line in falls.iter().chain(&leaves) {
                    println!("  - {line}");
                }
                path_hexes = path
                    .steps
                    .iter()
                    .flat_map(|p| p.spots().map(|s| s.hex))
                    .collect();
            }
            Err(_) => {
                println!(
                    "{}",
                    match lang {
                        Lang::En => format!("Cannot end on {}: {}", coords.name(*hex), refused[0]),
                        Lang::Fr => format!(
                            "Impossible de finir en {} : {}",
                            coords.name(*hex),
                            refused[0]
                        ),
                    }
                );
                if refused.len() > 1 {
                    println!(
                        "{}",
                        role("Other ways to stand there:", "Autres façons de s'y tenir :")
                    );
                    for line in &refused[1..] {
                        println!("  - {line}");
                    }
                }
            }
        }
    }
    println!();
    let reached: Vec<Hex> = dests
        .iter()
        .flat_map(|d| d.at.spots().map(|s| s.hex))
        .collect();
    let refused_hex = target.as_ref().filter(|(_, o)| o.is_err()).map(|(h, _)| *h);
    let marks = |h: Hex| -> Mark {
        let marker = if from.covers(h) {
            Some('M')
        } else if others.iter().any(|o| o.at.covers(h) && o.team != 1) {
            Some('E')
        } else if others.iter().any(|o| o.at.covers(h)) {
            Some('F')
        } else if refused_hex == Some(h) {
            Some('X')
        } else {
            None
        };
        let last = if path_hexes.contains(&h) {
            Some('>')
        } else if reached.contains(&h) {
            Some('o')
        } else {
            None
        };
        Mark { marker, last }
    };
    let shown = reached
        .iter()
        .copied()
        .chain(from.spots().map(|s| s.hex))
        .chain(refused_hex);
    print!(
        "{}",
        render_text_with(
            &field,
            &TextOptions {
                width: 80,
                marks: &marks,
                window: window(&coords, shown),
            }
        )
    );
    println!(
        "{}",
        role(
            "M mover  E enemy  F friend  o may end there  > path  X refused",
            "M figurine  E ennemi  F ami  o peut finir là  > chemin  X refusée"
        )
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `skirmish map ...` on HeroScape battlefield files.
pub fn map(c: MapCommand, lang: Lang) -> Result<ExitCode, String> {
    match c {
        MapCommand::Show { file, width } => {
            let field = load(&file)?;
            print!(
                "{}",
                render_text_with(
                    &field,
                    &TextOptions {
                        width,
                        marks: &|_| Mark::default(),
                        window: None,
                    }
                )
            );
            Ok(ExitCode::SUCCESS)
        }
        MapCommand::Svg { file } => {
            print!("{}", battlefield::render_svg(&load(&file)?));
            Ok(ExitCode::SUCCESS)
        }
        MapCommand::Check { files } => {
            let mut failed = false;
            for f in files {
                match load(&f) {
                    Ok(field) => println!(
                        "{}: {} ({}, {} {}, {} {}, {} {})",
                        f.display(),
                        lang.pick("ok", "valide"),
                        field.name,
                        field.len(),
                        lang.pick("hexes", "hexagones"),
                        lang.pick("highest level", "niveau le plus haut"),
                        field.top(),
                        field.start_zone_count(),
                        lang.pick("start zone(s)", "zone(s) de départ"),
                    ),
                    Err(e) => {
                        failed = true;
                        println!("{e}");
                    }
                }
            }
            Ok(if failed {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

/// The game's battlefield for the terminal player: every hex's level with its terrain, each
/// figure on its hex(es) as its side's letter (A for the first seat) and its number on that
/// side, and the figures listed under it.
pub fn board_text(state: &crate::game::State, lang: Lang) -> String {
    let coords = Coords::of(&state.field, false);
    let on_field: Vec<&crate::game::Figure> =
        state.figures.iter().filter(|f| f.on_field()).collect();
    // Each figure's number on its side: 1-9, then a-z.
    let number = |f: &crate::game::Figure| -> char {
        let n = on_field
            .iter()
            .filter(|g| g.owner == f.owner)
            .position(|g| g.id == f.id)
            .unwrap_or(0);
        char::from_digit(u32::try_from(n + 1).unwrap_or(0), 36).unwrap_or('?')
    };
    let side = |f: &crate::game::Figure| char::from(b'A' + (f.owner.0 % 26));
    let marks = |h: Hex| -> Mark {
        on_field
            .iter()
            .find(|f| f.hexes().any(|x| x == h))
            .map_or_else(Mark::default, |f| Mark {
                marker: Some(side(f)),
                last: Some(number(f)),
            })
    };
    let mut out = render_text_with(
        &state.field,
        &TextOptions {
            width: 80,
            marks: &marks,
            window: None,
        },
    );
    for f in &on_field {
        let card = state.card_of(f);
        let hexes: Vec<String> = f.hexes().map(|h| coords.name(h)).collect();
        out.push_str(&match lang {
            Lang::En => format!(
                "{}…{} {} on {} level {}, {} wound(s) of {}\n",
                side(f),
                number(f),
                super::text::figure_name(state, f.id),
                hexes.join("+"),
                f.level,
                f.wounds,
                card.life
            ),
            Lang::Fr => format!(
                "{}…{} {} en {} niveau {}, {} blessure(s) sur {}\n",
                side(f),
                number(f),
                super::text::figure_name(state, f.id),
                hexes.join("+"),
                f.level,
                f.wounds,
                card.life
            ),
        });
    }
    out
}
