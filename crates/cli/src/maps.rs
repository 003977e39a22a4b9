//! `skirmish map ...`: look at map files, square (Clix games) or hex (HeroScape, MotU).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Subcommand;
use skirmish_board::hex::{self, HexMap, SvgOptions};
use skirmish_board::square::{render_ascii, render_svg, Overlay, SquareMap};
use skirmish_lang::Lang;

/// What to do with a map file.
#[derive(Subcommand, Debug)]
pub enum MapCommand {
    /// Draw a square map in the terminal, with a legend (hex maps: a summary).
    Show {
        /// The map file (TOML; a ruleset's own battlefield files too, as HeroScape's .hsc).
        file: PathBuf,
        /// Columns of text available, for maps drawn in bands (HeroScape battlefields).
        #[arg(long)]
        width: Option<usize>,
    },
    /// Write a map as an SVG picture to standard output.
    Svg {
        /// The map file (TOML).
        file: PathBuf,
    },
    /// Validate map files; prints one line per file, and every error with its line and field.
    Check {
        /// The map files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

enum AnyMap {
    Square(SquareMap),
    Hex(HexMap),
}

/// Square map files have a `[layers]` table; hex map files a `[grid]` or `[[hex]]`.
fn load(path: &Path) -> Result<AnyMap> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the map file {}", path.display()))?;
    let origin = path.display().to_string();
    let is_hex = text
        .parse::<toml::Table>()
        .map(|t| !t.contains_key("layers") && (t.contains_key("grid") || t.contains_key("hex")))
        .unwrap_or(false);
    if is_hex {
        Ok(AnyMap::Hex(HexMap::from_toml_str(&text, &origin)?))
    } else {
        Ok(AnyMap::Square(SquareMap::from_toml_str(&text, &origin)?))
    }
}

/// The file a map command is about and the words a ruleset's own `map` command takes.
fn forwarded(cmd: &MapCommand) -> (Vec<&Path>, Vec<String>) {
    let word = |p: &Path| p.display().to_string();
    match cmd {
        MapCommand::Show { file, width } => {
            let mut args = vec!["show".to_string(), word(file)];
            if let Some(w) = width {
                args.extend(["--width".to_string(), w.to_string()]);
            }
            (vec![file.as_path()], args)
        }
        MapCommand::Svg { file } => (vec![file.as_path()], vec!["svg".into(), word(file)]),
        MapCommand::Check { files } => (
            files.iter().map(PathBuf::as_path).collect(),
            std::iter::once("check".to_string())
                .chain(files.iter().map(|f| word(f)))
                .collect(),
        ),
    }
}

/// Runs a map command: files of a ruleset's own map format go to that ruleset's `map` command
/// (when every file named is of that one ruleset), the others are read here.
pub fn run(cmd: MapCommand, lang: Lang) -> Result<ExitCode> {
    let (files, args) = forwarded(&cmd);
    let platform = crate::rulesets::platform(&[], None)?;
    let owners: Vec<Option<String>> = files
        .iter()
        .map(|f| crate::rulesets::reading(&platform, f))
        .collect();
    if let Some(Some(id)) = owners.first() {
        if owners.iter().all(|o| o.as_deref() == Some(id)) {
            if let Some(result) = platform
                .get(id)
                .and_then(|p| p.terminal("map", &args, lang))
            {
                return result.map_err(anyhow::Error::msg);
            }
        }
    }
    match cmd {
        MapCommand::Show { file, .. } => {
            match load(&file)? {
                AnyMap::Square(map) => print!("{}", render_ascii(&map, &Overlay::new())),
                AnyMap::Hex(map) => print!("{}", hex_summary(&map, lang)),
            }
            Ok(ExitCode::SUCCESS)
        }
        MapCommand::Svg { file } => {
            match load(&file)? {
                AnyMap::Square(map) => print!("{}", render_svg(&map, &Overlay::new())),
                AnyMap::Hex(map) => print!("{}", hex::render_svg(&map, &SvgOptions::default())),
            }
            Ok(ExitCode::SUCCESS)
        }
        MapCommand::Check { files } => {
            let mut failed = false;
            for f in files {
                match load(&f) {
                    Ok(AnyMap::Square(m)) => println!(
                        "{}: {} ({}, {}×{} {})",
                        f.display(),
                        lang.pick("ok", "valide"),
                        m.name,
                        m.width(),
                        m.height(),
                        lang.pick("squares", "cases")
                    ),
                    Ok(AnyMap::Hex(m)) => println!(
                        "{}: {} ({}, {} {})",
                        f.display(),
                        lang.pick("ok", "valide"),
                        m.name(),
                        m.len(),
                        lang.pick("hexes", "hexagones")
                    ),
                    Err(e) => {
                        failed = true;
                        println!("{e:#}");
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

fn hex_summary(map: &HexMap, lang: Lang) -> String {
    let max_height = map.iter().map(|(_, c)| c.height).max().unwrap_or(0);
    let mut s = format!(
        "{} — {} {}, {} {max_height}\n",
        map.name(),
        map.len(),
        lang.pick("hexes", "hexagones"),
        lang.pick("highest level", "niveau le plus haut"),
    );
    for p in 1..=8u8 {
        let zone = map.start_zone(p).count();
        if zone > 0 {
            s.push_str(&format!(
                "{} {p}: {} {}\n",
                lang.pick("start zone", "zone de départ"),
                zone,
                lang.pick("hexes", "hexagones")
            ));
        }
    }
    s.push_str(lang.pick(
        "(draw it with `skirmish map svg`)\n",
        "(dessinez-la avec `skirmish map svg`)\n",
    ));
    s
}
