//! Map files: the sample maps, the loader's validation and error positions, the writer's round
//! trip, and the two renderers.

use std::collections::{HashSet, VecDeque};
use std::path::PathBuf;

use proptest::prelude::*;
use skirmish_board::square::{
    load_square_map, render_ascii, render_svg, to_toml_string, Dir, FigureToken, MapFileError,
    MapKind, Marker, Overlay, SightLine, SpecialZone, Square, SquareMap, Terrain, Tint,
};

fn maps_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../maps")
}

fn harbour() -> SquareMap {
    load_square_map(maps_dir().join("harbour-district.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn lab() -> SquareMap {
    load_square_map(maps_dir().join("abandoned-lab.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

// ---------------------------------------------------------------------------------------------
// Sample maps.

#[test]
fn both_sample_maps_load() {
    let h = harbour();
    assert_eq!(h.name, "Harbour District");
    let l = lab();
    assert_eq!(l.name, "Abandoned Lab");
    assert!(h.width() >= 24 && h.height() >= 24);
}

#[test]
fn harbour_uses_every_terrain_type_and_feature() {
    let m = harbour();
    let cells: Vec<_> = m.squares().filter_map(|s| m.cell(s).copied()).collect();
    let has = |terrain: Terrain, level: u8| {
        cells
            .iter()
            .any(|c| c.terrain == terrain && c.level == level)
    };
    assert!(has(Terrain::CLEAR, 0), "clear");
    assert!(has(Terrain::HINDERING, 0), "hindering");
    assert!(has(Terrain::WATER, 0), "water");
    assert!(has(Terrain::BLOCKING, 0), "blocking");
    assert!(has(Terrain::CLEAR, 1), "elevated");
    assert!(has(Terrain::HINDERING, 1), "elevated hindering");
    assert!(has(Terrain::BLOCKING, 1), "elevated blocking");
    assert!(
        has(Terrain::WATER.with(Terrain::HINDERING), 0),
        "a legend square of two types"
    );
    assert!(cells.iter().any(|c| c.has_walls()), "walls");
    assert!(!m.staircases.is_empty(), "stairs");
    assert!(!m.ladders.is_empty(), "ladder");
    // Stairs climb onto elevated terrain.
    for s in &m.staircases {
        let top = *s.steps.last().unwrap();
        assert!(m.level(top) > m.level(s.steps[0]));
    }
    // Two deployment zones on opposite sides: the usual three-row strips at top and bottom.
    assert_eq!(m.deployment_zones(), vec![1, 2]);
    assert!(m.zone_squares(1).iter().all(|s| s.y <= 2));
    assert!(m.zone_squares(2).iter().all(|s| s.y >= m.height() - 3));
    for z in [1, 2] {
        assert!(m
            .zone_squares(z)
            .iter()
            .all(|s| !m.cell(*s).unwrap().is_blocking()));
    }
    assert_eq!(m.kind, MapKind::Mixed);
    assert!(cells.iter().any(|c| c.indoor));
    assert!(cells.iter().any(|c| !c.indoor));
    assert_eq!(m.special_zones.len(), 1);
    assert!(!m.special_zones[0].rules.is_empty());
    assert!(cells.iter().any(|c| c.special == Some(0)));
    assert!(cells.iter().any(|c| c.markers.has(Marker::Debris)));
}

#[test]
fn lab_is_an_indoor_map_of_walled_rooms() {
    let m = lab();
    assert_eq!(m.kind, MapKind::Indoor);
    let cells: Vec<_> = m.squares().filter_map(|s| m.cell(s).copied()).collect();
    assert!(cells.iter().all(|c| c.indoor));
    assert!(cells.iter().any(|c| c.terrain == Terrain::HINDERING));
    assert!(cells.iter().any(|c| c.terrain == Terrain::BLOCKING));
    assert!(cells.iter().filter(|c| c.has_walls()).count() > 40);
    assert_eq!(m.deployment_zones(), vec![1, 2]);
    assert!(m.zone_squares(1).iter().all(|s| s.y <= 2));
    assert!(m.zone_squares(2).iter().all(|s| s.y >= m.height() - 3));
}

/// Squares a walker can reach from `start`: touching, not blocking, not across a wall, on the
/// same level unless joined by a staircase or ladder.
fn reachable(m: &SquareMap, start: Square) -> HashSet<Square> {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(a) = queue.pop_front() {
        for b in a.neighbours() {
            let ok = m.cell(b).is_some_and(|c| !c.is_blocking())
                && (m.adjacent(a, b) || (m.level_link(a, b) && !m.step_crosses_wall(a, b)));
            if ok && seen.insert(b) {
                queue.push_back(b);
            }
        }
    }
    seen
}

#[test]
fn every_open_square_of_the_samples_can_be_reached() {
    // A doorway forgotten in a wall list would seal a room: walk the maps to make sure not.
    for m in [harbour(), lab()] {
        let start = m.zone_squares(1)[0];
        let reach = reachable(&m, start);
        for s in m.squares() {
            if !m.cell(s).unwrap().is_blocking() {
                assert!(reach.contains(&s), "{}: square {s} is sealed off", m.name);
            }
        }
    }
}

#[test]
fn the_example_in_the_format_doc_loads() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/map-format.md"),
    )
    .unwrap();
    let start = doc.find("```toml\n").unwrap() + "```toml\n".len();
    let end = start + doc[start..].find("```").unwrap();
    let m = SquareMap::from_toml_str(&doc[start..end], "docs/map-format.md")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.name, "Rooftop Chase");
    let t = m.cell(sq(4, 4)).unwrap();
    assert_eq!((t.terrain, t.level), (Terrain::HINDERING, 2));
    assert_eq!(m.staircases.len(), 1);
    assert_eq!(m.ladders.len(), 1);
    assert_eq!(m.special_zones[0].name, "Generator");
    assert!(m.wall(sq(7, 0), Dir::W));
}

// ---------------------------------------------------------------------------------------------
// Round trip.

#[test]
fn samples_round_trip_through_the_writer() {
    for m in [harbour(), lab()] {
        let text = to_toml_string(&m);
        let again = SquareMap::from_toml_str(&text, "written.toml")
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again, m);
        // Writing is stable.
        assert_eq!(to_toml_string(&again), text);
    }
}

#[test]
fn unusual_maps_round_trip_too() {
    let mut m = SquareMap::new(
        "Odd \"quoted\" # name\nwith a newline",
        MapKind::Mixed,
        7,
        5,
    );
    let combos = [
        (Terrain::HINDERING.with(Terrain::WATER), 0),
        (Terrain::HINDERING.with(Terrain::WATER), 3),
        (Terrain::BLOCKING, 2),
        (Terrain::WATER, 1),
        (Terrain::CLEAR, 9),
        (Terrain::CLEAR, 200),
        (Terrain::HINDERING.with(Terrain::BLOCKING), 0),
    ];
    for (i, (t, level)) in combos.iter().enumerate() {
        let c = m.cell_mut(sq(i as i32, 0)).unwrap();
        c.terrain = *t;
        c.level = *level;
    }
    m.cell_mut(sq(1, 2)).unwrap().level = 1;
    m.add_staircase(vec![sq(3, 2), sq(2, 2), sq(1, 2)]).unwrap();
    m.cell_mut(sq(6, 4)).unwrap().level = 2;
    m.add_ladder(sq(5, 4), sq(6, 4)).unwrap();
    m.set_wall(sq(3, 3), Dir::N, true);
    m.set_wall(sq(4, 3), Dir::N, true);
    m.set_wall(sq(0, 4), Dir::E, true);
    for x in 0..3 {
        m.cell_mut(sq(x, 4)).unwrap().zone = 1;
    }
    m.cell_mut(sq(6, 1)).unwrap().zone = 2;
    m.cell_mut(sq(0, 1)).unwrap().indoor = true;
    m.special_zones.push(SpecialZone {
        name: "Pit 'o' \"doom\"".into(),
        rules: "Line one.\nLine \\two\\ with ''' quotes.".into(),
    });
    m.special_zones.push(SpecialZone {
        name: "Second".into(),
        rules: String::new(),
    });
    m.cell_mut(sq(4, 1)).unwrap().special = Some(0);
    m.cell_mut(sq(5, 1)).unwrap().special = Some(1);
    m.place_marker(sq(0, 2), Marker::Smoke);
    m.place_marker(sq(0, 2), Marker::Barrier);
    m.place_marker(sq(6, 0), Marker::Debris);
    let text = to_toml_string(&m);
    let again =
        SquareMap::from_toml_str(&text, "odd.toml").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again, m);
}

