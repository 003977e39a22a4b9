//! `skirmish check PATH...`: runs rules scenario files (see `crate::scenario_file`)
//! and says which hold.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::scenario_file::{check_file, collect_files};
use anyhow::Result;
use skirmish_lang::Lang;

/// Arguments of `skirmish check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Scenario files, or folders searched recursively for `*.toml`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print the game's log under each failing scenario.
    #[arg(long, short)]
    verbose: bool,
}

/// Runs `skirmish check`: one line per scenario, a summary, exit code 1 on any failure.
pub fn run(args: Args, lang: Lang) -> Result<ExitCode> {
    let files = collect_files(&args.paths)?;
    if files.is_empty() {
        anyhow::bail!("no scenario file (*.toml) found");
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        let c = check_file(file, lang);
        let title = c.title.as_deref().unwrap_or("(unreadable)");
        match &c.result {
            Ok(()) => {
                passed += 1;
                println!("PASS {} — {title}", file.display());
            }
            Err(why) => {
                failed += 1;
                println!("FAIL {} — {title}: {why}", file.display());
                if args.verbose {
                    for line in &c.log {
                        println!("    {line}");
                    }
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
