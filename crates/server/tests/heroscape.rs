//! HeroScape through the server with real content read from the shared data (never copied into
//! the repository): a Virtualscape battlefield and the army builder's card catalogue, as
//! `skirmish serve --content PATH` reads them. A whole game with armies of real cards is played
//! over the API; a drafted game starts on a battlefield without start zones; a battlefield whose
//! start zone cannot hold an army is refused with the reason.

mod common;

use std::path::PathBuf;

use serde_json::json;
use skirmish_heroscape::card::{Card, Kind};
use skirmish_heroscape::present::HeroScapePresentation;

use common::*;

/// The shared HeroScape data: beside the workspace, or `$SKIRMISH_SHARED/data/heroscape`.
fn data() -> PathBuf {
    let beside = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/heroscape"
    ));
    let dir = if beside.is_dir() {
        beside
    } else {
        std::env::var_os("SKIRMISH_SHARED")
            .map(|s| PathBuf::from(s).join("data/heroscape"))
            .unwrap_or(beside)
    };
    assert!(
        dir.is_dir(),
        "the shared HeroScape data is missing: expected it at {} (or set SKIRMISH_SHARED)",
        dir.display()
    );
    dir
}

async fn server_with_shared(
    dir: &std::path::Path,
) -> (skirmish_server::RunningServer, HeroScapePresentation) {
    let hs = HeroScapePresentation::load(&[data()]);
    let mut config = config(&dir.join("games.sqlite3"));
    config.platform = skirmish_platform::Platform::new()
        .with(skirmish_heroclix::present::HeroClixPresentation::embedded().expect("built in"))
        .with(hs.clone());
    (
        skirmish_server::start(config).await.expect("server starts"),
        hs,
    )
}

