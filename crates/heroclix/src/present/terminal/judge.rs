//! `skirmish los` and `skirmish reach`: the judge's tools on a square map.

use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use crate::movement::{self, MoveQuery, Side, Standing};
use crate::present::catalogue::msg;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use skirmish_board::square::{
    load_square_map, render_ascii, render_svg, FigureToken, Overlay, SightLine, Square, SquareMap,
    Tint,
};
use skirmish_board::FigureId;
use skirmish_lang::Lang;
use skirmish_los::{ClixLos, Endpoint, Occupant, Verdict};

/// A figure on a square, optionally on a level other than the square's (`x,y` or `x,y@level`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    square: Square,
    level: Option<u8>,
}

impl FromStr for Placed {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (sq, level) =
            match s.split_once('@') {
                Some((a, l)) => (
                    a,
                    Some(l.trim().parse::<u8>().map_err(|_| {
                        format!("`{l}` is not a level (0 = ground, 1 = elevated...)")
                    })?),
                ),
                None => (s, None),
            };
        Ok(Placed {
            square: sq.parse::<Square>().map_err(|e| e.to_string())?,
            level,
        })
    }
}

/// Which line-of-sight rules to apply.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LosRules {
    /// HeroClix.
    Heroclix,
    /// HorrorClix's intersection rules.
    Horrorclix,
}

