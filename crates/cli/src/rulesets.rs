//! The rulesets this program plays: the one place that names them. Adding a ruleset is one line
//! here (its crate's presentation); the server, the page and the generic commands then offer it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use skirmish_lang::Lang;
use skirmish_platform::Platform;

/// Every ruleset, the default first, with content read from `sources` (folders or files each
/// ruleset reads what it knows of: HeroClix figures and hcunits data, HeroScape battlefields
/// and army cards) and `maps_dir` where a ruleset takes content from files (what was read and
/// skipped goes to the log).
pub fn platform(sources: &[PathBuf], maps_dir: Option<&Path>) -> anyhow::Result<Platform> {
    let heroclix = skirmish_heroclix::present::HeroClixPresentation::load(sources, maps_dir)
        .map_err(|e| anyhow::anyhow!("HeroClix content: {e}"))?;
    for note in &heroclix.content().notes {
        tracing::info!("heroclix: {note}");
    }
    let heroscape = skirmish_heroscape::present::HeroScapePresentation::load(sources);
    for note in heroscape.content_notes() {
        tracing::info!("heroscape: {note}");
    }
    Ok(Platform::new().with(heroclix).with(heroscape))
}

/// The ruleset that reads the map file at `path` as its own format, asking each in turn.
pub fn reading(platform: &Platform, path: &Path) -> Option<String> {
    platform
        .ids()
        .into_iter()
        .find(|id| platform.get(id).is_some_and(|p| p.reads_map(path)))
        .map(str::to_string)
}

/// Import commands of rulesets that are not on the platform yet, by the format's name
/// (`skirmish import heroscape-cards PATH`); `None` for formats the platform's rulesets read.
pub fn import(args: &[String], lang: Lang) -> Option<anyhow::Result<ExitCode>> {
    match args.first().map(String::as_str) {
        Some("heroscape-cards") => {
            Some(skirmish_heroscape::import::run_cli(&args[1..], lang).map_err(anyhow::Error::msg))
        }
        _ => None,
    }
}

/// `skirmish rulesets`: every ruleset with its board, judge queries, bots and page module.
pub fn list(lang: Lang) -> anyhow::Result<ExitCode> {
    let platform = platform(&[], None)?;
    for info in platform.infos(lang) {
        println!("{} — {}", info.id, info.name);
        let board = match info.board {
            skirmish_platform::BoardKind::Square => lang.pick("squares", "cases carrées"),
            skirmish_platform::BoardKind::Hex => lang.pick("hexes", "hexagones"),
        };
        println!("  {}: {board}", lang.pick("board", "plateau"));
        println!(
            "  {}: {}",
            lang.pick("judge queries", "questions d'arbitrage"),
            info.judge.join(", ")
        );
        println!("  bots: {}", info.bots.join(", "));
        println!(
            "  {}: {}",
            lang.pick("page module", "module de page"),
            info.module.unwrap_or(lang.pick("generic", "générique"))
        );
        if let Some(p) = platform.get(info.id) {
            let content = p.content(lang);
            if let Some(fields) = content["setup"].as_array() {
                let names: Vec<String> = fields
                    .iter()
                    .filter_map(|f| {
                        Some(format!(
                            "{} ({})",
                            f["field"].as_str()?,
                            f["kind"].as_str().unwrap_or("?")
                        ))
                    })
                    .collect();
                println!(
                    "  {}: {}",
                    lang.pick("set-up", "mise en place"),
                    names.join(", ")
                );
            }
            let mut commands: Vec<&str> = p.terminal_commands().iter().map(|(n, _)| *n).collect();
            // Without a `play` of its own, the generic terminal player plays it.
            if !commands.contains(&"play") {
                commands.insert(0, lang.pick("play (generic)", "play (générique)"));
            }
            println!(
                "  {}: {}",
                lang.pick("commands", "commandes"),
                commands.join(", ")
            );
            if let Some(defaults) = content["options"]["defaults"].as_object() {
                let opts: Vec<String> = defaults.iter().map(|(k, v)| format!("{k}={v}")).collect();
                println!(
                    "  {}: {}",
                    lang.pick("rules options", "options de règles"),
                    opts.join(" ")
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
