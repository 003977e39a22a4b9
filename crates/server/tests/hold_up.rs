//! The server holds up (issue 13): per-address limits on connections and game creations,
//! timeouts for connections that send nothing or half a request, the Origin check, friend
//! seats that the creator cannot play, tokens that can be replaced, games unloaded when unused
//! and a restart that answers at once whatever is stored.
//!
//! Two client addresses on loopback (127.0.0.1 and 127.0.0.2) stand for two machines.

mod common;

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use common::*;
use serde_json::{json, Value};
use skirmish_server::{start, Limits, RunningServer, ServerConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const A: [u8; 4] = [127, 0, 0, 1];
const B: [u8; 4] = [127, 0, 0, 2];

async fn connect_from(src: [u8; 4], addr: SocketAddr) -> TcpStream {
    let sock = TcpSocket::new_v4().expect("socket");
    sock.bind(SocketAddr::new(IpAddr::from(src), 0))
        .expect("bind the source address");
    sock.connect(addr).await.expect("connect")
}

/// One request from `src` with extra header lines; answers the status, the head and the body.
async fn request_from(
    src: [u8; 4],
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &[u8],
) -> (u16, String, Value) {
    let mut s = connect_from(src, addr).await;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let _ = s.write_all(head.as_bytes()).await;
    let _ = s.write_all(body).await;
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let value = serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()));
    (status, head.to_ascii_lowercase(), value)
}

async fn start_with(db: &std::path::Path, limits: Limits, max_games: usize) -> RunningServer {
    start(ServerConfig {
        limits,
        max_games,
        ..config(db)
    })
    .await
    .expect("server starts")
}

