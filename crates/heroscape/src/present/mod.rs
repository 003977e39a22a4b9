//! HeroScape as people see it, behind the platform's [`Presentation`]: the texts of actions,
//! decisions and events in English and French ([`text`]), the board hints of each legal action,
//! a generic hex board with each hex's top level, content and set-up, judge queries (`reach`,
//! `los`) and bots. Everything goes through the engine's views, so that no seat is shown
//! another side's order markers.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{json, Map, Value};
use skirmish_engine::{AnyGame, Game, Pending, Registry, Ruleset, Seat, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::{
    Board, BoardKind, BotPlayer, Cell, FigureScore, GameSetup, Legal, LogLine, Piece, Presentation,
    Problem, TeamArg, TeamChoice,
};

use crate::battlefield::{Material, StartPlayers};
use crate::game::{geometry, play, Action, Event, HeroScape, State};

pub mod bots;
pub mod content;
pub mod judge;
pub mod observe;
pub mod page;
pub mod samples;
pub mod search;
pub mod setup;
mod simulate;
pub mod terminal;
pub mod text;

use text::Grid;

/// The HeroScape game inside a dynamic game, if it is one.
pub fn downcast(game: &dyn AnyGame) -> Option<&Game<HeroScape>> {
    game.as_any().downcast_ref::<Game<HeroScape>>()
}

/// The battlefield of a new game unless the request names one.
pub const DEFAULT_BATTLEFIELD: &str = "riverbend-heights";

/// The armies of a new game's seats unless the request names them.
pub const DEFAULT_ARMIES: [&str; 4] = ["greywatch-company", "emberfall-host", "wardens", "raiders"];

/// The default round limit of a new game.
pub const DEFAULT_ROUNDS: u32 = 12;

/// HeroScape's presentation, with the battlefields and cards new games may use.
#[derive(Clone, Debug, Default)]
pub struct HeroScapePresentation {
    content: Arc<content::Content>,
}

impl HeroScapePresentation {
    /// The built-in content and what `sources` hold (files or folders of battlefields and
    /// cards, [`content`]); what was read and skipped is in [`Self::content_notes`].
    pub fn load(sources: &[std::path::PathBuf]) -> HeroScapePresentation {
        HeroScapePresentation {
            content: Arc::new(content::Content::load(sources)),
        }
    }

    /// The content new games may use.
    pub fn loaded(&self) -> &content::Content {
        &self.content
    }

    /// What was read from the sources and what was skipped.
    pub fn content_notes(&self) -> &[String] {
        &self.content.notes
    }
}

fn group(action: &Action, lang: Lang) -> &'static str {
    match action {
        Action::Place { .. } => lang.pick("Set-up", "Mise en place"),
        Action::PlaceMarker { .. } => lang.pick("Order markers", "Marqueurs d'ordre"),
        Action::Move { .. }
        | Action::EndMoves
        | Action::PowerMove { .. }
        | Action::Carry { .. }
        | Action::PlaceCarried { .. } => lang.pick("Move", "Déplacement"),
        Action::Attack { .. } => lang.pick("Attack", "Attaque"),
        Action::SpecialAttack { .. } => lang.pick("Special attack", "Attaque spéciale"),
        Action::EndTurn | Action::Overextend => lang.pick("Turn", "Tour"),
        Action::DraftPick { .. } | Action::DraftPass => lang.pick("Draft", "Draft"),
        Action::Summon { .. } | Action::NoSummon => lang.pick("Glyph of Erland", "Glyphe d'Erland"),
        Action::UsePower { .. } | Action::DeclinePower => {
            lang.pick("Special powers", "Pouvoirs spéciaux")
        }
        Action::Run { .. } => lang.pick("Move", "Déplacement"),
        Action::PlaceSpirit { .. } => lang.pick("Spirit", "Esprit"),
        Action::ChooseOpponent { .. } | Action::MoveMarker { .. } => {
            lang.pick("Special powers", "Pouvoirs spéciaux")
        }
        Action::Choose { .. } | Action::PlaceTile { .. } => {
            lang.pick("Special powers", "Pouvoirs spéciaux")
        }
    }
}