// ---------------------------------------------------------------------------------------------
// Validation: one test per error, each checking the field and the position.

const BASE: &str = r#"# A small test map.
[map]
name = "Test"
kind = "outdoor"
width = 6
height = 4

[layers]
terrain = '''
......
..EE..
..EE..
......
'''
zones = '''
111...
......
......
...222
'''
"#;

fn load(text: &str) -> Result<SquareMap, MapFileError> {
    SquareMap::from_toml_str(text, "test.toml")
}

fn err(text: &str) -> MapFileError {
    match load(text) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e,
    }
}

/// Line and column (from 1) of the first occurrence of `needle` after the first occurrence of
/// `after`.
fn pos(text: &str, after: &str, needle: &str) -> (usize, usize) {
    let start = text.find(after).expect("anchor");
    line_col(text, start + text[start..].find(needle).expect("needle"))
}

/// Line and column (from 1) of a byte offset.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

fn assert_at(e: &MapFileError, field: &str, line: usize, col: Option<usize>, words: &str) {
    assert_eq!(e.field, field, "{e}");
    assert_eq!(e.line, Some(line), "{e}");
    if let Some(col) = col {
        assert_eq!(e.column, Some(col), "{e}");
    }
    assert!(e.message.contains(words), "{e}");
    let shown = e.to_string();
    assert!(shown.starts_with(&format!("test.toml:{line}:")), "{shown}");
    assert!(shown.contains(field), "{shown}");
}

