//! The server over real loopback HTTP and WebSocket: bot games, snapshots on sockets, restart
//! survival, corrupt games, helpers, and hostile input.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{json, Value};
use skirmish_server::ServerConfig;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

fn step_of(s: &Value) -> u64 {
    s["step"].as_u64().expect("step")
}

/// A legal action, preferring moves (so a turn is really under way), then anything but ending
/// the turn.
fn pick_move(s: &Value) -> Option<Value> {
    let legal = s["legal"].as_array()?;
    legal
        .iter()
        .find(|l| l["action"]["type"] == "move")
        .map(|l| l["action"].clone())
        .or_else(|| pick(s))
}

/// Plays `n` actions over HTTP in a hotseat game (whoever is to act); answers the last snapshot.
async fn play_http(addr: std::net::SocketAddr, id: &str, token: &str, n: usize) -> Value {
    let (_, mut snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    for _ in 0..n {
        let action = pick_move(&snap).expect("a legal action");
        let (status, next) = post(
            addr,
            &format!("/api/games/{id}/actions?token={token}"),
            &json!({ "action": action, "step": step_of(&snap) }),
        )
        .await;
        assert_eq!(status, 200, "{next}");
        assert_eq!(step_of(&next), step_of(&snap) + 1);
        snap = next;
    }
    snap
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_game_is_played_over_the_socket() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "bot" })).await;
    let id = g["game"].as_str().unwrap();
    let token = g["token"].as_str().unwrap();
    assert_eq!(g["seats"][0]["kind"], "human");
    assert_eq!(g["seats"][1]["kind"], "bot");
    assert!(
        g["seats"][1]["token"].is_null(),
        "no token for the bot seat"
    );
    assert!(g.get("join").is_none());

    let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={token}&lang=en")).await;
    let mut snap = next_of(&mut ws, "snapshot").await;
    assert_eq!(snap["seat"], 0);
    assert_eq!(snap["controls"], json!([0]));
    assert_eq!(snap["view"]["viewer"], json!({ "seat": 0 }));
    let mut ours = 0;
    let mut bot_moves = 0;
    let mut log_lines = 0;
    while ours < 12 || bot_moves < 3 {
        let log = snap["log"].as_array().unwrap();
        bot_moves += log.iter().filter(|e| e["seat"] == 1).count();
        log_lines += log.len();
        for e in log {
            assert!(!e["text"].as_str().unwrap().is_empty());
        }
        if snap["legal"].as_array().unwrap().is_empty() {
            assert!(!snap["over"].as_bool().unwrap(), "the game ended early");
            snap = next_of(&mut ws, "snapshot").await;
            continue;
        }
        for l in snap["legal"].as_array().unwrap() {
            assert!(
                !l["text"].as_str().unwrap().is_empty(),
                "every action has a text"
            );
        }
        let action = pick_move(&snap).unwrap();
        let step = step_of(&snap);
        send(
            &mut ws,
            &json!({ "type": "act", "action": action, "step": step }),
        )
        .await;
        ours += 1;
        snap = until(&mut ws, |s| step_of(s) > step).await;
        assert_eq!(
            snap["log_from"].as_u64().unwrap(),
            step,
            "only new log entries"
        );
    }
    assert!(log_lines > 10);
    // The bot's actions are stored like anyone's: a restart finds the same game.
    let view = snap["view"].clone();
    let step = step_of(&snap);
    drop(ws);
    srv.stop().await.unwrap();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let (status, again) = get(srv.addr(), &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(status, 200);
    assert!(step_of(&again) >= step);
    if step_of(&again) == step {
        assert_eq!(again["view"], view);
    }
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_restart_mid_turn() {
    let dir = tmp();
    let db = dir.path().join("games.sqlite3");
    let srv = server(&db).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "hotseat", "seed": 11, "lang": "fr" })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    assert_eq!(
        g["seats"][0]["token"], g["seats"][1]["token"],
        "one token holds both seats"
    );

    // Deploy, then play until a turn is under way (some of its actions given, not all).
    let mut snap = play_http(addr, &id, &token, 1).await;
    for _ in 0..200 {
        let actions = &snap["view"]["actions"];
        if snap["view"]["phase"]["phase"] == "play"
            && actions[0].as_u64().unwrap() >= 1
            && actions[0].as_u64() < actions[1].as_u64()
        {
            break;
        }
        snap = play_http(addr, &id, &token, 1).await;
    }
    assert_eq!(snap["view"]["phase"]["phase"], "play", "reached the turns");
    let (_, before) = get(addr, &format!("/api/games/{id}?token={token}&lang=fr")).await;
    srv.stop().await.unwrap();

    let srv = server(&db).await;
    let addr = srv.addr();
    let (status, after) = get(addr, &format!("/api/games/{id}?token={token}&lang=fr")).await;
    assert_eq!(status, 200);
    for key in [
        "step", "dice", "view", "pending", "legal", "log", "prompt", "seats",
    ] {
        assert_eq!(
            before[key], after[key],
            "{key} is the same after the restart"
        );
    }
    assert!(after["corrupt"].is_null());
    // And play goes on.
    let next = play_http(addr, &id, &token, 2).await;
    assert_eq!(step_of(&next), step_of(&after) + 2);
    let (_, listed) = get(addr, "/api/games").await;
    assert!(listed
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str() && g["step"] == step_of(&next)));
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_picks_up_after_a_restart() {
    let dir = tmp();
    let db = dir.path().join("games.sqlite3");
    // A slow bot: the server stops while it is still "thinking".
    let config = ServerConfig {
        port: 0,
        db_path: db.clone(),
        platform: common::platform(),
        bot_delay: Duration::from_secs(30),
        announce: false,
        limits: roomy(),
        ..ServerConfig::default()
    };
    let srv = skirmish_server::start(config).await.unwrap();
    let addr = srv.addr();
    // Create games until the bot (seat 1) acts first (the server draws each seed).
    let mut found = None;
    for _ in 0..40 {
        let g = create(addr, json!({ "mode": "bot" })).await;
        let id = g["game"].as_str().unwrap().to_string();
        let (_, s) = get(addr, &format!("/api/games/{id}")).await;
        if s["pending"]["seats"] == json!([1]) {
            found = Some((id, g["token"].as_str().unwrap().to_string()));
            break;
        }
    }
    let (id, token) = found.expect("some game lets the bot start");
    let (_, s) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(step_of(&s), 0, "the slow bot has not played yet");
    srv.stop().await.unwrap();

    let srv = server(&db).await;
    let mut ws = connect(srv.addr(), &format!("/api/games/{id}/ws?token={token}")).await;
    let snap = until(&mut ws, |s| step_of(s) > 0).await;
    assert!(step_of(&snap) >= 1, "the bot played after the restart");
    drop(ws);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_corrupt_game_says_so_and_stays_read_only() {
    let dir = tmp();
    let db = dir.path().join("games.sqlite3");
    let srv = server(&db).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "hotseat", "seed": 5 })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    play_http(addr, &id, &token, 3).await;
    let good = create(addr, json!({ "mode": "hotseat", "seed": 6 })).await;
    srv.stop().await.unwrap();

    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute(
            "UPDATE actions SET state_hash = 'tampered' WHERE game_id = ?1 AND idx = 1",
            [&id],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO games (id, ruleset, mode, scenario_json, seed, created_at, seats_json, setup_hash)
             VALUES ('00000000000000aa', 'heroclix', 'bot', 'not json', 1, 1, '{}', 'x')",
            [],
        )
        .unwrap();
    }

    let srv = server(&db).await;
    let addr = srv.addr();
    let (status, snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(status, 200);
    let why = snap["corrupt"].as_str().expect("marked corrupt");
    assert!(why.contains("action 2"), "{why}");
    assert!(snap["legal"].as_array().unwrap().is_empty());
    let (status, refused) = post(
        addr,
        &format!("/api/games/{id}/actions?token={token}"),
        &json!({ "action": { "type": "end_turn" } }),
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(refused["code"], "corrupt");
    // Nor is there a replay to give, to its players or anyone: the reason says why.
    for path in [
        format!("/api/games/{id}/replay?token={token}"),
        format!("/api/games/{id}/replay"),
    ] {
        let (status, replay) = get(addr, &path).await;
        assert_eq!(status, 409, "{path}");
        assert_eq!(replay["code"], "corrupt", "{path}");
        assert!(
            replay["error"]
                .as_str()
                .unwrap()
                .contains("cannot be replayed"),
            "{replay}"
        );
    }
    let (status, unloadable) = get(addr, "/api/games/00000000000000aa").await;
    assert_eq!(status, 409);
    assert_eq!(unloadable["code"], "corrupt");
    // The other games are untouched.
    let gid = good["game"].as_str().unwrap();
    let (status, ok) = get(addr, &format!("/api/games/{gid}")).await;
    assert_eq!(status, 200);
    assert!(ok["corrupt"].is_null());
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn helpers_replay_resign_page_and_content() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();

    let (status, content) = get(addr, "/api/content").await;
    assert_eq!(status, 200);
    assert!(content["teams"].as_array().unwrap().len() >= 2);
    assert!(content["maps"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"] == "harbour-district"));
    let (status, page) = get(addr, "/").await;
    assert_eq!(status, 200);
    assert!(page.as_str().unwrap().to_lowercase().contains("<html"));

    // One click: an empty body makes a bot game with the defaults.
    let (status, quick) = raw(addr, "POST", "/api/games", b"").await;
    assert_eq!(status, 201, "{quick}");
    assert_eq!(quick["mode"], "bot");

    let g = create(
        addr,
        json!({ "mode": "friend", "map": "abandoned-lab", "teams": ["ravagers", "wardens"], "rounds": 3 }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let t0 = g["token"].as_str().unwrap().to_string();
    assert_eq!(g["join"]["seat"], 1);
    let invite = g["join"]["invite"].as_str().unwrap().to_string();
    assert_eq!(
        g["join"]["url"].as_str().unwrap(),
        format!("/#game={id}&invite={invite}")
    );
    assert!(
        g["join"].get("token").is_none(),
        "the creator holds no token of the friend's seat"
    );
    let t1 = join(addr, &g).await;
    assert_ne!(t0, t1);

    // Play both seats until the turns start, then ask for reach and a line of fire.
    let tokens = [t0.clone(), t1.clone()];
    let mut snap = Value::Null;
    for _ in 0..100 {
        let (_, s0) = get(addr, &format!("/api/games/{id}?token={t0}")).await;
        let seat = s0["pending"]["seats"][0].as_u64().unwrap() as usize;
        let (_, s) = get(addr, &format!("/api/games/{id}?token={}", tokens[seat])).await;
        if s["view"]["phase"]["phase"] == "play" {
            snap = s;
            break;
        }
        let action = pick(&s).unwrap();
        let (status, _) = post(
            addr,
            &format!("/api/games/{id}/actions?token={}", tokens[seat]),
            &json!({ "action": action }),
        )
        .await;
        assert_eq!(status, 200);
    }
    assert!(!snap.is_null(), "reached the turns");
    let me = snap["seat"].as_u64().unwrap();
    let figures = snap["view"]["figures"].as_array().unwrap();
    let mine = figures.iter().find(|f| f["owner"] == me).unwrap()["id"].clone();
    let theirs = figures.iter().find(|f| f["owner"] != me).unwrap()["id"].clone();
    let (status, reach) = get(
        addr,
        &format!("/api/games/{id}/reach?figure={mine}&to=0,0&lang=fr"),
    )
    .await;
    assert_eq!(status, 200, "{reach}");
    assert!(reach["allowance"].as_u64().unwrap() > 0);
    let dest = &reach["destinations"][0];
    assert!(!dest["path"].as_array().unwrap().is_empty());
    assert!(reach["to"]["ok"].is_boolean());
    let (status, los) = get(
        addr,
        &format!("/api/games/{id}/los?from={mine}&to={theirs}&lang=fr"),
    )
    .await;
    assert_eq!(status, 200, "{los}");
    assert!(["clear", "hindered", "blocked"].contains(&los["verdict"].as_str().unwrap()));
    assert!(los["notes"].is_array());
    let (status, los_sq) = get(addr, &format!("/api/games/{id}/los?from={mine}&square=5,5")).await;
    assert_eq!(status, 200, "{los_sq}");

    // The replay of a game in progress is for its players.
    let (status, e) = get(addr, &format!("/api/games/{id}/replay")).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("no-token")));
    let (status, e) = get(addr, &format!("/api/games/{id}?at=1")).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("no-token")));
    let (status, at1) = get(addr, &format!("/api/games/{id}?at=1&token={t0}")).await;
    assert_eq!((status, step_of(&at1)), (200, 1));
    // During play a player's replay is their view of the game: no dice source, no hash.
    let (status, viewed) = get(addr, &format!("/api/games/{id}/replay?token={t1}")).await;
    assert_eq!(status, 200, "{viewed}");
    assert_eq!(viewed["viewer"], json!({ "seat": 1 }));
    assert_eq!(viewed["commitment"], g["dice"]["commitment"]);
    assert!(viewed.get("dice").is_none() && viewed.get("final_hash").is_none());
    assert!(!viewed["steps"].as_array().unwrap().is_empty());

    // Seat 2 resigns: seat 1 wins; nothing more can be played; anyone may see the replay.
    let (status, over) = post(
        addr,
        &format!("/api/games/{id}/resign?token={t1}"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{over}");
    assert_eq!(over["over"], true);
    assert_eq!(over["pending"]["over"]["winners"], json!([0]));
    assert_eq!(over["pending"]["over"]["scores"], json!([[0, 0], [1, 0]]));
    let (status, e) = post(
        addr,
        &format!("/api/games/{id}/actions?token={t0}"),
        &json!({ "action": { "type": "end_turn" } }),
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (409, Some("game-over")));
    let (status, replay) = get(addr, &format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 200);
    let reveal = &replay["reveal"];
    let commitment: skirmish_engine::SeedCommitment =
        serde_json::from_value(g["dice"]["commitment"].clone()).unwrap();
    assert!(skirmish_engine::verify_seed(
        &commitment,
        reveal["seed"].as_u64().unwrap(),
        reveal["salt"].as_str().unwrap()
    ));
    let replay: skirmish_engine::Replay = serde_json::from_value(replay).unwrap();
    skirmish_engine::Registry::new()
        .with::<skirmish_heroclix::HeroClix>()
        .verify_replay(&replay)
        .expect("the replay verifies");
    // Positions of the replay, for the viewer.
    let (status, at0) = get(addr, &format!("/api/games/{id}?at=0")).await;
    assert_eq!(status, 200, "{at0}");
    assert_eq!(
        (at0["at"].as_u64(), at0["step"].as_u64()),
        (Some(0), Some(0))
    );
    let (status, at3) = get(addr, &format!("/api/games/{id}?at=3&lang=fr")).await;
    assert_eq!(status, 200, "{at3}");
    assert_eq!(step_of(&at3), 3);
    assert!(at3["log"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["step"].as_u64() <= Some(3)));
    assert!(at3["legal"].as_array().unwrap().is_empty());
    let (status, e) = get(addr, &format!("/api/games/{id}?at=100000")).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")));

    // The team builder's check.
    let (status, check) = post(
        addr,
        "/api/teams/check",
        &json!({ "team": { "name": "Twins", "figures": ["sk001", { "id": "sk001", "starting_line": 1 }] }, "lang": "fr" }),
    )
    .await;
    assert_eq!(status, 200, "{check}");
    assert_eq!(check["legal"], false);
    assert!(!check["violations"].as_array().unwrap().is_empty());
    let (status, check) = post(
        addr,
        "/api/teams/check",
        &json!({ "team": "wardens", "points": 300 }),
    )
    .await;
    assert_eq!(status, 200, "{check}");
    assert_eq!(check["legal"], true);
    assert_eq!(check["actions"], 3);
    let (status, e) = post(addr, "/api/teams/check", &json!({ "team": 7 })).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-team")));
    let db = dir.path().join("games.sqlite3");
    srv.stop().await.unwrap();
    let srv = server(&db).await;
    let (_, again) = get(srv.addr(), &format!("/api/games/{id}")).await;
    assert_eq!(
        again["pending"]["over"]["winners"],
        json!([0]),
        "the resignation is stored"
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_is_refused_with_a_reason_and_changes_nothing() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "friend" })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let tokens = [
        g["token"].as_str().unwrap().to_string(),
        join(addr, &g).await,
    ];
    let other = create(addr, json!({ "mode": "friend" })).await;
    let foreign = other["token"].as_str().unwrap().to_string();

    let (_, base) = get(addr, &format!("/api/games/{id}")).await;
    let pending = base["pending"]["seats"][0].as_u64().unwrap() as usize;
    let mine = &tokens[pending];
    let theirs = &tokens[1 - pending];
    let (_, mine_snap) = get(addr, &format!("/api/games/{id}?token={mine}")).await;
    let legal = pick(&mine_snap).unwrap();
    let act_path = |t: &str| format!("/api/games/{id}/actions?token={t}");

    let expect = |status: u16, v: &Value, want_status: u16, code: &str| {
        assert_eq!(status, want_status, "{v}");
        assert_eq!(v["code"], code, "{v}");
        assert!(
            !v["error"].as_str().unwrap_or("").is_empty(),
            "a reason: {v}"
        );
    };

    // HTTP.
    let (s, v) = raw(addr, "POST", &act_path(mine), b"{not json").await;
    expect(s, &v, 400, "bad-json");
    let (s, v) = post(
        addr,
        &act_path(mine),
        &json!({ "action": legal, "extra": 1 }),
    )
    .await;
    expect(s, &v, 400, "bad-json");
    let big = vec![b' '; 70 * 1024];
    let (s, v) = raw(addr, "POST", &act_path(mine), &big).await;
    expect(s, &v, 413, "too-large");
    let (s, v) = raw(addr, "POST", "/api/games", &big).await;
    expect(s, &v, 413, "too-large");
    let (s, v) = raw(addr, "POST", "/api/games", b"[1,2").await;
    expect(s, &v, 400, "bad-json");
    let (s, v) = post(addr, "/api/games", &json!({ "mode": "chess" })).await;
    expect(s, &v, 400, "bad-request");
    let (s, v) = post(
        addr,
        "/api/games",
        &json!({ "teams": ["wardens", "nobody"] }),
    )
    .await;
    expect(s, &v, 400, "unknown-team");
    let (s, v) = post(addr, "/api/games", &json!({ "map": "atlantis" })).await;
    expect(s, &v, 400, "unknown-map");
    let (s, v) = post(
        addr,
        "/api/games",
        &json!({ "teams": ["wardens", { "name": "Too many", "figures": ["sk001", "sk001", "sk009", "sk010"] }] }),
    )
    .await;
    expect(s, &v, 400, "bad-team");
    let (s, v) = get(addr, "/api/games/0123456789abcdef").await;
    expect(s, &v, 404, "unknown-game");
    let (s, v) = get(addr, "/api/games/..%2F..%2Fetc").await;
    expect(s, &v, 404, "unknown-game");
    let (s, v) = post(
        addr,
        "/api/games/0123456789abcdef/actions",
        &json!({ "action": legal }),
    )
    .await;
    expect(s, &v, 404, "unknown-game");
    let (s, v) = get(addr, "/api/nothing/here").await;
    expect(s, &v, 404, "not-found");
    let (s, v) = get(addr, &format!("/api/games/{id}?token={}", "f".repeat(32))).await;
    expect(s, &v, 403, "unknown-token");
    let (s, v) = get(addr, &format!("/api/games/{id}?token=%3Cscript%3E")).await;
    expect(s, &v, 403, "unknown-token");
    let (s, v) = post(addr, &act_path(&foreign), &json!({ "action": legal })).await;
    expect(s, &v, 403, "unknown-token");
    let (s, v) = post(
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({ "action": legal }),
    )
    .await;
    expect(s, &v, 403, "no-token");
    let (s, v) = post(
        addr,
        &act_path(mine),
        &json!({ "action": legal, "seat": 1 - pending }),
    )
    .await;
    expect(s, &v, 403, "wrong-seat");
    let (s, v) = post(addr, &act_path(theirs), &json!({ "action": legal })).await;
    expect(s, &v, 409, "not-your-turn");
    let (s, v) = post(
        addr,
        &act_path(mine),
        &json!({ "action": { "type": "move", "figure": 0, "to": { "x": 0, "y": 0 } } }),
    )
    .await;
    expect(s, &v, 400, "illegal");
    let (s, v) = post(
        addr,
        &act_path(mine),
        &json!({ "action": { "type": "fly" } }),
    )
    .await;
    expect(s, &v, 400, "malformed-action");
    let (s, v) = post(
        addr,
        &act_path(mine),
        &json!({ "action": legal, "step": 99 }),
    )
    .await;
    expect(s, &v, 409, "stale");
    let (s, v) = get(addr, &format!("/api/games/{id}?lang=de")).await;
    expect(s, &v, 400, "bad-request");
    let (s, v) = get(addr, &format!("/api/games/{id}/reach?figure=abc")).await;
    expect(s, &v, 400, "bad-request");
    let (s, v) = get(addr, &format!("/api/games/{id}/reach?figure=9999")).await;
    expect(s, &v, 400, "bad-request");
    let (s, v) = get(addr, &format!("/api/games/{id}/los?from=0&square=zz")).await;
    expect(s, &v, 400, "bad-request");

    // Nothing changed.
    let (_, now) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!((&now["step"], &now["view"]), (&base["step"], &base["view"]));

    // A good action once; the same message again is refused as stale.
    let msg = json!({ "action": legal, "step": step_of(&base) });
    let (s, v) = post(addr, &act_path(mine), &msg).await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = post(addr, &act_path(mine), &msg).await;
    expect(s, &v, 409, "stale");
    let (_, now) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(step_of(&now), step_of(&base) + 1);
    let base = now;

    // WebSocket: refusals arrive as error messages and the socket stays usable.
    let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={theirs}")).await;
    let first = next_of(&mut ws, "snapshot").await;
    assert_eq!(first["step"], base["step"]);
    let ws_expect = |v: &Value, code: &str| {
        assert_eq!(v["type"], "error", "{v}");
        assert_eq!(v["code"], code, "{v}");
        assert!(!v["reason"].as_str().unwrap_or("").is_empty());
    };
    ws.send_text("{oops").await;
    ws_expect(&next_of(&mut ws, "error").await, "bad-json");
    ws.send_text("[]").await;
    ws_expect(&next_of(&mut ws, "error").await, "bad-json");
    send(&mut ws, &json!({ "type": "teleport" })).await;
    ws_expect(&next_of(&mut ws, "error").await, "unknown-type");
    send(&mut ws, &json!({ "type": "act" })).await;
    ws_expect(&next_of(&mut ws, "error").await, "bad-json");
    send(
        &mut ws,
        &json!({ "type": "act", "action": { "type": "end_turn" }, "seat": pending }),
    )
    .await;
    ws_expect(&next_of(&mut ws, "error").await, "wrong-seat");
    let (_, theirs_snap) = get(addr, &format!("/api/games/{id}?token={theirs}")).await;
    let their_turn = !theirs_snap["legal"].as_array().unwrap().is_empty();
    if !their_turn {
        send(&mut ws, &json!({ "type": "act", "action": legal })).await;
        ws_expect(&next_of(&mut ws, "error").await, "not-your-turn");
    }
    send(
        &mut ws,
        &json!({ "type": "act", "action": legal, "step": 0 }),
    )
    .await;
    ws_expect(&next_of(&mut ws, "error").await, "stale");
    ws.send_text(&format!(
        "{{\"type\":\"ping\",\"pad\":\"{}\"}}",
        "x".repeat(70 * 1024)
    ))
    .await;
    ws_expect(&next_of(&mut ws, "error").await, "too-large");
    ws.send_binary(vec![1, 2, 3]).await;
    ws_expect(&next_of(&mut ws, "error").await, "bad-json");
    send(&mut ws, &json!({ "type": "lang", "lang": "xx" })).await;
    ws_expect(&next_of(&mut ws, "error").await, "bad-request");
    send(&mut ws, &json!({ "type": "ping" })).await;
    assert_eq!(next_of(&mut ws, "pong").await["type"], "pong");
    send(&mut ws, &json!({ "type": "lang", "lang": "fr" })).await;
    let fr = next_of(&mut ws, "snapshot").await;
    assert_eq!(fr["lang"], "fr");

    // A frame far over the limit ends that connection, and nothing else.
    // The server may close while the frame is still being written: a broken pipe is fine.
    let _ = futures_util::SinkExt::send(
        &mut ws,
        tokio_tungstenite::tungstenite::Message::Text("y".repeat(2 << 20).into()),
    )
    .await;
    let mut closed = false;
    for _ in 0..5 {
        match tokio::time::timeout(
            Duration::from_secs(10),
            futures_util::StreamExt::next(&mut ws),
        )
        .await
        {
            Ok(None | Some(Err(_))) => {
                closed = true;
                break;
            }
            Ok(Some(Ok(m))) if m.is_close() => {
                closed = true;
                break;
            }
            Ok(Some(Ok(_))) => continue,
            Err(_) => break,
        }
    }
    assert!(closed, "the oversized frame closed the socket");

    // Sockets with a bad token or game hear why, then are closed.
    let mut bad = connect(addr, &format!("/api/games/{id}/ws?token={foreign}")).await;
    ws_expect(&next(&mut bad).await, "unknown-token");
    let mut bad = connect(addr, "/api/games/0123456789abcdef/ws").await;
    ws_expect(&next(&mut bad).await, "unknown-game");

    let (_, now) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!((&now["step"], &now["view"]), (&base["step"], &base["view"]));
    srv.stop().await.unwrap();
}

trait SendRaw {
    async fn send_text(&mut self, text: &str);
    async fn send_binary(&mut self, bytes: Vec<u8>);
}

impl SendRaw for Socket {
    async fn send_text(&mut self, text: &str) {
        use futures_util::SinkExt;
        self.send(tokio_tungstenite::tungstenite::Message::Text(
            text.to_string().into(),
        ))
        .await
        .expect("send");
    }

    async fn send_binary(&mut self, bytes: Vec<u8>) {
        use futures_util::SinkExt;
        self.send(tokio_tungstenite::tungstenite::Message::Binary(
            bytes.into(),
        ))
        .await
        .expect("send");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_game_plays_to_its_end() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "bot", "rounds": 2, "seat": 1 })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    assert_eq!(g["seat"], 1);
    let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={token}")).await;
    let mut snap = next_of(&mut ws, "snapshot").await;
    let mut picker = skirmish_engine::Picker::new(3);
    for _ in 0..2000 {
        if snap["over"] == true {
            break;
        }
        let legal = snap["legal"].as_array().cloned().unwrap_or_default();
        match picker.choose(&legal) {
            Some(choice) => {
                let step = step_of(&snap);
                send(
                    &mut ws,
                    &json!({ "type": "act", "action": choice["action"], "step": step }),
                )
                .await;
                snap = until(&mut ws, |s| step_of(s) > step).await;
            }
            None => snap = next_of(&mut ws, "snapshot").await,
        }
    }
    assert_eq!(snap["over"], true, "the round limit ends the game");
    let outcome = &snap["pending"]["over"];
    assert!(outcome["reason"].is_string(), "{outcome}");
    assert!(snap["legal"].as_array().unwrap().is_empty());
    let (status, e) = post(
        addr,
        &format!("/api/games/{id}/actions?token={token}"),
        &json!({ "action": { "type": "end_turn" } }),
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (409, Some("game-over")));
    let (status, e) = post(
        addr,
        &format!("/api/games/{id}/resign?token={token}"),
        &json!({}),
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (409, Some("game-over")));
    // Finished games' replays are public and verify.
    let (status, replay) = get(addr, &format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 200);
    let replay: skirmish_engine::Replay = serde_json::from_value(replay).unwrap();
    let game = skirmish_engine::Registry::new()
        .with::<skirmish_heroclix::HeroClix>()
        .verify_replay(&replay)
        .expect("the replay verifies");
    assert!(game.outcome().is_some());
    drop(ws);
    srv.stop().await.unwrap();
}

/// A bot answers every decision its figures' powers raise in the middle of an action (the free
/// attack after a Charge, Blades/Claws/Fangs, markers to place...), not only its turns and its
/// set-up: the game never waits on a bot seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_answers_the_decisions_its_powers_raise() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let mid_action = [
        "accept",
        "decline",
        "free_attack",
        "redirect",
        "place_marker",
        "move_on",
        "pick_up",
    ];
    let mut answered = 0;
    // A few short games against the random bot: each must end (the game never waits on the
    // bot seat), and across them the bot answers decisions raised in the middle of its
    // actions (its Captain and Kestrel Vane charge; every Charge asks about its free attack).
    for n in 1..=8u64 {
        let g = create(
            addr,
            json!({ "mode": "bot", "bot": "random", "rounds": 3, "seat": 1 }),
        )
        .await;
        let id = g["game"].as_str().unwrap().to_string();
        let token = g["token"].as_str().unwrap().to_string();
        let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={token}")).await;
        let mut snap = next_of(&mut ws, "snapshot").await;
        let mut picker = skirmish_engine::Picker::new(n + 10);
        for _ in 0..3000 {
            if snap["over"] == true {
                break;
            }
            let legal = snap["legal"].as_array().cloned().unwrap_or_default();
            match picker.choose(&legal) {
                Some(choice) => {
                    let step = step_of(&snap);
                    send(
                        &mut ws,
                        &json!({ "type": "act", "action": choice["action"], "step": step }),
                    )
                    .await;
                    snap = until(&mut ws, |s| step_of(s) > step).await;
                }
                None => snap = next_of(&mut ws, "snapshot").await,
            }
        }
        assert_eq!(
            snap["over"], true,
            "game {n}: the round limit ends the game"
        );
        let (status, replay) = get(addr, &format!("/api/games/{id}/replay")).await;
        assert_eq!(status, 200);
        answered += replay["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["seat"] == 0)
            .map(|a| &a["action"])
            .filter(|a| mid_action.contains(&a["type"].as_str().unwrap_or("")))
            .count();
        drop(ws);
        if answered > 0 {
            break;
        }
    }
    assert!(
        answered > 0,
        "the bot answered no decision in the middle of an action"
    );
    srv.stop().await.unwrap();
}

