//! Fair dice over the real server: nobody but the server knows a game's seed while it is
//! played. Every answer and socket message a friend game sends before its end is read as raw
//! JSON text and searched for the seed, its salt and any state hash; after the end the seed and
//! salt are revealed, check against the commitment published at creation, and the full replay
//! verifies.

mod common;

use std::time::Duration;

use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use skirmish_engine::{verify_seed, Registry, Replay, SeedCommitment};
use skirmish_heroclix::HeroClix;
use tokio_tungstenite::tungstenite::Message;

/// Everything the players were sent, as text.
#[derive(Default)]
struct Heard {
    texts: Vec<String>,
}

impl Heard {
    fn keep(&mut self, v: &Value) -> Value {
        self.texts.push(v.to_string());
        v.clone()
    }

    async fn get(&mut self, addr: std::net::SocketAddr, path: &str) -> (u16, Value) {
        let (status, v) = get(addr, path).await;
        self.keep(&v);
        (status, v)
    }

    async fn post(&mut self, addr: std::net::SocketAddr, path: &str, body: &Value) -> (u16, Value) {
        let (status, v) = post(addr, path, body).await;
        self.keep(&v);
        (status, v)
    }

    /// Reads `ws` (keeping every message) until a snapshot at step `step` or later arrives.
    async fn follow(&mut self, ws: &mut Socket, step: u64) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(20), ws.next())
                .await
                .expect("a message within 20 s")
                .expect("socket open")
                .expect("socket ok");
            let Message::Text(text) = msg else { continue };
            self.texts.push(text.to_string());
            let v: Value = serde_json::from_str(text.as_str()).expect("JSON message");
            if v["type"] == "snapshot" && v["step"].as_u64().unwrap_or(0) >= step {
                return v;
            }
        }
    }
}