/// A ground or obstacle as the generic board names it.
fn material_word(m: Material) -> String {
    let v = match m {
        Material::Solid(g) | Material::Liquid(g) => serde_json::to_value(g),
        Material::Obstacle(o) => serde_json::to_value(o),
    };
    v.ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "land".into())
}

fn zone_label(s: StartPlayers, lang: Lang) -> String {
    let zones: Vec<String> = (1..=8u8)
        .filter(|p| s.has(*p))
        .map(|p| p.to_string())
        .collect();
    if zones.is_empty() {
        String::new()
    } else {
        format!(
            "{} {}",
            lang.pick("start zone", "zone de départ"),
            zones.join("/")
        )
    }
}

/// The board of a state as the generic page draws it.
pub fn board_of(state: &State, viewer: Viewer, lang: Lang) -> Board {
    let grid = Grid::of(&state.field);
    let mut cells = Vec::new();
    for row in 0..grid.height {
        for col in 0..grid.width {
            let hex = grid.hex([col, row]);
            let Some(column) = state.field.column(hex) else {
                cells.push(Cell {
                    at: [col, row],
                    terrain: "void".into(),
                    height: 0,
                    label: String::new(),
                });
                continue;
            };
            let top_span = column.spans().last().copied();
            let top = column.top_footing();
            let terrain = match (top_span, top) {
                (Some(s), _) if matches!(s.material, Material::Obstacle(_)) => {
                    material_word(s.material)
                }
                (_, Some(f)) => material_word(column.spans()[f.span].material),
                (Some(s), None) => material_word(s.material),
                (None, None) => "void".into(),
            };
            let level = top.map_or(column.top(), |f| f.level);
            let mut label = vec![format!("{} {level}", lang.pick("level", "niveau"))];
            let feet: Vec<String> = column.footings().map(|f| f.level.to_string()).collect();
            if feet.len() > 1 {
                label.push(format!(
                    "{} {}",
                    lang.pick(
                        "also under an overhang at",
                        "aussi sous un surplomb au niveau"
                    ),
                    feet[..feet.len() - 1].join(", ")
                ));
            }
            let zone = zone_label(state.field.start_players(hex), lang);
            if !zone.is_empty() {
                label.push(zone);
            }
            if let Some(g) = crate::game::glyphs::glyph_at(state, hex) {
                let known = if viewer == Viewer::Omniscient {
                    Some(g.spot.glyph)
                } else {
                    g.known()
                };
                label.push(match known {
                    Some(k) => format!(
                        "{} {}",
                        lang.pick("glyph", "glyphe"),
                        text::glyph_name(k, lang)
                    ),
                    None => lang
                        .pick("glyph (face down)", "glyphe (face cachée)")
                        .into(),
                });
            }
            cells.push(Cell {
                at: [col, row],
                terrain,
                height: i32::from(level),
                label: label.join(" · "),
            });
        }
    }
    let labels = unit_labels(state.units.iter().map(|u| u.card.name.as_str()));
    let pieces = state
        .figures
        .iter()
        .filter(|f| f.on_field())
        .filter_map(|f| {
            let card = state.card_of(f);
            let name = text::figure_name(state, f.id);
            let initials = labels.get(usize::from(f.unit)).cloned().unwrap_or_default();
            let number = name
                .rsplit(' ')
                .next()
                .filter(|n| n.chars().all(|c| c.is_ascii_digit()))
                .unwrap_or("");
            Some(Piece {
                id: f.id,
                at: grid.cell(f.hex?),
                cells: if f.tail.is_some() {
                    f.hexes().map(|h| grid.cell(h)).collect()
                } else {
                    Vec::new()
                },
                seat: f.owner.0,
                label: format!("{initials}{number}"),
                name,
                status: match lang {
                    Lang::En => format!(
                        "{} wound(s) of {} · level {} · move {} range {} attack {} defence {}",
                        f.wounds, card.life, f.level, card.move_, card.range, card.attack, card.defense
                    ),
                    Lang::Fr => format!(
                        "{} blessure(s) sur {} · niveau {} · déplacement {} portée {} attaque {} défense {}",
                        f.wounds, card.life, f.level, card.move_, card.range, card.attack, card.defense
                    ),
                },
            })
        })
        .collect();
    Board {
        kind: BoardKind::Hex,
        width: grid.width,
        height: grid.height,
        cells,
        walls: Vec::new(),
        pieces,
    }
}

