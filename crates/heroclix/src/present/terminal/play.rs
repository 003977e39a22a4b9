//! `skirmish play heroclix`: a whole game at the terminal between people and bots, with a
//! readable log and a replay file that `skirmish replay FILE --verify` accepts.
//!
//! A `human` seat is shown the board, the figures and a numbered list of its legal actions, and
//! types a number. Everything it can choose comes from the rules' legal actions, so a person
//! can no more play an illegal move than a bot can.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use crate::bots::{load_scenario, GreedyBot, ScenarioFiles};
use crate::figure::Stat;
use crate::game::powers::PowerOptions;
use crate::game::text::{self, figure_name, pushing_note, team_name};
use crate::game::{combat, Action, Event, State};
use crate::present::catalogue::msg;
use crate::HeroClix;
use anyhow::{bail, Context, Result};
use skirmish_board::square::{render_ascii, FigureToken, Overlay, Square};
use skirmish_board::FigureId;
use skirmish_bots::BotSpec;
use skirmish_bots::{bot_seed, Bot};
use skirmish_engine::{Game, Pending, Seat};
use skirmish_lang::Lang;

/// Arguments of `skirmish play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Who sits at each seat, in seat order: `human` or `ai:BOT` (HeroClix: `ai:random`,
    /// `ai:greedy`, `ai:mcts:100ms`, `ai:mcts:1s`, `ai:mcts:500i`).
    #[arg(long, value_delimiter = ',', default_value = "human,ai:greedy")]
    seats: Vec<String>,
    /// Seed of the dice (and of the bots' choices); a new one each game when left out.
    #[arg(long)]
    seed: Option<u64>,
    /// The map file.
    #[arg(long, default_value = "maps/harbour-district.toml")]
    map: PathBuf,
    /// One team file per seat, in seat order.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "content/heroclix/teams/wardens.toml,content/heroclix/teams/ravagers.toml"
    )]
    teams: Vec<PathBuf>,
    /// The folder of figure files the teams refer to.
    #[arg(long, default_value = "content/heroclix")]
    content: PathBuf,
    /// The game ends after this many rounds and victory points decide; 0 plays on until one
    /// side is left.
    #[arg(long, default_value_t = 20)]
    rounds: u32,
    /// Play theme teams' bonuses (rulebook Partie 4 *Équipes à thème*).
    #[arg(long)]
    theme_teams: bool,
    /// An event dial of the tactics cards, by id (rulebook *Socles événement*), e.g. `ev01`.
    #[arg(long)]
    event: Option<String>,
    /// A rules option, `NAME=VALUE`, repeatable (docs/rules/heroclix-powers.md, *Ruleset
    /// options*): `--option era=pac2010 --option combat_reflexes=elect`.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Where to write the replay [default: heroclix-seed<SEED>.replay.json].
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Print only the result and the replay's path (a human seat still sees its prompts).
    #[arg(long)]
    quiet: bool,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A person at the terminal.
    Human,
    /// A bot: `random`, `greedy` or `mcts:BUDGET`.
    Ai(BotSpec),
}

impl FromStr for SeatSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<SeatSpec, String> {
        let s = s.trim();
        if s == "human" {
            return Ok(SeatSpec::Human);
        }
        match s.strip_prefix("ai:") {
            Some(kind) => kind
                .parse()
                .map(SeatSpec::Ai)
                .map_err(|e: skirmish_bots::SpecError| e.to_string()),
            None => Err(format!(
                "unknown seat '{s}': use human, ai:random, ai:greedy or ai:mcts:BUDGET \
                 (ai:mcts:100ms, ai:mcts:1s, ai:mcts:500i)"
            )),
        }
    }
}

impl std::fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatSpec::Human => f.write_str("human"),
            SeatSpec::Ai(k) => write!(f, "ai:{k}"),
        }
    }
}

/// Runs `skirmish play` on the terminal.
pub fn run(args: Args, lang: Lang) -> Result<ExitCode> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    play_game(args, lang, &mut stdin.lock(), &mut stdout.lock())
}

/// A seat's player during the game.
enum Player {
    Human,
    Bot(Box<dyn Bot<HeroClix> + Send>),
}