/// A legal action for the snapshot's seat: an attack when there is one (so dice are rolled),
/// else the move that ends nearest an opposing figure, else anything but ending the turn.
fn choose(s: &Value) -> Value {
    let legal = s["legal"].as_array().expect("legal actions");
    if let Some(attack) = legal.iter().find(|l| {
        l["action"]["type"]
            .as_str()
            .unwrap_or("")
            .contains("attack")
    }) {
        return attack["action"].clone();
    }
    let me = &s["seat"];
    let enemies: Vec<(i64, i64)> = s["view"]["figures"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| &f["owner"] != me && f["square"].is_object())
        .map(|f| {
            (
                f["square"]["x"].as_i64().unwrap(),
                f["square"]["y"].as_i64().unwrap(),
            )
        })
        .collect();
    let distance = |a: &Value| {
        let (x, y) = (
            a["to"]["x"].as_i64().unwrap(),
            a["to"]["y"].as_i64().unwrap(),
        );
        enemies
            .iter()
            .map(|(ex, ey)| (ex - x).abs().max((ey - y).abs()))
            .min()
            .unwrap_or(0)
    };
    legal
        .iter()
        .map(|l| &l["action"])
        .filter(|a| a["type"] == "move" && a["to"].is_object())
        .min_by_key(|a| distance(a))
        .cloned()
        .or_else(|| pick(s))
        .expect("a legal action")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_stays_secret_until_the_end_then_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();

    // Only a hotseat game (one screen) may choose its seed.
    for mode in ["friend", "bot"] {
        let (status, e) = post(addr, "/api/games", &json!({ "mode": mode, "seed": 42 })).await;
        assert_eq!(
            (status, e["code"].as_str()),
            (400, Some("seed-not-allowed")),
            "{e}"
        );
        assert!(e["error"].as_str().unwrap().contains("seed"), "{e}");
    }
    let (status, e) = post(
        addr,
        "/api/games",
        &json!({ "mode": "hotseat", "seed": 1u64 << 53 }),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("bad-request")),
        "{e}"
    );
    let hot = create(addr, json!({ "mode": "hotseat", "seed": 42 })).await;
    assert!(hot.get("seed").is_none(), "{hot}");
    let hot_id = hot["game"].as_str().unwrap();
    let hot_token = hot["token"].as_str().unwrap();
    let (status, _) = post(
        addr,
        &format!("/api/games/{hot_id}/resign?token={hot_token}"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (_, hot_over) = get(addr, &format!("/api/games/{hot_id}")).await;
    assert_eq!(
        hot_over["dice"]["reveal"]["seed"], 42,
        "{}",
        hot_over["dice"]
    );

    // A friend game, played from both seats: seat 0 over its socket, seat 1 over HTTP.
    let mut heard = Heard::default();
    let (status, g) = heard
        .post(addr, "/api/games", &json!({ "mode": "friend" }))
        .await;
    assert_eq!(status, 201, "{g}");
    let commitment: SeedCommitment =
        serde_json::from_value(g["dice"]["commitment"].clone()).expect("a commitment");
    assert_eq!(commitment.hash.len(), 64);
    let id = g["game"].as_str().unwrap().to_string();
    let (status, joined) = heard
        .post(
            addr,
            &format!("/api/games/{id}/join"),
            &json!({ "invite": g["join"]["invite"] }),
        )
        .await;
    assert_eq!(status, 200, "{joined}");
    let tokens = [
        g["token"].as_str().unwrap().to_string(),
        joined["token"].as_str().unwrap().to_string(),
    ];
    let mut ws0 = connect(addr, &format!("/api/games/{id}/ws?token={}", tokens[0])).await;
    let mut ws1 = connect(addr, &format!("/api/games/{id}/ws?token={}", tokens[1])).await;
    heard.follow(&mut ws0, 0).await;
    heard.follow(&mut ws1, 0).await;
    let mut step = 0u64;
    let mut attacks = 0;
    // Until a few attacks have rolled their dice (no round limit: the game is still on).
    while attacks < 4 && step < 400 {
        let (_, s) = heard.get(addr, &format!("/api/games/{id}")).await;
        assert_eq!(s["dice"]["commitment"], g["dice"]["commitment"]);
        let seat = s["pending"]["seats"][0].as_u64().expect("a seat to act") as usize;
        let token = &tokens[seat];
        let (_, mine) = heard
            .get(addr, &format!("/api/games/{id}?token={token}"))
            .await;
        let action = choose(&mine);
        if action["type"].as_str().unwrap_or("").contains("attack") {
            attacks += 1;
        }
        if seat == 0 {
            send(
                &mut ws0,
                &json!({ "type": "act", "action": action, "step": step }),
            )
            .await;
        } else {
            let (status, v) = heard
                .post(
                    addr,
                    &format!("/api/games/{id}/actions?token={token}"),
                    &json!({ "action": action, "step": step }),
                )
                .await;
            assert_eq!(status, 200, "{v}");
        }
        step += 1;
        let s0 = heard.follow(&mut ws0, step).await;
        heard.follow(&mut ws1, step).await;
        assert_eq!(s0["over"], false, "a game without a round limit goes on");
    }
    assert!(attacks >= 1, "no attack in {step} actions");
    // The other answers players may ask for during play.
    for (seat, token) in tokens.iter().enumerate() {
        let (status, viewed) = heard
            .get(addr, &format!("/api/games/{id}/replay?token={token}"))
            .await;
        assert_eq!(status, 200, "{viewed}");
        assert_eq!(viewed["viewer"], json!({ "seat": seat }));
        let (status, at) = heard
            .get(addr, &format!("/api/games/{id}?at=1&token={token}"))
            .await;
        assert_eq!(status, 200, "{at}");
        heard
            .get(
                addr,
                &format!("/api/games/{id}?since=2&token={token}&lang=fr"),
            )
            .await;
    }
    heard.get(addr, "/api/games").await;

    // Seat 2 resigns over its socket.
    send(&mut ws1, &json!({ "type": "resign" })).await;
    let end = loop {
        let v = next_of(&mut ws0, "snapshot").await;
        if v["over"] == true {
            break v;
        }
    };
    let reveal = &end["dice"]["reveal"];
    let seed = reveal["seed"].as_u64().expect("the seed is revealed");
    let salt = reveal["salt"].as_str().expect("the salt is revealed");
    assert!(
        verify_seed(&commitment, seed, salt),
        "the reveal checks against the commitment published at creation"
    );
    assert_eq!(end["dice"]["commitment"], g["dice"]["commitment"]);
    let (status, replay) = get(addr, &format!("/api/games/{id}/replay")).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(&replay["reveal"], reveal);
    let replay: Replay = serde_json::from_value(replay).unwrap();
    assert_eq!(replay.seed(), Some(seed));
    Registry::new()
        .with::<HeroClix>()
        .verify_replay(&replay)
        .expect("the full replay verifies");
    assert_eq!(replay.actions.len() as u64, step);

    // Nothing the players heard before the end gave the seed away.
    assert!(heard.texts.len() > 100, "{} messages", heard.texts.len());
    let digits = seed.to_string();
    let commitment_hash = format!("\"hash\":\"{}\"", commitment.hash);
    for text in &heard.texts {
        // Seeds are drawn below 2^53: fewer than 8 digits has a chance below 1e-8.
        if digits.len() >= 8 {
            assert!(!text.contains(&digits), "the seed's digits in {text}");
        }
        assert!(!text.contains(salt), "the salt in {text}");
        for key in [
            "\"seed\"",
            "\"salt\"",
            "\"state_hash\"",
            "\"final_hash\"",
            "\"reveal\"",
        ] {
            assert!(!text.contains(key), "{key} in {text}");
        }
        // The only hash players hold is the commitment's.
        assert_eq!(
            text.matches("\"hash\":").count(),
            text.matches(&commitment_hash).count(),
            "a hash other than the commitment in {text}"
        );
    }
    eprintln!(
        "{} messages checked over {step} actions ({attacks} attacks)",
        heard.texts.len()
    );
    drop((ws0, ws1));
    srv.stop().await.unwrap();
}
