//! `skirmish play RULESET` for any ruleset, through its presentation alone: the board drawn from
//! the generic board description, the prompt, the legal actions as a numbered menu grouped by
//! heading, the log, bots by name, and a replay file at the end. HeroClix has its own richer
//! terminal player (`play.rs`); a new ruleset is playable here before it has one.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use serde_json::{Map, Value};
use skirmish_engine::Viewer;
use skirmish_lang::Lang;
use skirmish_platform::{BotPlayer, Platform};

/// What `skirmish play` was asked, as any ruleset reads it.
pub struct PlayAny<'a> {
    /// The rulesets.
    pub platform: &'a Platform,
    /// The ruleset's id.
    pub ruleset: &'a str,
    /// `human` or `ai:NAME` per seat.
    pub seats: &'a [String],
    /// Dice seed.
    pub seed: u64,
    /// `NAME=VALUE` set-up fields (values read as JSON when they parse, else as text).
    pub set: &'a [String],
    /// Where to write the replay.
    pub replay: Option<PathBuf>,
    /// Print only the result.
    pub quiet: bool,
    /// A map file to play on (read as content; the set-up field whose choices hold it is set).
    pub map: Option<PathBuf>,
}

/// The arguments of `skirmish play RULESET` for a ruleset without a terminal player of its own.
#[derive(clap::Parser, Debug)]
#[command(name = "skirmish play")]
struct Args {
    /// Who sits at each seat, in seat order: `human` or `ai:BOT` (`skirmish rulesets` lists the
    /// bots).
    #[arg(long, value_delimiter = ',', default_value = "human,ai:random")]
    seats: Vec<String>,
    /// Seed of the dice; a new one each game when left out.
    #[arg(long)]
    seed: Option<u64>,
    /// A set-up field, `NAME=VALUE`, repeatable (the fields: `skirmish rulesets`).
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
    /// Where to write the replay [default: RULESET-seed<SEED>.replay.json].
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Print only the result and the replay's path.
    #[arg(long)]
    quiet: bool,
    /// A map file to play on: HeroScape reads Virtualscape `.hsc`, map-editor `.json` and its
    /// own `.toml` battlefields (start zones are made at the edges of a map that has none).
    #[arg(long, value_name = "PATH")]
    map: Option<PathBuf>,
    /// Content to play with, repeatable: folders or files of maps and cards (HeroScape: a card
    /// catalogue such as the army builder's JSON, for `--set mode=draft --set pool=catalogue`).
    #[arg(long, value_name = "PATH")]
    content: Vec<PathBuf>,
}

/// Runs `skirmish play RULESET ARGS` with the generic terminal player.
pub fn run(platform: &Platform, ruleset: &str, args: &[String], lang: Lang) -> Result<ExitCode> {
    use clap::Parser;
    let name = format!("skirmish play {ruleset}");
    let a = match Args::try_parse_from(std::iter::once(name).chain(args.iter().cloned())) {
        Ok(a) => a,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return Ok(ExitCode::from(code));
        }
    };
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
    });
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play(
        PlayAny {
            platform,
            ruleset,
            seats: &a.seats,
            seed,
            set: &a.set,
            replay: a.replay,
            quiet: a.quiet,
            map: a.map,
        },
        lang,
        &mut stdin.lock(),
        &mut stdout.lock(),
    )
}

/// Reads `NAME=VALUE` pairs into set-up fields.
pub(crate) fn setup_fields(set: &[String]) -> Result<Map<String, Value>> {
    let mut fields = Map::new();
    for pair in set {
        let Some((name, value)) = pair.split_once('=') else {
            bail!("--set takes NAME=VALUE, not `{pair}`");
        };
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.into()));
        fields.insert(name.trim().to_string(), value);
    }
    Ok(fields)
}

/// The set-up field and choice id of the map read from `path`: the choice whose `source` is
/// that file.
pub(crate) fn map_choice(content: &Value, path: &std::path::Path) -> Option<(String, String)> {
    let want = path.display().to_string();
    for f in content["setup"].as_array()? {
        for c in f["choices"].as_array().into_iter().flatten() {
            if c["source"].as_str() == Some(want.as_str()) {
                return Some((
                    f["field"].as_str()?.to_string(),
                    c["id"].as_str()?.to_string(),
                ));
            }
        }
    }
    None
}