/// What a person answered.
enum Answer {
    Act(Action),
    /// Deploy the seat's remaining figures with the greedy bot's choices.
    Auto,
    Resign,
    Closed,
}

/// How the game stopped.
#[derive(Clone, Copy)]
enum Stop {
    Over,
    Resigned(Seat),
    Closed(Seat),
}

fn play_game(
    args: Args,
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    let seat_specs = args
        .seats
        .iter()
        .map(|s| s.parse::<SeatSpec>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(anyhow::Error::msg)?;
    if args.seats.len() != args.teams.len() {
        bail!(
            "{} seat(s) for {} team(s): give one --seats entry per team file",
            args.seats.len(),
            args.teams.len()
        );
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let scenario = load_scenario(&ScenarioFiles {
        content: args.content.clone(),
        map: args.map.clone(),
        teams: args.teams.clone(),
        round_limit: (args.rounds > 0).then_some(args.rounds),
    })
    .map_err(anyhow::Error::msg)?;
    let mut scenario = scenario;
    scenario.options.theme_teams = args.theme_teams;
    scenario.options.powers = power_options(&args.options)?;
    if let Some(id) = &args.event {
        let cards = crate::tactics::Tactics::builtin();
        let Some(def) = cards.event(id) else {
            anyhow::bail!(
                "there is no event dial `{id}`; the event dials are: {}",
                cards
                    .events
                    .iter()
                    .map(|e| format!("{} ({})", e.id, e.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        };
        scenario.event = Some(std::sync::Arc::new(def.clone()));
    }
    let mut game = Game::<HeroClix>::new(scenario, seed).map_err(anyhow::Error::msg)?;
    // The replay written at the end carries a hash per action, so that `skirmish replay --verify`
    // names the first action that diverged; a terminal game can afford it.
    game.hash_steps(true);
    let mut players: Vec<Player> = seat_specs
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            SeatSpec::Human => Player::Human,
            SeatSpec::Ai(spec) => {
                Player::Bot(crate::bots::build(spec, bot_seed(seed, Seat(i as u8))))
            }
        })
        .collect();
    let symbols = figure_symbols(game.state());

    // The opening: who plays whom, where, and who goes first.
    if !args.quiet {
        let s = game.state();
        let sides: Vec<String> = s
            .seats
            .iter()
            .enumerate()
            .map(|(i, info)| {
                msg!(
                    lang,
                    "terminal.side",
                    team = info.name,
                    seat = text::seat_name(Seat(i as u8), lang),
                    player = seat_specs[i]
                )
            })
            .collect();
        let rounds = if args.rounds > 0 {
            msg!(lang, "terminal.rounds", rounds = args.rounds)
        } else {
            String::new()
        };
        writeln!(
            out,
            "{}",
            msg!(
                lang,
                "terminal.opening",
                sides = sides.join(&msg!(lang, "terminal.versus")),
                map = s.map.name,
                seed = seed,
                rounds = rounds
            )
        )?;
        let changed = s.options.powers.changed();
        if !changed.is_empty() {
            writeln!(
                out,
                "{}",
                msg!(lang, "terminal.rules_options", options = changed.join(", "))
            )?;
        }
        if let Some(first) = s.order.first() {
            let e = Event::FirstPlayer {
                rolls: s.first_player_rolls.clone(),
                seat: *first,
            };
            writeln!(out, "{}", e.text(s, lang))?;
        }
    }

    let stop = loop {
        let Some(&seat) = game.pending_seats().first() else {
            break Stop::Over;
        };
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            bail!(
                "{seat} must act but has no legal action (a rules bug); the replay is not written"
            );
        }
        let at_seat = players
            .get_mut(seat.index())
            .context("a seat without a player")?;
        let action = match at_seat {
            Player::Bot(bot) => {
                let i = bot.choose(&game.info_set(seat), &legal);
                // A bot's index out of range would be a bot bug: play the first legal action.
                legal
                    .get(i)
                    .or(legal.first())
                    .cloned()
                    .context("no legal action")?
            }
            Player::Human => match ask(&game, seat, &legal, &symbols, lang, input, out)? {
                Answer::Act(a) => a,
                Answer::Auto => {
                    auto_deploy(&mut game, seat, &seat_specs, args.quiet, lang, out)?;
                    continue;
                }
                Answer::Resign => break Stop::Resigned(seat),
                Answer::Closed => break Stop::Closed(seat),
            },
        };
        let events = game
            .act(seat, action)
            .map_err(|r| anyhow::anyhow!("the rules refused a legal action: {r}"))?;
        if !args.quiet {
            for e in &events {
                log_event(game.state(), e, &seat_specs, lang, out)?;
            }
        }
    };

    // The result.
    let s = game.state();
    match stop {
        Stop::Over => {
            if let Some(o) = game.outcome() {
                writeln!(out)?;
                let reason = s
                    .outcome
                    .as_ref()
                    .map_or_else(|| o.reason.clone(), |end| end.reason.text(lang));
                writeln!(
                    out,
                    "{}",
                    msg!(
                        lang,
                        "terminal.result",
                        winners = describe_winners(s, &o.winners, lang),
                        reason = reason
                    )
                )?;
            }
        }
        Stop::Resigned(seat) => {
            let others: Vec<Seat> = (0..s.seats.len())
                .map(|i| Seat(i as u8))
                .filter(|o| !s.allied(*o, seat))
                .collect();
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                msg!(
                    lang,
                    "terminal.resigned",
                    seat = team_name(s, seat, lang),
                    winners = describe_winners(s, &others, lang)
                )
            )?;
        }
        Stop::Closed(seat) => {
            writeln!(out)?;
            writeln!(
                out,
                "{}",
                msg!(lang, "terminal.closed", seat = team_name(s, seat, lang))
            )?;
        }
    }
    writeln!(out, "{}", msg!(lang, "terminal.victory_points"))?;
    for (i, info) in s.seats.iter().enumerate() {
        writeln!(
            out,
            "{}",
            msg!(
                lang,
                "terminal.side_points",
                side = msg!(
                    lang,
                    "terminal.side",
                    team = info.name,
                    seat = text::seat_name(Seat(i as u8), lang),
                    player = seat_specs[i]
                ),
                points = info.victory_points
            )
        )?;
    }

    let path = args
        .replay
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("heroclix-seed{seed}.replay.json")));
    let mut replay = game.replay().map_err(anyhow::Error::msg)?;
    if let Stop::Resigned(seat) = stop {
        // The rules never saw the resignation: the file says how the game ended for its readers
        // (`skirmish replay` prints it), the actions and hashes stay the game's.
        let s = game.state();
        replay.outcome = Some(skirmish_engine::Outcome {
            winners: (0..s.seats.len())
                .map(|i| Seat(i as u8))
                .filter(|o| !s.allied(*o, seat))
                .collect(),
            scores: s
                .seats
                .iter()
                .enumerate()
                .map(|(i, info)| (Seat(i as u8), i64::from(info.victory_points)))
                .collect(),
            reason: msg!(
                Lang::En,
                "outcome.resigned",
                seat = team_name(s, seat, Lang::En)
            ),
        });
    }
    let text = replay.to_json().map_err(anyhow::Error::msg)?;
    std::fs::write(&path, text + "\n")
        .with_context(|| format!("cannot write the replay to {}", path.display()))?;
    writeln!(
        out,
        "{}",
        msg!(lang, "terminal.replay_written", path = path.display())
    )?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Places the seat's figures still to deploy where the greedy bot would, one by one, each