/// Real heroes with one figure each, cheapest first, up to `points`.
fn heroes(cards: &[Card], points: u32, skip: usize) -> Vec<String> {
    let mut hs: Vec<&Card> = cards
        .iter()
        .filter(|c| c.kind == Kind::Hero && c.figures == 1 && c.base == 1 && c.points > 0)
        .collect();
    hs.sort_by_key(|c| (c.points, c.id.clone()));
    let mut out = Vec::new();
    let mut left = points;
    for c in hs.into_iter().skip(skip) {
        if c.points <= left && out.len() < 4 {
            left -= c.points;
            out.push(c.id.clone());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_on_a_shared_hsc_battlefield_with_real_cards() {
    let dir = tempfile::tempdir().unwrap();
    let (srv, hs) = server_with_shared(dir.path()).await;
    let addr = srv.addr();
    let catalogue = &hs.loaded().catalogue;
    assert_eq!(catalogue.len(), 322, "the army builder's cards");

    let (status, c) = get(addr, "/api/content?ruleset=heroscape").await;
    assert_eq!(status, 200, "{c}");
    let fields = c["battlefields"].as_array().unwrap();
    assert!(
        fields.len() >= 29 + 2,
        "the 29 shared maps and the built-in ones"
    );
    let table = fields
        .iter()
        .find(|f| f["id"] == "table-des-geants")
        .expect("Table_des_geants.hsc is offered");
    assert_eq!(table["players"], 0, "{table}");
    assert!(
        table["name"]
            .as_str()
            .unwrap()
            .contains("zones at its edges"),
        "{table}"
    );
    let setup = c["setup"].as_array().unwrap();
    let mode = setup.iter().find(|f| f["field"] == "army_mode").unwrap();
    assert_eq!(
        mode["choices"].as_array().unwrap().len(),
        2,
        "pre-built or draft"
    );
    let pool = setup.iter().find(|f| f["field"] == "pool").unwrap();
    assert_eq!(pool["default"], "catalogue");

    let g = create(
        addr,
        json!({
            "ruleset": "heroscape", "mode": "hotseat", "seed": 4,
            "battlefield": "table-des-geants", "rounds": 3, "points": 300,
            "army_1": heroes(catalogue, 300, 0), "army_2": heroes(catalogue, 300, 4),
        }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let (status, mut snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(status, 200, "{snap}");
    let mut steps = 0;
    while snap["over"] != true {
        let legal = snap["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "{snap}");
        let chosen = legal
            .iter()
            .find(|l| l["action"]["type"] == "attack")
            .or_else(|| legal.iter().find(|l| l["action"]["type"] == "move"))
            .unwrap_or(&legal[0]);
        let (status, next) = post(
            addr,
            &format!("/api/games/{id}/actions?token={token}"),
            &json!({ "action": chosen["action"], "seat": chosen["seat"], "step": snap["step"] }),
        )
        .await;
        assert_eq!(status, 200, "{next}");
        snap = next;
        steps += 1;
        assert!(steps < 3000, "the game ends");
    }
    assert!(snap["view"]["outcome"].is_object(), "{}", snap["view"]);
    srv.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draft_on_a_map_without_start_zones_and_a_zone_too_small_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (srv, hs) = server_with_shared(dir.path()).await;
    let addr = srv.addr();
    // Castle_vs_elements.hsc marks no start zone: zones are made at its edges.
    let g = create(
        addr,
        json!({
            "ruleset": "heroscape", "mode": "hotseat", "seed": 9, "battlefield": "castle-vs-elements",
            "army_mode": "draft", "pool": "catalogue", "points": 300,
        }),
    )
    .await;
    let id = g["game"].as_str().unwrap().to_string();
    let token = g["token"].as_str().unwrap().to_string();
    let (_, mut snap) = get(addr, &format!("/api/games/{id}?token={token}")).await;
    assert_eq!(snap["view"]["phase"], "draft", "{}", snap["view"]);
    let draft = &snap["view"]["draft"];
    assert_eq!(draft["limit"], 300);
    assert_eq!(draft["rolls"][0].as_array().unwrap().len(), 2, "{draft}");
    // Pick cards until the draft is over, placing each card's figures as asked.
    let mut steps = 0;
    while snap["view"]["phase"] == "draft" || snap["view"]["phase"] == "placement" {
        let legal = snap["legal"].as_array().unwrap();
        let chosen = legal
            .iter()
            .find(|l| l["action"]["type"] == "draft_pick")
            .unwrap_or(&legal[0]);
        let (status, next) = post(
            addr,
            &format!("/api/games/{id}/actions?token={token}"),
            &json!({ "action": chosen["action"], "seat": chosen["seat"], "step": snap["step"] }),
        )
        .await;
        assert_eq!(status, 200, "{next}");
        snap = next;
        steps += 1;
        assert!(steps < 500, "the draft ends");
    }
    let armies = snap["view"]["draft"]["armies"].as_array().unwrap();
    for a in armies {
        let spent = a["spent"].as_u64().unwrap();
        assert!(spent > 0 && spent <= 300, "{a}");
    }
    assert_eq!(snap["view"]["draft"]["over"], true);
    assert_eq!(snap["view"]["phase"], "markers");

    // Riverbend Heights' start zone 1 has 12 hexes: an army of more figures is refused.
    let mut squads: Vec<&Card> = hs
        .loaded()
        .catalogue
        .iter()
        .filter(|c| c.figures >= 3 && c.base == 1)
        .collect();
    squads.sort_by_key(|c| (c.points, c.id.clone()));
    let mut army: Vec<String> = Vec::new();
    let mut figures = 0;
    for c in squads {
        if figures >= 13 {
            break;
        }
        figures += usize::from(c.figures);
        army.push(c.id.clone());
    }
    let (status, e) = post(
        addr,
        "/api/games",
        &json!({
            "ruleset": "heroscape", "mode": "hotseat", "battlefield": "riverbend-heights",
            "points": 5000, "army_1": army, "army_2": heroes(&hs.loaded().catalogue, 100, 0),
        }),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (400, Some("bad-setup")),
        "{e}"
    );
    let why = e["error"].as_str().unwrap();
    assert!(
        why.contains("start zone 1") && why.contains("need"),
        "{why}"
    );
    srv.stop().await.unwrap();
}
