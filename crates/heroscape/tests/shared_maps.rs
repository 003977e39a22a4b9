//! The battlefield readers on all 29 shared maps (`../shared/data/heroscape/`, never copied into
//! the repository): 14 Virtualscape `.hsc` files of every document version, 15 map-editor JSON
//! files. The numbers were derived by reading the files with a separate throw-away script (its
//! own byte parser, Virtualscape's own odd-row rule for tile cells instead of axial offsets, the
//! editor's own rotation) and are cross-checked here a second way: the header's `NbTile` against
//! the tiles read, and the cells of every piece against the spans and edge pieces built.

use std::collections::BTreeSet;

use proptest::prelude::*;
use skirmish_board::hex::Hex;
use skirmish_heroscape::battlefield::tiles::{self, Program, Role};
use skirmish_heroscape::battlefield::{
    editor, file, hsc, load, render_svg, samples, Battlefield, EdgePiece, Glyph, Obstacle,
};

mod common;
use common::data;

/// An `.hsc` file and what it holds: document version, `NbTile`, hexes with something in them,
/// highest level, glyphs, edge pieces, figures, start-zone hexes per player, cells of the
/// pieces that fill hexes, cells of edge pieces.
struct Hsc {
    file: &'static str,
    version: &'static str,
    tiles: usize,
    hexes: usize,
    top: u16,
    glyphs: usize,
    edges: usize,
    figures: usize,
    starts: &'static [usize],
    cells: usize,
}

const HSC: &[Hsc] = &[
    Hsc {
        file: "virtualscape/A_la_vie__A_la_mort.hsc",
        version: "0.0002",
        tiles: 600,
        hexes: 565,
        top: 16,
        glyphs: 12,
        edges: 0,
        figures: 0,
        starts: &[18, 18, 18, 18, 18, 18],
        cells: 2142,
    },
    Hsc {
        file: "virtualscape/Castle_vs_elements.hsc",
        version: "0.0003",
        tiles: 221,
        hexes: 669,
        top: 3,
        glyphs: 0,
        edges: 0,
        figures: 0,
        starts: &[],
        cells: 870,
    },
    Hsc {
        file: "virtualscape/Chat_perche.hsc",
        version: "0.0002",
        tiles: 150,
        hexes: 248,
        top: 8,
        glyphs: 6,
        edges: 0,
        figures: 0,
        starts: &[15, 15, 15, 15],
        cells: 361,
    },
    Hsc {
        file: "virtualscape/Flag_test.hsc",
        version: "0.0005",
        tiles: 17,
        hexes: 24,
        top: 15,
        glyphs: 0,
        edges: 2,
        figures: 0,
        starts: &[],
        cells: 38,
    },
    Hsc {
        file: "virtualscape/In_the_Middle_of_the_Elements.hsc",
        version: "0.0005",
        tiles: 440,
        hexes: 564,
        top: 20,
        glyphs: 3,
        edges: 16,
        figures: 0,
        starts: &[],
        cells: 1162,
    },
    Hsc {
        file: "virtualscape/Le_plateau_de_Tylaan.hsc",
        version: "0.0003",
        tiles: 182,
        hexes: 320,
        top: 24,
        glyphs: 0,
        edges: 0,
        figures: 0,
        starts: &[],
        cells: 908,
    },
    Hsc {
        file: "virtualscape/Rotten_Ice.hsc",
        version: "0.0004",
        tiles: 383,
        hexes: 576,
        top: 20,
        glyphs: 6,
        edges: 16,
        figures: 0,
        starts: &[20, 8, 20],
        cells: 1573,
    },
    Hsc {
        file: "virtualscape/Table_des_geants.hsc",
        version: "0.0003",
        tiles: 91,
        hexes: 223,
        top: 7,
        glyphs: 5,
        edges: 0,
        figures: 0,
        starts: &[],
        cells: 363,
    },
    Hsc {
        file: "virtualscape/Table_des_geants2.hsc",
        version: "0.0007",
        tiles: 86,
        hexes: 223,
        top: 7,
        glyphs: 0,
        edges: 0,
        figures: 0,
        starts: &[],
        cells: 363,
    },
    Hsc {
        file: "virtualscape/The_West_Barbican_of_Idona_Castle.hsc",
        version: "0.0003",
        tiles: 219,
        hexes: 301,
        top: 29,
        glyphs: 0,
        edges: 61,
        figures: 10,
        starts: &[],
        cells: 444,
    },
    Hsc {
        file: "virtualscape/Tombe_de_Migol.hsc",
        version: "0.0002",
        tiles: 140,
        hexes: 215,
        top: 17,
        glyphs: 5,
        edges: 0,
        figures: 0,
        starts: &[16, 16, 16],
        cells: 364,
    },
    Hsc {
        file: "virtualscape/Volcan_de_la_mort.hsc",
        version: "0.0007",
        tiles: 535,
        hexes: 585,
        top: 22,
        glyphs: 0,
        edges: 64,
        figures: 0,
        starts: &[9, 11],
        cells: 1438,
    },
    Hsc {
        file: "virtualscape/test.hsc",
        version: "0.0006",
        tiles: 18,
        hexes: 5,
        top: 16,
        glyphs: 0,
        edges: 0,
        figures: 0,
        starts: &[],
        cells: 18,
    },
    Hsc {
        file: "maps/ladders.hsc",
        version: "0.0007",
        tiles: 35,
        hexes: 35,
        top: 9,
        glyphs: 0,
        edges: 56,
        figures: 0,
        starts: &[],
        cells: 57,
    },
];