/// placement logged as any other action.
fn auto_deploy(
    game: &mut Game<HeroClix>,
    seat: Seat,
    seat_specs: &[SeatSpec],
    quiet: bool,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<()> {
    let mut bot = GreedyBot::new(0);
    while game.pending_seats().first() == Some(&seat) {
        let legal = game.legal_actions(seat);
        if !super::menu::deploying(game.state(), &legal) {
            break;
        }
        let i = bot.choose(&game.info_set(seat), &legal);
        let action = legal
            .get(i)
            .or(legal.first())
            .cloned()
            .context("no placement")?;
        let events = game
            .act(seat, action)
            .map_err(|r| anyhow::anyhow!("the rules refused a legal placement: {r}"))?;
        if !quiet {
            for e in &events {
                log_event(game.state(), e, seat_specs, lang, out)?;
            }
        }
    }
    Ok(())
}

/// A seed from the clock, for games whose seed was not given (it is printed and written in
/// the replay, so the game can still be played again).
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
}

fn describe_winners(s: &State, winners: &[Seat], lang: Lang) -> String {
    let names: Vec<String> = winners.iter().map(|w| team_name(s, *w, lang)).collect();
    match names.len() {
        0 => msg!(lang, "terminal.no_winner"),
        1 => msg!(lang, "terminal.wins", winner = names[0]),
        _ => msg!(lang, "terminal.win_together", winners = names.join(", ")),
    }
}

