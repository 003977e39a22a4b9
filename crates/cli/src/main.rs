//! `skirmish`: play, judge and serve tabletop skirmish games.
//!
//! The program is generic over rulesets: `rulesets.rs` names them, and every command that
//! belongs to a ruleset (`play`, `check`, `team`, `import`, `los`, `reach`) is run by the
//! ruleset's own presentation with the words that follow it.

mod ladder;
mod maps;
mod play_any;
mod replay;
mod rulesets;
mod serve;
mod simulate;

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

/// The words after a ruleset's command, for the ruleset to read (`--help` included).
#[derive(clap::Args, Debug)]
#[command(disable_help_flag = true)]
struct Forward {
    /// The ruleset whose command this is (default: the first, `skirmish rulesets`).
    #[arg(long)]
    ruleset: Option<String>,
    /// The command's own arguments (`--help` shows them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    args: Vec<String>,
}

/// `skirmish play RULESET ...`.
#[derive(clap::Args, Debug)]
#[command(disable_help_flag = true)]
struct PlayForward {
    /// The ruleset (`skirmish rulesets` lists them); `--help` alone lists them with the usage.
    #[arg(allow_hyphen_values = true)]
    ruleset: Option<String>,
    /// The ruleset's own arguments (`skirmish play RULESET --help` shows them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    args: Vec<String>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the web player on localhost (also what `skirmish` alone does).
    Serve(serve::Args),
    /// List the rulesets this program plays, with their options and commands.
    Rulesets,
    /// Show, draw or check map files.
    #[command(subcommand)]
    Map(maps::MapCommand),
    /// Re-run a replay file; with --verify, check it ends on its recorded state hash.
    Replay(replay::ReplayArgs),
    /// Play a whole game: people and bots at the seats, a readable log, and a replay file.
    Play(PlayForward),
    /// Play bots against each other over seeded games: win rates with 95 % intervals and an
    /// Elo-style rating per bot.
    Ladder(ladder::LadderArgs),
    /// Play two teams against each other over seeded games (or every pairing of a list of
    /// teams): win rates with 95 % intervals, victory points, game length, the figures that
    /// score, and charts.
    Simulate(simulate::SimulateArgs),
    /// Run rules scenario files (or folders of them) and say which hold.
    Check(Forward),
    /// Check teams against the team-building rules (`team check FILE`).
    Team(Forward),
    /// Import figures from other formats (`import hcunits FILE`, `import heroscape-cards FILE`).
    Import(Forward),
    /// Judge a line of fire or sight on a map: verdict, squares or hexes crossed and why (the
    /// ruleset that reads the map file judges it).
    Los(Forward),
    /// Judge a move on a map: every place a figure can reach, a path, and why not.
    Reach(Forward),
}

