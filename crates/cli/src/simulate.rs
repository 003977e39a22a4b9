//! `skirmish simulate RULESET TEAM_A TEAM_B`: two teams played against each other by bots over
//! seeded games ([`skirmish_sim`]), with win and draw rates, victory points, game length and
//! the figures that score; `--teams T1 T2 T3...` plays every pairing of a list (a sweep).
//! `--out DIR` writes the report as JSON and its charts as SVG and PNG.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use serde_json::{Map, Value};
use skirmish_lang::Lang;
use skirmish_platform::{BotPlayer, Platform, Presentation, TeamArg};
use skirmish_sim::{chart, sweep, text, Matchup};

/// `skirmish simulate RULESET ...`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
A team is what the ruleset calls one: for HeroClix a team id (wardens), a team file or figure \
ids separated by commas (sk009,sk016); for HeroScape an army id or card ids separated by \
commas. Every other game swaps the seats, with the dice of the game before. Results are the \
same bit for bit for the same seed with iteration budgets (mcts:300i), whatever --jobs.")]
pub struct SimulateArgs {
    /// The ruleset (`skirmish rulesets` lists them).
    ruleset: String,
    /// Team A and team B; none for a ruleset without teams (its set-up's seats then play).
    #[arg(num_args = 0..=2, value_name = "TEAM")]
    teams: Vec<String>,
    /// A sweep: every pairing of these teams (instead of TEAM_A TEAM_B).
    #[arg(long = "teams", num_args = 2.., value_name = "TEAM", conflicts_with = "teams")]
    sweep: Vec<String>,
    /// Games per pairing.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// The bots: one for both teams, or team A's and team B's (random,greedy; mcts:100ms...).
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Seed of the first game's dice; the same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once [default: one per core].
    #[arg(long)]
    jobs: Option<usize>,
    /// A folder to write report.json and the charts in (winrate and vp, or heatmap for a
    /// sweep, each as .svg and .png).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// A set-up field of the games, `NAME=VALUE`, repeatable (`skirmish rulesets` lists them).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// A map file to play on.
    #[arg(long, value_name = "PATH")]
    map: Option<PathBuf>,
    /// Content to play with, repeatable: folders or files of maps and cards.
    #[arg(long, value_name = "PATH")]
    content: Vec<PathBuf>,
    /// Actions after which an unfinished game counts as a draw.
    #[arg(long, default_value_t = 5000)]
    max_steps: usize,
}

/// A team as typed: a file when one of that name exists, else words for the ruleset.
fn team_arg(word: &str) -> Result<TeamArg> {
    let path = Path::new(word);
    if path.is_file() {
        let text = std::fs::read_to_string(path).with_context(|| format!("team file {word}"))?;
        return Ok(TeamArg::File {
            name: word.to_string(),
            text,
        });
    }
    Ok(TeamArg::Text(word.to_string()))
}

/// The matchup of `a` against `b` (or of the set-up's own seats when both are `None`).
fn matchup(
    present: &dyn Presentation,
    base: &Map<String, Value>,
    teams: Option<(&TeamArg, &TeamArg)>,
    bots: &[Arc<dyn BotPlayer>; 2],
    a: &SimulateArgs,
    lang: Lang,
) -> Result<Matchup> {
    let setup = |order: &[TeamArg]| -> Result<skirmish_platform::GameSetup> {
        let mut fields = base.clone();
        if !order.is_empty() {
            fields.extend(
                present
                    .teams_fields(order, lang)
                    .map_err(|p| anyhow::anyhow!(p.message))?,
            );
        }
        present
            .setup(&fields, lang)
            .map_err(|p| anyhow::anyhow!(p.message))
    };
    let (forward, swapped) = match teams {
        Some((x, y)) => {
            let forward = setup(&[x.clone(), y.clone()])?;
            let back = setup(&[y.clone(), x.clone()])?;
            (forward, Some(back.scenario))
        }
        None => (setup(&[])?, None),
    };
    if forward.seat_names.len() != 2 {
        bail!(
            "the simulator plays two-seat games; this set-up has {} seats",
            forward.seat_names.len()
        );
    }
    let name = |i: usize| match teams {
        // Two teams of one name (a team against itself) are told apart by their letter.
        Some(_) if forward.seat_names[0] == forward.seat_names[1] => {
            format!("{} ({})", forward.seat_names[i], ["A", "B"][i])
        }
        _ => forward.seat_names[i].clone(),
    };
    Ok(Matchup {
        ruleset: a.ruleset.clone(),
        teams: [name(0), name(1)],
        scenario: forward.scenario,
        swapped,
        bots: bots.clone(),
        games: a.games,
        seed: a.seed,
        max_steps: a.max_steps,
    })
}