fn with(extra: &str) -> String {
    format!("{BASE}\n{extra}")
}

#[test]
fn base_test_map_loads() {
    let m = load(BASE).unwrap();
    assert_eq!(m.width(), 6);
    assert_eq!(m.level(sq(2, 1)), 1);
    assert_eq!(m.deployment_zones(), vec![1, 2]);
}

#[test]
fn toml_syntax_error() {
    let text = BASE.replace("[layers]", "[layers");
    let e = err(&text);
    let (line, _) = pos(&text, "[layers", "[layers");
    assert_eq!(e.field, "TOML syntax");
    assert_eq!(e.line, Some(line), "{e}");
}

#[test]
fn unknown_field() {
    let text = BASE.replace("width = 6", "width = 6\ncolour = \"red\"");
    let e = err(&text);
    let (line, col) = pos(&text, "colour", "colour");
    assert_at(&e, "map.colour", line, Some(col), "unknown field `colour`");
}

#[test]
fn unknown_table() {
    let text = with("[extras]\nx = 1\n");
    let e = err(&text);
    assert!(e.message.contains("unknown field `extras`"), "{e}");
    assert!(e.line.is_some(), "{e}");
}

#[test]
fn missing_field() {
    let text = BASE.replace("kind = \"outdoor\"\n", "");
    let e = err(&text);
    assert!(e.message.contains("missing field `kind`"), "{e}");
    assert!(e.field.starts_with("map"), "{e}");
}

#[test]
fn wrong_type() {
    let text = BASE.replace("width = 6", "width = \"six\"");
    let e = err(&text);
    let (line, _) = pos(&text, "\"six\"", "\"six\"");
    assert_eq!(e.field, "map.width", "{e}");
    assert_eq!(e.line, Some(line), "{e}");
}

#[test]
fn unknown_map_kind() {
    let text = BASE.replace("\"outdoor\"", "\"outdoors\"");
    let e = err(&text);
    let (line, col) = pos(&text, "\"outdoors\"", "\"outdoors\"");
    assert_at(&e, "map.kind", line, Some(col), "outdoors");
}

#[test]
fn zero_and_huge_sizes() {
    let text = BASE.replace("width = 6", "width = 0");
    let (line, col) = pos(&text, "width = 0", "0");
    assert_at(&err(&text), "map.width", line, Some(col), "1 to 200");
    let text = BASE.replace("height = 4", "height = 5000");
    let (line, col) = pos(&text, "height = 5000", "5000");
    assert_at(&err(&text), "map.height", line, Some(col), "1 to 200");
}

#[test]
fn empty_name() {
    let text = BASE.replace("\"Test\"", "\"  \"");
    let (line, _) = pos(&text, "name", "name");
    assert_at(&err(&text), "map.name", line, None, "needs a name");
}

#[test]
fn wrong_row_count() {
    let text = BASE.replace("..EE..\n......\n'''", "..EE..\n......\n......\n'''");
    let e = err(&text);
    assert_eq!(e.field, "layers.terrain", "{e}");
    assert!(e.message.contains("5 rows but map.height is 4"), "{e}");
    // Points at the first extra row.
    let (line, _) = pos(BASE, "terrain", "'''");
    assert_eq!(e.line, Some(line + 5), "{e}");
    let text = BASE.replace("......\n..EE..\n", "..EE..\n");
    let e = err(&text);
    assert!(e.message.contains("3 rows but map.height is 4"), "{e}");
}