/// The legal actions of `seat` with texts and board hints.
pub fn legal_of(g: &Game<HeroScape>, seat: Seat, lang: Lang) -> Vec<Legal> {
    let state = g.state();
    let grid = Grid::of(&state.field);
    g.legal_actions(seat)
        .iter()
        .filter_map(|a| {
            let mut l = Legal::new(
                seat,
                serde_json::to_value(a).ok()?,
                text::action_text(state, a, lang),
            );
            match a {
                Action::Place { figure, hex, tail } => {
                    l.figure = Some(*figure);
                    l.cells = std::iter::once(*hex)
                        .chain(*tail)
                        .map(|h| grid.cell(h))
                        .collect();
                }
                Action::Move {
                    figure, to, tail, ..
                }
                | Action::PowerMove {
                    figure, to, tail, ..
                } => {
                    l.figure = Some(*figure);
                    l.cells = std::iter::once(*to)
                        .chain(*tail)
                        .map(|h| grid.cell(h))
                        .collect();
                }
                Action::Attack { figure, target } => {
                    l.figure = Some(*figure);
                    l.targets = vec![*target];
                }
                Action::PlaceMarker { unit, .. } => {
                    l.figure = state.unit_alive(*unit).find(|f| f.on_field()).map(|f| f.id);
                }
                Action::SpecialAttack { figure, .. } => {
                    // The figures it would affect and the hexes it covers, drawn before it is
                    // chosen (the fire line, the explosion).
                    l.figure = Some(*figure);
                    if let Some(shot) = crate::game::powers::special::Aim::of(a)
                        .and_then(|aim| crate::game::powers::special::shot(state, &aim).ok())
                    {
                        l.targets = shot.affected;
                        l.cells = shot.cells.iter().map(|h| grid.cell(*h)).collect();
                    }
                }
                Action::Summon { figure, hex } => {
                    l.figure = Some(*figure);
                    l.cells = vec![grid.cell(*hex)];
                }
                Action::UsePower { figure, target, .. } => {
                    l.figure = Some(*figure);
                    l.targets = target.iter().copied().collect();
                }
                Action::Run { figure } => l.figure = Some(*figure),
                Action::PlaceSpirit { unit } => {
                    l.figure = state.unit_alive(*unit).find(|f| f.on_field()).map(|f| f.id);
                }
                Action::Carry { figure, friend } => {
                    l.figure = Some(*figure);
                    l.targets = vec![*friend];
                }
                Action::PlaceCarried { figure, to, .. } => {
                    l.figure = Some(*figure);
                    l.cells = vec![grid.cell(*to)];
                }
                Action::PlaceTile { hex } => l.cells = vec![grid.cell(*hex)],
                Action::EndMoves
                | Action::EndTurn
                | Action::DraftPick { .. }
                | Action::DraftPass
                | Action::NoSummon
                | Action::DeclinePower
                | Action::Overextend
                | Action::ChooseOpponent { .. }
                | Action::MoveMarker { .. }
                | Action::Choose { .. } => {}
            }
            l.group = Some(group(a, lang).into());
            Some(l)
        })
        .collect()
}

