//! `POST /api/games/{id}/undo`: the seat that played the last action takes it back when it
//! rolled nothing and revealed nothing; otherwise, and for anyone else, a refusal that says why.
//! What is taken back is gone from the store too: the game rebuilds without it after a restart.

mod common;

use common::*;
use serde_json::{json, Value};

fn step_of(s: &Value) -> u64 {
    s["step"].as_u64().expect("step")
}

/// Plays `action` over HTTP; answers the new snapshot.
async fn act(
    addr: std::net::SocketAddr,
    id: &str,
    token: &str,
    snap: &Value,
    action: &Value,
) -> Value {
    let (status, next) = post(
        addr,
        &format!("/api/games/{id}/actions?token={token}"),
        &json!({ "action": action, "step": step_of(snap) }),
    )
    .await;
    assert_eq!(status, 200, "{next}");
    next
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_action_is_taken_back_when_nothing_random_came_of_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.sqlite3");
    let srv = server(&db).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "hotseat", "seed": 5 })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let undo = format!("/api/games/{id}/undo?token={token}");

    // Nothing to take back yet.
    let (_, first) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(first["undo"], false);
    let (status, r) = post(addr, &undo, &json!(null)).await;
    assert_eq!(
        (status, r["code"].as_str()),
        (409, Some("cannot-undo")),
        "{r}"
    );

    // A placement rolls nothing: it is taken back, and the game is where it was.
    let action = pick(&first).expect("a set-up answer");
    let placed = act(addr, &id, &token, &first, &action).await;
    assert_eq!(
        placed["undo"], true,
        "the seat that played it may take it back"
    );
    let (_, watching) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(watching["undo"], false, "a spectator may not");
    let (status, r) = post(addr, &format!("/api/games/{id}/undo"), &json!(null)).await;
    assert_eq!((status, r["code"].as_str()), (403, Some("no-token")), "{r}");
    let (status, back) = post(addr, &undo, &json!(null)).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(step_of(&back), step_of(&first));
    assert_eq!(back["view"], first["view"]);
    assert_eq!(back["legal"], first["legal"]);
    assert_eq!(back["undo"], false, "one action deep");

    // Played again, then on until an action rolls dice: that one cannot be taken back.
    let mut snap = act(addr, &id, &token, &back, &action).await;
    let mut refused = None;
    for _ in 0..400 {
        let legal = snap["legal"].as_array().cloned().unwrap_or_default();
        // Attacks roll dice; otherwise anything but ending the turn, to get to them.
        let next = legal
            .iter()
            .find(|l| {
                matches!(
                    l["action"]["type"].as_str(),
                    Some("close_attack" | "ranged_attack")
                )
            })
            .map(|l| l["action"].clone())
            .or_else(|| pick(&snap))
            .expect("a legal action");
        let before = step_of(&snap);
        snap = act(addr, &id, &token, &snap, &next).await;
        let rolled = snap["log"].as_array().unwrap().iter().any(|e| {
            e["step"].as_u64() == Some(before + 1)
                && e["dice"].as_array().is_some_and(|d| !d.is_empty())
        });
        if rolled && snap["over"] == false {
            assert_eq!(snap["undo"], false, "{}", next);
            let (status, r) = post(addr, &undo, &json!(null)).await;
            refused = Some((status, r));
            break;
        }
    }
    let (status, r) = refused.expect("an action that rolled dice");
    assert_eq!(
        (status, r["code"].as_str()),
        (409, Some("cannot-undo")),
        "{r}"
    );
    assert!(r["error"].as_str().unwrap_or("").contains("dice"), "{r}");

    // Take back one more undoable action, then restart: the store has no trace of it.
    let mut snap = {
        let (_, s) = get(addr, &format!("/api/games/{id}?token={token}")).await;
        s
    };
    for _ in 0..50 {
        let action = pick(&snap).expect("a legal action");
        let next = act(addr, &id, &token, &snap, &action).await;
        if next["undo"] == true {
            let (status, back) = post(addr, &undo, &json!(null)).await;
            assert_eq!(status, 200, "{back}");
            snap = back;
            break;
        }
        snap = next;
    }
    let before = snap;
    srv.stop().await.unwrap();
    let srv = server(&db).await;
    let addr = srv.addr();
    let (status, after) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(status, 200);
    assert!(after["corrupt"].is_null(), "{after}");
    assert_eq!(step_of(&after), step_of(&before));
    assert_eq!(after["view"], before["view"]);
    srv.stop().await.unwrap();
}