/// Reads until the server closes the connection; answers whether it did within `within`.
async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, s.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_from_one_address_do_not_stop_another() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        connections_per_address: 50,
        ..roomy()
    };
    let srv = start_with(&dir.path().join("g.sqlite3"), limits, 100).await;
    let addr = srv.addr();
    let idle: usize = std::env::var("SKIRMISH_IDLE_CONNECTIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    // Address A opens many connections and sends nothing.
    let mut held = Vec::with_capacity(idle);
    for _ in 0..idle {
        held.push(connect_from(A, addr).await);
    }
    // Those over the cap were answered at once and closed.
    let mut refused = 0;
    let mut buf = Vec::new();
    for s in held.iter_mut().rev().take(20) {
        buf.clear();
        let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf)).await;
        let text = String::from_utf8_lossy(&buf);
        if text.starts_with("HTTP/1.1 429") && text.contains("too-many-connections") {
            refused += 1;
        }
    }
    assert_eq!(refused, 20, "connections over the cap hear why");

    // Address B plays: creates a bot game, follows it on a socket, acts.
    let (status, _, g) = request_from(B, addr, "POST", "/api/games", "", b"{}").await;
    assert_eq!(status, 201, "{g}");
    let id = g["game"].as_str().unwrap();
    let token = g["token"].as_str().unwrap();
    let stream = connect_from(B, addr).await;
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}");
    let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let (mut ws, _) = tokio_tungstenite::client_async(url, stream)
        .await
        .expect("address B's socket opens");
    let snap = until(&mut ws, |s| !s["legal"].as_array().unwrap().is_empty()).await;
    let action = pick(&snap).unwrap();
    send(
        &mut ws,
        &json!({ "type": "act", "action": action, "step": snap["step"] }),
    )
    .await;
    let step = snap["step"].as_u64().unwrap();
    let after = until(&mut ws, |s| s["step"].as_u64().unwrap() > step).await;
    assert!(after["step"].as_u64().unwrap() > step, "address B played");
    drop(held);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_and_half_sent_connections_are_closed() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        first_byte_timeout: Duration::from_millis(300),
        header_timeout: Duration::from_millis(300),
        request_timeout: Duration::from_millis(600),
        ws_ping_every: Duration::from_millis(100),
        ws_idle_timeout: Duration::from_millis(300),
        ..roomy()
    };
    let srv = start_with(&dir.path().join("g.sqlite3"), limits, 100).await;
    let addr = srv.addr();
    let bound = Duration::from_secs(20);
    // Nothing sent at all.
    let mut silent = connect_from(A, addr).await;
    assert!(
        closed_within(&mut silent, bound).await,
        "a silent connection"
    );
    // Half a request head.
    let mut half = connect_from(A, addr).await;
    half.write_all(b"GET /api/content HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(closed_within(&mut half, bound).await, "half a head");
    // A whole head and half the body it announces.
    let mut body = connect_from(A, addr).await;
    body.write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(bound, body.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf);
    assert!(
        text.starts_with("HTTP/1.1 408") && text.contains("request-timeout"),
        "{text}"
    );
    // A WebSocket that answers nothing, not even the server's pings.
    let (status, g) = post(addr, "/api/games", &json!({})).await;
    assert_eq!(status, 201, "{g}");
    let mut ws = connect_from(A, addr).await;
    let head = format!(
        "GET /api/games/{}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        g["game"].as_str().unwrap()
    );
    ws.write_all(head.as_bytes()).await.unwrap();
    assert!(closed_within(&mut ws, bound).await, "a silent WebSocket");
    // The server still answers.
    let (status, _) = get(addr, "/api/content").await;
    assert_eq!(status, 200);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creations_are_limited_per_address() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        create_burst: 3,
        create_per_hour: 1,
        ..roomy()
    };
    let srv = start_with(&dir.path().join("g.sqlite3"), limits, 100).await;
    let addr = srv.addr();
    for _ in 0..3 {
        let (status, _, v) = request_from(A, addr, "POST", "/api/games", "", b"").await;
        assert_eq!(status, 201, "{v}");
    }
    let (status, head, v) = request_from(A, addr, "POST", "/api/games", "", b"").await;
    assert_eq!(
        (status, v["code"].as_str()),
        (429, Some("rate-limited")),
        "{v}"
    );
    assert!(v["error"].as_str().unwrap().contains("3 at once"), "{v}");
    assert!(head.contains("retry-after: "), "{head}");
    // Another address has its own allowance; other requests of the first go on.
    let (status, _, v) = request_from(B, addr, "POST", "/api/games", "", b"").await;
    assert_eq!(status, 201, "{v}");
    let (status, _, _) = request_from(A, addr, "GET", "/api/games", "", b"").await;
    assert_eq!(status, 200);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_other_sites_cannot_act() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("g.sqlite3")).await;
    let addr = srv.addr();
    let foreign = "Origin: http://evil.example\r\n";
    let (status, _, v) = request_from(A, addr, "POST", "/api/games", foreign, b"").await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("bad-origin")),
        "{v}"
    );
    let rebinding = format!("Origin: http://evil.example:{}\r\n", addr.port());
    let (status, _, v) = request_from(A, addr, "POST", "/api/games", &rebinding, b"").await;
    assert_eq!(status, 403, "{v}");
    let own = format!("Origin: http://{addr}\r\n");
    let (status, _, g) = request_from(A, addr, "POST", "/api/games", &own, b"").await;
    assert_eq!(status, 201, "{g}");
    let id = g["game"].as_str().unwrap();
    // Reading is not changing: a foreign page may read what spectators may.
    let (status, _, _) =
        request_from(A, addr, "GET", &format!("/api/games/{id}"), foreign, b"").await;
    assert_eq!(status, 200);
    // A WebSocket upgrade from a foreign page is refused before it opens.
    let upgrade = format!(
        "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{foreign}"
    );
    let (status, _, v) = request_from(
        A,
        addr,
        "GET",
        &format!("/api/games/{id}/ws"),
        &upgrade,
        b"",
    )
    .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("bad-origin")),
        "{v}"
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_friend_seat_is_the_friends_and_tokens_can_be_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("g.sqlite3")).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "friend" })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let creator = g["token"].as_str().unwrap().to_string();
    assert_eq!(g["seats"][1]["token"], Value::Null);
    assert!(g["join"].get("token").is_none());
    // The creator cannot resign or act for seat 1.
    let (status, v) = post(
        addr,
        &format!("/api/games/{id}/resign?token={creator}"),
        &json!({ "seat": 1 }),
    )
    .await;
    assert_eq!((status, v["code"].as_str()), (403, Some("wrong-seat")));
    // Invites: forged, then the real one once, then never again.
    let (status, v) = post(
        addr,
        &format!("/api/games/{id}/join"),
        &json!({ "invite": "0".repeat(32) }),
    )
    .await;
    assert_eq!((status, v["code"].as_str()), (403, Some("unknown-invite")));
    let friend = join(addr, &g).await;
    let (status, v) = post(
        addr,
        &format!("/api/games/{id}/join"),
        &json!({ "invite": g["join"]["invite"] }),
    )
    .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("invite-used")));
    let (_, snap) = get(addr, &format!("/api/games/{id}?token={friend}")).await;
    assert_eq!(snap["controls"], json!([1]));

    // The friend replaces its token: the old one stops working, its socket is closed.
    let mut old_ws = connect(addr, &format!("/api/games/{id}/ws?token={friend}")).await;
    next_of(&mut old_ws, "snapshot").await;
    let (status, rotated) = post(
        addr,
        &format!("/api/games/{id}/token?token={friend}"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{rotated}");
    let fresh = rotated["token"].as_str().unwrap();
    assert_ne!(fresh, friend);
    let (status, v) = get(addr, &format!("/api/games/{id}?token={friend}")).await;
    assert_eq!((status, v["code"].as_str()), (403, Some("unknown-token")));
    let heard = next_of(&mut old_ws, "error").await;
    assert_eq!(heard["code"], "unknown-token", "{heard}");
    let (status, v) = get(addr, &format!("/api/games/{id}?token={fresh}")).await;
    assert_eq!((status, v["controls"].clone()), (200, json!([1])));
    // Stored: a restart keeps the new token and not the old.
    srv.stop().await.unwrap();
    let srv = server(&dir.path().join("g.sqlite3")).await;
    let addr = srv.addr();
    let (status, _) = get(addr, &format!("/api/games/{id}?token={fresh}")).await;
    assert_eq!(status, 200);
    let (status, _) = get(addr, &format!("/api/games/{id}?token={friend}")).await;
    assert_eq!(status, 403);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unused_games_leave_memory_and_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        unload_after: Duration::ZERO,
        ..roomy()
    };
    let srv = start_with(&dir.path().join("g.sqlite3"), limits, 3).await;
    let addr = srv.addr();
    let mut games = Vec::new();
    for _ in 0..3 {
        let g = create(addr, json!({ "mode": "hotseat" })).await;
        games.push(g);
    }
    let id0 = games[0]["game"].as_str().unwrap().to_string();
    let t0 = games[0]["token"].as_str().unwrap().to_string();
    let (_, before) = get(addr, &format!("/api/games/{id0}?token={t0}")).await;
    // A fourth game makes room by unloading the least recently used one.
    let g = create(addr, json!({ "mode": "hotseat" })).await;
    games.push(g);
    assert!(srv.state().game_count() <= 3);
    // Sockets hold three games: nothing can be unloaded, so a fifth is refused.
    let mut sockets = Vec::new();
    for g in &games[1..] {
        let (id, t) = (g["game"].as_str().unwrap(), g["token"].as_str().unwrap());
        let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={t}")).await;
        next_of(&mut ws, "snapshot").await;
        sockets.push(ws);
    }
    let (status, v) = post(addr, "/api/games", &json!({ "mode": "hotseat" })).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (503, Some("server-full")),
        "{v}"
    );
    drop(sockets);
    // Once the sockets are gone a sweep unloads the games, and every one comes back as it was.
    for _ in 0..200 {
        srv.state().sweep().await;
        if srv.state().game_count() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(srv.state().game_count(), 0, "unused games were unloaded");
    let (status, after) = get(addr, &format!("/api/games/{id0}?token={t0}")).await;
    assert_eq!(status, 200);
    for key in ["step", "view", "legal", "pending", "dice"] {
        assert_eq!(before[key], after[key], "{key}");
    }
    srv.stop().await.unwrap();
}