fn param_u32(p: &BTreeMap<String, String>, name: &str) -> Result<u32, Problem> {
    p.get(name)
        .ok_or_else(|| Problem::bad_request(format!("give {name}=FIGURE")))?
        .trim()
        .parse()
        .map_err(|_| Problem::bad_request(format!("{name} must be a figure number")))
}

impl Presentation for HeroScapePresentation {
    fn id(&self) -> &'static str {
        HeroScape::ID
    }

    fn name(&self, _lang: Lang) -> String {
        "HeroScape".into()
    }

    fn board_kind(&self) -> BoardKind {
        BoardKind::Hex
    }

    fn page_module(&self) -> Option<&'static str> {
        Some("/rulesets/heroscape/index.js")
    }

    fn register(&self, registry: &mut Registry) {
        registry.register::<HeroScape>();
    }

    fn content(&self, lang: Lang) -> Value {
        setup::content_json(&self.content, lang)
    }

    fn setup(&self, fields: &Map<String, Value>, _lang: Lang) -> Result<GameSetup, Problem> {
        let f: setup::SetupFields = serde_json::from_value(Value::Object(fields.clone()))
            .map_err(|e| Problem::new("bad-setup", format!("HeroScape set-up: {e}")))?;
        let (scenario, seat_names) = setup::scenario(&self.content, f)?;
        Ok(GameSetup {
            scenario: serde_json::to_value(&scenario)
                .map_err(|e| Problem::bad_request(e.to_string()))?,
            seat_names,
        })
    }

    fn view(&self, game: &dyn AnyGame, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        match downcast(game) {
            Some(g) => skirmish_platform::raw(&g.view(viewer)),
            None => skirmish_platform::raw(&Value::Null),
        }
    }

    fn board(&self, game: &dyn AnyGame, viewer: Viewer) -> Option<Board> {
        Some(board_of(downcast(game)?.state(), viewer, Lang::En))
    }

    fn legal(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> Vec<Legal> {
        downcast(game).map_or_else(Vec::new, |g| legal_of(g, seat, lang))
    }

    fn observation(
        &self,
        game: &dyn AnyGame,
        seat: Seat,
    ) -> Option<skirmish_platform::Observation> {
        Some(observe::observation(downcast(game)?, seat))
    }

    fn prompt(&self, game: &dyn AnyGame, viewer: Viewer, lang: Lang) -> String {
        let Some(g) = downcast(game) else {
            return String::new();
        };
        match g.pending_for(viewer) {
            Pending::Over(outcome) => text::outcome_text(g.state(), &outcome, lang),
            Pending::Decide { seats, decision } => {
                text::decision_text(g.state(), &seats, &decision, lang)
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
                let Some(event) = HeroScape::event_view(event, viewer) else {
                    continue;
                };
                let (dice, detail) = match &event {
                    Event::Attacked {
                        attack, defence, ..
                    } => (
                        Vec::new(),
                        format!("{} | {}", text::faces(attack), text::faces(defence)),
                    ),
                    Event::SpecialAttacked { attack, hits, .. } => (
                        Vec::new(),
                        std::iter::once(text::faces(attack))
                            .chain(hits.iter().map(|h| text::faces(&h.defence)))
                            .collect::<Vec<_>>()
                            .join(" | "),
                    ),
                    Event::RollOff { rolls, .. } => (
                        Vec::new(),
                        rolls
                            .iter()
                            .map(|r| format!("d20 {}", r.die))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                    _ => (Vec::new(), String::new()),
                };
                out.push(LogLine {
                    step: i + 1,
                    seat: step.seat,
                    text: text::event_text(state, &event, viewer, lang),
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
                .seats()
                .map(|s| (s, i64::from(g.state().points(s))))
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
        downcast(game).map_or_else(Vec::new, simulate::figure_scores)
    }

    fn seat_name(&self, game: &dyn AnyGame, seat: Seat, lang: Lang) -> String {
        match downcast(game) {
            Some(g) => text::seat_name(g.state(), seat, lang),
            None => skirmish_platform::default_seat_name(seat, lang),
        }
    }

    fn judge_queries(&self) -> Vec<&'static str> {
        vec!["reach", "los", "field"]
    }

    fn judge(
        &self,
        game: &dyn AnyGame,
        query: &str,
        p: &BTreeMap<String, String>,
        lang: Lang,
    ) -> Result<Value, Problem> {
        let g = downcast(game)
            .ok_or_else(|| Problem::bad_request("this game is not a HeroScape game"))?;
        let state = g.state();
        let grid = Grid::of(&state.field);
        let figure = |name: &str| -> Result<&crate::game::Figure, Problem> {
            let id = param_u32(p, name)?;
            state.figure(id).filter(|f| f.on_field()).ok_or_else(|| {
                Problem::bad_request(format!("{name}: no figure {id} on the battlefield"))
            })
        };
        match query {
            "field" => Ok(page::field(state, lang)),
            "reach" => {
                let f = figure("figure")?;
                let dests: Vec<Value> = geometry::destinations(state, f)
                    .into_iter()
                    .map(|d| {
                        json!({
                            "at": grid.cell(d.hex),
                            "level": d.level,
                            "cost": d.cost,
                            "path": d.path.steps.iter().map(|p| grid.cell(p.head.hex)).collect::<Vec<_>>(),
                            "falls": d.path.falls.len(),
                            "leaves": d.path.leaves.len(),
                        })
                    })
                    .collect();
                let mut out = json!({
                    "figure": f.id,
                    "name": text::figure_name(state, f.id),
                    "move": crate::game::glyphs::move_of(state, f),
                    "destinations": dests,
                });
                // `to=COL,ROW`: why the figure may not end there (for the page's board), the
                // closest reason first; a double-space figure's with both its hexes.
                if let Some(to) = p.get("to").and_then(|t| page::cell_param(t)) {
                    let why = page::refusal(state, f, grid.hex(to), lang);
                    out["refused"] = json!(why.as_ref().and_then(|w| w.first()));
                    out["refusals"] = json!(why.unwrap_or_default());
                }
                Ok(out)
            }
            "los" => {
                let a = figure("from")?;
                let t = figure("to")?;
                let range = geometry::range(state, a, t).unwrap_or(u32::MAX);
                let reach = crate::game::glyphs::range_of(state, a);
                let sight = geometry::can_see(state, a, t);
                let engaged = geometry::engaged_with(state, a);
                let (att, def) = text::attack_dice(state, a.id, t.id);
                let allowed = play::targets(state, a).contains(&t.id);
                let why = if allowed {
                    lang.pick("can attack", "peut attaquer").to_string()
                } else if range > u32::from(reach) {
                    match lang {
                        Lang::En => format!("out of range ({range} hexes, range {reach})"),
                        Lang::Fr => format!("hors de portée ({range} hexagones, portée {reach})"),
                    }
                } else if !engaged.is_empty() && !engaged.contains(&t.id) {
                    lang.pick(
                        "engaged with another figure: it may attack only figures it is engaged with",
                        "engagé avec une autre figurine : il ne peut attaquer que les figurines avec lesquelles il est engagé",
                    )
                    .to_string()
                } else if !sight {
                    lang.pick("no clear line of sight", "pas de ligne de visée dégagée")
                        .to_string()
                } else {
                    lang.pick("not an enemy", "pas un ennemi").to_string()
                };
                let line = page::line(state, a, t, lang);
                Ok(json!({
                    "from": a.id, "to": t.id, "range": range, "max_range": reach,
                    "sight": sight, "attack_dice": att, "defence_dice": def,
                    "allowed": allowed, "why": why, "line": line,
                }))
            }
            other => Err(Problem::new(
                "unknown-query",
                format!(
                    "HeroScape has no judge query '{}'; it has: reach, los, field",
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
            Arc::new(bots::GreedyPlayer),
            search::mcts_player(skirmish_bots::Budget::Time(std::time::Duration::from_secs(
                1,
            ))),
            search::mcts_player(skirmish_bots::Budget::Time(
                std::time::Duration::from_millis(100),
            )),
        ]
    }

    fn mcts_bot(&self, budget: skirmish_bots::Budget) -> Option<Arc<dyn BotPlayer>> {
        Some(search::mcts_player(budget))
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
        terminal::run(command, args, lang)
    }

    fn reads_map(&self, path: &std::path::Path) -> bool {
        terminal::reads_map(path)
    }

    fn board_text(&self, game: &dyn AnyGame, viewer: Viewer) -> String {
        self.board_text_in(game, viewer, Lang::En)
    }

    fn board_text_in(&self, game: &dyn AnyGame, viewer: Viewer, lang: Lang) -> String {
        // Every seat sees the same picture: levels, terrain, figures, glyph places (not names).
        let _ = viewer;
        downcast(game).map_or_else(String::new, |g| terminal::board_text(g.state(), lang))
    }
}

/// The words of a card's name that labels are made of, without punctuation.
fn name_words(name: &str) -> Vec<String> {
    name.split_whitespace()
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// A figure's label on the board: the initials of its card's first two words ("Captain Oriel
/// Vance" → "CO"), or the first two letters of a one-word name ("Isamu" → "Is"), leaving out
/// the edition in brackets that real card names carry ("Isamu (SotC)").
fn initials(card: &str) -> String {
    let bare = card.split(" (").next().unwrap_or(card);
    let words = name_words(bare);
    match words.as_slice() {
        [] => card.chars().take(2).collect(),
        [one] => one.chars().take(2).collect(),
        [a, b, ..] => a.chars().take(1).chain(b.chars().take(1)).collect(),
    }
}

/// Board labels of the units, in order: their [`initials`], lengthened where different cards
/// would share one (Marro Drones, Marro Dividers and Marro Drudge: "MDro", "MDiv", "MDru";
/// Isamu (SotC) and Isamu (FoV): "IsS", "IsF"), so that no two cards look alike on the board.
/// Copies of one card, and the same card in two armies, keep one label.
fn unit_labels<'a>(names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let names: Vec<&str> = names.collect();
    let mut labels: Vec<String> = names.iter().map(|n| initials(n)).collect();
    // What tells the names apart after their initials: the edition in brackets first, then the
    // rest of the word the initials end on.
    let tail = |n: &str| -> String {
        let bare_name = n.split(" (").next().unwrap_or(n);
        let bare = name_words(bare_name);
        let edition: String = name_words(&n[bare_name.len()..]).concat();
        let (word, skip) = match bare.as_slice() {
            [] => ("", 0),
            [one] => (one.as_str(), 2),
            [_, second, ..] => (second.as_str(), 1),
        };
        edition + &word.chars().skip(skip).collect::<String>()
    };
    let mut bases: Vec<String> = labels.clone();
    bases.sort();
    bases.dedup();
    for base in bases {
        let mut group: Vec<&str> = (0..names.len())
            .filter(|&j| labels[j] == base)
            .map(|j| names[j])
            .collect();
        group.sort_unstable();
        group.dedup();
        if group.len() < 2 {
            continue;
        }
        let cut = |n: &str, k: usize| -> String { tail(n).chars().take(k).collect() };
        let k = (1..=8)
            .find(|&k| {
                let mut cuts: Vec<String> = group.iter().map(|n| cut(n, k)).collect();
                cuts.sort();
                cuts.dedup();
                cuts.len() == group.len()
            })
            .unwrap_or(8);
        for j in 0..names.len() {
            if labels[j] == base {
                labels[j] = format!("{base}{}", cut(names[j], k));
            }
        }
    }
    labels
}

#[cfg(test)]
mod tests;
