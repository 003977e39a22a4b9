//! HeroClix at the terminal: the commands the `skirmish` program runs for this ruleset, each
//! with its own arguments (`skirmish play heroclix --seats human,ai:greedy`, `skirmish los MAP
//! FROM TO`, `skirmish team check FILE`, `skirmish check SCENARIOS`, `skirmish import hcunits`,
//! `skirmish reach MAP FROM`).

use std::process::ExitCode;

use clap::Parser;
use skirmish_lang::Lang;

pub mod check;
pub mod content;
pub mod judge;
pub mod menu;
pub mod play;

/// The commands, with what each does (for `skirmish rulesets` and help texts).
pub const COMMANDS: [(&str, &str); 6] = [
    (
        "play",
        "Play a whole game: people and bots at the seats, a readable log, and a replay file",
    ),
    (
        "check",
        "Run rules scenario files (or folders of them) and say which hold",
    ),
    (
        "team",
        "Check teams against the team-building rules (team check FILE)",
    ),
    (
        "import",
        "Import figures from other formats (import hcunits)",
    ),
    (
        "los",
        "Judge a line of fire on a square map: verdict, squares crossed and why",
    ),
    (
        "reach",
        "Judge a move on a square map: every square a figure can reach, and a path",
    ),
];

#[derive(Parser, Debug)]
#[command(name = "skirmish play heroclix")]
struct PlayCli {
    #[command(flatten)]
    args: play::Args,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish check")]
struct CheckCli {
    #[command(flatten)]
    args: check::Args,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish team")]
struct TeamCli {
    #[command(subcommand)]
    command: content::TeamCommand,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish import")]
struct ImportCli {
    #[command(subcommand)]
    command: content::ImportCommand,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish los")]
struct LosCli {
    #[command(flatten)]
    args: judge::LosArgs,
}

#[derive(Parser, Debug)]
#[command(name = "skirmish reach")]
struct ReachCli {
    #[command(flatten)]
    args: judge::ReachArgs,
}

fn parse<P: Parser>(name: &str, args: &[String]) -> Result<P, clap::Error> {
    P::try_parse_from(std::iter::once(name.to_string()).chain(args.iter().cloned()))
}

/// Runs `command` with `args` (the words after it); `None` when HeroClix has no such command.
/// A usage error prints clap's explanation and answers exit code 2; `--help` prints the help.
pub fn run(command: &str, args: &[String], lang: Lang) -> Option<anyhow::Result<ExitCode>> {
    let parsed: Result<anyhow::Result<ExitCode>, clap::Error> = match command {
        "play" => parse::<PlayCli>("skirmish play heroclix", args).map(|c| play::run(c.args, lang)),
        "check" => parse::<CheckCli>("skirmish check", args).map(|c| check::run(c.args, lang)),
        "team" => parse::<TeamCli>("skirmish team", args).map(|c| content::team(c.command, lang)),
        "import" => {
            parse::<ImportCli>("skirmish import", args).map(|c| content::import(c.command, lang))
        }
        "los" => parse::<LosCli>("skirmish los", args).map(|c| judge::los(c.args, lang)),
        "reach" => parse::<ReachCli>("skirmish reach", args).map(|c| judge::reach(c.args, lang)),
        _ => return None,
    };
    Some(match parsed {
        Ok(result) => result,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            Ok(ExitCode::from(code))
        }
    })
}