/// One log line per event, with headers for rounds and turns.
fn log_event(
    s: &State,
    e: &Event,
    seats: &[SeatSpec],
    lang: Lang,
    out: &mut dyn Write,
) -> Result<()> {
    match e {
        Event::RoundStarted { round } => {
            writeln!(
                out,
                "\n=== {} ===",
                msg!(lang, "terminal.round", round = round)
            )?;
        }
        Event::TurnStarted { seat, .. } => {
            let who = seats
                .get(seat.index())
                .map_or(String::new(), |p| format!(" [{p}]"));
            writeln!(out, "--- {}{who} ---", e.text(s, lang))?;
        }
        Event::GameOver { .. } => writeln!(out, "\n{}", e.text(s, lang))?,
        _ => writeln!(out, "  {}", e.text(s, lang))?,
    }
    Ok(())
}

/// A character per figure for the board: seat 1 `A`–`Z`, seat 2 `a`–`z`, seat 3 digits,
/// seat 4 signs.
fn figure_symbols(s: &State) -> Vec<char> {
    let alphabets: [Vec<char>; 4] = [
        ('A'..='Z').collect(),
        // `i` marks indoor squares of mixed maps.
        ('a'..='z').filter(|c| *c != 'i').collect(),
        ('0'..='9').collect(),
        "!@$&*+=?<>".chars().collect(),
    ];
    let mut next = [0usize; 4];
    s.figures
        .iter()
        .map(|f| {
            let seat = f.owner.index().min(3);
            let c = alphabets[seat].get(next[seat]).copied().unwrap_or('?');
            next[seat] += 1;
            c
        })
        .collect()
}

fn symbol(symbols: &[char], id: FigureId) -> char {
    symbols.get(id.0 as usize).copied().unwrap_or('?')
}

/// The board with the figures on it, with or without the terrain legend.
fn board(s: &State, symbols: &[char], legend: bool) -> String {
    // Special zones are keyed by letters, which would read as figures; no rule of the base
    // game uses them.
    let mut map = (*s.map).clone();
    let squares: Vec<Square> = map.squares().collect();
    for sq in squares {
        if let Some(c) = map.cell_mut(sq) {
            c.special = None;
        }
    }
    map.special_zones.clear();
    let mut overlay = Overlay::new();
    for f in s.in_play() {
        if let Some(sq) = f.square {
            overlay = overlay.figure(FigureToken::new(sq, symbol(symbols, f.id), f.label.clone()));
        }
    }
    let text = render_ascii(&map, &overlay);
    if legend {
        return text;
    }
    match text.find("\n\n") {
        Some(end) => text[..end + 1].to_string(),
        None => text,
    }
}

/// The figures with their current values, tokens and damage taken.
fn figure_table(s: &State, symbols: &[char], lang: Lang) -> String {
    let mut out = String::new();
    let width = s
        .figures
        .iter()
        .map(|f| f.label.chars().count())
        .max()
        .unwrap_or(0);
    for (i, info) in s.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        out.push_str(&msg!(
            lang,
            "terminal.table_side",
            team = info.name,
            seat = text::seat_name(seat, lang),
            points = info.victory_points
        ));
        out.push('\n');
        for f in s.figures.iter().filter(|f| f.owner == seat) {
            let name = format!("{:<width$}", f.label);
            if f.ko {
                out.push_str(&format!("  {}  {name}  KO\n", symbol(symbols, f.id)));
                continue;
            }
            let v = |stat| combat::stat(s, f, stat).value;
            let place = f
                .square
                .map_or_else(|| msg!(lang, "terminal.not_placed"), |q| q.to_string());
            // The damage taken is public; the clicks left are not (no one may look at the
            // dial past the current click).
            let targets = if f.def.targets > 1 {
                format!(" ×{}", f.def.targets)
            } else {
                String::new()
            };
            let acted = if f.acted_this_turn {
                msg!(lang, "terminal.acted")
            } else {
                String::new()
            };
            let values = msg!(
                lang,
                "terminal.figure_values",
                speed = format!("{:>2}", v(Stat::Speed)),
                attack = format!("{:>2}", v(Stat::Attack)),
                defence = format!("{:>2}", v(Stat::Defense)),
                damage = v(Stat::Damage),
                range = combat::range(s, f),
                targets = targets,
                tokens = f.tokens,
                taken = f.click.saturating_sub(f.start_click),
                points = f.points,
                acted = acted
            );
            out.push_str(&format!(
                "  {}  {name}  {place:>6}  {values}\n",
                symbol(symbols, f.id)
            ));
        }
    }
    out
}

