//! Load: hundreds of concurrent bot games on loopback, each driven by a scripted client over
//! HTTP (creation) and WebSocket (actions and snapshots). Reports errors (must be 0) and latency
//! percentiles. Bounded: `SKIRMISH_LOAD_GAMES` games (default 200) of `SKIRMISH_LOAD_ACTIONS`
//! client actions each (default 10), within 240 s. Clients act as soon as they may unless
//! `SKIRMISH_LOAD_THINK_MS` gives them a pause before each action; without one the test
//! measures the server saturated (latency is then mostly queueing behind the other games).
//!
//! `cargo test -p skirmish-server --test load -- --nocapture` prints the figures.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use skirmish_engine::Picker;
use tokio_tungstenite::tungstenite::Message;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Default)]
struct Figures {
    create: Vec<Duration>,
    act: Vec<Duration>,
    errors: Vec<String>,
}

/// What a scripted client reads of a message: the rest (view, log...) is skipped unparsed, as
/// the client's own cost is not what is measured.
#[derive(Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    step: u64,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    legal: Vec<Legal>,
    #[serde(default)]
    reason: Option<String>,
}

#[derive(Deserialize)]
struct Legal {
    action: Value,
}

async fn next_msg(ws: &mut Socket) -> Result<Msg, String> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .map_err(|_| "no message for 60 s".to_string())?
            .ok_or("socket closed")?
            .map_err(|e| format!("socket error: {e}"))?;
        if let Message::Text(t) = m {
            let v: Msg = serde_json::from_str(t.as_str()).map_err(|e| e.to_string())?;
            if v.kind == "error" {
                return Err(format!("server error: {:?}", v.reason));
            }
            return Ok(v);
        }
    }
}

/// One scripted player: creates a bot game and plays `actions` random legal actions.
async fn client(
    addr: std::net::SocketAddr,
    n: usize,
    actions: usize,
    think: Duration,
    figures: Arc<Mutex<Figures>>,
    steps: Arc<AtomicUsize>,
) -> Result<(), String> {
    let t = Instant::now();
    let (status, g) = post(addr, "/api/games", &json!({ "mode": "bot" })).await;
    if status != 201 {
        return Err(format!("create answered {status}: {g}"));
    }
    let create = t.elapsed();
    let id = g["game"].as_str().ok_or("no game id")?.to_string();
    let token = g["token"].as_str().ok_or("no token")?.to_string();
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws?token={token}"))
            .await
            .map_err(|e| format!("connect: {e}"))?;
    let mut picker = Picker::new(n as u64);
    let mut lat = Vec::with_capacity(actions);
    let mut snap = next_msg(&mut ws).await?;
    let mut played = 0;
    while played < actions {
        if snap.over {
            break;
        }
        let Some(choice) = picker.choose(&snap.legal) else {
            snap = next_msg(&mut ws).await?;
            continue;
        };
        if !think.is_zero() {
            // Between half and one and a half times the think time, so clients do not act in
            // lockstep.
            let jitter = picker.below(1000).unwrap_or(500) as u32;
            tokio::time::sleep(think / 2 + think * jitter / 1000).await;
        }
        let step = snap.step;
        let msg = json!({ "type": "act", "action": choice.action, "step": step });
        let t = Instant::now();
        ws.send(Message::Text(msg.to_string().into()))
            .await
            .map_err(|e| format!("send: {e}"))?;
        loop {
            snap = next_msg(&mut ws).await?;
            if snap.kind == "snapshot" && snap.step > step {
                break;
            }
        }
        lat.push(t.elapsed());
        played += 1;
        steps.fetch_add(1, Ordering::Relaxed);
    }
    let _ = ws.close(None).await;
    let mut f = figures.lock().map_err(|_| "poisoned")?;
    f.create.push(create);
    f.act.extend(lat);
    Ok(())
}

fn pct(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hundreds_of_concurrent_games() {
    let games = env_or("SKIRMISH_LOAD_GAMES", 200);
    let actions = env_or("SKIRMISH_LOAD_ACTIONS", 10);
    let think = Duration::from_millis(env_or("SKIRMISH_LOAD_THINK_MS", 0) as u64);
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("load.sqlite3")).await;
    let addr = srv.addr();
    let figures = Arc::new(Mutex::new(Figures::default()));
    let steps = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for n in 0..games {
        let figures = figures.clone();
        let steps = steps.clone();
        tasks.push(tokio::spawn(async move {
            let r = client(addr, n, actions, think, figures.clone(), steps).await;
            if let Err(e) = r {
                if let Ok(mut f) = figures.lock() {
                    f.errors.push(format!("game {n}: {e}"));
                }
            }
        }));
    }
    let all = futures_util::future::join_all(tasks);
    let finished = tokio::time::timeout(Duration::from_secs(240), all).await;
    let elapsed = start.elapsed();
    assert!(finished.is_ok(), "the load test overran 240 s");
    let (mut act, mut create, errors) = {
        let f = figures.lock().unwrap();
        (f.act.clone(), f.create.clone(), f.errors.clone())
    };
    act.sort();
    create.sort();
    let stored: usize = {
        let conn = rusqlite::Connection::open(dir.path().join("load.sqlite3")).unwrap();
        conn.query_row("SELECT COUNT(*) FROM actions", [], |r| r.get::<_, i64>(0))
            .unwrap() as usize
    };
    println!(
        "load: {games} concurrent bot games, think time {think:?}, {} client actions (+ bot actions: {} actions stored) in {:.1} s; errors: {}",
        act.len(),
        stored,
        elapsed.as_secs_f64(),
        errors.len()
    );
    println!(
        "load: act→snapshot latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
        pct(&act, 0.5),
        pct(&act, 0.9),
        pct(&act, 0.99),
        pct(&act, 1.0)
    );
    println!(
        "load: create latency ms: p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}; throughput {:.0} stored actions/s",
        pct(&create, 0.5),
        pct(&create, 0.9),
        pct(&create, 0.99),
        pct(&create, 1.0),
        stored as f64 / elapsed.as_secs_f64()
    );
    for e in errors.iter().take(10) {
        println!("load error: {e}");
    }
    assert!(errors.is_empty(), "{} client(s) failed", errors.len());
    assert_eq!(create.len(), games);
    srv.stop().await.unwrap();

    // Every game comes back after a restart, each replayed (when first opened) and checked
    // against its hashes.
    let t = Instant::now();
    let srv = server(&dir.path().join("load.sqlite3")).await;
    let addr = srv.addr();
    let started = t.elapsed();
    assert_eq!(srv.state().game_count(), 0, "nothing is replayed at start");
    let (_, list) = get(addr, "/api/games").await;
    let ids: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), games.min(100));
    let (_, all) = get(addr, "/api/games").await;
    let mut corrupt = 0;
    for id in &ids {
        let (status, snap) = get(addr, &format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{snap}");
        corrupt += usize::from(!snap["corrupt"].is_null());
    }
    println!(
        "load: restart answered in {:.3} s; {} listed games ({stored} actions stored in all) rebuilt on demand, every hash checked, in {:.1} s; corrupt: {corrupt}",
        started.as_secs_f64(),
        ids.len(),
        t.elapsed().as_secs_f64()
    );
    assert_eq!(corrupt, 0, "{all}");
    srv.stop().await.unwrap();
}
