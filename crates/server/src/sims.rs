//! Simulations for the web player's Simulate page: `POST /api/simulations` starts a matchup
//! ([`skirmish_sim`]) as a background job, `GET /api/simulations/{id}` tells its progress and,
//! once done, its report with the charts as SVG.
//!
//! A simulation takes a whole core for as long as it runs, so the server holds them to hard
//! limits: at most [`MAX_GAMES`] games a job, [`MAX_RUNNING`] jobs at once, only the bots the
//! ruleset lists (an `mcts:10s` budget would hold a core for hours), one thread per job, and
//! the last [`KEEP`] jobs remembered.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};
use skirmish_lang::Lang;
use skirmish_platform::{Platform, TeamArg};
use skirmish_sim::{chart, Matchup};

use crate::error::{clip, code, ApiError};

/// The most games one simulation plays.
pub const MAX_GAMES: u32 = 200;
/// The most simulations running at once.
pub const MAX_RUNNING: usize = 2;
/// Simulations remembered, finished or not; the oldest finished one is forgotten first.
pub const KEEP: usize = 32;
/// Actions after which a game counts as a draw.
const MAX_STEPS: usize = 5000;

/// A request to simulate (`POST /api/simulations`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimRequest {
    /// The ruleset's id.
    pub ruleset: String,
    /// Team A and team B, as [`skirmish_platform::Presentation::team_choices`] names them (or
    /// as the ruleset reads words: card ids separated by commas...).
    pub teams: Vec<String>,
    /// One bot for both teams, or team A's and team B's; `random` when missing.
    #[serde(default)]
    pub bots: Vec<String>,
    /// Games to play, 1 to [`MAX_GAMES`].
    pub games: u32,
    /// The first game's dice seed (1 when missing).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The language of the report's names and the charts.
    #[serde(default)]
    pub lang: Option<Lang>,
}

/// One simulation.
#[derive(Debug)]
struct Job {
    id: String,
    total: u32,
    done: AtomicU32,
    /// The answer once finished: the report with its charts, or why it failed.
    result: Mutex<Option<Result<Value, String>>>,
}

impl Job {
    fn finished(&self) -> bool {
        lock(&self.result).is_some()
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The simulations the server runs and remembers.
#[derive(Debug, Default)]
pub struct Simulations {
    jobs: Mutex<(u64, VecDeque<Arc<Job>>)>,
}

fn bad(field: &str, why: impl std::fmt::Display) -> ApiError {
    ApiError::bad(code::BAD_REQUEST, format!("{field}: {why}"))
}

impl Simulations {
    /// Checks a request and starts it on a thread of its own; its id.
    pub fn start(&self, platform: &Platform, req: SimRequest) -> Result<String, ApiError> {
        let lang = req.lang.unwrap_or_default();
        let present = platform
            .find(&req.ruleset)
            .map_err(|p| bad("ruleset", p.message))?;
        if !(1..=MAX_GAMES).contains(&req.games) {
            return Err(bad(
                "games",
                format!("from 1 to {MAX_GAMES}, not {}", req.games),
            ));
        }
        if req.teams.len() != 2 {
            return Err(bad(
                "teams",
                format!("name two teams ({} given)", req.teams.len()),
            ));
        }
        let listed = platform.bots(&req.ruleset);
        let bot = |name: &str| {
            listed
                .iter()
                .find(|b| b.name() == name.trim())
                .cloned()
                .ok_or_else(|| {
                    let names: Vec<&str> = listed.iter().map(|b| b.name()).collect();
                    bad(
                        "bots",
                        format!(
                            "no bot '{}' here; this server simulates with: {}",
                            clip(name),
                            names.join(", ")
                        ),
                    )
                })
        };
        let bots = match req.bots.as_slice() {
            [] => [bot("random")?, bot("random")?],
            [one] => [bot(one)?, bot(one)?],
            [a, b] => [bot(a)?, bot(b)?],
            _ => return Err(bad("bots", "one bot for both teams or two")),
        };
        let team = |t: &String| TeamArg::Text(t.clone());
        let (a, b) = (team(&req.teams[0]), team(&req.teams[1]));
        let setup = |order: [TeamArg; 2]| {
            let fields = present
                .teams_fields(&order, lang)
                .map_err(|p| bad("teams", p.message))?;
            present
                .setup(&fields, lang)
                .map_err(|p| bad("teams", p.message))
        };
        let forward = setup([a.clone(), b.clone()])?;
        let back = setup([b, a])?;
        if forward.seat_names.len() != 2 {
            return Err(bad("teams", "the simulator plays two-seat games"));
        }
        let matchup = Matchup {
            ruleset: req.ruleset.clone(),
            teams: [forward.seat_names[0].clone(), forward.seat_names[1].clone()],
            scenario: forward.scenario,
            swapped: Some(back.scenario),
            bots,
            games: req.games,
            seed: req.seed.unwrap_or(1),
            max_steps: MAX_STEPS,
        };

        let job = {
            let mut jobs = lock(&self.jobs);
            let running = jobs.1.iter().filter(|j| !j.finished()).count();
            if running >= MAX_RUNNING {
                return Err(ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    code::FULL,
                    format!(
                        "{running} simulations are running, as many as this server runs at \
                         once; try again when one ends"
                    ),
                ));
            }
            jobs.0 += 1;
            let job = Arc::new(Job {
                id: format!("sim-{}", jobs.0),
                total: req.games,
                done: AtomicU32::new(0),
                result: Mutex::new(None),
            });
            jobs.1.push_back(job.clone());
            while jobs.1.len() > KEEP {
                match jobs.1.iter().position(|j| j.finished()) {
                    Some(i) => {
                        jobs.1.remove(i);
                    }
                    None => break,
                }
            }
            job
        };
        let platform = platform.clone();
        let worker = job.clone();
        std::thread::Builder::new()
            .name(job.id.clone())
            .spawn(move || {
                let result = skirmish_sim::simulate(&platform, &matchup, Some(1), lang, &|n| {
                    worker.done.store(n, Ordering::Relaxed)
                })
                .and_then(|mut r| {
                    let winrate = chart::svg(|a| chart::draw_winrate(a, &r, lang))?;
                    let vp = chart::svg(|a| chart::draw_vp(a, &r, lang))?;
                    r.records.clear();
                    Ok(json!({ "report": r, "charts": { "winrate": winrate, "vp": vp } }))
                });
                *lock(&worker.result) = Some(result);
            })
            .map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    code::INTERNAL,
                    e.to_string(),
                )
            })?;
        Ok(job.id.clone())
    }

    /// A simulation's progress, and its report and charts once done.
    pub fn status(&self, id: &str) -> Result<Value, ApiError> {
        let job = lock(&self.jobs)
            .1
            .iter()
            .find(|j| j.id == id)
            .cloned()
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    code::NOT_FOUND,
                    format!(
                        "no simulation '{}' (finished ones are forgotten after a while)",
                        clip(id)
                    ),
                )
            })?;
        let done = job.done.load(Ordering::Relaxed);
        let mut out = json!({ "id": job.id, "done": done, "total": job.total });
        match &*lock(&job.result) {
            None => out["state"] = json!("running"),
            Some(Ok(v)) => {
                out["state"] = json!("done");
                out["report"] = v["report"].clone();
                out["charts"] = v["charts"].clone();
            }
            Some(Err(e)) => {
                out["state"] = json!("failed");
                out["error"] = json!(e);
            }
        }
        Ok(out)
    }
}