/// Takes the program's global `--lang` out of a ruleset command's words (the words after the
/// command reach the ruleset unparsed, so `skirmish play heroclix --lang fr` would not be seen
/// by the program's own parser); the last one given wins.
fn take_lang(args: &mut Vec<String>, lang: Lang) -> anyhow::Result<Lang> {
    let mut lang = lang;
    let mut i = 0;
    while i < args.len() {
        let value = if args[i] == "--lang" {
            let Some(v) = args.get(i + 1).cloned() else {
                anyhow::bail!("--lang needs a value: en or fr");
            };
            args.drain(i..i + 2);
            v
        } else if let Some(v) = args[i].strip_prefix("--lang=") {
            let v = v.to_string();
            args.remove(i);
            v
        } else {
            i += 1;
            continue;
        };
        lang = value.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(lang)
}

/// Runs a ruleset's own command.
fn forward(command: &str, mut f: Forward, lang: Lang) -> anyhow::Result<ExitCode> {
    let lang = take_lang(&mut f.args, lang)?;
    let platform = rulesets::platform(&[], None)?;
    // A judge command names a map first: the ruleset that reads that file judges it.
    let by_map = || {
        let path = f.args.iter().find(|a| !a.starts_with('-'))?;
        rulesets::reading(&platform, std::path::Path::new(path))
    };
    let id = f
        .ruleset
        .clone()
        .or_else(|| matches!(command, "los" | "reach").then(by_map).flatten())
        .or_else(|| platform.default_id().map(str::to_string))
        .unwrap_or_default();
    let present = platform.find(&id).map_err(anyhow::Error::msg)?;
    match present.terminal(command, &f.args, lang) {
        Some(result) => result.map_err(anyhow::Error::msg),
        None => anyhow::bail!("{id} has no `{command}` command"),
    }
}

/// `skirmish import FORMAT ...`: formats a ruleset outside the platform reads
/// ([`rulesets::import`]) first, then the ruleset's own `import` command.
fn import(mut f: Forward, lang: Lang) -> anyhow::Result<ExitCode> {
    if f.ruleset.is_none() {
        let lang = take_lang(&mut f.args, lang)?;
        if let Some(result) = rulesets::import(&f.args, lang) {
            return result;
        }
    }
    forward("import", f, lang)
}

/// The content a `play` command names (`--content PATH`, `--map PATH`, each repeatable), read
/// before the ruleset's own arguments are parsed so that the platform holds it.
fn content_paths(args: &[String]) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if matches!(a, "--content" | "--map") {
            if let Some(v) = args.get(i + 1) {
                out.push(v.into());
            }
            i += 2;
            continue;
        }
        if let Some(v) = a
            .strip_prefix("--content=")
            .or_else(|| a.strip_prefix("--map="))
        {
            out.push(v.into());
        }
        i += 1;
    }
    out
}

fn play(mut p: PlayForward, lang: Lang) -> anyhow::Result<ExitCode> {
    let lang = take_lang(&mut p.args, lang)?;
    let platform = rulesets::platform(&[], None)?;
    let id = match p.ruleset {
        Some(id) if !id.starts_with('-') => id,
        asked => {
            // `skirmish play --help`, or no ruleset: say what to type instead of a parse error.
            let help = matches!(asked.as_deref(), Some("--help" | "-h"));
            let mut text = String::from(
                "usage: skirmish play RULESET [ARGS]...\n\
                 `skirmish play RULESET --help` shows the ruleset's own arguments.\n\nrulesets:\n",
            );
            for info in platform.infos(lang) {
                text.push_str(&format!("  {:<12} {}\n", info.id, info.name));
            }
            if help {
                print!("{text}");
                return Ok(ExitCode::SUCCESS);
            }
            anyhow::bail!("which ruleset? {text}");
        }
    };
    let present = platform.find(&id).map_err(anyhow::Error::msg)?;
    if let Some(result) = present.terminal("play", &p.args, lang) {
        return result.map_err(anyhow::Error::msg);
    }
    // The generic player: the maps and content named are read into the platform first.
    let sources = content_paths(&p.args);
    if sources.is_empty() {
        return play_any::run(&platform, &id, &p.args, lang);
    }
    let platform = rulesets::platform(&sources, None)?;
    play_any::run(&platform, &id, &p.args, lang)
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
    let lang = cli.lang;
    init_logging();
    let result = match cli.command {
        None => serve::run(serve::Args::default()),
        Some(Command::Serve(a)) => serve::run(a),
        Some(Command::Rulesets) => rulesets::list(lang),
        Some(Command::Map(c)) => maps::run(c, lang),
        Some(Command::Replay(a)) => replay::run(a),
        Some(Command::Play(p)) => play(p, lang),
        Some(Command::Ladder(a)) => ladder::run(a, lang),
        Some(Command::Simulate(a)) => simulate::run(a, lang),
        Some(Command::Check(f)) => forward("check", f, lang),
        Some(Command::Team(f)) => forward("team", f, lang),
        Some(Command::Import(f)) => import(f, lang),
        Some(Command::Los(f)) => forward("los", f, lang),
        Some(Command::Reach(f)) => forward("reach", f, lang),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
