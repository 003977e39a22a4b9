//! `skirmish replay FILE --verify`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use skirmish_engine::{Registry, Replay};

/// Arguments of `skirmish replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The replay file (JSON).
    file: PathBuf,
    /// Check that re-playing the actions ends on the recorded state hash.
    #[arg(long)]
    verify: bool,
}

/// Every ruleset the command line knows. The engine's own fixture game stays listed so that the
/// replay machinery can be tried on a tiny game.
pub fn registry() -> Result<Registry> {
    let mut registry = crate::rulesets::platform(&[], None)?.registry().clone();
    registry.register::<skirmish_engine::fixtures::LuckyPig>();
    Ok(registry)
}

/// Runs `skirmish replay`.
pub fn run(a: ReplayArgs) -> Result<ExitCode> {
    let text = std::fs::read_to_string(&a.file)
        .with_context(|| format!("cannot read {}", a.file.display()))?;
    let replay = Replay::from_json(&text).with_context(|| a.file.display().to_string())?;
    let registry = registry()?;
    let game = if a.verify {
        registry.verify_replay(&replay)
    } else {
        registry.run_replay(&replay)
    }
    .with_context(|| a.file.display().to_string())?;
    println!(
        "{}: {} game, {} action(s), final state {}",
        a.file.display(),
        replay.ruleset,
        replay.actions.len(),
        game.state_hash()
    );
    // A resignation ends a game outside the rules: the file records it, the actions don't.
    match game.outcome().or_else(|| replay.outcome.clone()) {
        Some(o) => println!("outcome: {o}"),
        None => println!("outcome: unfinished"),
    }
    if a.verify {
        println!("verified: the actions reproduce the recorded final state hash");
    }
    Ok(ExitCode::SUCCESS)
}
