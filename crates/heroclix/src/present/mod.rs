//! HeroClix as people see it, for the server, the terminal and the page: the texts of actions,
//! decisions and events in English and French (the sentences of [`crate::game::text`]), the
//! board hints of each legal action, the board, the judge queries ([`judge`]: reach and line of
//! fire), the content and new-game set-up ([`content`]) and the bots, behind the platform's
//! [`Presentation`] interface. Everything is computed from the engine's state with the rules'
//! own functions, so what people are shown is what the engine will accept.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Map, Value};
use skirmish_board::square::Terrain;
use skirmish_engine::{AnyGame, Game, Pending, Registry, Ruleset, Seat, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::{
    Board, BoardKind, BotPlayer, Cell, FigureScore, GameSetup, Legal, LogLine, Piece, Presentation,
    Problem, TeamArg, TeamChoice,
};

use crate::game::{text, Event, HeroClix};
use catalogue::msg;

pub mod catalogue;
pub mod content;
pub mod events;
pub mod judge;
pub mod observe;
pub mod search;
mod simulate;
pub mod terminal;

pub use content::{
    Content, GameChoices, DEFAULT_MAP, DEFAULT_POINTS, DEFAULT_ROUNDS, DEFAULT_TEAMS,
};

/// The HeroClix game inside a dynamic game, if it is one.
pub fn downcast(game: &dyn AnyGame) -> Option<&Game<HeroClix>> {
    game.as_any().downcast_ref::<Game<HeroClix>>()
}

/// HeroClix's presentation, with the content new games are made from.
#[derive(Clone, Debug)]
pub struct HeroClixPresentation {
    content: Arc<Content>,
}

impl HeroClixPresentation {
    /// With this content.
    pub fn new(content: Content) -> HeroClixPresentation {
        HeroClixPresentation {
            content: Arc::new(content),
        }
    }

    /// With the compiled-in starter content alone.
    pub fn embedded() -> Result<HeroClixPresentation, String> {
        Content::embedded().map(HeroClixPresentation::new)
    }

    /// With the compiled-in content overlaid by each content source (a content folder, a
    /// folder of figure files, hcunits data) and `maps_dir` ([`Content::load`]); what was read
    /// and skipped is in [`Content::notes`].
    pub fn load(
        sources: &[std::path::PathBuf],
        maps_dir: Option<&Path>,
    ) -> Result<HeroClixPresentation, String> {
        Content::load(sources, maps_dir).map(HeroClixPresentation::new)
    }

    /// The content.
    pub fn content(&self) -> &Content {
        &self.content
    }
}

/// The set-up fields of a HeroClix create request.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupFields {
    /// Map id.
    #[serde(default)]
    map: Option<String>,
    /// Two teams: ids or inline teams.
    #[serde(default)]
    teams: Option<Vec<Value>>,
    /// Build total.
    #[serde(default)]
    points: Option<u32>,
    /// Theme teams' bonuses (rulebook *Équipes à thème*).
    #[serde(default)]
    theme_teams: Option<bool>,
    /// An event dial id (rulebook *Socles événement*).
    #[serde(default)]
    event: Option<String>,
    /// Round limit: missing for [`DEFAULT_ROUNDS`], `null` or 0 for none.
    #[serde(default, deserialize_with = "present_or_null")]
    rounds: Option<Option<u32>>,
    /// Rules options (`docs/rules/heroclix-powers.md`).
    #[serde(default)]
    powers: Option<Value>,
}

/// A field that may be given as `null`: `Some(None)`, where a missing one is `None`.
fn present_or_null<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<u32>>, D::Error> {
    <Option<u32> as serde::Deserialize>::deserialize(d).map(Some)
}

