//! HeroScape's order markers over the real server: two people play a friend game, each on its
//! own socket. While seat 0 lays its markers, nothing seat 1 is sent — socket messages, its
//! snapshots (whole and `since`), the spectator's snapshot at a step, its replay, the judge —
//! tells which card holds which number, nor carries the dice seed or a die not yet rolled (the
//! initiative is rolled once every marker is down). Once seat 0's turn turns its marker 1 face
//! up, seat 1 sees that marker on its card, and only that one.

mod common;

use std::time::Duration;

use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use skirmish_server::{start, RunningServer};
use tokio_tungstenite::tungstenite::Message;

/// A server playing HeroScape only.
async fn heroscape_server(db: &std::path::Path) -> RunningServer {
    start(skirmish_server::ServerConfig {
        platform: skirmish_platform::Platform::new()
            .with(skirmish_heroscape::present::HeroScapePresentation::default()),
        ..config(db)
    })
    .await
    .expect("server starts")
}

/// Everything seat 1 was sent, as JSON.
#[derive(Default)]
struct Heard {
    messages: Vec<Value>,
}

impl Heard {
    async fn get(&mut self, addr: std::net::SocketAddr, path: &str) -> Value {
        let (status, v) = get(addr, path).await;
        assert_eq!(status, 200, "{path}: {v}");
        self.messages.push(v.clone());
        v
    }

    /// Reads seat 1's socket (keeping every message) until a snapshot at `step` or later.
    async fn follow(&mut self, ws: &mut Socket, step: u64) -> Value {
        loop {
            let v = read(ws).await;
            self.messages.push(v.clone());
            if v["type"] == "snapshot" && v["step"].as_u64().unwrap_or(0) >= step {
                return v;
            }
        }
    }
}

/// The next JSON message of a socket.
async fn read(ws: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a message within 30 s")
            .expect("socket open")
            .expect("socket ok");
        if let Message::Text(text) = msg {
            return serde_json::from_str(text.as_str()).expect("JSON message");
        }
    }
}

/// Reads a socket until a snapshot at `step` or later.
async fn skip_to(ws: &mut Socket, step: u64) -> Value {
    loop {
        let v = read(ws).await;
        if v["type"] == "snapshot" && v["step"].as_u64().unwrap_or(0) >= step {
            return v;
        }
    }
}

/// Every JSON object inside `v`, `v` included.
fn objects(v: &Value, out: &mut Vec<serde_json::Map<String, Value>>) {
    match v {
        Value::Object(map) => {
            out.push(map.clone());
            for x in map.values() {
                objects(x, out);
            }
        }
        Value::Array(list) => list.iter().for_each(|x| objects(x, out)),
        _ => {}
    }
}

/// What seat 1 must not learn of seat 0's markers before they are turned up: no marker event of
/// seat 0 with its marker or card, no marker action on seat 0's cards, no number of seat 0's in
/// a view's known markers, and no log text naming seat 0's cards for a marker.
fn leaks(message: &Value, seat0_units: &[u64], seat0_cards: &[String]) -> Option<String> {
    let mut all = Vec::new();
    objects(message, &mut all);
    for o in &all {
        let of_seat0 = o.get("seat").and_then(Value::as_u64) == Some(0);
        match o.get("type").and_then(Value::as_str) {
            Some("marker_placed")
                if of_seat0
                    && (!o.get("marker").is_none_or(Value::is_null)
                        || !o.get("unit").is_none_or(Value::is_null)) =>
            {
                return Some(format!("seat 0's marker event {o:?}"));
            }
            Some("place_marker") => {
                let unit = o.get("unit").and_then(Value::as_u64);
                if unit.is_some_and(|u| seat0_units.contains(&u)) {
                    return Some(format!("a marker action on seat 0's card: {o:?}"));
                }
            }
            _ => {}
        }
        // A log entry: its text and its event.
        if let (Some(text), Some(event)) = (o.get("text").and_then(Value::as_str), o.get("event")) {
            let marker_of_seat0 =
                event["type"] == "marker_placed" && event["seat"].as_u64() == Some(0);
            if marker_of_seat0 && seat0_cards.iter().any(|c| text.contains(c.as_str())) {
                return Some(format!("the log names seat 0's card: {text}"));
            }
        }
    }
    let players = message
        .get("view")
        .and_then(|v| v.get("players"))
        .and_then(Value::as_array);
    if let Some(known) = players.and_then(|p| p[0]["markers"]["known"].as_array()) {
        if !known.is_empty() {
            return Some(format!("seat 0's markers are known: {known:?}"));
        }
    }
    None
}