/// A progress bar of `total` games.
fn bar(total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} games (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// Writes `value` as `dir/name`.
fn write_json(dir: &Path, name: &str, value: &impl serde::Serialize) -> Result<PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(value)?)
        .with_context(|| path.display().to_string())?;
    Ok(path)
}

/// Runs `skirmish simulate`.
pub fn run(a: SimulateArgs, lang: Lang) -> Result<ExitCode> {
    let mut sources = a.content.clone();
    sources.extend(a.map.clone());
    let platform: Platform = crate::rulesets::platform(&sources, None)?;
    let present = platform.find(&a.ruleset).map_err(anyhow::Error::msg)?;
    let mut base = crate::play_any::setup_fields(&a.set)?;
    if let Some(map) = &a.map {
        let (field, id) =
            crate::play_any::map_choice(&present.content(lang), map).ok_or_else(|| {
                anyhow::anyhow!("{}: not a map {} can read", map.display(), a.ruleset)
            })?;
        base.entry(field).or_insert(Value::String(id));
    }
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    if a.teams.len() == 1 {
        bail!("name two teams (TEAM_A TEAM_B), or a list of teams with --teams");
    }
    let bots: [Arc<dyn BotPlayer>; 2] = match a.bots.as_slice() {
        [one] => {
            let bot = platform
                .bot_by_spec(&a.ruleset, one)
                .map_err(anyhow::Error::msg)?;
            [bot.clone(), bot]
        }
        [x, y] => [
            platform
                .bot_by_spec(&a.ruleset, x)
                .map_err(anyhow::Error::msg)?,
            platform
                .bot_by_spec(&a.ruleset, y)
                .map_err(anyhow::Error::msg)?,
        ],
        _ => bail!("--bots takes one bot for both teams or two (team A's,team B's)"),
    };
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).with_context(|| dir.display().to_string())?;
    }

    if !a.sweep.is_empty() {
        let teams = a
            .sweep
            .iter()
            .map(|t| team_arg(t))
            .collect::<Result<Vec<_>>>()?;
        let mut names = Vec::new();
        let mut matchups = Vec::new();
        for (i, j) in sweep::pairings(teams.len()) {
            let m = matchup(
                present.as_ref(),
                &base,
                Some((&teams[i], &teams[j])),
                &bots,
                &a,
                lang,
            )?;
            if names.is_empty() {
                names = vec![String::new(); teams.len()];
            }
            names[i] = m.teams[0].clone();
            names[j] = m.teams[1].clone();
            matchups.push(m);
        }
        let progress = bar(u64::from(a.games) * matchups.len() as u64);
        let s = sweep::sweep(&platform, names, &matchups, a.jobs, lang, &|done| {
            progress.set_position(u64::from(done))
        })
        .map_err(anyhow::Error::msg)?;
        progress.finish_and_clear();
        print!("{}", text::sweep(&s, lang));
        let errors: Vec<&String> = s.pairings.iter().flat_map(|r| &r.errors).collect();
        if let Some(dir) = &a.out {
            let mut files = vec![write_json(dir, "sweep.json", &s)?];
            files.extend(chart::write_sweep_charts(dir, &s, lang).map_err(anyhow::Error::msg)?);
            print_files(&files, lang);
        }
        for e in &errors {
            eprintln!("error: {e}");
        }
        return Ok(if errors.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }

    let teams = a
        .teams
        .iter()
        .map(|t| team_arg(t))
        .collect::<Result<Vec<_>>>()?;
    let pair = match teams.as_slice() {
        [x, y] => Some((x, y)),
        _ => None,
    };
    let m = matchup(present.as_ref(), &base, pair, &bots, &a, lang)?;
    let progress = bar(u64::from(a.games));
    let r = skirmish_sim::simulate(&platform, &m, a.jobs, lang, &|_| progress.inc(1))
        .map_err(anyhow::Error::msg)?;
    progress.finish_and_clear();
    print!("{}", text::report(&r, lang));
    if let Some(dir) = &a.out {
        let mut files = vec![write_json(dir, "report.json", &r)?];
        files.extend(chart::write_report_charts(dir, &r, lang).map_err(anyhow::Error::msg)?);
        print_files(&files, lang);
    }
    for e in &r.errors {
        eprintln!("error: {e}");
    }
    Ok(if r.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Says which files were written.
fn print_files(files: &[PathBuf], lang: Lang) {
    println!("\n{}", lang.pick("written:", "écrits :"));
    for f in files {
        println!("  {}", f.display());
    }
}