/// Arguments of `skirmish los`.
#[derive(Args, Debug)]
pub struct LosArgs {
    /// The map file.
    map: PathBuf,
    /// The attacker's square, `x,y` (column, row from 0), optionally `@level`.
    from: Placed,
    /// The target's square, `x,y`, optionally `@level`.
    to: Placed,
    /// Squares occupied by other figures (`x,y` or `x,y@level`), repeatable or comma-free list.
    #[arg(long = "occupied", num_args = 1.., value_name = "SQUARE")]
    occupied: Vec<Placed>,
    /// Rules to judge by.
    #[arg(long, value_enum, default_value = "heroclix")]
    rules: LosRules,
    /// Also write an SVG picture of the line to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Print the answer as JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Refuses a square off the map; `what` says whose square it is ("attacker", "de l'attaquant").
fn check_on_map(map: &SquareMap, sq: Square, what: String, lang: Lang) -> Result<()> {
    if !map.contains(sq) {
        bail!(
            "{}",
            msg!(
                lang,
                "judge.off_map",
                what = what,
                square = sq,
                map = map.name,
                width = map.width(),
                height = map.height(),
                max_x = map.width() - 1,
                max_y = map.height() - 1
            )
        );
    }
    Ok(())
}

fn load(path: &PathBuf) -> Result<SquareMap> {
    load_square_map(path).map_err(anyhow::Error::from)
}

/// Runs `skirmish los`.
pub fn los(a: LosArgs, lang: Lang) -> Result<ExitCode> {
    let map = load(&a.map)?;
    check_on_map(&map, a.from.square, msg!(lang, "judge.role_attacker"), lang)?;
    check_on_map(&map, a.to.square, msg!(lang, "judge.role_target"), lang)?;
    let mut occupants = Vec::new();
    for (i, p) in a.occupied.iter().enumerate() {
        check_on_map(&map, p.square, msg!(lang, "judge.role_occupied"), lang)?;
        occupants.push((
            p.square,
            Occupant {
                figure: FigureId(i as u32 + 3),
                level: p.level.unwrap_or_else(|| map.level(p.square)),
            },
        ));
    }
    let endpoint = |p: Placed, id: u32| Endpoint {
        square: p.square,
        level: p.level.unwrap_or_else(|| map.level(p.square)),
        figure: Some(FigureId(id)),
    };
    let rules = match a.rules {
        LosRules::Heroclix => ClixLos::HEROCLIX,
        LosRules::Horrorclix => ClixLos::HORRORCLIX,
    };
    let report = rules.explain(
        &map,
        endpoint(a.from, 1),
        endpoint(a.to, 2),
        occupants.as_slice(),
    );
    let mut overlay = Overlay::new().line(
        SightLine::new(report.from, report.to, report.squares.clone())
            .with_label(msg!(
                lang,
                "judge.line_label",
                verdict = report.verdict.name(lang)
            ))
            .with_colour(match report.verdict {
                Verdict::Clear => "#1565c0",
                Verdict::Hindered => "#2e7d32",
                Verdict::Blocked => "#c62828",
            }),
    );
    overlay = overlay
        .figure(FigureToken::new(
            a.from.square,
            'A',
            msg!(lang, "judge.label_attacker"),
        ))
        .figure(FigureToken::new(
            a.to.square,
            'T',
            msg!(lang, "judge.label_target"),
        ));
    for (s, _) in &occupants {
        overlay = overlay.figure(FigureToken::new(*s, '@', msg!(lang, "judge.label_figure")));
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, render_svg(&map, &overlay))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{}",
        msg!(
            lang,
            "judge.line",
            from = report.from,
            to = report.to,
            range = report.distance,
            verdict = report.verdict.name(lang).to_uppercase()
        )
    );
    let crossed: Vec<String> = report.squares.iter().map(Square::to_string).collect();
    println!(
        "{}",
        msg!(lang, "judge.crossed", squares = crossed.join("  "))
    );
    if !report.corners.is_empty() {
        let corners: Vec<String> = report
            .corners
            .iter()
            .map(|[a, b]| format!("{a}/{b}"))
            .collect();
        println!(
            "{}",
            msg!(lang, "judge.between", corners = corners.join("  "))
        );
    }
    let notes = report.describe(lang);
    if notes.is_empty() {
        println!("{}", msg!(lang, "judge.nothing_in_the_way"));
    } else {
        println!("{}", msg!(lang, "judge.why"));
        for n in notes {
            println!("  - {n}");
        }
    }
    println!();
    print!("{}", render_ascii(&map, &overlay));
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `skirmish reach`.
#[derive(Args, Debug)]
pub struct ReachArgs {
    /// The map file.
    map: PathBuf,
    /// The moving figure's square, `x,y`.
    from: Square,
    /// Its speed value.
    speed: u32,
    /// Squares of opposing figures (repeatable).
    #[arg(long = "enemy", num_args = 1.., value_name = "SQUARE")]
    enemies: Vec<Square>,
    /// Squares of friendly figures (repeatable).
    #[arg(long = "friend", num_args = 1.., value_name = "SQUARE")]
    friends: Vec<Square>,
    /// The figure has already succeeded its breakaway roll against the enemies next to it.
    #[arg(long)]
    broke_away: bool,
    /// Show the path to this square, or why the move cannot end there.
    #[arg(long)]
    to: Option<Square>,
    /// Also write an SVG picture to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Print the answer as JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct ReachJson {
    from: Square,
    speed: u32,
    allowance: u32,
    halved_in_hindering_terrain: bool,
    needs_breakaway: bool,
    destinations: Vec<(Square, u32)>,
    path: Option<Vec<Square>>,
    refusal: Option<String>,
}

/// Runs `skirmish reach`.
pub fn reach(a: ReachArgs, lang: Lang) -> Result<ExitCode> {
    let map = load(&a.map)?;
    check_on_map(&map, a.from, msg!(lang, "judge.role_moving"), lang)?;
    let mut others = Vec::new();
    for (i, s) in a.enemies.iter().enumerate() {
        check_on_map(&map, *s, msg!(lang, "judge.role_enemy"), lang)?;
        others.push(Standing {
            square: *s,
            figure: FigureId(100 + i as u32),
            side: Side::Enemy,
        });
    }
    for (i, s) in a.friends.iter().enumerate() {
        check_on_map(&map, *s, msg!(lang, "judge.role_friend"), lang)?;
        others.push(Standing {
            square: *s,
            figure: FigureId(200 + i as u32),
            side: Side::Friend,
        });
    }
    if let Some(s) = others.iter().find(|o| o.square == a.from) {
        bail!(
            "{} is both the moving figure's square and another figure's",
            s.square
        );
    }
    let escaped: Vec<FigureId> = if a.broke_away {
        others
            .iter()
            .filter(|o| o.side == Side::Enemy && map.adjacent(o.square, a.from))
            .map(|o| o.figure)
            .collect()
    } else {
        Vec::new()
    };
    let query = MoveQuery {
        from: a.from,
        speed: a.speed.into(),
        others: &others,
        broke_away_from: &escaped,
        // The judge knows squares, not figures: no giant reach.
        near: &[],
    };
    let r = movement::reach(&map, &query).map_err(|e| anyhow::anyhow!(e.text(lang)))?;
    let destinations = r.destinations();
    let target = a.to.map(|t| (t, r.path_to(t)));
    if a.json {
        let (path, refusal) = match &target {
            Some((_, Ok(p))) => (Some(p.nodes.clone()), None),
            Some((_, Err(e))) => (None, Some(e.text(lang))),
            None => (None, None),
        };
        let out = ReachJson {
            from: a.from,
            speed: a.speed,
            allowance: r.allowance,
            halved_in_hindering_terrain: r.halved,
            needs_breakaway: r.needs_breakaway,
            destinations,
            path,
            refusal,
        };
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(ExitCode::SUCCESS);
    }
    let halved = if r.halved {
        msg!(lang, "judge.speed_halved")
    } else {
        String::new()
    };
    println!(
        "{}",
        msg!(
            lang,
            "judge.reach",
            square = a.from,
            speed = a.speed,
            allowance = r.allowance,
            halved = halved
        )
    );
    if r.needs_breakaway {
        println!("{}", msg!(lang, "judge.breakaway_first"));
    }
    println!(
        "{}",
        msg!(lang, "judge.destinations", count = destinations.len())
    );
    let list: Vec<String> = destinations
        .iter()
        .map(|(s, c)| format!("{s}({c})"))
        .collect();
    for chunk in list.chunks(10) {
        println!("  {}", chunk.join("  "));
    }
    let mut overlay = Overlay::new().tint(
        Tint::new(
            msg!(lang, "judge.label_can_end"),
            '*',
            destinations
                .iter()
                .map(|(s, _)| *s)
                .filter(|s| *s != a.from)
                .collect(),
        )
        .with_colour("#90caf9"),
    );
    match &target {
        Some((t, Ok(p))) => {
            let steps: Vec<String> = p.nodes.iter().map(Square::to_string).collect();
            println!(
                "{}",
                msg!(
                    lang,
                    "judge.path",
                    to = t,
                    cost = p.cost,
                    steps = steps.join(" → ")
                )
            );
            overlay = overlay.tint(
                Tint::new(msg!(lang, "judge.label_path"), 'o', p.nodes[1..].to_vec())
                    .with_colour("#ff8f00"),
            );
        }
        Some((t, Err(e))) => {
            println!(
                "{}",
                msg!(lang, "judge.cannot_end", to = t, reason = e.text(lang))
            );
        }
        None => {}
    }
    overlay = overlay.figure(FigureToken::new(
        a.from,
        'M',
        msg!(lang, "judge.label_moving"),
    ));
    for o in &others {
        let (c, label) = match o.side {
            Side::Enemy => ('E', msg!(lang, "judge.label_enemy")),
            Side::Friend => ('F', msg!(lang, "judge.label_friend")),
        };
        overlay = overlay.figure(FigureToken::new(o.square, c, label));
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, render_svg(&map, &overlay))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    println!();
    print!("{}", render_ascii(&map, &overlay));
    Ok(ExitCode::SUCCESS)
}