#[test]
fn wrong_row_width() {
    let text = BASE.replacen("..EE..\n", "..EE...\n", 1);
    let e = err(&text);
    let (line, _) = pos(&text, "..EE...", "..EE...");
    assert_at(
        &e,
        "layers.terrain",
        line,
        Some(7),
        "row 1 has 7 squares but map.width is 6",
    );
}

#[test]
fn unknown_grid_character_names_row_column_line_and_column() {
    let text = BASE.replacen("..EE..\n..EE..", "..EE..\n..EEx.", 1);
    let e = err(&text);
    let (line, col) = pos(&text, "..EEx.", "x");
    assert_at(
        &e,
        "layers.terrain",
        line,
        Some(col),
        "row 2, column 4 (square 4,2)",
    );
    assert!(e.message.contains("unknown terrain character 'x'"), "{e}");
    assert!(e.message.contains("h hindering"), "{e}");
    assert_eq!(
        e.to_string().split(": ").next().unwrap(),
        format!("test.toml:{line}:{col}")
    );
}

#[test]
fn unknown_character_in_a_basic_string_still_names_the_row() {
    let text = BASE.replace(
        "terrain = '''\n......\n..EE..\n..EE..\n......\n'''",
        "terrain = \"......\\n..EE..\\n..EEx.\\n......\"",
    );
    let e = err(&text);
    assert!(e.message.contains("row 2, column 4"), "{e}");
    let (line, _) = pos(&text, "terrain = \"", "terrain");
    assert_eq!(e.line, Some(line), "{e}");
}

#[test]
fn legend_errors() {
    let text = with("[legend]\n\"TT\" = { terrain = [\"hindering\"] }\n");
    let (line, _) = pos(&text, "\"TT\"", "\"TT\"");
    assert_at(&err(&text), "legend.TT", line, None, "one character");
    let text = with("[legend]\nh = { terrain = [\"water\"] }\n");
    let (line, _) = pos(&text, "[legend]\nh", "h =");
    assert_at(&err(&text), "legend.h", line, None, "built in");
    let text = with("[legend]\nT = { terrain = [\"lava\"] }\n");
    let (line, _) = pos(&text, "lava", "lava");
    let e = err(&text);
    assert_eq!(e.line, Some(line), "{e}");
    assert!(e.message.contains("lava"), "{e}");
    assert!(e.field.starts_with("legend.T"), "{e}");
    let text = with("[legend]\nT = { terrain = [\"water\"], level = 300 }\n");
    let e = err(&text);
    assert_eq!(e.line, Some(pos(&text, "300", "300").0), "{e}");
}

#[test]
fn legend_characters_are_usable() {
    let text = BASE.replace("..EE..\n......\n'''", "..EET.\n......\n'''")
        + "\n[legend]\nT = { terrain = [\"hindering\", \"water\"], level = 2 }\n";
    let m = load(&text).unwrap_or_else(|e| panic!("{e}"));
    let c = m.cell(sq(4, 2)).unwrap();
    assert_eq!(c.terrain, Terrain::HINDERING.with(Terrain::WATER));
    assert_eq!(c.level, 2);
}

#[test]
fn wall_errors() {
    let cases = [
        ("v 6 0-1", "edge of the map"),
        ("v 0 0-1", "edge of the map"),
        ("h 4 0-1", "edge of the map"),
        ("v 9 0-1", "off the map"),
        ("v 3 0-4", "off the map"),
        ("h 2 5-6", "off the map"),
        ("v 3 2-1", "backwards"),
        ("x 3 0-1", "not `v` or `h`"),
        ("v 3", "not a wall segment"),
        ("v three 0-1", "not a grid line number"),
        ("v 3 a-b", "not a range"),
    ];
    for (seg, words) in cases {
        let text = with(&format!("[walls]\nsegments = [\"h 1 0-5\", \"{seg}\"]\n"));
        let (line, col) = pos(&text, &format!("\"{seg}\""), &format!("\"{seg}\""));
        assert_at(&err(&text), "walls.segments[1]", line, Some(col), words);
    }
}

