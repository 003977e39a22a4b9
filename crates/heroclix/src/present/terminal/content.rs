//! `skirmish team check` and `skirmish import hcunits`: content for HeroClix.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::content::{figures_to_toml, load_figure_folder, load_figures, Catalogue};
use crate::import::hcunits;
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
    let fr = lang == Lang::Fr;
    println!(
        "{} — {} / {} {} ({} {})",
        team.name,
        report.points,
        total,
        lang.pick("points", "points"),
        report.actions,
        lang.pick("action(s) per turn", "action(s) par tour")
    );
    for e in &report.entries {
        let pts = e.points.map_or_else(|| "?".to_string(), |p| p.to_string());
        if fr {
            println!(
                "  {} ({}, ligne de départ {}) : {pts} points",
                e.name, e.figure, e.starting_line
            );
        } else {
            println!(
                "  {} ({}, starting line {}): {pts} points",
                e.name, e.figure, e.starting_line
            );
        }
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
        println!(
            "  {} {name}{}: {pts} points",
            lang.pick("Feat", "Exploit"),
            if who.is_empty() {
                String::new()
            } else {
                format!(" ({})", who.join(", "))
            }
        );
    }
    for o in &team.objects {
        let what = match (&o.special, o.kind) {
            (Some(id), _) => cards.special_object(id).map_or_else(
                || id.clone(),
                |d| {
                    format!(
                        "{} ({}, {} points)",
                        d.name,
                        lang.pick("special", "spécial"),
                        d.cost
                    )
                },
            ),
            (None, Some(k)) => o.name.clone().map_or_else(
                || k.name(lang).to_string(),
                |n| format!("{n} ({})", k.name(lang)),
            ),
            (None, None) => "?".into(),
        };
        println!("  {} {what}", lang.pick("Object:", "Objet :"));
    }
    if let Some(c) = &team.condition {
        let name = cards.condition(c).map_or(c.as_str(), |d| d.name.as_str());
        println!(
            "  {} {name}",
            lang.pick("Battlefield condition:", "Condition de bataille :")
        );
    }
    if let Some(a) = &report.ata {
        let who: Vec<String> = a
            .entries
            .iter()
            .filter_map(|i| report.entries.get(*i).map(|e| e.name.clone()))
            .collect();
        println!(
            "  {} {}{}",
            lang.pick(
                "Alternate team ability (ATA):",
                "Compétence de groupe alternative (ATA) :"
            ),
            a.describe(lang),
            if who.is_empty() {
                String::new()
            } else {
                format!(" — {}", who.join(", "))
            }
        );
    } else if let Some(id) = &team.ata {
        println!(
            "  {} {id}",
            lang.pick(
                "Alternate team ability (ATA):",
                "Compétence de groupe alternative (ATA) :"
            )
        );
    }
    if let Some(t) = &report.theme {
        if fr {
            println!(
                "Équipe à thème « {} » ({} personnages) : +{} au jet du premier joueur, Contrôle des probabilités {} fois (si la partie joue les équipes à thème).",
                t.keyword, t.characters, t.characters, t.with_keyword / 2
            );
        } else {
            println!(
                "Theme team \"{}\" ({} characters): +{} to the first-player roll, Probability Control {} time(s) (when the game plays theme teams).",
                t.keyword, t.characters, t.characters, t.with_keyword / 2
            );
        }
    }
    if !report.not_run_yet.is_empty() {
        println!(
            "{}",
            lang.pick(
                "Carried as data, not run by the engine yet:",
                "Décrits dans les données mais pas encore appliqués par le moteur :"
            )
        );
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
        println!("{}", lang.pick("Legal team.", "Équipe valide."));
        Ok(ExitCode::SUCCESS)
    } else {
        println!(
            "{} ({}):",
            lang.pick("Not a legal team", "Équipe non valide"),
            report.violations.len()
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
    let fr = lang == Lang::Fr;
    if fr {
        println!(
            "{} fichier(s), {} unité(s) lues : {} personnage(s) importé(s), {} laissée(s) de côté, {} refusée(s)",
            report.files, report.units, report.figures.len(), report.skipped.len(), report.rejected.len()
        );
    } else {
        println!(
            "{} file(s), {} unit(s) read: {} character(s) imported, {} skipped, {} rejected",
            report.files,
            report.units,
            report.figures.len(),
            report.skipped.len(),
            report.rejected.len()
        );
    }
    for (reason, n) in report.skipped_by_reason() {
        println!("  {} {reason}: {n}", lang.pick("skipped", "laissé de côté"));
    }
    for e in report.rejected.iter().take(20) {
        println!("  {} {e}", lang.pick("rejected:", "refusé :"));
    }
    let mut powers = std::collections::BTreeMap::new();
    for f in &report.figures {
        for p in f.dial_powers() {
            *powers.entry(p.id().to_string()).or_insert(0usize) += 1;
        }
    }
    println!(
        "{}",
        lang.pick(
            "Powers on the imported dials (figures carrying each); the game runs every standard power, special powers (`special`) are listed for the players to apply:",
            "Pouvoirs sur les disques importés (nombre de personnages) ; le jeu applique tous les pouvoirs standards, les pouvoirs spéciaux (`special`) sont listés pour que les joueurs les appliquent :"
        )
    );
    let list: Vec<String> = powers.iter().map(|(p, n)| format!("{p} {n}")).collect();
    for chunk in list.chunks(6) {
        println!("  {}", chunk.join(", "));
    }
    let (run, all) = report.special_powers_run();
    println!(
        "{}",
        if lang == Lang::Fr {
            format!("Pouvoirs spéciaux : {run} sur {all} appliqués par le jeu (ceux qui permettent seulement d'utiliser des pouvoirs standards) ; les autres sont listés pour les joueurs")
        } else {
            format!("Special powers: {run} of {all} run by the game (those that only let the character use standard powers); the others are listed for the players")
        }
    );
    if !report.unknown_powers.is_empty() {
        let u: Vec<String> = report
            .unknown_powers
            .iter()
            .map(|(p, n)| format!("{p} ({n})"))
            .collect();
        println!(
            "{} {}",
            lang.pick("Unknown power marks:", "Marques de pouvoir inconnues :"),
            u.join(", ")
        );
    }
    if let Some(out) = &a.out {
        write_sets(out, &report.figures)?;
        println!(
            "{} {}",
            lang.pick(
                "Figure files written to",
                "Fichiers de personnages écrits dans"
            ),
            out.display()
        );
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
