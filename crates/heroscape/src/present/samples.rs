//! A small battlefield and four small armies built in code: original content (no printed card's
//! numbers), for tests and for the page until sample files are shipped.

use std::sync::Arc;

use skirmish_board::hex::{Hex, RowShift};

use crate::battlefield::{
    Battlefield, Builder, Glyph, GlyphSpot, Ground, Level, Material, Obstacle, Span,
};
use crate::card::{Card, Kind, PowerText, Rarity, Size};

/// Columns and rows of the sample battlefield.
pub const WIDTH: i32 = 12;
/// Rows of the sample battlefield.
pub const HEIGHT: i32 = 11;

fn span(bottom: Level, top: Level, material: Material) -> Span {
    Span {
        bottom,
        top,
        material,
    }
}

/// "Crossing at the Tor": grass at level 1, a rock tor rising to level 5 in the middle with a
/// ledge at 3, a pond, two trees, a ruin, four glyphs; start zones along the top (1) and the
/// bottom (2) rows, and the left (3) and right (4) columns for four sides.
pub fn tor() -> Battlefield {
    let mut b = Builder::new("Crossing at the Tor");
    b.author("Skirmish");
    for row in 0..HEIGHT {
        for col in 0..WIDTH {
            let hex = Hex::from_offset(col, row, RowShift::Odd);
            let place = format!("hex {col},{row}");
            let centre = Hex::from_offset(6, 5, RowShift::Odd);
            let d = hex.distance(centre);
            if (col, row) == (2, 5) || (col, row) == (3, 5) || (col, row) == (2, 6) {
                b.span(hex, span(0, 1, Material::Solid(Ground::Sand)), &place);
                b.span(hex, span(1, 2, Material::Liquid(Ground::Water)), &place);
                continue;
            }
            let top: Level = match d {
                0 => 5,
                1 => 3,
                2 if col >= 6 => 2,
                _ => 1,
            };
            let ground = if top > 1 { Ground::Rock } else { Ground::Grass };
            b.span(hex, span(0, top, Material::Solid(ground)), &place);
            if (col, row) == (9, 3) || (col, row) == (3, 7) {
                b.span(
                    hex,
                    span(top, top + 8, Material::Obstacle(Obstacle::Tree)),
                    &place,
                );
            }
            if (col, row) == (8, 6) {
                b.span(
                    hex,
                    span(top, top + 4, Material::Obstacle(Obstacle::Ruin)),
                    &place,
                );
            }
            if row <= 1 {
                b.start(hex, 1, &place);
            }
            if row >= HEIGHT - 2 {
                b.start(hex, 2, &place);
            }
            if col == 0 && (3..=7).contains(&row) {
                b.start(hex, 3, &place);
            }
            if col == WIDTH - 1 && (3..=7).contains(&row) {
                b.start(hex, 4, &place);
            }
        }
    }
    let glyph = |col: i32, row: i32, level: Level, glyph: Glyph, face_up: bool| GlyphSpot {
        hex: Hex::from_offset(col, row, RowShift::Odd),
        level,
        glyph,
        face_up,
    };
    b.glyph(glyph(6, 5, 5, Glyph::Astrid, false));
    b.glyph(glyph(4, 3, 1, Glyph::Gerda, true));
    b.glyph(glyph(8, 8, 1, Glyph::Valda, false));
    b.glyph(glyph(1, 8, 1, Glyph::Dagmar, true));
    b.build().unwrap_or_else(|problems| {
        // The sample is built from constants; a problem here is a bug in this file.
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        panic!("sample battlefield: {}", text.join("; "))
    })
}

#[allow(clippy::too_many_arguments)]
fn card(
    id: &str,
    name: &str,
    kind: Kind,
    figures: u8,
    (life, move_, range, attack, defense, height): (u16, u16, u16, u16, u16, u16),
    points: u32,
    general: &str,
    species: &str,
) -> Card {
    Card {
        id: id.into(),
        name: name.into(),
        rarity: if kind == Kind::Hero {
            Rarity::Unique
        } else {
            Rarity::Common
        },
        kind,
        general: general.into(),
        species: species.into(),
        class: if range > 1 { "archers" } else { "warriors" }.into(),
        personality: "valiant".into(),
        size: if height >= 6 {
            Size::Large
        } else {
            Size::Medium
        },
        height,
        base: 1,
        figures,
        life,
        move_,
        range,
        attack,
        defense,
        points,
        powers: Vec::<PowerText>::new(),
        target_point: None,
        hit_zone: None,
        set: String::new(),
    }
}

