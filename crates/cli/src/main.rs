//! `skirmish`: play, judge and serve tabletop skirmish games.

mod check;
mod content;
mod judge;
mod maps;
mod play;
mod replay;
mod serve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use skirmish_lang::Lang;

/// Skirmish: tabletop miniatures skirmish games with every rule enforced.
#[derive(Parser, Debug)]
#[command(name = "skirmish", version, about, long_about = None)]
struct Cli {
    /// Language of player-facing text: en or fr.
    #[arg(long, global = true, default_value = "en")]
    lang: Lang,
    /// What to do; with none, serve the web player.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the web player on localhost (also what `skirmish` alone does).
    Serve(serve::Args),
    /// Show, draw or check map files.
    #[command(subcommand)]
    Map(maps::MapCommand),
    /// Judge a line of fire on a square map: verdict, squares crossed and why.
    Los(judge::LosArgs),
    /// Judge a move on a square map: every square a figure can reach, and a path.
    Reach(judge::ReachArgs),
    /// Re-run a replay file; with --verify, check it ends on its recorded state hash.
    Replay(replay::ReplayArgs),
    /// Play a whole game: people and bots at the seats, a readable log, and a replay file.
    Play(play::Args),
    /// Run rules scenario files (or folders of them) and say which hold.
    Check(check::Args),
    /// Check HeroClix teams against the team-building rules.
    #[command(subcommand)]
    Team(content::TeamCommand),
    /// Import figures from other formats.
    #[command(subcommand)]
    Import(content::ImportCommand),
}

/// Sends log records to stderr: `RUST_LOG` when set, else `info` for Skirmish's own crates and
/// `warn` for the others. Without a subscriber the server's error records went nowhere.
fn init_logging() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        EnvFilter::new("warn,skirmish=info,skirmish_server=info,skirmish_cli=info")
    });
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colour codes only where someone reads them, not in a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let result = match cli.command {
        None => serve::run(serve::Args::default()),
        Some(Command::Serve(a)) => serve::run(a),
        Some(Command::Map(c)) => maps::run(c, cli.lang),
        Some(Command::Los(a)) => judge::los(a, cli.lang),
        Some(Command::Reach(a)) => judge::reach(a, cli.lang),
        Some(Command::Replay(a)) => replay::run(a),
        Some(Command::Team(c)) => content::team(c, cli.lang),
        Some(Command::Play(a)) => play::run(a, cli.lang),
        Some(Command::Check(a)) => check::run(a, cli.lang),
        Some(Command::Import(c)) => content::import(c, cli.lang),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