/// A map-editor file: pieces (keys), hexes, highest level, edge pieces, cells of hex-filling
/// pieces.
const JSON: &[(&str, usize, usize, u16, usize, usize)] = &[
    ("AoA_1_The_Shattered_Table.json", 68, 194, 12, 0, 324),
    ("AoA_2_Heshva_Basin.json", 69, 124, 13, 0, 323),
    ("AoA_3_The_Howling_Pass.json", 77, 188, 12, 0, 316),
    ("AoA_4_Vile_Cove.json", 82, 224, 18, 0, 338),
    ("BWBB_1_Vengalla_Gulch.json", 20, 61, 15, 0, 106),
    ("BWBB_2_Spire_at_Mount_Tildept.json", 24, 80, 17, 0, 116),
    ("BWBB_3_The_Minor_Spring.json", 29, 91, 14, 0, 115),
    ("Everything_Bagel.json", 102, 257, 25, 23, 333),
    ("The_Sunken_Crypt.json", 299, 196, 42, 0, 876),
    ("Web_1_The_Regenerated_River.json", 105, 241, 16, 0, 447),
    ("Web_2_Uncharted_Isle.json", 130, 193, 17, 0, 471),
    ("Web_3_Vacant_Post_of_Ostrivick.json", 75, 201, 16, 0, 378),
    ("Web_4_Library_of_Laur.json", 102, 244, 15, 0, 442),
    ("Web_5_The_Hidden_Fount.json", 63, 133, 16, 0, 245),
    ("Welcome.json", 18, 16, 11, 0, 26),
];

fn spans(field: &Battlefield) -> usize {
    field.columns().map(|(_, c)| c.spans().len()).sum()
}

#[test]
fn every_hsc_file_loads_with_its_numbers() {
    let dir = data();
    for m in HSC {
        let path = dir.join(m.file);
        let map = hsc::read(&path).unwrap_or_else(|e| panic!("{e}"));
        let f = &map.battlefield;
        let starts: Vec<usize> = (1..=f.start_zone_count())
            .map(|p| f.start_zone(p).count())
            .collect();
        assert_eq!(map.version, m.version, "{}", m.file);
        assert_eq!(map.tile_count, m.tiles, "{} NbTile", m.file);
        assert_eq!(map.tiles.len(), m.tiles, "{} tiles read", m.file);
        assert_eq!(f.len(), m.hexes, "{} hexes", m.file);
        assert_eq!(f.top(), m.top, "{} top", m.file);
        assert_eq!(f.glyphs().len(), m.glyphs, "{} glyphs", m.file);
        assert_eq!(f.edge_pieces().len(), m.edges, "{} edge pieces", m.file);
        assert_eq!(map.figures.len(), m.figures, "{} figures", m.file);
        assert_eq!(starts, m.starts, "{} start zones", m.file);
        assert_eq!(spans(f), m.cells, "{} spans", m.file);
        // Second way: every tile's cells, from the catalogue, against what was built.
        let (mut cells, mut edges, mut glyphs, mut starts) = (0, 0, 0, 0);
        for t in &map.tiles {
            let (piece, shape) = tiles::virtualscape(t.code, t.custom_hexes).unwrap();
            match piece.role {
                Role::Edge(kind) => {
                    let rotation = t.rotation as u8;
                    edges +=
                        shape.len() * tiles::edge_sides(kind, rotation, Program::Virtualscape).len()
                }
                Role::Glyph => glyphs += 1,
                Role::StartArea => starts += 1,
                Role::Figure => {}
                _ => cells += shape.len(),
            }
        }
        assert_eq!(
            (cells, edges, glyphs),
            (spans(f), f.edge_pieces().len(), f.glyphs().len()),
            "{}",
            m.file
        );
        assert_eq!(starts, m.starts.iter().sum::<usize>(), "{}", m.file);
        // The same file through load() by extension.
        assert_eq!(&load(&path).unwrap(), f, "{}", m.file);
    }
}