/// A bot that never answers in time.
struct Sleepy;

impl skirmish_server::bots::BotPlayer for Sleepy {
    fn name(&self) -> &str {
        "sleepy"
    }

    fn choose(
        &self,
        _: &dyn skirmish_engine::AnyGame,
        _: skirmish_engine::Seat,
        _: u64,
    ) -> Option<Value> {
        std::thread::sleep(Duration::from_secs(3));
        None
    }
}

/// A bot that answers nonsense.
struct Cheat;

impl skirmish_server::bots::BotPlayer for Cheat {
    fn name(&self) -> &str {
        "cheat"
    }

    fn choose(
        &self,
        _: &dyn skirmish_engine::AnyGame,
        _: skirmish_engine::Seat,
        _: u64,
    ) -> Option<Value> {
        Some(json!({ "type": "teleport", "figure": 0 }))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_or_cheating_bot_is_replaced_by_a_random_legal_action() {
    let dir = tmp();
    let mut bots = skirmish_server::bots::BotRoster::default();
    bots.insert("sleepy", std::sync::Arc::new(Sleepy));
    bots.insert("cheat", std::sync::Arc::new(Cheat));
    let config = ServerConfig {
        port: 0,
        db_path: dir.path().join("games.sqlite3"),
        platform: common::platform(),
        bot_delay: Duration::ZERO,
        bot_time_limit: Duration::from_millis(100),
        bots,
        announce: false,
        limits: roomy(),
        ..ServerConfig::default()
    };
    let srv = skirmish_server::start(config).await.unwrap();
    let addr = srv.addr();
    let (status, e) = post(addr, "/api/games", &json!({ "bot": "nobody" })).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")));
    for bot in ["sleepy", "cheat"] {
        let g = create(addr, json!({ "mode": "bot", "bot": bot })).await;
        assert_eq!(g["seats"][1]["bot"], bot);
        let id = g["game"].as_str().unwrap();
        let token = g["token"].as_str().unwrap();
        let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={token}")).await;
        let mut snap = next_of(&mut ws, "snapshot").await;
        let mut bot_moves = 0;
        let start = std::time::Instant::now();
        while bot_moves < 4 {
            bot_moves += snap["log"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["seat"] == 1)
                .map(|e| e["step"].as_u64())
                .collect::<std::collections::BTreeSet<_>>()
                .len();
            match pick(&snap) {
                Some(action) => {
                    let step = step_of(&snap);
                    send(
                        &mut ws,
                        &json!({ "type": "act", "action": action, "step": step }),
                    )
                    .await;
                    snap = until(&mut ws, |s| step_of(s) > step).await;
                }
                None => snap = next_of(&mut ws, "snapshot").await,
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{bot}: the fallback keeps the game going"
        );
    }
    srv.stop().await.unwrap();
}

/// Tactics over the API (rulebook Partie 4): a team written out with a feat, objects and a
/// battlefield condition is checked (theme, points, broken rules named); a bot game of the two
/// tactics sample teams with theme teams and an event dial goes through the set-up decisions
/// (conditions revealed and maybe cancelled, objects placed) and shows them in the view.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tactics_are_checked_and_played_over_the_api() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let team = json!({
        "name": "Patrol",
        "figures": ["sk005", "sk004", "sk003"],
        "feats": [{ "id": "ft01", "characters": [1] }],
        "objects": [{ "kind": "light" }, { "special": "so01" }],
        "condition": "bc01",
    });
    let (status, r) = post(addr, "/api/teams/check", &json!({ "team": team })).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["legal"], true, "{r}");
    assert_eq!(r["points"], 70 + 50 + 40 + 10 + 5, "{r}");
    assert_eq!(r["theme"]["keyword"], "Warden", "{r}");
    // Steady Aim on Doc Amberly's range 5 is fine; on a range-0 figure it is refused, by name.
    let bad = json!({
        "name": "Brutes",
        "figures": ["sk013"],
        "feats": [{ "id": "ft01", "characters": [1] }, { "id": "ft1" }],
        "objects": [{ "kind": "immobile" }, { "kind": "immobile" }],
    });
    let (status, r) = post(
        addr,
        "/api/teams/check",
        &json!({ "team": bad, "lang": "fr" }),
    )
    .await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["legal"], false);
    let why = r["violations"].to_string();
    assert!(
        why.contains("Visée stable"),
        "the card's French name: {why}"
    );
    assert!(
        why.contains("`ft1`") && why.contains("`ft01`"),
        "did you mean: {why}"
    );
    assert!(why.contains("Objets"), "{why}");
    // A malformed object is refused before any rule is checked.
    let (status, r) = post(
        addr,
        "/api/teams/check",
        &json!({ "team": { "name": "X", "figures": ["sk001"], "objects": [{ "kind": "huge" }] } }),
    )
    .await;
    assert_eq!((status, r["code"].as_str()), (400, Some("bad-team")), "{r}");
    // An unknown event dial is refused with the list of the known ones.
    let (status, r) = post(
        addr,
        "/api/games",
        &json!({ "mode": "hotseat", "event": "ev99" }),
    )
    .await;
    assert_eq!(status, 400, "{r}");
    assert!(r["error"].to_string().contains("ev01"), "{r}");
    // Watch Patrol's condition and an event dial cannot go together.
    let (status, r) = post(
        addr,
        "/api/games",
        &json!({ "mode": "hotseat", "teams": ["watch-patrol", "salvage-crew"], "event": "ev01" }),
    )
    .await;
    assert_eq!(status, 400, "{r}");
    // The tactics teams against each other, theme teams on, played by random picks to the end
    // of set-up.
    let g = create(
        addr,
        json!({ "mode": "hotseat", "seed": 4, "teams": ["watch-patrol", "salvage-crew"], "theme_teams": true, "rounds": 1 }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={token}")).await;
    let mut snap = next_of(&mut ws, "snapshot").await;
    let mut picker = skirmish_engine::Picker::new(9);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let phase = snap["view"]["phase"]["phase"]
            .as_str()
            .unwrap_or("")
            .to_string();
        seen.insert(phase.clone());
        if phase == "play" {
            break;
        }
        let legal = snap["legal"].as_array().cloned().unwrap_or_default();
        let choice = picker
            .choose(&legal)
            .expect("a set-up decision has answers")
            .clone();
        let step = step_of(&snap);
        send(
            &mut ws,
            &json!({ "type": "act", "action": choice["action"], "step": step }),
        )
        .await;
        snap = until(&mut ws, |s| step_of(s) > step).await;
    }
    for phase in ["cancel_condition", "place_objects", "deploy", "play"] {
        assert!(seen.contains(phase), "phase {phase} never came: {seen:?}");
    }
    let view = &snap["view"];
    assert_eq!(view["objects"].as_array().unwrap().len(), 5, "{view}");
    assert!(view["objects"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o["square"].is_object() && o["to_place"].is_null()));
    assert_eq!(view["conditions"].as_array().unwrap().len(), 2);
    assert_eq!(view["feats"].as_array().unwrap().len(), 2);
    assert_eq!(view["themes"][0][0], "Warden");
    assert_eq!(view["themes"][1][0], "Ravager");
    drop(ws);
    srv.stop().await.unwrap();
}