/// Copies the game `template` (its row and actions) `copies` times under new ids, in one
/// transaction: a store with many stored actions in seconds.
fn seed_copies(db: &std::path::Path, template: &str, copies: usize) -> usize {
    let mut conn = rusqlite::Connection::open(db).unwrap();
    let tx = conn.transaction().unwrap();
    for i in 0..copies {
        let id = format!("{:016x}", 0xc0de_0000_0000_0000u64 + i as u64);
        tx.execute(
            "INSERT INTO games (id, ruleset, mode, scenario_json, seed, created_at, seats_json, setup_hash, resigned, salt, updated_at, finished)
             SELECT ?1, ruleset, mode, scenario_json, seed, created_at - 1, seats_json, setup_hash, resigned, salt, updated_at, finished
             FROM games WHERE id = ?2",
            rusqlite::params![id, template],
        )
        .unwrap();
        tx.execute(
            "INSERT INTO actions (game_id, idx, seat, action_json, state_hash)
             SELECT ?1, idx, seat, action_json, state_hash FROM actions WHERE game_id = ?2",
            rusqlite::params![id, template],
        )
        .unwrap();
    }
    tx.commit().unwrap();
    conn.query_row("SELECT COUNT(*) FROM actions", [], |r| r.get::<_, i64>(0))
        .unwrap() as usize
}

