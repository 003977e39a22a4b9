//! `skirmish team check` and `skirmish import hcunits`: content for HeroClix.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::content::{figures_to_toml, load_figure_folder, load_figures, Catalogue};
use crate::import::hcunits;
use crate::present::catalogue::msg;
use crate::team::{check_team, load_team};
use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use skirmish_lang::Lang;

/// Where the project's own HeroClix figures live, relative to the working folder.
pub const DEFAULT_FIGURES: &str = "content/heroclix";

/// Team commands.
#[derive(Subcommand, Debug)]
pub enum TeamCommand {
    /// Check a team against the team-building rules and explain every violation.
    Check(TeamCheckArgs),
}

/// Arguments of `skirmish team check`.
#[derive(Args, Debug)]
pub struct TeamCheckArgs {
    /// The team file (TOML).
    team: PathBuf,
    /// The game's build total in points (default: the team file's, else 300).
    #[arg(long)]
    total: Option<u32>,
    /// Figure files or folders to look the team's figures up in (repeatable); the starter set by
    /// default.
    #[arg(long = "figures", value_name = "PATH")]
    figures: Vec<PathBuf>,
}

/// Loads figures from files and folders (the starter set when none is given).
pub fn catalogue(paths: &[PathBuf]) -> Result<Catalogue> {
    let default = [PathBuf::from(DEFAULT_FIGURES)];
    let paths = if paths.is_empty() {
        &default[..]
    } else {
        paths
    };
    let mut all = Vec::new();
    for p in paths {
        let figs = if p.is_dir() {
            load_figure_folder(p)
        } else {
            load_figures(p)
        }
        .with_context(|| format!("cannot load figures from {}", p.display()))?;
        all.extend(figs);
    }
    Ok(Catalogue::new(all))
}

/// Runs a team command.
pub fn team(cmd: TeamCommand, lang: Lang) -> Result<ExitCode> {
    let TeamCommand::Check(a) = cmd;
    let team = load_team(&a.team)?;
    let cat = catalogue(&a.figures)?;
    let total = a.total.or(team.build_total).unwrap_or(300);
    let report = check_team(&team, &cat, total);
    println!(
        "{}",
        msg!(
            lang,
            "team.heading",
            team = team.name,
            points = report.points,
            total = total,
            actions = report.actions
        )
    );
    for e in &report.entries {
        let pts = e.points.map_or_else(|| "?".to_string(), |p| p.to_string());
        println!(
            "{}",
            msg!(
                lang,
                "team.entry",
                name = e.name,
                figure = e.figure,
                line = e.starting_line,
                points = pts
            )
        );
    }
    let cards = cat.tactics();
    for f in &team.feats {
        let name = cards
            .feat(&f.feat)
            .map_or(f.feat.as_str(), |d| d.name.as_str());
        let who: Vec<String> = f
            .characters
            .iter()
            .map(|c| {
                report
                    .entries
                    .get(c.wrapping_sub(1))
                    .map_or_else(|| format!("#{c}"), |e| e.name.clone())
            })
            .collect();
        let pts = cards
            .feat(&f.feat)
            .map_or(0, |d| d.points(f.characters.len()));
        let who = if who.is_empty() {
            String::new()
        } else {
            format!(" ({})", who.join(", "))
        };
        println!(
            "{}",
            msg!(lang, "team.feat", name = name, who = who, points = pts)
        );
    }
    for o in &team.objects {
        let what = match (&o.special, o.kind) {
            (Some(id), _) => cards.special_object(id).map_or_else(
                || id.clone(),
                |d| msg!(lang, "team.special_object", name = d.name, points = d.cost),
            ),
            (None, Some(k)) => o.name.clone().map_or_else(
                || k.name(lang).to_string(),
                |n| format!("{n} ({})", k.name(lang)),
            ),
            (None, None) => "?".into(),
        };
        println!("{}", msg!(lang, "team.object", object = what));
    }
    if let Some(c) = &team.condition {
        let name = cards.condition(c).map_or(c.as_str(), |d| d.name.as_str());
        println!("{}", msg!(lang, "team.condition", name = name));
    }
    if let Some(a) = &report.ata {
        let who: Vec<String> = a
            .entries
            .iter()
            .filter_map(|i| report.entries.get(*i).map(|e| e.name.clone()))
            .collect();
        let who = if who.is_empty() {
            String::new()
        } else {
            format!(" — {}", who.join(", "))
        };
        println!(
            "{}",
            msg!(lang, "team.ata", ata = a.describe(lang), who = who)
        );
    } else if let Some(id) = &team.ata {
        println!("{}", msg!(lang, "team.ata", ata = id, who = ""));
    }
    if let Some(t) = &report.theme {
        println!(
            "{}",
            msg!(
                lang,
                "team.theme",
                keyword = t.keyword,
                characters = t.characters,
                rerolls = t.with_keyword / 2
            )
        );
    }
    if !report.not_run_yet.is_empty() {
        println!("{}", msg!(lang, "team.not_run_yet"));
        for n in &report.not_run_yet {
            let who: Vec<String> = n
                .entries
                .iter()
                .filter_map(|i| report.entries.get(*i).map(|e| e.name.clone()))
                .collect();
            println!("  - {}: {}", n.ability.name(lang), who.join(", "));
        }
    }
    if report.is_legal() {
        println!("{}", msg!(lang, "team.legal"));
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "{}",
            msg!(lang, "team.not_legal", count = report.violations.len())
        );
        for v in &report.violations {
            println!("  - {}", v.text(lang));
        }
        Ok(ExitCode::FAILURE)
    }
}

