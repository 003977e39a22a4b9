//! What the scenario tests share: the real cards of the shared data (read once), armies of them
//! facing each other on a battlefield, and figure lookups. One copy here, so that a scenario
//! file holds only its rule's positions and outcomes.

use std::sync::{Arc, OnceLock};

use skirmish_board::hex::Hex;

use crate::battlefield::{Battlefield, Level};
use crate::card::Card;
use crate::game::tests::strip;
use crate::game::{Options, PlayerSetup, Scenario, State};

/// Every card of the shared card file (`$SKIRMISH_SHARED` or `shared/` beside the repository),
/// read once per test binary.
pub(crate) fn cards() -> &'static [Card] {
    static CARDS: OnceLock<Vec<Card>> = OnceLock::new();
    CARDS.get_or_init(|| {
        let path = crate::import::shared_cards_path();
        crate::import::read_file(&path)
            .unwrap_or_else(|e| panic!("the shared HeroScape cards at {}: {e:?}", path.display()))
            .into_iter()
            .map(|i| i.card)
            .collect()
    })
}

/// A real card by its printed name (the first of that name).
pub(crate) fn real(name: &str) -> Card {
    cards()
        .iter()
        .find(|c| c.name == name)
        .cloned()
        .unwrap_or_else(|| panic!("no card named {name} in the shared card file"))
}

/// West (seat 1, team 1) and East (seat 2, team 2) armies of real cards on a strip of hexes at
/// `levels`, five rounds.
pub(crate) fn battle(levels: &[Level], west: &[&str], east: &[&str]) -> Scenario {
    battle_on(strip(levels), west, east)
}

/// West and East armies of real cards on the given battlefield, five rounds.
pub(crate) fn battle_on(field: Arc<Battlefield>, west: &[&str], east: &[&str]) -> Scenario {
    let army = |names: &[&str]| names.iter().map(|n| real(n)).collect();
    Scenario {
        battlefield: field,
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: army(west),
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: army(east),
            },
        ],
        rounds: 5,
        options: Options::default(),
        draft: None,
    }
}

/// The id of the `n`th figure (from 0) of the card named `name`.
pub(crate) fn fig(state: &State, name: &str, n: usize) -> u32 {
    state
        .figures
        .iter()
        .filter(|f| state.card_of(f).name == name)
        .nth(n)
        .unwrap_or_else(|| panic!("no figure {n} of {name}"))
        .id
}

/// The hex `q` of a strip's row.
pub(crate) fn h(q: i32) -> Hex {
    Hex::new(q, 0)
}

/// A field of grass `q` 0..`cols`, `r` 0..`rows`, every hex at level 1 but those `raised` lists
/// (hex, level); zone 1 at (0, 0), zone 2 at the far corner. For positions a strip cannot
/// hold (three figures around one).
pub(crate) fn plain(cols: i32, rows: i32, raised: &[(Hex, Level)]) -> Arc<Battlefield> {
    let mut b = crate::battlefield::Builder::new("plain");
    for q in 0..cols {
        for r in 0..rows {
            let hex = Hex::new(q, r);
            let top = raised
                .iter()
                .find(|(x, _)| *x == hex)
                .map_or(1, |(_, l)| *l);
            b.span(hex, crate::game::tests::land(top), format!("{hex}"));
        }
    }
    b.start(Hex::new(0, 0), 1, "west");
    b.start(Hex::new(cols - 1, rows - 1), 2, "east");
    Arc::new(b.build().expect("the plain battlefield is consistent"))
}
