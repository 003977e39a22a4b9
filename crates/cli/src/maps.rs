//! `skirmish map ...`: look at map files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Subcommand;
use skirmish_board::square::{load_square_map, render_ascii, render_svg, Overlay};
use skirmish_lang::Lang;

/// What to do with a map file.
#[derive(Subcommand, Debug)]
pub enum MapCommand {
    /// Draw a map in the terminal, with a legend.
    Show {
        /// The map file (TOML).
        file: PathBuf,
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

/// Runs a map command.
pub fn run(cmd: MapCommand, lang: Lang) -> Result<ExitCode> {
    match cmd {
        MapCommand::Show { file } => {
            let map = load_square_map(&file)?;
            print!("{}", render_ascii(&map, &Overlay::new()));
            Ok(ExitCode::SUCCESS)
        }
        MapCommand::Svg { file } => {
            let map = load_square_map(&file)?;
            print!("{}", render_svg(&map, &Overlay::new()));
            Ok(ExitCode::SUCCESS)
        }
        MapCommand::Check { files } => {
            let mut failed = false;
            for f in files {
                match load_square_map(&f) {
                    Ok(m) => println!(
                        "{}: {} ({}×{}, {})",
                        f.display(),
                        lang.pick("ok", "valide"),
                        m.width(),
                        m.height(),
                        m.name
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
