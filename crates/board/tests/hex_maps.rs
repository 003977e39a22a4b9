//! Hex map files: the sample maps, writing and reading back, the located validation errors, the
//! SVG picture, and a loader that no input can make panic.

use std::path::PathBuf;

use proptest::prelude::*;
use skirmish_board::hex::{
    load_hex_map, render_svg, Hex, HexCell, HexDir, HexMap, HexMapError, HexMapProblem,
    MapIssueKind, Objective, Obstacle, ObstacleKind, Platform, PlayerSet, SvgOptions, Terrain,
};

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../maps/hex")
        .join(name)
}

fn load(name: &str) -> HexMap {
    match load_hex_map(sample(name)) {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn ridge_and_river_loads() {
    let m = load("ridge-and-river.toml");
    assert_eq!(m.name(), "Ridge and River");
    assert_eq!(m.players(), Some(2));
    assert_eq!(m.len(), 105);
    let summit = m.get(Hex::new(5, 1)).copied();
    assert_eq!(
        summit.map(|c| (c.terrain, c.height)),
        Some((Terrain::Rock, 6))
    );
    assert_eq!(summit.and_then(|c| c.objective), Some(Objective::Neutral));
    let water = m.iter().filter(|(_, c)| c.terrain.is_water()).count();
    assert!(water >= 15, "the river is there ({water} water hexes)");
    assert_eq!(m.start_zone(1).count(), 6);
    assert_eq!(m.start_zone(2).count(), 6);
    assert_eq!(
        m.get(Hex::new(1, 4)).and_then(|c| c.obstacle),
        Some(Obstacle {
            kind: ObstacleKind::High,
            height: 6
        })
    );
    assert_eq!(
        m.get(Hex::new(3, 5)).and_then(|c| c.platform),
        Some(Platform {
            level: 3,
            underside: 2
        })
    );
    let heights: std::collections::BTreeSet<u8> = m.iter().map(|(_, c)| c.height).collect();
    assert!(heights.len() >= 5, "several heights: {heights:?}");
    // The grid leaves holes: the map is not a rectangle.
    assert!(!m.contains(Hex::new(-2, 5)));
    assert!(m.validate().is_empty());
}

#[test]
fn castle_gate_loads() {
    let m = load("castle-gate.toml");
    assert_eq!(m.name(), "Castle Gate");
    assert_eq!(m.len(), 14 * 11);
    assert!(m
        .iter()
        .all(|(_, c)| c.height == 0 && c.terrain == Terrain::Plain));
    let platforms: Vec<Hex> = m
        .iter()
        .filter(|(_, c)| c.platform.is_some())
        .map(|(h, _)| h)
        .collect();
    assert_eq!(platforms.len(), 8);
    // The gate under the gatehouse is open ground; its ends stand on the wall.
    assert_eq!(m.get(Hex::new(4, 5)).and_then(|c| c.obstacle), None);
    assert_eq!(
        m.get(Hex::new(2, 5))
            .and_then(|c| c.obstacle.map(|o| o.kind)),
        Some(ObstacleKind::High)
    );
    assert_eq!(
        m.get(Hex::new(2, 4)).and_then(|c| c.ladder),
        Some(HexDir::SE)
    );
    // Written as a neighbouring hex in the file, stored as a direction.
    assert_eq!(
        m.get(Hex::new(2, 6)).and_then(|c| c.ladder),
        Some(HexDir::NW)
    );
    assert_eq!(
        m.get(Hex::new(10, 5))
            .and_then(|c| c.obstacle.map(|o| o.kind)),
        Some(ObstacleKind::Low)
    );
    assert_eq!(m.iter().filter(|(_, c)| c.difficult).count(), 7);
    assert_eq!(m.objectives().count(), 3);
    assert_eq!(m.start_zone(1).count(), 28);
    assert_eq!(m.start_zone(2).count(), 28);
}

#[test]
fn sample_maps_round_trip() {
    for name in ["ridge-and-river.toml", "castle-gate.toml"] {
        let m = load(name);
        let text = m.to_toml_string();
        let back = HexMap::from_toml_str(&text, "written").map_err(|e| format!("{e}\n{text}"));
        assert_eq!(back, Ok(m.clone()), "{name}");
        // Writing is stable: the written file writes itself again unchanged.
        assert_eq!(back.map(|b| b.to_toml_string()), Ok(text));
    }
}

#[test]
fn svg_is_well_formed_xml() {
    for name in ["ridge-and-river.toml", "castle-gate.toml"] {
        let m = load(name);
        for opts in [
            SvgOptions::default(),
            SvgOptions {
                hex_size: 12.5,
                show_heights: false,
                show_coordinates: true,
            },
        ] {
            let svg = render_svg(&m, &opts);
            let doc = roxmltree::Document::parse(&svg);
            assert!(doc.is_ok(), "{name}: {:?}", doc.err());
            if let Ok(doc) = doc {
                assert_eq!(doc.root_element().tag_name().name(), "svg");
                let groups = doc.descendants().filter(|n| n.has_tag_name("g")).count();
                assert_eq!(groups, m.len());
            }
        }
    }
    // Markup in the name stays text.
    let mut m = HexMap::new("<b>&\"'\u{7}");
    let _ = m.insert(Hex::ORIGIN, HexCell::new(Terrain::Grass, 0));
    let svg = render_svg(
        &m,
        &SvgOptions {
            hex_size: f64::NAN,
            ..SvgOptions::default()
        },
    );
    assert!(roxmltree::Document::parse(&svg).is_ok());
}

/// `(file text, expected line, expected field, check on the problem)`.
type Case = (
    &'static str,
    usize,
    &'static str,
    fn(&HexMapProblem) -> bool,
);

#[test]
fn each_validation_error_names_line_and_field() {
    let cases: Vec<Case> = vec![
        (
            "name = \"x\"\nbogus = 1\n",
            2,
            "bogus",
            |p| matches!(p, HexMapProblem::Toml(m) if m.contains("unknown field")),
        ),
        (
            "players = 2\n[grid]\nrows = [\"g\"]\n",
            1,
            "name",
            |p| matches!(p, HexMapProblem::Toml(m) if m.contains("missing field")),
        ),
        (
            "name = \"x\n",
            1,
            "name",
            |p| matches!(p, HexMapProblem::Toml(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\ncolour = \"red\"\n",
            6,
            "hex[0].colour",
            |p| matches!(p, HexMapProblem::Toml(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\nheight = \"tall\"\n",
            6,
            "hex[0].height",
            |p| matches!(p, HexMapProblem::Toml(_)),
        ),
        (
            "format = 2\nname = \"x\"\n",
            1,
            "format",
            |p| matches!(p, HexMapProblem::UnsupportedFormat(2)),
        ),
        (
            "name = \"  \"\n[grid]\nrows = [\"g\"]\n",
            1,
            "name",
            |p| matches!(p, HexMapProblem::EmptyName),
        ),
        (
            "name = \"x\"\nplayers = 9\n",
            2,
            "players",
            |p| matches!(p, HexMapProblem::OutOfRange { value: 9, .. }),
        ),
        (
            "name = \"x\"\ncustom_terrains = [\"grass\"]\n",
            2,
            "custom_terrains",
            |p| matches!(p, HexMapProblem::BadCustomTerrain { .. }),
        ),
        (
            "name = \"x\"\ncustom_terrains = [\"moss\", \"moss\"]\n",
            2,
            "custom_terrains",
            |p| matches!(p, HexMapProblem::BadCustomTerrain { .. }),
        ),
        (
            "name = \"x\"\n[legend]\ngg = \"grass\"\n",
            3,
            "legend.gg",
            |p| matches!(p, HexMapProblem::BadLegendKey(_)),
        ),
        (
            "name = \"x\"\n[legend]\nx = \"lava lamp\"\n",
            3,
            "legend.x",
            |p| matches!(p, HexMapProblem::UnknownTerrain(t) if t == "lava lamp"),
        ),
        (
            "name = \"x\"\n[grid]\norigin = \"1;2\"\nrows = [\"g\"]\n",
            3,
            "grid.origin",
            |p| matches!(p, HexMapProblem::BadCoordinate(_)),
        ),
        (
            "name = \"x\"\n[grid]\nshift = \"left\"\nrows = [\"g\"]\n",
            3,
            "grid.shift",
            |p| matches!(p, HexMapProblem::BadRowShift(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\n  \"g1 g1\",\n  \"g1 x1\",\n]\n",
            5,
            "grid.rows",
            |p| matches!(p, HexMapProblem::UnknownTerrain(t) if t == "x"),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\n  \"g1 g1-\",\n]\n",
            4,
            "grid.rows",
            |p| matches!(p, HexMapProblem::BadToken(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g1 g300\"]\n",
            3,
            "grid.rows",
            |p| matches!(p, HexMapProblem::OutOfRange { value: 300, .. }),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"\", \"  .\"]\n",
            2,
            "grid.rows",
            |p| matches!(p, HexMapProblem::NoHexes),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = [\"0,0\", \"-1..1,0\"]\nterrain = \"rock\"\n",
            5,
            "hex[0].at",
            |p| matches!(p, HexMapProblem::DuplicateHex(h) if *h == Hex::ORIGIN),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = [\"0,0\", \"3..1,0\"]\n",
            5,
            "hex[0].at",
            |p| matches!(p, HexMapProblem::BadCoordinate(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0..5000,0\"\nterrain = \"rock\"\n",
            5,
            "hex[0].at",
            |p| matches!(p, HexMapProblem::TooLarge(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"900,0\"\nterrain = \"rock\"\n[[hex]]\nat = \"-900,0\"\nterrain = \"rock\"\n",
            8,
            "hex[1].at",
            |p| matches!(p, HexMapProblem::TooLarge(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\nterrain = \"marble\"\n",
            6,
            "hex[0].terrain",
            |p| matches!(p, HexMapProblem::UnknownTerrain(t) if t == "marble"),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"4,4\"\ndifficult = true\n",
            5,
            "hex[0].at",
            |p| matches!(p, HexMapProblem::NotOnMap(h) if *h == Hex::new(4, 4)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g g\"]\n[[hex]]\nat = \"0..1,0\"\nobstacle = \"low\"\n\n[[hex]]\nat = \"1,0\"\nobstacle = \"high\"\n",
            10,
            "hex[1].obstacle",
            |p| matches!(p, HexMapProblem::AlreadySet { line: 6, .. }),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\nheight = 256\n",
            6,
            "hex[0].height",
            |p| matches!(p, HexMapProblem::OutOfRange { value: 256, .. }),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\nobstacle = \"medium\"\n",
            6,
            "hex[0].obstacle",
            |p| matches!(p, HexMapProblem::BadObstacle(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\nobstacle_height = 3\n",
            6,
            "hex[0].obstacle_height",
            |p| matches!(p, HexMapProblem::Needs("obstacle_height", "obstacle")),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g\"]\n[[hex]]\nat = \"0,0\"\nplatform_underside = 3\n",
            6,
            "hex[0].platform_underside",
            |p| matches!(p, HexMapProblem::Needs(..)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"g2 g2\"]\n[[hex]]\nat = \"1,0\"\nplatform = 2\n",
            6,
            "hex[0].platform",
            |p| {
                matches!(
                    p,
                    HexMapProblem::Map {
                        kind: MapIssueKind::PlatformNotAboveGround { .. },
                        ..
                    }
                )
            },
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"p p\"]\n[[hex]]\nat = \"0,0\"\nladder = \"e\"\n",
            6,
            "hex[0].ladder",
            |p| {
                matches!(
                    p,
                    HexMapProblem::Map {
                        kind: MapIssueKind::LadderWithoutPlatform(HexDir::E),
                        ..
                    }
                )
            },
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"p p\"]\n[[hex]]\nat = \"0,0\"\nladder = \"5,5\"\n",
            6,
            "hex[0].ladder",
            |p| matches!(p, HexMapProblem::BadLadder(_)),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"p p\"]\n[[hex]]\nat = \"0,0\"\nladder = \"up\"\n",
            6,
            "hex[0].ladder",
            |p| matches!(p, HexMapProblem::BadLadder(_)),
        ),
        (
            "name = \"x\"\nplayers = 2\n[grid]\nrows = [\"p p\"]\n[[hex]]\nat = \"0,0\"\nstart = [1, 3]\n",
            7,
            "hex[0].start",
            |p| matches!(p, HexMapProblem::OutOfRange { value: 3, .. }),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"p p\"]\n[[hex]]\nat = \"0,0\"\nobjective = 0\n",
            6,
            "hex[0].objective",
            |p| matches!(p, HexMapProblem::OutOfRange { value: 0, .. }),
        ),
        (
            "name = \"x\"\n[grid]\nrows = [\"p p\"]\n[[hex]]\nat = \"0,0\"\nobstacle = \"low\"\n[[hex]]\nat = \"0,0\"\ndifficult = true\n",
            9,
            "hex[1].difficult",
            |p| {
                matches!(
                    p,
                    HexMapProblem::Map {
                        kind: MapIssueKind::DifficultObstacle,
                        ..
                    }
                )
            },
        ),
    ];
    for (text, line, field, check) in cases {
        let err = match HexMap::from_toml_str(text, "case.toml") {
            Ok(_) => panic!("accepted:\n{text}"),
            Err(e) => e,
        };
        assert_eq!(err.line(), Some(line), "line for:\n{text}\n{err}");
        assert_eq!(err.field(), Some(field), "field for:\n{text}\n{err}");
        let problem = err.problem().cloned();
        assert!(
            problem.as_ref().is_some_and(check),
            "problem for:\n{text}\n{err}"
        );
        let shown = err.to_string();
        assert!(
            shown.starts_with(&format!("case.toml:{line}:")) && shown.contains(field),
            "{shown}"
        );
    }
}

#[test]
fn missing_file_is_an_io_error() {
    let err = load_hex_map(sample("no-such-map.toml"));
    assert!(matches!(err, Err(HexMapError::Io { .. })));
}

#[test]
fn entries_add_hexes_and_override_the_grid() {
    let text = r#"
name = "islands"
custom_terrains = ["moss"]

[grid]
rows = ["g1 g1"]

[[hex]]
at = "1,0"
terrain = "moss"
height = 4

[[hex]]
at = ["10..11,-3", "10,-2"]
terrain = "rock"
height = 2

[[hex]]
at = "10,-2"
objective = 2
start = [1, 2]
"#;
    let m = HexMap::from_toml_str(text, "islands").map_err(|e| e.to_string());
    let m = m.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.len(), 5);
    assert_eq!(
        m.get(Hex::new(1, 0)).map(|c| (c.terrain, c.height)),
        Some((Terrain::Custom(0), 4))
    );
    assert_eq!(m.terrain_name(Terrain::Custom(0)), "moss");
    let c = m.get(Hex::new(10, -2)).copied();
    assert_eq!(c.and_then(|c| c.objective), Some(Objective::Player(2)));
    assert_eq!(
        c.map(|c| c.start_zone.iter().collect::<Vec<_>>()),
        Some(vec![1, 2])
    );
    let b = m.bounds();
    assert_eq!(
        b.map(|b| (b.min_q, b.max_q, b.min_r, b.max_r)),
        Some((0, 11, -3, 0))
    );
}

// ---------------------------------------------------------------------------------------------
// Random maps round-trip through the file format.

/// One random hex: `(terrain index, height, platform, obstacle, difficult, ladder, start, objective)`.
type RawCell = (
    u8,
    u8,
    Option<(u8, u8)>,
    Option<(bool, u8)>,
    bool,
    Option<u8>,
    u8,
    Option<u8>,
);

fn raw_cell() -> impl Strategy<Value = RawCell> {
    (
        0u8..20,
        0u8..12,
        proptest::option::of((1u8..8, 0u8..8)),
        proptest::option::weighted(0.2, (any::<bool>(), 0u8..12)),
        proptest::bool::weighted(0.2),
        proptest::option::weighted(0.3, 0u8..6),
        any::<u8>(),
        proptest::option::weighted(0.1, 0u8..4),
    )
}

/// Builds a map from random parts, then drops what would be invalid (ladders with nothing to
/// lean on, difficult obstacles…), so that the result validates.
fn build_map(
    name: String,
    players: Option<u8>,
    customs: Vec<String>,
    cells: Vec<((i32, i32), RawCell)>,
) -> HexMap {
    let mut m = HexMap::new(name);
    m.set_players(players);
    let mut terrains: Vec<Terrain> = Terrain::BUILT_IN.to_vec();
    for c in &customs {
        if let Some(t) = m.add_custom_terrain(c) {
            if !terrains.contains(&t) {
                terrains.push(t);
            }
        }
    }
    let max_player = players.unwrap_or(8);
    for ((q, r), (t, height, platform, obstacle, difficult, ladder, start, objective)) in cells {
        let terrain = terrains[usize::from(t) % terrains.len()];
        let mut c = HexCell::new(terrain, height);
        c.platform = platform.map(|(up, gap)| {
            let level = height.saturating_add(up);
            Platform {
                level,
                underside: level.saturating_sub(gap).max(height),
            }
        });
        c.obstacle = obstacle.map(|(high, h)| Obstacle {
            kind: if high {
                ObstacleKind::High
            } else {
                ObstacleKind::Low
            },
            height: h,
        });
        c.difficult = difficult && c.obstacle.is_none();
        c.ladder = ladder.map(HexDir::from_index);
        let mut zone = PlayerSet::EMPTY;
        for p in 1..=max_player {
            if start & (1 << (p - 1)) != 0 && start % 3 == 0 {
                zone.insert(p);
            }
        }
        c.start_zone = zone;
        c.objective = objective.map(|o| match o {
            0 => Objective::Neutral,
            p => Objective::Player(p.min(max_player)),
        });
        let _ = m.insert(Hex::new(q, r), c);
    }
    let hexes: Vec<Hex> = m.hexes().collect();
    for h in hexes {
        let leans = m
            .get(h)
            .and_then(|c| c.ladder)
            .map(|d| m.get(h.neighbour(d)).is_some_and(|n| n.platform.is_some()));
        if leans == Some(false) {
            if let Some(c) = m.get_mut(h) {
                c.ladder = None;
            }
        }
    }
    m
}

fn any_map() -> impl Strategy<Value = HexMap> {
    (
        "[A-Za-z][A-Za-z0-9 \"'\\\\é-]{0,20}",
        proptest::option::of(1u8..=8),
        proptest::collection::vec("[a-z][a-z_]{0,8}|[0-9 ]{1,3}", 0..4),
        proptest::collection::vec(((-12i32..12, -12i32..12), raw_cell()), 1..60),
    )
        .prop_map(|(name, players, customs, cells)| build_map(name, players, customs, cells))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn written_maps_read_back_equal(m in any_map()) {
        prop_assert!(m.validate().is_empty(), "{:?}", m.validate());
        let text = m.to_toml_string();
        let back = HexMap::from_toml_str(&text, "random");
        prop_assert!(back.is_ok(), "{}\n{}", back.err().map(|e| e.to_string()).unwrap_or_default(), text);
        prop_assert_eq!(back.ok(), Some(m));
    }
}

// ---------------------------------------------------------------------------------------------
// No input panics the loader, and whatever it accepts round-trips.

const SNIPPETS: &[&str] = &[
    "\n[[hex]]\n",
    "\n[grid]\n",
    "\n[legend]\n",
    "at = \"0..99999,0\"\n",
    "at = [\"-2147483648,2147483647\"]\n",
    "at = \"2147483647..2147483647,-2147483648..-2147483648\"\n",
    "terrain = \"water\"\n",
    "height = 99999999999\n",
    "height = -1\n",
    "platform = 300\n",
    "platform = 0\n",
    "platform_underside = 9\n",
    "obstacle = \"high\"\n",
    "obstacle_height = 7\n",
    "ladder = \"ne\"\n",
    "ladder = \"1,1\"\n",
    "start = [0, 9, 1]\n",
    "objective = true\n",
    "objective = 300\n",
    "difficult = true\n",
    "rows = [\"g1 w0 .\", \" r3 q\"]\n",
    "origin = \"2147483647,2147483647\"\n",
    "shift = \"even\"\n",
    "players = 1\n",
    "custom_terrains = [\"\", \"moss\"]\n",
    "z = \"moss\"\n",
    "format = 1\n",
    "\"",
    "'''",
    "]",
    "=",
    "é\u{0}",
];

fn mutate(base: &str, ops: &[(u8, usize, usize)]) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for (op, a, b) in ops {
        let len = s.len().max(1);
        let (i, j) = (a % len, b % len);
        let (lo, hi) = (i.min(j), i.max(j));
        match op % 5 {
            0 => {
                // Delete a stretch.
                if hi <= s.len() {
                    s.drain(lo..hi.min(lo + 40));
                }
            }
            1 => {
                // Insert a snippet.
                let snip = SNIPPETS[b % SNIPPETS.len()];
                let at = lo.min(s.len());
                s.splice(at..at, snip.chars());
            }
            2 => {
                // Duplicate a stretch elsewhere.
                let piece: Vec<char> = s.get(lo..hi.min(lo + 80)).unwrap_or(&[]).to_vec();
                let at = (b % len).min(s.len());
                s.splice(at..at, piece);
            }
            3 => {
                // Replace one character by a digit, quote, dot, comma or bracket.
                if let Some(c) = s.get_mut(lo) {
                    *c = ['9', '"', '.', ',', '[', '-', ' ', '\n'][b % 8];
                }
            }
            _ => {
                // Cut the file short.
                s.truncate(hi.max(1));
            }
        }
    }
    s.into_iter().collect()
}

fn check_no_panic_and_round_trip(text: &str) -> Result<(), TestCaseError> {
    match HexMap::from_toml_str(text, "fuzz") {
        Ok(m) => {
            let written = m.to_toml_string();
            let back = HexMap::from_toml_str(&written, "fuzz-written");
            prop_assert!(
                back.is_ok(),
                "accepted but its writing is refused:\n{}\n---\n{}",
                text,
                written
            );
            prop_assert_eq!(back.ok(), Some(m));
        }
        Err(e) => {
            if let Some(inv) = e.invalid() {
                prop_assert!(inv.line >= 1 && inv.column >= 1);
                prop_assert!(!inv.field.is_empty());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_sample_maps_never_panic(
        which in any::<bool>(),
        ops in proptest::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..6),
    ) {
        let base = std::fs::read_to_string(sample(if which {
            "ridge-and-river.toml"
        } else {
            "castle-gate.toml"
        }))
        .unwrap_or_default();
        let text = mutate(&base, &ops);
        check_no_panic_and_round_trip(&text)?;
    }

    #[test]
    fn assembled_snippets_never_panic(
        parts in proptest::collection::vec(0usize..SNIPPETS.len(), 0..25),
    ) {
        let mut text = String::from("name = \"fuzz\"\n");
        for p in parts {
            text.push_str(SNIPPETS[p]);
        }
        check_no_panic_and_round_trip(&text)?;
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        check_no_panic_and_round_trip(&text)?;
    }
}