/// The numbered list of legal actions. Moves and placements, which come by the hundred, are
/// grouped by figure with several squares a line; everything else gets a line of its own.
fn action_menu(
    s: &State,
    legal: &[Action],
    symbols: &[char],
    only: Option<FigureId>,
    lang: Lang,
) -> String {
    let mut out = String::new();
    // (figure, moves rather than placements, numbered squares)
    type Group = (FigureId, bool, Vec<(usize, String)>);
    let mut grouped: Vec<Group> = Vec::new();
    let mut templated: Vec<(String, Vec<(usize, String)>)> = Vec::new();
    let mut texts = text::ActionTexts::new(s, lang);
    for (i, a) in legal.iter().enumerate() {
        if only.is_some_and(|f| super::menu::figure_and_square(a).0 != Some(f)) {
            continue;
        }
        let (figure, is_move, label) = match a {
            Action::Move { figure, to, .. } => {
                let cost = texts.move_cost(*figure, *to).unwrap_or(0);
                (*figure, true, format!("{to} ({cost})"))
            }
            Action::Place { figure, square, .. } => (*figure, false, square.to_string()),
            _ => {
                let d = texts.describe(a);
                // Actions that differ only by their square (a power's move, by the dozen) share
                // one line with the square left out, and list the squares under it.
                if let Some(sq) = super::menu::figure_and_square(a).1.map(|q| q.to_string()) {
                    if d.contains(&sq) {
                        let head = d.replacen(&sq, "…", 1);
                        match templated.iter_mut().find(|(h, _)| *h == head) {
                            Some((_, items)) => items.push((i, sq)),
                            None => templated.push((head, vec![(i, sq)])),
                        }
                        continue;
                    }
                }
                out.push_str(&format!("  [{}] {d}\n", i + 1));
                continue;
            }
        };
        match grouped
            .iter_mut()
            .find(|(f, m, _)| *f == figure && *m == is_move)
        {
            Some((_, _, items)) => items.push((i, label)),
            None => grouped.push((figure, is_move, vec![(i, label)])),
        }
    }
    for (figure, is_move, items) in grouped {
        let head = if is_move {
            let breakaway = if texts.needs_breakaway(figure) {
                msg!(lang, "terminal.breakaway_first")
            } else {
                String::new()
            };
            msg!(
                lang,
                "terminal.move_group",
                figure = figure_name(s, figure),
                symbol = symbol(symbols, figure),
                breakaway = breakaway,
                pushing = pushing_note(s, figure, lang)
            )
        } else {
            msg!(
                lang,
                "terminal.place_group",
                figure = figure_name(s, figure),
                symbol = symbol(symbols, figure)
            )
        };
        out.push_str(&format!("  {head}\n"));
        for chunk in items.chunks(6) {
            let line: Vec<String> = chunk
                .iter()
                .map(|(i, l)| format!("[{}] {l}", i + 1))
                .collect();
            out.push_str(&format!("      {}\n", line.join("  ")));
        }
    }
    for (head, items) in templated {
        out.push_str(&format!(
            "  {}\n",
            msg!(lang, "terminal.square_group", head = head)
        ));
        for chunk in items.chunks(8) {
            let line: Vec<String> = chunk
                .iter()
                .map(|(i, l)| format!("[{}] {l}", i + 1))
                .collect();
            out.push_str(&format!("      {}\n", line.join("  ")));
        }
    }
    out
}