#[test]
fn walls_load_on_both_sides_of_their_edges() {
    let text = with("[walls]\nsegments = [\"v 3 0-1\", \"h 2 1\"]\n");
    let m = load(&text).unwrap();
    assert!(m.wall(sq(3, 0), Dir::W) && m.wall(sq(2, 0), Dir::E));
    assert!(m.wall(sq(3, 1), Dir::W) && !m.wall(sq(3, 2), Dir::W));
    assert!(m.wall(sq(1, 2), Dir::N) && m.wall(sq(1, 1), Dir::S));
    assert!(!m.wall(sq(0, 2), Dir::N));
}

#[test]
fn stairs_errors() {
    // (steps, where the error points: after `anchor`, at `needle`, words in the message)
    let cases = [
        (r#""0,1", "1,1""#, "steps = ", "[", "higher level"),
        (
            r#""0,1", "1,1", "2,1", "3,1""#,
            "steps = ",
            "[",
            "only the top step is higher",
        ),
        (r#""0,0", "1,2""#, "steps = ", r#""1,2""#, "do not touch"),
        (r#""2,1""#, "steps = ", "[", "at least two steps"),
        (r#""0,1", "9,9""#, "steps = ", r#""9,9""#, "off the map"),
        (r#""0,1", "1 1""#, "steps = ", r#""1 1""#, "not a square"),
        (
            r#""1,1", "0,1", "1,1""#,
            r#""0,1""#,
            r#""1,1""#,
            "appears twice",
        ),
        (
            r#""1,3", "1,2", "3,1""#,
            "steps = ",
            r#""3,1""#,
            "do not touch",
        ),
    ];
    for (steps, anchor, needle, words) in cases {
        let text = with(&format!("[[stairs]]\nsteps = [{steps}]\n"));
        let e = err(&text);
        let stairs = text.find("[[stairs]]").unwrap();
        let from = stairs + text[stairs..].find(anchor).unwrap();
        let (line, col) = line_col(&text, from + text[from..].find(needle).unwrap());
        assert!(e.field.starts_with("stairs[0].steps"), "{steps}: {e}");
        assert!(e.message.contains(words), "{steps}: {e}");
        assert_eq!((e.line, e.column), (Some(line), Some(col)), "{steps}: {e}");
    }
    // A step already used by another staircase is pointed at precisely.
    let text = with(
        "[[stairs]]\nsteps = [\"1,1\", \"2,1\"]\n\n[[stairs]]\nsteps = [\"1,2\", \"1,1\", \"2,2\"]\n",
    );
    let e = err(&text);
    assert_eq!(e.field, "stairs[1].steps", "{e}");
    let (line, col) = pos(&text, "\"1,2\", ", "\"1,1\"");
    assert_eq!((e.line, e.column), (Some(line), Some(col)), "{e}");
    assert!(e.message.contains("already belongs"), "{e}");
    // A wall between two steps.
    let text = with(
        "[walls]\nsegments = [\"v 2 1\"]\n\n[[stairs]]\nsteps = [\"0,1\", \"1,1\", \"2,1\"]\n",
    );
    let e = err(&text);
    assert_eq!(e.field, "stairs[0].steps[2]", "{e}");
    assert!(e.message.contains("wall"), "{e}");
}

#[test]
fn stairs_load() {
    let text = with("[[stairs]]\nsteps = [\"0,1\", \"1,1\", \"2,1\"]\n");
    let m = load(&text).unwrap();
    assert_eq!(m.staircases.len(), 1);
    assert!(m.level_link(sq(1, 1), sq(2, 1)));
}

#[test]
fn ladder_errors() {
    let cases = [
        ("\"2,1\"", "\"1,1\"", "must be higher", "ladders[0]"),
        ("\"0,0\"", "\"2,1\"", "do not touch", "ladders[0]"),
        ("\"-1,0\"", "\"2,1\"", "off the map", "ladders[0].bottom"),
        ("\"1;1\"", "\"2,1\"", "not a square", "ladders[0].bottom"),
    ];
    for (bottom, top, words, field) in cases {
        let text = with(&format!("[[ladders]]\nbottom = {bottom}\ntop = {top}\n"));
        let e = err(&text);
        assert_eq!(e.field, field, "{e}");
        assert!(e.message.contains(words), "{e}");
        assert!(e.line.is_some(), "{e}");
    }
    let text = with("[[ladders]]\nbottom = \"1,1\"\ntop = \"2,1\"\n");
    let m = load(&text).unwrap();
    assert!(m.level_link(sq(1, 1), sq(2, 1)));
    let text = with("[[ladders]]\nbottom = \"1,1\"\n");
    assert!(err(&text).message.contains("missing field `top`"));
}

#[test]
fn deployment_zone_numbering() {
    let text = BASE.replace("...222", "...333");
    let e = err(&text);
    let (line, col) = pos(&text, "...333", "3");
    assert_at(
        &e,
        "layers.zones",
        line,
        Some(col),
        "zone 3 is used but zone 2 is not",
    );
    let text = BASE.replace("111...", "111.?.");
    let (line, col) = pos(&text, "111.?.", "?");
    assert_at(
        &err(&text),
        "layers.zones",
        line,
        Some(col),
        "unknown character '?'",
    );
}

#[test]
fn indoor_layer_must_match_the_map_kind() {
    let indoor = "indoor = '''\n......\n......\n......\n......\n'''\n";
    let text = BASE.replace("zones = '''", &format!("{indoor}zones = '''"));
    let (line, _) = pos(&text, "indoor = ", "'''");
    assert_at(
        &err(&text),
        "layers.indoor",
        line,
        None,
        "outdoor map has no indoor squares",
    );
    let as_indoor = text.replace("\"outdoor\"", "\"indoor\"");
    assert_at(
        &err(&as_indoor),
        "layers.indoor",
        line,
        None,
        "every square of an indoor map",
    );
    let mixed = BASE.replace("\"outdoor\"", "\"mixed\"");
    let e = err(&mixed);
    assert_eq!(e.field, "layers.indoor", "{e}");
    assert!(e.message.contains("needs an `indoor` layer"), "{e}");
    let ok = text.replace("\"outdoor\"", "\"mixed\"").replacen(
        "......\n'''\nzones",
        "..ii..\n'''\nzones",
        1,
    );
    let m = load(&ok).unwrap_or_else(|e| panic!("{e}"));
    assert!(m.cell(sq(2, 3)).unwrap().indoor);
    assert!(!m.cell(sq(1, 3)).unwrap().indoor);
    let bad = ok.replacen("..ii..", "..iy..", 1);
    let (line, col) = pos(&bad, "..iy..", "y");
    assert_at(
        &err(&bad),
        "layers.indoor",
        line,
        Some(col),
        "unknown character 'y'",
    );
}

#[test]
fn special_zone_errors() {
    let layer = "special = '''\n......\n.AA...\n......\n......\n'''\n";
    let base = BASE.replace("zones = '''", &format!("{layer}zones = '''"));
    let zone = "[[special]]\nkey = \"A\"\nname = \"Pit\"\nrules = \"Falls.\"\n";
    let m = load(&format!("{base}\n{zone}")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.cell(sq(1, 1)).unwrap().special, Some(0));
    assert_eq!(m.special_zones[0].name, "Pit");
    // A layer character without a zone.
    let e = err(&base);
    let (line, col) = pos(&base, ".AA", "A");
    assert_at(
        &e,
        "layers.special",
        line,
        Some(col),
        "not the key of any [[special]] zone",
    );
    // A zone that no square uses.
    let text = format!("{base}\n{zone}\n[[special]]\nkey = \"B\"\nname = \"Unused\"\n");
    let (line, col) = pos(&text, "key = \"B\"", "\"B\"");
    assert_at(
        &err(&text),
        "special[1].key",
        line,
        Some(col),
        "no square of layers.special",
    );
    // Two zones with one key.
    let text = format!("{base}\n{zone}\n{zone}");
    assert!(err(&text).message.contains("already used"));
    // A key of several characters.
    let text = format!("{base}\n{}", zone.replace("\"A\"", "\"AB\""));
    assert_eq!(err(&text).field, "special[0].key");
}

#[test]
fn marker_errors() {
    let text = with("[[markers]]\nat = \"7,0\"\nkind = \"debris\"\n");
    let (line, col) = pos(&text, "\"7,0\"", "\"7,0\"");
    assert_at(&err(&text), "markers[0].at", line, Some(col), "off the map");
    let text = with("[[markers]]\nat = \"1,0\"\nkind = \"lava\"\n");
    let (line, _) = pos(&text, "\"lava\"", "\"lava\"");
    let e = err(&text);
    assert_eq!(e.line, Some(line), "{e}");
    assert_eq!(e.field, "markers[0].kind", "{e}");
    let text = with("[[markers]]\nat = \"1,0\"\nkind = \"smoke\"\n");
    assert!(load(&text)
        .unwrap()
        .cell(sq(1, 0))
        .unwrap()
        .markers
        .has(Marker::Smoke));
}

#[test]
fn missing_file_is_an_error_naming_it() {
    let e = load_square_map("no/such/map.toml").unwrap_err();
    assert!(e.to_string().starts_with("no/such/map.toml: "), "{e}");
    assert_eq!(e.line, None);
}

#[test]
fn empty_text_is_an_error() {
    let e = err("");
    assert!(e.message.contains("missing field"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// Never a panic, whatever the input.

fn harbour_text() -> String {
    std::fs::read_to_string(maps_dir().join("harbour-district.toml")).unwrap()
}

#[derive(Debug, Clone)]
enum Edit {
    SetByte(usize, u8),
    DeleteByte(usize),
    InsertByte(usize, u8),
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    InsertText(usize, String),
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let interesting = prop::sample::select(vec![
        "\n",
        "'''",
        "\"",
        "[",
        "]",
        "=",
        "#",
        ",",
        "-",
        "E",
        "x",
        "9",
        "0",
        "-1",
        "999999999999",
        "[[stairs]]\nsteps = [\"1,1\"]\n",
        "[map]",
        "\\",
        "é",
        "{",
        "}",
    ]);
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::SetByte(i, b)),
        any::<usize>().prop_map(Edit::DeleteByte),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::InsertByte(i, b)),
        any::<usize>().prop_map(Edit::DeleteLine),
        any::<usize>().prop_map(Edit::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        (any::<usize>(), interesting).prop_map(|(i, s)| Edit::InsertText(i, s.to_string())),
    ]
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut lines: Vec<&str> = text.split('\n').collect();
    match edit {
        Edit::SetByte(i, b) if !bytes.is_empty() => {
            let n = bytes.len();
            bytes[i % n] = *b;
        }
        Edit::DeleteByte(i) if !bytes.is_empty() => {
            let n = bytes.len();
            bytes.remove(i % n);
        }
        Edit::InsertByte(i, b) => bytes.insert(i % (bytes.len() + 1), *b),
        Edit::InsertText(i, s) => {
            let at = i % (bytes.len() + 1);
            bytes.splice(at..at, s.bytes());
        }
        Edit::DeleteLine(i) => {
            let n = lines.len();
            lines.remove(i % n);
            return lines.join("\n");
        }
        Edit::DuplicateLine(i) => {
            let n = lines.len();
            let l = lines[i % n];
            lines.insert(i % n, l);
            return lines.join("\n");
        }
        Edit::SwapLines(a, b) => {
            let n = lines.len();
            lines.swap(a % n, b % n);
            return lines.join("\n");
        }
        _ => {}
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,400}") {
        let _ = SquareMap::from_toml_str(&text, "fuzz.toml");
    }

    #[test]
    fn mutated_map_files_never_panic(edits in prop::collection::vec(edit_strategy(), 1..6)) {
        let mut text = harbour_text();
        for e in &edits {
            text = apply(&text, e);
        }
        match SquareMap::from_toml_str(&text, "fuzz.toml") {
            Ok(m) => {
                // Whatever loads must render and round-trip.
                let _ = render_ascii(&m, &Overlay::new());
                let _ = render_svg(&m, &Overlay::new());
            }
            Err(e) => {
                let shown = e.to_string();
                prop_assert!(shown.starts_with("fuzz.toml"));
                prop_assert!(!e.message.is_empty());
            }
        }
    }

    #[test]
    fn mutated_small_maps_never_panic(edits in prop::collection::vec(edit_strategy(), 1..4)) {
        let mut text = BASE.to_string();
        for e in &edits {
            text = apply(&text, e);
        }
        if let Ok(m) = SquareMap::from_toml_str(&text, "fuzz.toml") {
            let again = SquareMap::from_toml_str(&to_toml_string(&m), "again.toml");
            prop_assert_eq!(again.as_ref().ok(), Some(&m));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Pictures.

#[test]
fn ascii_has_rulers_walls_and_legend() {
    let m = harbour();
    let overlay = Overlay::new()
        .line(SightLine::new(
            sq(5, 2),
            sq(12, 20),
            vec![sq(6, 4), sq(7, 6)],
        ))
        .figure(FigureToken::new(sq(5, 2), '@', "Hulk"))
        .tint(Tint::new("reachable", 'o', vec![sq(0, 0), sq(1, 0)]));
    let pic = render_ascii(&m, &overlay);
    let lines: Vec<&str> = pic.lines().collect();
    assert!(lines[0].contains("  0  1  2  3"), "{pic}");
    assert!(lines[0].trim_end().ends_with("23"), "{pic}");
    // Top frame then row 0.
    assert!(lines[1].trim_start().starts_with('+'), "{pic}");
    assert!(lines[2].trim_start().starts_with("0 |"), "{pic}");
    assert!(pic.contains("Terrain (first character"), "{pic}");
    assert!(pic.contains("elevated hindering"), "{pic}");
    assert!(pic.contains("@  figure: Hulk at 5,2"), "{pic}");
    assert!(pic.contains("*  line of fire from 5,2 to 12,20"), "{pic}");
    assert!(pic.contains("o  reachable"), "{pic}");
    assert!(pic.contains("deployment zone 1"), "{pic}");
    assert!(pic.contains("special zone Fuel Depot"), "{pic}");
    // The row with the figure carries its symbol right after the terrain character.
    let row2 = lines
        .iter()
        .find(|l| l.trim_start().starts_with("2 |"))
        .unwrap();
    assert!(row2.contains(".@"), "{row2}");
    // Walls: the customs house's north wall runs along the grid line above row 12.
    let above_12 = lines[2 + 2 * 12 - 1];
    assert!(above_12.contains("--"), "{above_12}");
}

#[test]
fn ascii_of_a_tiny_map() {
    let mut m = SquareMap::new("tiny", MapKind::Outdoor, 3, 2);
    m.set_wall(sq(1, 0), Dir::E, true);
    m.set_wall(sq(0, 1), Dir::N, true);
    let pic = render_ascii(&m, &Overlay::from_symbols(&[(sq(2, 1), '!')]));
    let expected_map = [
        "    0  1  2",
        "  +-----+--+",
        "0 |.  . |. |",
        "  +---  |  |",
        "1 |.  .  .!|",
        "  +--------+",
    ];
    let got: Vec<&str> = pic.lines().take(expected_map.len()).collect();
    assert_eq!(got, expected_map, "\n{pic}");
}

/// Parses the SVG with a real XML parser and returns the document's text for searches.
fn check_svg(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("invalid XML: {e}"))
}

#[test]
fn svg_is_well_formed_and_uses_the_rulebook_colours() {
    let m = harbour();
    let overlay = Overlay::new()
        .line(
            SightLine::new(sq(5, 2), sq(12, 20), vec![sq(6, 4)])
                .with_label("line <of> fire & \"such\""),
        )
        .figure(
            FigureToken::new(sq(5, 2), '<', "Hulk & 'Thing'").with_colour("#00ff00\"/><script>"),
        )
        .tint(Tint::new("reach", 'o', vec![sq(0, 0), sq(99, 99)]));
    let svg = render_svg(&m, &overlay);
    let doc = check_svg(&svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert!(!svg.contains("<script>"));
    let title = root
        .children()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text());
    assert_eq!(title, Some("Harbour District"));
    for colour in [
        "#d32f2f", "#2e7d32", "#1565c0", "#795548", "#7b1fa2", "#f9a825", "#ef6c00",
    ] {
        assert!(
            doc.descendants()
                .any(|n| n.attribute("stroke") == Some(colour)),
            "no boundary drawn in {colour}"
        );
    }
    // Walls: thick black lines.
    let walls = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("walls"))
        .expect("walls");
    assert_eq!(walls.attribute("stroke"), Some("#000000"));
    // Labels come back unescaped from the parser.
    assert!(doc
        .descendants()
        .any(|n| n.text() == Some("Hulk & 'Thing'")));
    assert!(doc
        .descendants()
        .any(|n| n.attribute("id") == Some("stairs")));
    assert!(doc
        .descendants()
        .any(|n| n.attribute("id") == Some("ladders")));
    assert!(doc
        .descendants()
        .any(|n| n.text().is_some_and(|t| t.contains("Fuel Depot"))));
}

#[test]
fn svg_of_the_lab_and_of_odd_names_is_well_formed() {
    let svg = render_svg(&lab(), &Overlay::new());
    check_svg(&svg);
    let mut m = SquareMap::new("<&>\"'\u{1}", MapKind::Indoor, 1, 1);
    m.special_zones.push(SpecialZone {
        name: "]]> <!--".into(),
        rules: "--> & <".into(),
    });
    m.cell_mut(sq(0, 0)).unwrap().special = Some(0);
    m.place_marker(sq(0, 0), Marker::Smoke);
    m.place_marker(sq(0, 0), Marker::Debris);
    let svg = render_svg(&m, &Overlay::new());
    check_svg(&svg);
}
