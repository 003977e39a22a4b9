//! `skirmish replay FILE --verify`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;

/// Arguments of `skirmish replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The replay file (JSON).
    file: PathBuf,
    /// Check that re-playing the actions ends on the recorded state hash.
    #[arg(long)]
    verify: bool,
}

/// Runs `skirmish replay`.
pub fn run(_a: ReplayArgs) -> Result<ExitCode> {
    anyhow::bail!("replays are wired once the engine crate lands")
}