/// The sample cards.
pub fn cards() -> Vec<Card> {
    vec![
        card(
            "ironback-sentinels",
            "Ironback Sentinels",
            Kind::Squad,
            3,
            (1, 5, 1, 3, 4, 5),
            55,
            "Jandar",
            "human",
        ),
        card(
            "skyreach-archer",
            "Skyreach Archer",
            Kind::Hero,
            1,
            (4, 5, 7, 3, 2, 5),
            90,
            "Jandar",
            "elf",
        ),
        card(
            "emberclaw-brute",
            "Emberclaw Brute",
            Kind::Hero,
            1,
            (5, 6, 1, 4, 3, 6),
            100,
            "Utgar",
            "orc",
        ),
        card(
            "marsh-stalkers",
            "Marsh Stalkers",
            Kind::Squad,
            3,
            (1, 6, 5, 2, 2, 4),
            50,
            "Utgar",
            "kyrie",
        ),
        card(
            "granite-warden",
            "Granite Warden",
            Kind::Hero,
            1,
            (6, 4, 1, 3, 5, 6),
            95,
            "Ullar",
            "dwarf",
        ),
        card(
            "dune-runners",
            "Dune Runners",
            Kind::Squad,
            2,
            (1, 7, 4, 2, 2, 5),
            40,
            "Vydar",
            "human",
        ),
    ]
}

/// A sample army: its name and its cards (a common card once per copy).
pub struct SampleArmy {
    /// Its id.
    pub id: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Card ids.
    pub cards: &'static [&'static str],
}

/// The sample armies.
pub const ARMIES: [SampleArmy; 4] = [
    SampleArmy {
        id: "wardens",
        name: "Wardens of the Tor",
        cards: &["skyreach-archer", "ironback-sentinels"],
    },
    SampleArmy {
        id: "raiders",
        name: "Ember Raiders",
        cards: &["emberclaw-brute", "marsh-stalkers"],
    },
    SampleArmy {
        id: "stoneguard",
        name: "Stoneguard",
        cards: &["granite-warden", "dune-runners"],
    },
    SampleArmy {
        id: "outriders",
        name: "Outriders",
        cards: &["dune-runners", "dune-runners", "marsh-stalkers"],
    },
];

/// Every army a new game may take: the shipped sample armies (`content/heroscape/armies`, ids
/// from their names), then the small ones above. Each: id, name, cards.
pub fn armies() -> Vec<(String, String, Vec<Card>)> {
    let mut out: Vec<(String, String, Vec<Card>)> = crate::army::sample_armies()
        .into_iter()
        .map(|a| {
            let id = a
                .name
                .to_lowercase()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join("-");
            (
                id,
                a.name.clone(),
                a.cards.into_iter().map(|c| c.card).collect(),
            )
        })
        .collect();
    let all = cards();
    for a in &ARMIES {
        if let Some(cards) = a
            .cards
            .iter()
            .map(|c| all.iter().find(|k| k.id == *c).cloned())
            .collect::<Option<Vec<Card>>>()
        {
            out.push((a.id.to_string(), a.name.to_string(), cards));
        }
    }
    out
}

/// The cards of an army by id.
pub fn army(id: &str) -> Option<(String, Vec<Card>)> {
    armies()
        .into_iter()
        .find(|(i, _, _)| i == id)
        .map(|(_, name, cards)| (name, cards))
}

/// Every battlefield a new game may take: the shipped samples (`maps/heroscape`), then the
/// small one built here. Each: id, name.
pub fn battlefields() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = crate::battlefield::samples()
        .iter()
        .filter_map(|s| Some((s.id.to_string(), s.battlefield().ok()?.name)))
        .collect();
    out.push(("tor".into(), tor().name));
    out
}

/// A battlefield by id.
pub fn battlefield(id: &str) -> Option<Battlefield> {
    if id == "tor" {
        return Some(tor());
    }
    crate::battlefield::samples()
        .iter()
        .find(|s| s.id == id)
        .and_then(|s| s.battlefield().ok())
}

/// A two-player scenario on the sample battlefield.
pub fn scenario(armies: &[&str], rounds: u32) -> crate::game::Scenario {
    crate::game::Scenario {
        battlefield: Arc::new(tor()),
        players: armies
            .iter()
            .enumerate()
            .filter_map(|(i, id)| {
                let (name, army) = army(id)?;
                Some(crate::game::PlayerSetup {
                    name,
                    team: i as u8 + 1,
                    army,
                })
            })
            .collect(),
        rounds,
        options: Default::default(),
        draft: None,
    }
}