/// The menu heading of an action, by its `type`.
pub(crate) fn group_of(kind: &str, lang: Lang) -> String {
    match kind {
        "choose_map" | "choose_zone" | "cancel_condition" | "place_object" | "place" => {
            msg!(lang, "menu.group_setup")
        }
        "move" | "power_move" | "move_and_attack" | "telekinesis" | "telekinesis_object"
        | "move_on" | "pick_up" => msg!(lang, "menu.group_move"),
        "close_attack" | "ranged_attack" | "area_attack" | "duo_attack" | "multi_attack"
        | "free_attack" | "capture" | "rescue" | "release" | "throw_object"
        | "telekinesis_throw" | "mind_control" | "destroy_blocking" | "destroy_wall" => {
            msg!(lang, "menu.group_attack")
        }
        "use_power" | "team_ability" | "switch_off" | "switch_off_team" | "wild_card"
        | "set_feat_aside" | "outwit" | "perplex" | "place_marker" | "clear_token" | "redirect" => {
            msg!(lang, "menu.group_powers")
        }
        "accept" | "decline" | "pass" | "split_damage" | "knockback_via" => {
            msg!(lang, "menu.group_answer")
        }
        "end_turn" => msg!(lang, "menu.group_turn"),
        _ => msg!(lang, "menu.group_other"),
    }
}

fn square_of(v: &Value) -> Option<[i32; 2]> {
    let x = i32::try_from(v.get("x")?.as_i64()?).ok()?;
    let y = i32::try_from(v.get("y")?.as_i64()?).ok()?;
    Some([x, y])
}

/// Fills the board hints of `legal` from the action's fields: the acting figure (`figure`,
/// `attacker`), the squares it names (`to`, `square`) and the figures it aims at.
fn hints(legal: &mut Legal, lang: Lang) {
    let Some(o) = legal.action.as_object() else {
        return;
    };
    let id = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
    legal.figure = o.get("figure").or_else(|| o.get("attacker")).and_then(id);
    for key in ["square", "to"] {
        if let Some(sq) = o.get(key).and_then(square_of) {
            legal.cells.push(sq);
        }
    }
    for key in ["target", "captive", "captor"] {
        if let Some(t) = o.get(key).and_then(id) {
            legal.targets.push(t);
        }
    }
    if let Some(list) = o.get("targets").and_then(Value::as_array) {
        legal.targets.extend(list.iter().filter_map(id));
    }
    let kind = o.get("type").and_then(Value::as_str).unwrap_or("");
    legal.group = Some(group_of(kind, lang));
}

/// A terrain as the generic board names it.
fn terrain_word(t: Terrain) -> Option<&'static str> {
    if t.contains(Terrain::BLOCKING) {
        Some("blocking")
    } else if t.contains(Terrain::WATER) {
        Some("water")
    } else if t.contains(Terrain::HINDERING) {
        Some("hindering")
    } else {
        None
    }
}

/// "Game over: player 1 (last team standing)", in the player's language, from the rule that
/// ended the game as the state keeps it.
fn outcome_text(
    state: &crate::game::State,
    outcome: &skirmish_engine::Outcome,
    lang: Lang,
) -> String {
    let winners: Vec<String> = outcome
        .winners
        .iter()
        .map(|w| text::team_name(state, *w, lang))
        .collect();
    let reason = state
        .outcome
        .as_ref()
        .map_or_else(|| outcome.reason.clone(), |end| end.reason.text(lang));
    msg!(
        lang,
        "outcome.game_over",
        winners = winners.join(", "),
        reason = reason
    )
}

/// The greedy HeroClix bot as a seat of the server or the terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPlayer;

impl BotPlayer for GreedyPlayer {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<Value> {
        use skirmish_bots::Bot;
        let g = downcast(game)?;
        let mut bot = crate::bots::GreedyBot::new(seed);
        serde_json::to_value(bot.pick(g, seat)?).ok()
    }
}

/// Whole-number and square parameters of judge queries.
fn param<T: std::str::FromStr>(
    p: &BTreeMap<String, String>,
    name: &str,
) -> Result<Option<T>, Problem> {
    match p.get(name) {
        None => Ok(None),
        Some(v) => v
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| Problem::bad_request(format!("{name} must be a whole number"))),
    }
}

