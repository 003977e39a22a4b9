//! The server is generic over rulesets: a second ruleset (the platform's toy game, registered
//! only in tests) is listed, set up, played to its end, replayed and judged through the same API
//! as HeroClix, with no code of its own in the server.

mod common;

use serde_json::{json, Value};

use common::*;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rulesets_are_listed_with_their_modules_bots_and_set_up() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let (status, r) = get(addr, "/api/rulesets?lang=fr").await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["default"], "heroclix");
    let list = r["rulesets"].as_array().unwrap();
    let ids: Vec<&str> = list.iter().filter_map(|x| x["id"].as_str()).collect();
    assert_eq!(ids, ["heroclix", "toy"]);
    assert_eq!(list[0]["module"], "/rulesets/heroclix/index.js");
    assert_eq!(
        list[0]["bots"],
        json!(["greedy", "mcts:1s", "mcts:100ms", "random"])
    );
    assert_eq!(list[0]["judge"], json!(["reach", "los"]));
    assert!(
        list[1]["module"].is_null(),
        "the toy game has no page module"
    );
    assert_eq!(list[1]["name"], "Escarmouche jouet");
    assert_eq!(list[1]["board"], "square");

    let (status, c) = get(addr, "/api/content?ruleset=toy").await;
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["ruleset"], "toy");
    assert_eq!(c["setup"][0]["field"], "turns");
    let (status, c) = get(addr, "/api/content").await;
    assert_eq!(status, 200);
    assert_eq!(c["ruleset"], "heroclix", "the default ruleset's content");
    assert!(c["setup"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["field"] == "map"));
    let (status, e) = get(addr, "/api/content?ruleset=chess").await;
    assert_eq!((status, e["code"].as_str()), (400, Some("unknown-ruleset")));
    assert!(
        e["error"].as_str().unwrap().contains("heroclix, toy"),
        "{e}"
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_ruleset_is_played_to_its_end_through_the_api() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    // Set-up fields are the ruleset's own, checked by it.
    let (status, e) = post(
        addr,
        "/api/games",
        &json!({ "ruleset": "toy", "mode": "hotseat", "map": "harbour-district" }),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("bad-setup")),
        "{e}"
    );
    assert!(e["error"].as_str().unwrap().contains("map"), "{e}");
    let (status, e) = post(addr, "/api/games", &json!({ "ruleset": "toy", "turns": 0 })).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("bad-setup")),
        "{e}"
    );
    let (status, e) = post(
        addr,
        "/api/games",
        &json!({ "ruleset": "toy", "bot": "greedy" }),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("bad-request")),
        "{e}"
    );

    let g = create(
        addr,
        json!({ "ruleset": "toy", "mode": "hotseat", "seed": 3, "turns": 30, "lang": "fr" }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    assert_eq!(g["seats"][0]["name"], "Blue");
    let (status, mut snap) = get(addr, &format!("/api/games/{id}?token={token}&lang=fr")).await;
    assert_eq!(status, 200, "{snap}");
    assert_eq!(snap["ruleset"], "toy");
    assert_eq!(snap["board"]["kind"], "square");
    assert_eq!(snap["board"]["pieces"].as_array().unwrap().len(), 4);
    assert!(
        snap["prompt"].as_str().unwrap().contains("déplacer"),
        "{}",
        snap["prompt"]
    );
    let mut steps = 0;
    while snap["over"] != true {
        let legal = snap["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "{snap}");
        for l in legal {
            assert!(l["group"].is_string() && l["text"].is_string(), "{l}");
        }
        // Attacks first, so that the game ends on pawns rather than on the turn limit.
        let chosen: &Value = legal
            .iter()
            .find(|l| l["action"]["type"] == "attack")
            .or_else(|| legal.iter().find(|l| l["action"]["type"] == "advance"))
            .or_else(|| legal.iter().find(|l| l["action"]["type"] == "move"))
            .unwrap_or(&legal[0]);
        if chosen["action"]["type"] == "attack" {
            assert!(
                !chosen["targets"].as_array().unwrap().is_empty(),
                "{chosen}"
            );
        }
        let (status, next) = post(
            addr,
            &format!("/api/games/{id}/actions?token={token}&lang=fr"),
            &json!({ "action": chosen["action"], "step": snap["step"] }),
        )
        .await;
        assert_eq!(status, 200, "{next}");
        snap = next;
        steps += 1;
        assert!(steps < 200, "the toy game ends");
    }
    assert!(
        snap["prompt"]
            .as_str()
            .unwrap()
            .starts_with("Partie terminée"),
        "{}",
        snap["prompt"]
    );
    assert!(snap["log"].as_array().is_some_and(|l| !l.is_empty()));
    // A judge query the toy game does not have is named.
    let (status, e) = get(
        addr,
        &format!("/api/games/{id}/judge/los?token={token}&from=1"),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("unknown-query")),
        "{e}"
    );
    // The finished game replays, and survives a restart.
    let (status, replay) = get(addr, &format!("/api/games/{id}/replay?token={token}")).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["ruleset"], "toy");
    srv.stop().await.unwrap();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let (status, again) = get(srv.addr(), &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["over"], true);
    assert_eq!(again["step"], snap["step"]);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_plays_the_second_ruleset_with_the_random_player() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let g = create(
        addr,
        json!({ "ruleset": "toy", "mode": "bot", "seat": 1, "turns": 4 }),
    )
    .await;
    assert_eq!(g["seats"][0]["bot"], "random");
    let id = g["game"].as_str().unwrap();
    let token = g["token"].as_str().unwrap();
    // Seat 1 (the bot) moves first: wait until the person is to act.
    let mut snap = Value::Null;
    for _ in 0..200 {
        let (_, s) = get(addr, &format!("/api/games/{id}?token={token}")).await;
        if s["step"].as_u64().unwrap_or(0) >= 1 {
            snap = s;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(
        snap["step"].as_u64().unwrap() >= 1,
        "the bot played: {snap}"
    );
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heroclix_snapshots_carry_the_generic_board_and_hints() {
    let dir = tmp();
    let srv = server(&dir.path().join("games.sqlite3")).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "hotseat", "seed": 2 })).await;
    let id = g["game"].as_str().unwrap();
    let token = g["token"].as_str().unwrap();
    let (_, snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    assert!(snap["board"]["width"].as_u64().unwrap() > 0);
    assert!(!snap["board"]["cells"].as_array().unwrap().is_empty());
    assert!(snap["legal"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["group"].is_string()));
    // The judge route and its older alias answer alike.
    let (hc_status, hc) = get(
        addr,
        &format!("/api/games/{id}/judge/reach?token={token}&figure=1"),
    )
    .await;
    let (_, alias) = get(
        addr,
        &format!("/api/games/{id}/reach?token={token}&figure=1"),
    )
    .await;
    assert_eq!(hc, alias);
    // Asked of a past position (a replay's step): the game rebuilt after that many actions;
    // a step past the game's end is named, and nothing else changes.
    let (status, past) = get(
        addr,
        &format!("/api/games/{id}/judge/reach?token={token}&figure=1&at=0"),
    )
    .await;
    assert_eq!((status, &past), (hc_status, &hc));
    let (status, e) = get(
        addr,
        &format!("/api/games/{id}/judge/reach?token={token}&figure=1&at=7"),
    )
    .await;
    assert_eq!(status, 400, "{e}");
    assert!(
        e["error"].as_str().unwrap_or_default().contains("at=7"),
        "{e}"
    );
    srv.stop().await.unwrap();
}