/// A restart answers HTTP at once however many actions are stored: nothing is replayed
/// before the port opens. `SKIRMISH_RESTART_ACTIONS` (default 30,000) sets how many actions
/// are stored; the README's figure uses 600,000.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_answers_at_once_whatever_is_stored() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let srv = server(&db).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "hotseat", "seed": 3 })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let (_, mut snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    let per_game = 60;
    for _ in 0..per_game {
        let action = pick(&snap).expect("a legal action");
        let (status, next) = post(
            addr,
            &format!("/api/games/{id}/actions?token={token}"),
            &json!({ "action": action, "step": snap["step"] }),
        )
        .await;
        assert_eq!(status, 200, "{next}");
        snap = next;
    }
    srv.stop().await.unwrap();
    let wanted: usize = std::env::var("SKIRMISH_RESTART_ACTIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30_000);
    let stored = seed_copies(&db, &id, wanted.div_ceil(per_game));

    let t = Instant::now();
    let srv = server(&db).await;
    let addr = srv.addr();
    let mut answered = None;
    // Bounded: a start that replayed everything would take far longer than this at any size.
    for _ in 0..600 {
        let (status, _) = get(addr, "/api/content").await;
        if status == 200 {
            answered = Some(t.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let answered = answered.expect("the restarted server answers");
    assert_eq!(srv.state().game_count(), 0, "nothing was replayed at start");
    // A copy opens on demand, replayed and checked against its stored hashes.
    let t2 = Instant::now();
    let copy = format!("{:016x}", 0xc0de_0000_0000_0000u64);
    let (status, opened) = get(addr, &format!("/api/games/{copy}")).await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["step"], per_game);
    assert!(opened["corrupt"].is_null(), "{}", opened["corrupt"]);
    println!(
        "restart: {stored} stored actions; first HTTP answer after {:.3} s; a {per_game}-action game opened in {:.3} s",
        answered.as_secs_f64(),
        t2.elapsed().as_secs_f64()
    );
    assert!(answered < Duration::from_secs(20), "{answered:?}");
    srv.stop().await.unwrap();
}

/// Resident memory of this process (server and test client), and its peak, in MiB.
fn rss_mib() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// 2,000 games in progress in memory, each opened in English and French by the seat to act
/// (legal actions with their texts built): the figure of the README. A game mid-turn is
/// copied in the store, then every copy is opened over HTTP. `SKIRMISH_LIVE_GAMES` sets the
/// number of games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a figure for the README; takes minutes"]
async fn memory_of_two_thousand_live_games() {
    let games: usize = std::env::var("SKIRMISH_LIVE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.sqlite3");
    let srv = server(&db).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "hotseat", "seed": 11 })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let (_, mut snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    // Into the turns, a move made: the position with the most legal actions.
    for _ in 0..300 {
        let moved = snap["view"]["phase"]["phase"] == "play"
            && snap["legal"]
                .as_array()
                .is_some_and(|l| l.iter().filter(|e| e["action"]["type"] == "move").count() > 50);
        if moved {
            break;
        }
        let legal = snap["legal"].as_array().unwrap();
        let action = legal
            .iter()
            .find(|l| l["action"]["type"] == "move")
            .map(|l| l["action"].clone())
            .or_else(|| pick(&snap))
            .unwrap();
        let (status, next) = post(
            addr,
            &format!("/api/games/{id}/actions?token={token}"),
            &json!({ "action": action, "step": snap["step"] }),
        )
        .await;
        assert_eq!(status, 200, "{next}");
        snap = next;
    }
    let legal = snap["legal"].as_array().unwrap().len();
    let bytes = snap["legal"].to_string().len();
    srv.stop().await.unwrap();
    seed_copies(&db, &id, games - 1);

    let srv = start_with(&db, roomy(), games + 10).await;
    let addr = srv.addr();
    let (rss0, _) = rss_mib();
    let ids: Vec<String> = std::iter::once(id.clone())
        .chain((0..games - 1).map(|i| format!("{:016x}", 0xc0de_0000_0000_0000u64 + i as u64)))
        .collect();
    let t = Instant::now();
    let mut tasks = Vec::new();
    for chunk in ids.chunks(ids.len().div_ceil(4)) {
        let chunk = chunk.to_vec();
        let token = token.clone();
        tasks.push(tokio::spawn(async move {
            for id in chunk {
                for lang in ["en", "fr"] {
                    let (status, s) =
                        get(addr, &format!("/api/games/{id}?token={token}&lang={lang}")).await;
                    assert_eq!(status, 200);
                    assert!(s["over"] == false && s["corrupt"].is_null());
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let (rss, peak) = rss_mib();
    println!(
        "memory: {} games in progress in memory ({legal} legal actions each, {} KiB of them as JSON per language), opened in {:.0} s; RSS {rss:.0} MiB (before opening them: {rss0:.0} MiB), peak {peak:.0} MiB",
        srv.state().game_count(),
        bytes / 1024,
        t.elapsed().as_secs_f64()
    );
    assert_eq!(srv.state().game_count(), games);
    assert!(peak < 500.0, "peak RSS {peak:.0} MiB");
    srv.stop().await.unwrap();
}