/// Keys that would give the dice away (the seed, its salt, a state hash, the dice source).
const DICE_KEYS: [&str; 6] = [
    "\"seed\"",
    "\"salt\"",
    "\"state_hash\"",
    "\"final_hash\"",
    "\"reveal\"",
    "\"script\"",
];

/// Whether a message carries an initiative roll-off (a die rolled once every marker is down).
fn has_initiative_roll(v: &Value) -> bool {
    let mut all = Vec::new();
    objects(v, &mut all);
    all.iter().any(|o| {
        o.get("type").and_then(Value::as_str) == Some("roll_off")
            && o.get("purpose").and_then(Value::as_str) == Some("initiative")
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_1_never_learns_where_seat_0_laid_its_markers_until_they_turn_up() {
    let dir = tempfile::tempdir().unwrap();
    let srv = heroscape_server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let g = create(
        addr,
        json!({ "ruleset": "heroscape", "mode": "friend", "army_1": "wardens",
                "army_2": "raiders", "rounds": 3 }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let tokens = [
        g["token"].as_str().unwrap().to_string(),
        join(addr, &g).await,
    ];
    let mut ws0 = connect(addr, &format!("/api/games/{id}/ws?token={}", tokens[0])).await;
    let mut ws1 = connect(addr, &format!("/api/games/{id}/ws?token={}", tokens[1])).await;
    let mut heard = Heard::default();
    skip_to(&mut ws0, 0).await;
    heard.follow(&mut ws1, 0).await;

    // Plays `action` for `seat` (seat 0 over its socket, seat 1 over HTTP) and follows both
    // sockets to the new step.
    let mut step = 0u64;
    macro_rules! play {
        ($seat:expr, $action:expr) => {{
            let action: Value = $action;
            if $seat == 0 {
                send(
                    &mut ws0,
                    &json!({ "type": "act", "action": action, "step": step }),
                )
                .await;
            } else {
                let (status, v) = post(
                    addr,
                    &format!("/api/games/{id}/actions?token={}", tokens[1]),
                    &json!({ "action": action, "step": step }),
                )
                .await;
                assert_eq!(status, 200, "{action}: {v}");
                heard.messages.push(v);
            }
            step += 1;
            skip_to(&mut ws0, step).await;
            heard.follow(&mut ws1, step).await
        }};
    }

    // Placement, figure by figure, until the markers are asked.
    let markers_snapshot = loop {
        let s = heard
            .get(addr, &format!("/api/games/{id}?token={}", tokens[1]))
            .await;
        if s["pending"]["decision"]["type"] == "place_markers" {
            break s;
        }
        assert_eq!(
            s["pending"]["decision"]["type"], "place",
            "{}",
            s["pending"]
        );
        let seat = s["pending"]["seats"][0].as_u64().unwrap() as usize;
        let (_, mine) = get(addr, &format!("/api/games/{id}?token={}", tokens[seat])).await;
        play!(seat, mine["legal"][0]["action"].clone());
        assert!(step < 40, "placement does not end");
    };
    assert_eq!(
        markers_snapshot["pending"]["seats"],
        json!([0, 1]),
        "both at once"
    );
    let units = markers_snapshot["view"]["units"].as_array().unwrap();
    let of = |seat: u64| -> Vec<&Value> { units.iter().filter(|u| u["owner"] == seat).collect() };
    let seat0_units: Vec<u64> = of(0).iter().map(|u| u["id"].as_u64().unwrap()).collect();
    let seat0_cards: Vec<String> = of(0)
        .iter()
        .map(|u| u["name"].as_str().unwrap().to_string())
        .collect();
    let seat1_units: Vec<u64> = of(1).iter().map(|u| u["id"].as_u64().unwrap()).collect();
    assert_eq!((seat0_units.len(), seat1_units.len()), (2, 2), "{units:?}");
    let (a, b) = (seat0_units[0], seat0_units[1]);

    // Seat 0 lays 1 on its second card, 2 and X on its first, 3 on its second; after each,
    // seat 1 asks for everything it may ask for.
    let before_markers = heard.messages.len();
    let plan = [("1", b), ("2", a), ("3", b), ("X", a)];
    for (marker, unit) in plan {
        play!(
            0,
            json!({ "type": "place_marker", "marker": marker, "unit": unit })
        );
        let t = &tokens[1];
        heard.get(addr, &format!("/api/games/{id}?token={t}")).await;
        heard
            .get(
                addr,
                &format!("/api/games/{id}?token={t}&since={}", step - 1),
            )
            .await;
        heard
            .get(addr, &format!("/api/games/{id}?token={t}&lang=fr"))
            .await;
        heard
            .get(addr, &format!("/api/games/{id}/replay?token={t}"))
            .await;
        heard
            .get(addr, &format!("/api/games/{id}?at={step}&token={t}"))
            .await;
        heard.get(addr, &format!("/api/games/{id}")).await;
        heard.get(addr, "/api/games").await;
        let mine = heard.get(addr, &format!("/api/games/{id}?token={t}")).await;
        // Seat 0's figures seen by seat 1: the judge's reach of one of them.
        let figure = mine["view"]["figures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["owner"] == 0 && !f["hex"].is_null())
            .unwrap()["id"]
            .clone();
        heard
            .get(
                addr,
                &format!("/api/games/{id}/judge/reach?figure={figure}&token={t}"),
            )
            .await;
    }
    let seen = heard
        .get(addr, &format!("/api/games/{id}?token={}", tokens[1]))
        .await;
    let theirs = &seen["view"]["players"][0]["markers"];
    assert_eq!(theirs["placed"], 4, "{theirs}");
    assert_eq!(theirs["known"], json!([]), "{theirs}");
    assert_eq!(
        theirs["hidden"],
        json!([[a, 2], [b, 2]]),
        "as on the table: {theirs}"
    );

    // Seat 1 lays its own; the last one starts the round: initiative is rolled then, and the
    // first turn may turn a marker of seat 0 up at once.
    let mut before_last = 0;
    for (i, marker) in ["1", "2", "3", "X"].into_iter().enumerate() {
        before_last = heard.messages.len();
        play!(
            1,
            json!({ "type": "place_marker", "marker": marker, "unit": seat1_units[i % 2] })
        );
    }
    assert!(before_last > before_markers + 40, "{before_last} messages");
    for (k, m) in heard.messages[..before_last].iter().enumerate() {
        if let Some(why) = leaks(m, &seat0_units, &seat0_cards) {
            panic!("message {k} to seat 1 gives seat 0's markers away: {why}\n{m}");
        }
        assert!(
            !has_initiative_roll(m),
            "message {k}: an initiative die before the last marker: {m}"
        );
    }
    assert!(
        heard.messages[before_last..]
            .iter()
            .any(has_initiative_roll),
        "the initiative is rolled once the last marker is down"
    );

    // Turns: seat 1 ends its turns at once until seat 0's marker 1 turns up.
    let revealed = loop {
        let s = heard
            .get(addr, &format!("/api/games/{id}?token={}", tokens[1]))
            .await;
        let turn = &s["view"]["turn"];
        if turn["seat"] == 0 && turn["marker"] == "1" {
            break s;
        }
        let seat = s["pending"]["seats"][0].as_u64().expect("a seat to act") as usize;
        assert_eq!(seat, 1, "seat 1's turn first: {turn}");
        let legal = s["legal"].as_array().unwrap();
        let end = legal
            .iter()
            .find(|l| l["action"]["type"] == "end_moves" || l["action"]["type"] == "end_turn")
            .unwrap_or(&legal[0]);
        play!(1, end["action"].clone());
        assert!(step < 200, "seat 0's first turn never came");
    };
    assert_eq!(revealed["view"]["turn"]["unit"], b);
    let theirs = &revealed["view"]["players"][0]["markers"];
    assert_eq!(
        theirs["known"],
        json!([["1", b]]),
        "marker 1 turned up on its card, the others still face down: {theirs}"
    );
    let turned_up = revealed["log"].as_array().unwrap().iter().any(|e| {
        e["event"]["type"] == "turn_started" && e["event"]["seat"] == 0 && e["event"]["unit"] == b
    });
    assert!(turned_up, "the log shows seat 0's turn on its card");

    // The end: the seed is revealed, and it was in nothing seat 1 heard before.
    send(&mut ws1, &json!({ "type": "resign" })).await;
    let end = loop {
        let v = read(&mut ws0).await;
        if v["type"] == "snapshot" && v["over"] == true {
            break v;
        }
    };
    let seed = end["dice"]["reveal"]["seed"].as_u64().expect("the seed");
    let salt = end["dice"]["reveal"]["salt"].as_str().expect("the salt");
    let digits = seed.to_string();
    for m in &heard.messages {
        let text = m.to_string();
        for key in DICE_KEYS {
            assert!(!text.contains(key), "{key} in {text}");
        }
        assert!(!text.contains(salt), "the salt in {text}");
        // Seeds are drawn below 2^53: fewer than 8 digits has a chance below 1e-8.
        if digits.len() >= 8 {
            assert!(!text.contains(&digits), "the seed in {text}");
        }
    }
    eprintln!("{} messages to seat 1 checked", heard.messages.len());
    drop((ws0, ws1));
    srv.stop().await.unwrap();
}