/// The menu first shown: whole when short, by figure when long.
fn first_menu(s: &State, legal: &[Action], symbols: &[char], lang: Lang) -> String {
    if legal.len() <= super::menu::LIST_WHOLE {
        return action_menu(s, legal, symbols, None, lang);
    }
    let mut texts = text::ActionTexts::new(s, lang);
    let describe = |a: &Action| texts.describe(a);
    super::menu::by_figure(s, legal, |f| symbol(symbols, f), lang, describe)
}

fn help_text(lang: Lang) -> String {
    msg!(lang, "terminal.help")
}

/// Asks a person for an action until they give a valid answer, resign or close the input.
fn ask(
    game: &Game<HeroClix>,
    seat: Seat,
    legal: &[Action],
    symbols: &[char],
    lang: Lang,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Answer> {
    let s = game.state();
    writeln!(out)?;
    write!(out, "{}", board(s, symbols, false))?;
    write!(out, "{}", figure_table(s, symbols, lang))?;
    if let Pending::Decide { decision, .. } = game.pending() {
        writeln!(
            out,
            "{}",
            text::decision_prompt(s, &[seat], &decision, lang)
        )?;
    }
    write!(out, "{}", first_menu(s, legal, symbols, lang))?;
    let letters: Vec<(FigureId, char)> = s
        .figures
        .iter()
        .map(|f| (f.id, symbol(symbols, f.id)))
        .collect();
    loop {
        write!(
            out,
            "{}",
            msg!(lang, "terminal.your_choice", count = legal.len())
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(Answer::Closed);
        }
        let answer = line.trim();
        match answer {
            "" => continue,
            "?" | "h" | "help" | "aide" => {
                writeln!(out, "{}", help_text(lang))?;
                continue;
            }
            "q" | "quit" | "resign" | "abandon" => {
                // One mistyped letter must not end a game: resigning is asked again.
                write!(out, "{}", msg!(lang, "terminal.confirm_resign"))?;
                out.flush()?;
                let mut confirm = String::new();
                if input.read_line(&mut confirm)? == 0 {
                    writeln!(out)?;
                    return Ok(Answer::Closed);
                }
                if matches!(
                    confirm.trim().to_lowercase().as_str(),
                    "y" | "yes" | "o" | "oui"
                ) {
                    return Ok(Answer::Resign);
                }
                writeln!(out, "{}", msg!(lang, "terminal.goes_on"))?;
                continue;
            }
            "b" | "board" | "plateau" => {
                write!(out, "{}", board(s, symbols, true))?;
                write!(out, "{}", first_menu(s, legal, symbols, lang))?;
                continue;
            }
            "all" | "tout" => {
                write!(out, "{}", action_menu(s, legal, symbols, None, lang))?;
                continue;
            }
            "hint" | "conseil" => {
                let mut bot = GreedyBot::new(0);
                let i = bot.choose(&skirmish_engine::search::InfoSet::new(s, seat), legal);
                if let Some(a) = legal.get(i) {
                    writeln!(
                        out,
                        "{}",
                        msg!(
                            lang,
                            "terminal.hint",
                            number = i + 1,
                            action = text::describe_action(s, a, lang)
                        )
                    )?;
                }
                continue;
            }
            _ => {}
        }
        let menu_of = |f: FigureId| action_menu(s, legal, symbols, Some(f), lang);
        let describe = |a: &Action| text::describe_action(s, a, lang);
        let offer = super::menu::Offer {
            state: s,
            seat,
            legal,
            letters: &letters,
            lang,
        };
        match super::menu::read(answer, &offer, menu_of, describe) {
            super::menu::Pick::Act(i) => {
                if let Some(a) = legal.get(i) {
                    writeln!(out, "> {}", text::describe_action(s, a, lang))?;
                    return Ok(Answer::Act(a.clone()));
                }
            }
            super::menu::Pick::Show(text) => {
                write!(out, "{text}")?;
                if !text.ends_with('\n') {
                    writeln!(out)?;
                }
                continue;
            }
            super::menu::Pick::Auto => return Ok(Answer::Auto),
            super::menu::Pick::Other => {}
        }
        match answer.parse::<usize>() {
            Ok(n) if (1..=legal.len()).contains(&n) => {
                let a = legal[n - 1].clone();
                writeln!(out, "> {}", text::describe_action(s, &a, lang))?;
                return Ok(Answer::Act(a));
            }
            Ok(n) => writeln!(
                out,
                "{}",
                msg!(lang, "terminal.no_such_number", n = n, count = legal.len())
            )?,
            Err(_) => writeln!(
                out,
                "{}",
                msg!(
                    lang,
                    "terminal.not_a_number",
                    answer = answer,
                    count = legal.len()
                )
            )?,
        }
    }
}

/// The rules options of `--option NAME=VALUE` arguments.
fn power_options(args: &[String]) -> Result<PowerOptions> {
    let mut pairs = Vec::new();
    for a in args {
        let Some((name, value)) = a.split_once('=') else {
            bail!("--option {a}: write NAME=VALUE, e.g. --option era=pac2010");
        };
        pairs.push((name.trim(), value.trim()));
    }
    PowerOptions::from_pairs(pairs).map_err(anyhow::Error::msg)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::bots::expected_attack;

    /// The two sample teams on the sample outdoor map, six rounds.
    pub(in crate::present::terminal) fn starter_game(seed: u64) -> Game<HeroClix> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let scenario = load_scenario(&ScenarioFiles {
            content: root.join("content/heroclix"),
            map: root.join("maps/harbour-district.toml"),
            teams: vec![
                root.join("content/heroclix/teams/wardens.toml"),
                root.join("content/heroclix/teams/ravagers.toml"),
            ],
            round_limit: Some(6),
        })
        .unwrap();
        Game::new(scenario, seed).unwrap()
    }

    /// The shared action texts tell the roll the greedy bot reckons with, and the terminal's
    /// menu lists every legal action.
    #[test]
    fn attacks_are_described_with_the_roll_they_need() {
        let mut seen_ranged = false;
        let mut seen_close = false;
        let symbols = figure_symbols(starter_game(0).state());
        for seed in 0..6 {
            if seen_ranged && seen_close {
                break;
            }
            let mut game = starter_game(seed);
            let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
            while let Some(&seat) = game.pending_seats().first() {
                let s = game.state();
                let legal = game.legal_actions(seat);
                let menu = action_menu(s, &legal, &symbols, None, Lang::En);
                assert!(menu.contains(&format!("[{}] ", legal.len())), "{menu}");
                for a in &legal {
                    let t = text::describe_action(s, a, Lang::En);
                    let (attacker, targets, ranged) = match a {
                        Action::RangedAttack {
                            attacker, targets, ..
                        } => {
                            seen_ranged = true;
                            assert!(t.contains("Ranged attack: "), "{t}");
                            (attacker, targets.clone(), true)
                        }
                        Action::CloseAttack {
                            attacker, target, ..
                        } => {
                            seen_close = true;
                            assert!(t.contains("Close attack: "), "{t}");
                            (attacker, vec![*target], false)
                        }
                        _ => continue,
                    };
                    let odds = expected_attack(s, s.fig(*attacker).unwrap(), &targets, ranged);
                    assert!(t.contains(" → "), "{t}");
                    for o in &odds.targets {
                        let needs = text::needs_text(odds.attack, o.defence, Lang::En);
                        assert!(t.contains(&needs), "{t}");
                    }
                    assert_eq!(
                        t.contains("hindered"),
                        odds.targets.iter().any(|o| o.hindered),
                        "{t}"
                    );
                }
                let i = bots[seat.index()]
                    .choose(&skirmish_engine::search::InfoSet::new(s, seat), &legal);
                game.act(seat, legal[i].clone()).unwrap();
            }
        }
        assert!(seen_ranged && seen_close);
    }

    #[test]
    fn seats_parse_and_print_alike() {
        for s in [
            "human",
            "ai:random",
            "ai:greedy",
            "ai:mcts:250ms",
            "ai:mcts:300i",
        ] {
            assert_eq!(s.parse::<SeatSpec>().unwrap().to_string(), s);
        }
        assert!("bot"
            .parse::<SeatSpec>()
            .unwrap_err()
            .contains("ai:random, ai:greedy or ai:mcts:BUDGET"));
        assert!("ai:mcts:10x"
            .parse::<SeatSpec>()
            .unwrap_err()
            .contains("unknown unit `x`"));
    }
}