fn square_param(
    p: &BTreeMap<String, String>,
    name: &str,
) -> Result<Option<skirmish_board::square::Square>, Problem> {
    match p.get(name) {
        None => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|e: skirmish_board::square::ParseSquareError| {
                Problem::bad_request(format!("{name}: {e}"))
            }),
    }
}

fn not_heroclix() -> Problem {
    Problem::bad_request("this game is not a HeroClix game")
}

impl Presentation for HeroClixPresentation {
    fn id(&self) -> &'static str {
        HeroClix::ID
    }

    fn name(&self, _lang: Lang) -> String {
        "HeroClix".into()
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Square
    }

    fn page_module(&self) -> Option<&'static str> {
        Some("/rulesets/heroclix/index.js")
    }

    fn register(&self, registry: &mut Registry) {
        registry.register::<HeroClix>();
    }

    fn content(&self, lang: Lang) -> Value {
        let mut v = self.content.to_json();
        v["ruleset"] = json!(HeroClix::ID);
        v["setup"] = self.content.setup_fields(lang);
        v
    }

    fn search(&self, params: &BTreeMap<String, String>, lang: Lang) -> Result<Value, Problem> {
        search::search(&self.content, params, lang)
    }

    fn setup(&self, fields: &Map<String, Value>, lang: Lang) -> Result<GameSetup, Problem> {
        let f: SetupFields = serde_json::from_value(Value::Object(fields.clone()))
            .map_err(|e| Problem::new("bad-setup", format!("HeroClix set-up: {e}")))?;
        let c = &*self.content;
        let specs: Vec<Value> = f.teams.unwrap_or_else(|| {
            DEFAULT_TEAMS
                .iter()
                .map(|t| Value::String((*t).to_string()))
                .collect()
        });
        if specs.len() != 2 {
            return Err(Problem::bad_request(format!(
                "a game needs exactly 2 teams ({} given)",
                specs.len()
            )));
        }
        let teams = specs
            .iter()
            .map(|t| c.team_from_request(t))
            .collect::<Result<Vec<_>, _>>()?;
        let powers = match &f.powers {
            None | Some(Value::Null) => Default::default(),
            Some(v) => crate::game::powers::PowerOptions::from_json(v.clone())
                .map_err(|m| Problem::new("bad-options", m))?,
        };
        let scenario = c.scenario(
            f.map.as_deref().unwrap_or(DEFAULT_MAP),
            &teams,
            &GameChoices {
                points: f.points.unwrap_or(DEFAULT_POINTS),
                rounds: match f.rounds {
                    None => Some(DEFAULT_ROUNDS),
                    Some(None | Some(0)) => None,
                    Some(Some(n)) => Some(n),
                },
                theme_teams: f.theme_teams.unwrap_or(false),
                event: f.event,
                powers,
            },
            lang,
        )?;
        Ok(GameSetup {
            scenario: serde_json::to_value(&scenario)
                .map_err(|e| Problem::bad_request(e.to_string()))?,
            seat_names: scenario.teams.iter().map(|t| t.name.clone()).collect(),
        })
    }

    fn check_team(&self, request: &Value, lang: Lang) -> Result<Value, Problem> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct CheckBody {
            team: Value,
            #[serde(default)]
            lang: Option<Lang>,
            #[serde(default)]
            points: Option<u32>,
        }
        let body: CheckBody = serde_json::from_value(request.clone())
            .map_err(|e| Problem::bad_request(format!("team check: {e}")))?;
        let team = self.content.team_from_request(&body.team)?;
        Ok(self
            .content
            .check(&team, body.points, body.lang.unwrap_or(lang)))
    }

    fn view(&self, game: &dyn AnyGame, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        match downcast(game) {
            Some(g) => skirmish_platform::raw(&g.view(viewer)),
            None => skirmish_platform::raw(&Value::Null),
        }
    }

    fn board(&self, game: &dyn AnyGame, viewer: Viewer) -> Option<Board> {
        let g = downcast(game)?;
        let _ = viewer; // HeroClix hides nothing on the board.
        let s = g.state();
        let map = &s.map;
        let mut cells = Vec::new();
        let mut walls = Vec::new();
        for y in 0..map.height() {
            for x in 0..map.width() {
                let sq = skirmish_board::square::Square::new(x, y);
                let Some(c) = map.cell(sq) else { continue };
                // A wall is set on both squares it separates: each is listed once, from the
                // square below or to the right of it.
                use skirmish_board::square::Dir;
                for (dir, side) in [(Dir::N, "n"), (Dir::W, "w")] {
                    if c.wall(dir) {
                        walls.push(skirmish_platform::Edge { at: [x, y], side });
                    }
                }
                let height = i32::from(c.level);
                // Walls stand on cell edges (`walls`): a cell beside a wall is open ground.
                let terrain = terrain_word(c.terrain_now()).or((height > 0).then_some("elevated"));
                let label = if c.zone > 0 {
                    format!("zone {}", c.zone)
                } else {
                    String::new()
                };
                if terrain.is_some() || !label.is_empty() {
                    cells.push(Cell {
                        at: [x, y],
                        terrain: terrain.unwrap_or("start").to_string(),
                        height,
                        label,
                    });
                }
            }
        }
        let pieces = s
            .figures
            .iter()
            .filter(|f| !f.ko)
            .filter_map(|f| {
                let at = f.square?;
                let footprint = f.footprint();
                Some(Piece {
                    id: f.id.0,
                    at: [at.x, at.y],
                    cells: if footprint.len() > 1 {
                        footprint.iter().map(|q| [q.x, q.y]).collect()
                    } else {
                        Vec::new()
                    },
                    seat: f.owner.0,
                    label: f
                        .label
                        .chars()
                        .filter(|c| c.is_alphanumeric())
                        .take(2)
                        .collect(),
                    name: f.label.clone(),
                    status: format!("click {} · {} token(s)", f.click + 1, f.tokens),
                })
            })
            .collect();
        Some(Board {
            kind: BoardKind::Square,
            width: map.width(),
            height: map.height(),
            cells,
            walls,
            pieces,
        })
    }

    fn observation(
        &self,
        game: &dyn AnyGame,
        seat: Seat,
    ) -> Option<skirmish_platform::Observation> {
        observe::observation(self, downcast(game)?, seat)
    }

    fn legal(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> Vec<Legal> {
        let Some(g) = downcast(game) else {
            return Vec::new();
        };
        let actions = g.legal_actions(seat);
        let mut d = text::ActionTexts::new(g.state(), lang);
        actions
            .iter()
            .filter_map(|a| {
                let v = serde_json::to_value(a).ok()?;
                let mut l = Legal::new(seat, v, d.describe(a));
                hints(&mut l, lang);
                Some(l)
            })
            .collect()
    }

    fn prompt(&self, game: &dyn AnyGame, _viewer: Viewer, lang: Lang) -> String {
        let Some(g) = downcast(game) else {
            return String::new();
        };
        match g.pending() {
            Pending::Over(outcome) => outcome_text(g.state(), &outcome, lang),
            Pending::Decide { seats, decision } => {
                text::decision_prompt(g.state(), &seats, &decision, lang)
            }
        }
    }

    fn log(
        &self,
        game: &dyn AnyGame,
        viewer: Viewer,
        from_step: usize,
        lang: Lang,
    ) -> Vec<LogLine> {
        let Some(g) = downcast(game) else {
            return Vec::new();
        };
        let state = g.state();
        let mut out = Vec::new();
        for (i, step) in g.steps().iter().enumerate().skip(from_step) {
            for event in &step.events {
                let Some(event) = HeroClix::event_view(event, viewer) else {
                    continue;
                };
                // Every die shows as "Last roll": a power's d6 (Leadership...) as much as the
                // attack rolls. Roll-offs carry 2d6 totals, not faces, and are told in the log.
                let dice: Vec<u8> = match &event {
                    Event::AttackRoll { dice, .. } => vec![dice.0, dice.1],
                    Event::Breakaway { roll, .. }
                    | Event::PowerRoll { roll, .. }
                    | Event::ShapeChange { roll, .. }
                    | Event::Evaded { roll, .. } => vec![*roll],
                    _ => Vec::new(),
                };
                let detail = match &event {
                    Event::AttackRoll {
                        dice: (a, b),
                        attack,
                        total,
                        ..
                    } => msg!(
                        lang,
                        "log.attack_detail",
                        dice = a + b,
                        attack = attack.value,
                        total = total
                    ),
                    _ => String::new(),
                };
                out.push(LogLine {
                    step: i + 1,
                    seat: step.seat,
                    text: event.text(state, lang),
                    event: serde_json::to_value(&event).unwrap_or(Value::Null),
                    dice,
                    detail,
                });
            }
        }
        out
    }

    fn scores(&self, game: &dyn AnyGame) -> Vec<(Seat, i64)> {
        downcast(game).map_or_else(Vec::new, |g| {
            g.state()
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| (Seat(i as u8), i64::from(s.victory_points)))
                .collect()
        })
    }

    fn teams_fields(&self, teams: &[TeamArg], lang: Lang) -> Result<Map<String, Value>, Problem> {
        simulate::teams_fields(&self.content, teams, lang)
    }

    fn team_choices(&self, _lang: Lang) -> Vec<TeamChoice> {
        simulate::team_choices(&self.content)
    }

    fn figure_scores(&self, game: &dyn AnyGame, _lang: Lang) -> Vec<FigureScore> {
        simulate::figure_scores_any(game)
    }

    fn seat_name(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        match downcast(game) {
            Some(g) => text::team_name(g.state(), seat, lang),
            None => text::seat_name(seat, lang),
        }
    }

    fn resigned_text(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        msg!(
            lang,
            "outcome.resigned",
            seat = self.seat_name(game, seat, lang)
        )
    }

    fn judge_queries(&self) -> Vec<&'static str> {
        vec!["reach", "los"]
    }

    fn judge(
        &self,
        game: &dyn AnyGame,
        query: &str,
        p: &BTreeMap<String, String>,
        lang: Lang,
    ) -> Result<Value, Problem> {
        let g = downcast(game).ok_or_else(not_heroclix)?;
        match query {
            "reach" => {
                let figure = param::<u32>(p, "figure")?
                    .ok_or_else(|| Problem::bad_request("give the figure: figure=ID"))?;
                judge::reach(g, figure, square_param(p, "to")?, lang)
            }
            "los" => {
                let from = param::<u32>(p, "from")?
                    .ok_or_else(|| Problem::bad_request("give the attacker: from=FIGURE"))?;
                let to = param::<u32>(p, "to")?;
                judge::line_of_fire(g, from, to, square_param(p, "square")?, lang)
            }
            other => Err(Problem::new(
                "unknown-query",
                format!(
                    "HeroClix has no judge query '{}'; it has: reach, los",
                    skirmish_platform::clip(other, 40)
                ),
            )),
        }
    }

    fn bots(&self) -> Vec<Arc<dyn BotPlayer>> {
        // Strongest first, and the first is the one a game gets when it names none: greedy
        // still beats the search bots (README, *Bot ladder*). The server's time limit per
        // decision (3 s) leaves room for 1 s.
        vec![
            Arc::new(GreedyPlayer),
            crate::bots::mcts_player(skirmish_bots::Budget::Time(std::time::Duration::from_secs(
                1,
            ))),
            crate::bots::mcts_player(skirmish_bots::Budget::Time(
                std::time::Duration::from_millis(100),
            )),
        ]
    }

    fn mcts_bot(&self, budget: skirmish_bots::Budget) -> Option<Arc<dyn BotPlayer>> {
        Some(crate::bots::mcts_player(budget))
    }

    fn terminal_commands(&self) -> Vec<(&'static str, &'static str)> {
        terminal::COMMANDS.to_vec()
    }

    fn terminal(
        &self,
        command: &str,
        args: &[String],
        lang: Lang,
    ) -> Option<Result<std::process::ExitCode, String>> {
        terminal::run(command, args, lang).map(|r| r.map_err(|e| format!("{e:#}")))
    }
}

#[cfg(test)]
mod tests;