/// Import commands.
#[derive(Subcommand, Debug)]
pub enum ImportCommand {
    /// Import HeroClix units in the hcunits JSON format (a folder of sets, or one set file).
    Hcunits(HcunitsArgs),
}

/// Arguments of `skirmish import hcunits`.
#[derive(Args, Debug)]
pub struct HcunitsArgs {
    /// The hcunits folder (one sub-folder per set) or a single set file.
    path: PathBuf,
    /// Write the imported figures as figure files, one per set, into this folder.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs an import command.
pub fn import(cmd: ImportCommand, lang: Lang) -> Result<ExitCode> {
    let ImportCommand::Hcunits(a) = cmd;
    let report = if a.path.is_dir() {
        hcunits::import_dir(&a.path)
    } else {
        hcunits::import_set_file(&a.path)
    }
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    println!(
        "{}",
        msg!(
            lang,
            "import.summary",
            files = report.files,
            units = report.units,
            imported = report.figures.len(),
            skipped = report.skipped.len(),
            rejected = report.rejected.len()
        )
    );
    for (reason, n) in report.skipped_by_reason() {
        println!(
            "{}",
            msg!(lang, "import.skipped", reason = reason, count = n)
        );
    }
    for e in report.rejected.iter().take(20) {
        println!("{}", msg!(lang, "import.rejected", error = e));
    }
    let mut powers = std::collections::BTreeMap::new();
    for f in &report.figures {
        for p in f.dial_powers() {
            *powers.entry(p.id().to_string()).or_insert(0usize) += 1;
        }
    }
    println!("{}", msg!(lang, "import.powers"));
    let list: Vec<String> = powers.iter().map(|(p, n)| format!("{p} {n}")).collect();
    for chunk in list.chunks(6) {
        println!("  {}", chunk.join(", "));
    }
    let (run, all) = report.special_powers_run();
    println!(
        "{}",
        msg!(lang, "import.special_powers", run = run, all = all)
    );
    if !report.unknown_powers.is_empty() {
        let u: Vec<String> = report
            .unknown_powers
            .iter()
            .map(|(p, n)| format!("{p} ({n})"))
            .collect();
        println!(
            "{}",
            msg!(lang, "import.unknown_powers", powers = u.join(", "))
        );
    }
    if let Some(out) = &a.out {
        write_sets(out, &report.figures)?;
        println!("{}", msg!(lang, "import.written", path = out.display()));
    }
    Ok(if report.rejected.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn write_sets(out: &Path, figures: &[crate::figure::FigureDef]) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let mut by_set: std::collections::BTreeMap<&str, Vec<crate::figure::FigureDef>> =
        std::collections::BTreeMap::new();
    for f in figures {
        by_set.entry(f.set.as_str()).or_default().push(f.clone());
    }
    for (set, figs) in by_set {
        let safe: String = set
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let path = out.join(format!("{safe}.toml"));
        std::fs::write(&path, figures_to_toml(&figs))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