/// The limits, for the page.
pub fn limits() -> Value {
    json!({ "max_games": MAX_GAMES, "max_running": MAX_RUNNING })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn platform() -> Platform {
        Platform::new().with(skirmish_heroclix::present::HeroClixPresentation::embedded().unwrap())
    }

    fn request(body: Value) -> SimRequest {
        serde_json::from_value(body).unwrap()
    }

    #[test]
    fn bad_requests_name_their_field() {
        let sims = Simulations::default();
        let p = platform();
        let refused = |body: Value| sims.start(&p, request(body)).unwrap_err().reason;
        let base = json!({ "ruleset": "heroclix", "teams": ["wardens", "ravagers"], "games": 2 });
        let with = |k: &str, v: Value| {
            let mut b = base.clone();
            b[k] = v;
            b
        };
        assert!(refused(with("games", json!(MAX_GAMES + 1))).starts_with("games:"));
        assert!(refused(with("games", json!(0))).starts_with("games:"));
        assert!(refused(with("ruleset", json!("chess"))).starts_with("ruleset:"));
        assert!(refused(with("teams", json!(["wardens"]))).starts_with("teams:"));
        let team = refused(with("teams", json!(["wardens", "nobody"])));
        assert!(team.starts_with("teams: team 'nobody'"), "{team}");
        let bots = refused(with("bots", json!(["mcts:10s"])));
        assert!(bots.starts_with("bots: no bot 'mcts:10s'"), "{bots}");
        assert_eq!(
            sims.status("sim-1").unwrap_err().status,
            StatusCode::NOT_FOUND
        );
    }

    #[test]
    fn a_tiny_simulation_runs_to_its_report_and_charts() {
        let sims = Simulations::default();
        let id = sims
            .start(
                &platform(),
                request(json!({
                    "ruleset": "heroclix", "teams": ["wardens", "ravagers"], "games": 2,
                    "bots": ["random"], "lang": "fr",
                })),
            )
            .unwrap();
        let start = std::time::Instant::now();
        let status = loop {
            let s = sims.status(&id).unwrap();
            if s["state"] != "running" {
                break s;
            }
            assert!(start.elapsed().as_secs() < 60, "still running: {s}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        };
        assert_eq!(status["state"], "done", "{status}");
        assert_eq!(status["done"], 2);
        assert_eq!(status["report"]["games"], 2);
        assert!(status["report"]["records"].as_array().unwrap().is_empty());
        let svg = status["charts"]["winrate"].as_str().unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("au fil des parties"));
    }
}