/// Plays a whole game at the terminal.
pub fn play(
    p: PlayAny<'_>,
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    let present = p.platform.find(p.ruleset).map_err(anyhow::Error::msg)?;
    let mut fields = setup_fields(p.set)?;
    if let Some(map) = &p.map {
        let (field, id) = map_choice(&present.content(lang), map).with_context(|| {
            format!(
                "{}: not a map {} can read (see the log above for why)",
                map.display(),
                p.ruleset
            )
        })?;
        fields.entry(field).or_insert(Value::String(id));
    }
    let setup = present.setup(&fields, lang).map_err(anyhow::Error::msg)?;
    let mut game = p
        .platform
        .registry()
        .new_game(p.ruleset, &setup.scenario, p.seed)
        .map_err(anyhow::Error::msg)?;
    game.set_hash_steps(true);
    let seats = game.seats();
    if p.seats.len() != seats.len() {
        bail!(
            "{} seat(s) given for a game of {}: use --seats with one entry per seat",
            p.seats.len(),
            seats.len()
        );
    }
    let mut players: Vec<Option<std::sync::Arc<dyn BotPlayer>>> = Vec::new();
    for spec in p.seats {
        match spec.trim() {
            "human" => players.push(None),
            other => {
                let name = other.strip_prefix("ai:").unwrap_or(other);
                // Any bot spec: a listed bot, or tree search with a budget of one's own.
                let bot = p.platform.bot_by_spec(p.ruleset, name).map_err(|e| {
                    let seats: Vec<String> = p
                        .platform
                        .bots(p.ruleset)
                        .iter()
                        .map(|b| format!("ai:{}", b.name()))
                        .collect();
                    anyhow::anyhow!(
                        "seat `{other}`: {e}; the seats {} takes: human, {}, or ai:mcts:BUDGET",
                        p.ruleset,
                        seats.join(", ")
                    )
                })?;
                players.push(Some(bot));
            }
        }
    }
    let mut logged = 0;
    while let Some(&seat) = game.pending_seats().first() {
        let legal = present.legal(game.as_ref(), seat, lang);
        if legal.is_empty() {
            bail!("{seat} is to act but has no legal action (a ruleset bug)");
        }
        let action = match &players[seat.index()] {
            Some(bot) => {
                let seed = skirmish_bots::bot_seed(p.seed, seat) ^ game.step_count() as u64;
                let view = game.blinded(seat, seed);
                bot.choose(view.as_ref(), seat, seed)
                    .unwrap_or_else(|| legal[0].action.clone())
            }
            None => {
                let viewer = Viewer::Seat(seat);
                writeln!(
                    out,
                    "\n{}",
                    present.board_text_in(game.as_ref(), viewer, lang)
                )?;
                writeln!(out, "{}", present.prompt(game.as_ref(), viewer, lang))?;
                let mut group = None;
                for (i, l) in legal.iter().enumerate() {
                    if l.group != group {
                        group.clone_from(&l.group);
                        writeln!(out, "  {}", group.as_deref().unwrap_or(""))?;
                    }
                    writeln!(out, "    {:>3}. {}", i + 1, l.text)?;
                }
                match ask(input, out, legal.len(), lang)? {
                    Some(i) => legal[i].action.clone(),
                    None => {
                        writeln!(
                            out,
                            "{}",
                            lang.pick(
                                "Input closed: game stopped.",
                                "Entrée fermée : partie arrêtée."
                            )
                        )?;
                        return Ok(ExitCode::FAILURE);
                    }
                }
            }
        };
        game.act_json(seat, &action)
            .map_err(|r| anyhow::anyhow!("{seat}'s action was refused: {}", r.reason))?;
        if !p.quiet {
            for line in present.log(game.as_ref(), Viewer::Spectator, logged, lang) {
                writeln!(out, "[{}] {}", line.step, line.text)?;
            }
        }
        logged = game.step_count();
    }
    writeln!(
        out,
        "{}",
        present.prompt(game.as_ref(), Viewer::Spectator, lang)
    )?;
    let path = p
        .replay
        .unwrap_or_else(|| PathBuf::from(format!("{}-seed{}.replay.json", p.ruleset, p.seed)));
    let text = game
        .replay()
        .and_then(|r| r.to_json())
        .map_err(anyhow::Error::msg)?;
    std::fs::write(&path, text + "\n")
        .with_context(|| format!("cannot write the replay to {}", path.display()))?;
    writeln!(
        out,
        "{}: {}",
        lang.pick("Replay written to", "Partie enregistrée dans"),
        path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Reads a number between 1 and `count`; `None` when the input ends.
fn ask(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    count: usize,
    lang: Lang,
) -> Result<Option<usize>> {
    loop {
        write!(
            out,
            "{} (1-{count}) > ",
            lang.pick("Your choice", "Votre choix")
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => return Ok(Some(n - 1)),
            _ => writeln!(
                out,
                "{}",
                lang.pick(
                    "Type the number of an action.",
                    "Tapez le numéro d'une action."
                )
            )?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_toy_game_is_played_at_the_terminal_by_a_person_and_a_bot() {
        let platform = Platform::new().with(skirmish_platform::toy::ToyPresentation);
        let dir = tempfile::tempdir().unwrap();
        let replay = dir.path().join("toy.replay.json");
        // The person always types 1 (after one wrong answer); the random player answers.
        let mut input: &[u8] = b"x\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n";
        let mut out = Vec::new();
        let code = play(
            PlayAny {
                platform: &platform,
                ruleset: "toy",
                seats: &["human".into(), "ai:random".into()],
                seed: 4,
                set: &["turns=6".into()],
                replay: Some(replay.clone()),
                quiet: false,
                map: None,
            },
            Lang::Fr,
            &mut input,
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(code, ExitCode::SUCCESS, "{text}");
        assert!(text.contains("Tapez le numéro"), "{text}");
        assert!(text.contains("Déplacement"), "{text}");
        assert!(text.contains("Partie terminée"), "{text}");
        let written = std::fs::read_to_string(&replay).unwrap();
        let r = skirmish_engine::Replay::from_json(&written).unwrap();
        platform.registry().verify_replay(&r).unwrap();
    }

    #[test]
    fn bad_seats_and_fields_are_named() {
        let platform = Platform::new().with(skirmish_platform::toy::ToyPresentation);
        let run = |seats: &[String], set: &[String]| {
            play(
                PlayAny {
                    platform: &platform,
                    ruleset: "toy",
                    seats,
                    seed: 1,
                    set,
                    replay: None,
                    quiet: true,
                    map: None,
                },
                Lang::En,
                &mut &b""[..],
                &mut Vec::new(),
            )
            .unwrap_err()
            .to_string()
        };
        assert!(run(&["human".into(), "ai:deep".into()], &[]).contains("ai:random"));
        assert!(run(&["human".into()], &[]).contains("1 seat(s)"));
        assert!(run(&["human".into(), "human".into()], &["turns".into()]).contains("NAME=VALUE"));
        assert!(run(&["human".into(), "human".into()], &["colour=red".into()]).contains("colour"));
    }
}