#[test]
fn every_editor_file_loads_with_its_numbers() {
    let dir = data().join("maps");
    for &(file, pieces, hexes, top, edges, cells) in JSON {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let keys = serde_json::from_str::<serde_json::Value>(&text).unwrap()["boardPieces"]
            .as_object()
            .unwrap()
            .len();
        let f = editor::read(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(keys, pieces, "{file} pieces");
        assert_eq!(f.len(), hexes, "{file} hexes");
        assert_eq!(f.top(), top, "{file} top");
        assert_eq!(f.edge_pieces().len(), edges, "{file} edge pieces");
        assert_eq!(spans(&f), cells, "{file} spans");
        assert!(f.glyphs().is_empty() && f.start_zone_count() == 0, "{file}");
        assert_eq!(load(&path).unwrap(), f, "{file}");
    }
}

#[test]
fn table_des_geants_as_the_rulebook_map() {
    let map = hsc::read(data().join("virtualscape/Table_des_geants.hsc")).unwrap();
    let f = &map.battlefield;
    assert_eq!(map.name, "La table des geants");
    assert_eq!(map.author, "Hasbro");
    let glyphs: BTreeSet<Glyph> = f.glyphs().iter().map(|g| g.glyph).collect();
    let expected = [
        Glyph::Kelda,
        Glyph::Erland,
        Glyph::Ivor,
        Glyph::Valda,
        Glyph::Dagmar,
    ];
    assert_eq!(glyphs, expected.into_iter().collect());
    assert!(f.glyphs().iter().all(|g| g.face_up));
    // Ivor lies in the river: on water, at the water's bottom level.
    let ivor = f.glyphs().iter().find(|g| g.glyph == Glyph::Ivor).unwrap();
    assert_eq!(ivor.level, 0);
    let foot = f.column(ivor.hex).unwrap().top_footing().unwrap();
    assert!(foot.ground.is_water());
    // The second copy of the map has no glyph tiles but the same ground.
    let copy = hsc::read(data().join("virtualscape/Table_des_geants2.hsc")).unwrap();
    let same = f
        .columns()
        .all(|(h, c)| copy.battlefield.column(h) == Some(c));
    assert!(same);
}

#[test]
fn la_tombe_de_migol_has_its_overhang() {
    // Rulebook example 11 is set on this map: Finn walks under the tomb's overhang.
    let f = load(data().join("virtualscape/Tombe_de_Migol.hsc")).unwrap();
    // Hexes with room under something: 18 under the tomb's roof (9 levels of room: example 11's
    // Finn, height 5 on his card, passes; Grimnak, 11, does not), 2 under a low ledge (1 level),
    // as the throw-away script counted them.
    let mut rooms: Vec<(Hex, u16)> = f
        .columns()
        .filter_map(|(h, c)| c.footings().find_map(|foot| foot.headroom).map(|r| (h, r)))
        .collect();
    rooms.sort_by_key(|&(_, r)| r);
    let counts: Vec<u16> = rooms.iter().map(|&(_, r)| r).collect();
    assert_eq!(counts.len(), 20, "{rooms:?}");
    assert_eq!(counts.iter().filter(|&&r| r == 9).count(), 18, "{rooms:?}");
    assert_eq!(counts.iter().filter(|&&r| r == 1).count(), 2, "{rooms:?}");
    // The glyphs the scenario hides lie in the tomb, under the roof.
    let hidden = f.glyphs().iter().filter(|g| !g.face_up).count();
    assert_eq!(hidden, 4);
}

#[test]
fn the_castle_keeps_its_edges_and_its_figures() {
    let map = hsc::read(data().join("virtualscape/The_West_Barbican_of_Idona_Castle.hsc")).unwrap();
    let names: Vec<&str> = map.figures.iter().map(|(n, _, _)| n.as_str()).collect();
    assert!(names.contains(&"GRIMNAK") && names.contains(&"MIMRING"));
    // Grimnak and Mimring are two-hex figures.
    assert!(map
        .figures
        .iter()
        .filter(|(n, _, _)| n == "GRIMNAK" || n == "MIMRING")
        .all(|(_, hexes, _)| hexes.len() == 2));
    let kinds: BTreeSet<_> = map
        .battlefield
        .edge_pieces()
        .iter()
        .map(|e| format!("{:?}", e.kind))
        .collect();
    assert_eq!(
        kinds,
        ["Battlement", "Flag", "Ladder"]
            .map(String::from)
            .into_iter()
            .collect()
    );
    // A ladder rises from the ground beside the wall; its hex stays a place to stand.
    let ladder = map
        .battlefield
        .edge_pieces()
        .iter()
        .find(|e| e.bottom == 1 && format!("{:?}", e.kind) == "Ladder")
        .unwrap();
    let column = map.battlefield.column(ladder.hex).unwrap();
    assert_eq!(column.top_footing().unwrap().level, 1);
}

#[test]
fn edge_pieces_stand_against_higher_ground() {
    let dir = data();
    let higher = |f: &Battlefield, e: &EdgePiece| {
        let across = e.hex.neighbour(e.side);
        f.column(across).is_some_and(|c| c.top() > e.bottom)
    };
    let castle = load(dir.join("virtualscape/The_West_Barbican_of_Idona_Castle.hsc")).unwrap();
    let climbable: Vec<&EdgePiece> = castle
        .edge_pieces()
        .iter()
        .filter(|e| matches!(e.kind, Obstacle::Ladder | Obstacle::Battlement))
        .collect();
    assert_eq!(climbable.len(), 60);
    assert!(climbable.iter().all(|e| higher(&castle, e)));
    let mut road_walls = 0;
    for file in [
        "virtualscape/Volcan_de_la_mort.hsc",
        "maps/ladders.hsc",
        "maps/Everything_Bagel.json",
    ] {
        let f = load(dir.join(file)).unwrap();
        for e in f
            .edge_pieces()
            .iter()
            .filter(|e| e.kind == Obstacle::RoadWall)
        {
            assert!(higher(&f, e), "{file} {e:?}");
            road_walls += 1;
        }
    }
    assert_eq!(road_walls, 64 + 48 + 8);
}

#[test]
fn truncated_real_files_are_errors_naming_the_file() {
    let dir = data();
    for m in HSC {
        let bytes = std::fs::read(dir.join(m.file)).unwrap();
        let n = bytes.len();
        // Every length through the header and first tiles, then a spread over the rest.
        let lengths = (0..n.min(400)).chain((400..n).step_by((n / 300).max(1)));
        for len in lengths {
            let e = hsc::read_bytes(m.file, &bytes[..len]).unwrap_err();
            assert_eq!(e.file, m.file);
            let text = e.to_string();
            assert!(text.contains("byte "), "{text}");
        }
    }
}

#[test]
fn pictures_of_real_maps() {
    let f = load(data().join("virtualscape/Table_des_geants.hsc")).unwrap();
    let svg = render_svg(&f);
    assert_eq!(svg.matches("fill=\"#f5d142\"").count(), 5);
    assert!(svg.contains(">7</text>"), "the ruins' tops");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_panic(mut bytes in proptest::collection::vec(any::<u8>(), 0..600), version in 1u32..=7) {
        let _ = hsc::read_bytes("x.hsc", &bytes);
        // Past a real version, to reach the header and tiles.
        let mut v = (f64::from(version) / 10_000.0).to_le_bytes().to_vec();
        v.append(&mut bytes);
        let _ = hsc::read_bytes("x.hsc", &v);
    }

    #[test]
    fn mutated_real_files_never_panic(file in 0..HSC.len(), flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut bytes = std::fs::read(data().join(HSC[file].file)).unwrap();
        let n = bytes.len();
        for (at, value) in flips {
            bytes[at.index(n)] = value;
        }
        if let Err(e) = hsc::read_bytes(HSC[file].file, &bytes) {
            prop_assert!(!e.problems.is_empty());
        }
    }

    #[test]
    fn mutated_sample_files_never_panic(sample in 0..2usize, cut in any::<prop::sample::Index>(), insert in "[\\[\\]=\"a-z0-9,.\n -]{0,8}") {
        let s = samples()[sample];
        let at = cut.index(s.text.len());
        let mutated = format!("{}{insert}{}", &s.text[..at], &s.text[at..]);
        if let Err(e) = file::read_str(s.file, &mutated) {
            prop_assert!(!e.problems.is_empty());
        }
    }

    #[test]
    fn mutated_editor_maps_never_panic(file in 0..JSON.len(), cut in any::<prop::sample::Index>(), insert in "[~0-9a-z\",{}:-]{0,6}") {
        let text = std::fs::read_to_string(data().join("maps").join(JSON[file].0)).unwrap();
        let at = cut.index(text.len());
        let mutated = format!("{}{insert}{}", &text[..at], &text[at..]);
        let _ = editor::read_str("m.json", &mutated);
    }
}