/// Rules options over the API: listed by the content, played by a new game and named in its
/// view; a wrong one refused with its name, creating nothing.
#[tokio::test]
async fn rules_options_are_listed_set_and_checked() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let (status, content) = get(addr, "/api/content").await;
    assert_eq!(status, 200);
    assert_eq!(
        content["options"]["defaults"]["era"], "pac2008",
        "{}",
        content["options"]
    );
    assert!(content["options"]["choices"]["combat_reflexes"]
        .as_array()
        .is_some_and(|c| c.contains(&json!("elect"))));
    let g = create(
        addr,
        json!({ "mode": "hotseat", "seed": 2, "powers": { "blades_locked": true, "energy_explosion": "area_per_bolt" } }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={token}")).await;
    let snap = next_of(&mut ws, "snapshot").await;
    let options = snap["view"]["options"].to_string();
    assert!(
        options.contains("energy_explosion = \\\"area_per_bolt\\\"")
            && options.contains("blades_locked = true"),
        "{options}"
    );
    drop(ws);
    let (_, before) = get(addr, "/api/games").await;
    for bad in [
        json!({ "reflexes": "elect" }),
        json!({ "era": "pac2020" }),
        json!("era"),
    ] {
        let (status, r) = post(
            addr,
            "/api/games",
            &json!({ "mode": "hotseat", "powers": bad }),
        )
        .await;
        assert_eq!(
            (status, r["code"].as_str()),
            (400, Some("bad-options")),
            "{r}"
        );
    }
    let (status, r) = post(
        addr,
        "/api/games",
        &json!({ "mode": "hotseat", "powers": { "reflexes": true } }),
    )
    .await;
    assert!(
        status == 400 && r.to_string().contains("combat_reflexes"),
        "{r}"
    );
    let (_, after) = get(addr, "/api/games").await;
    assert_eq!(before, after, "a refused game is not created");
    srv.stop().await.unwrap();
}

/// Thousands of imported figures (the hcunits data beside the repository): the content sends
/// only the teams' figures, the search finds the rest, and a team of imported figures plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn imported_figures_are_searched_and_played() {
    let data =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/hcunits");
    if !data.is_dir() {
        eprintln!("skipped: no hcunits data at {}", data.display());
        return;
    }
    let dir = tmp();
    let mut cfg = config(&dir.path().join("games.sqlite3"));
    let heroclix = skirmish_heroclix::present::HeroClixPresentation::load(&[data], None)
        .expect("content with hcunits");
    cfg.platform = skirmish_platform::Platform::new().with(heroclix);
    let srv = skirmish_server::start(cfg).await.expect("server starts");
    let addr = srv.addr();

    let (status, content) = get(addr, "/api/content?ruleset=heroclix").await;
    assert_eq!(status, 200);
    let total = content["figure_search"]["total"].as_u64().unwrap();
    assert!(total > 5_000, "{total}");
    assert!(content["figures"].as_array().unwrap().len() < 100);
    assert!(
        content["figure_search"]["powers"]["charge"]
            .as_u64()
            .unwrap()
            > 100
    );

    let (status, found) = get(
        addr,
        "/api/content/search?ruleset=heroclix&q=spider%20man&power=charge&points_max=60&limit=5",
    )
    .await;
    assert_eq!(status, 200, "{found}");
    let figures = found["figures"].as_array().unwrap();
    assert!(!figures.is_empty() && figures.len() <= 5, "{found}");
    for f in figures {
        assert!(
            f["name"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains("spider"),
            "{f}"
        );
    }
    let (status, bad) = get(addr, "/api/content/search?ruleset=heroclix&limit=lots").await;
    assert_eq!(status, 400, "{bad}");
    assert!(bad["error"].as_str().unwrap().contains("limit"), "{bad}");

    // A team of the figures found, against a starter team.
    let team = json!({ "name": "Webs", "figures": figures.iter().take(2).map(|f| json!({ "id": f["id"], "starting_line": 1 })).collect::<Vec<_>>() });
    let (status, g) = post(
        addr,
        "/api/games",
        &json!({ "mode": "hotseat", "teams": [team, "ravagers"], "points": 300 }),
    )
    .await;
    assert_eq!(status, 201, "{g}");
}

/// The friend link's address: a server on loopback says it is reachable from this machine only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_says_whether_friends_elsewhere_can_reach_it() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let (status, info) = get(srv.addr(), "/api/server").await;
    assert_eq!(status, 200);
    assert_eq!(info["share"]["network"], false, "{info}");
    assert!(info["share"].get("url").is_none(), "{info}");
}
