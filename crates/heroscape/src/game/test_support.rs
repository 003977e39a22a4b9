//! What the scenario tests share: the real cards of the shared data (read once), armies of them
//! facing each other on a battlefield, and figure lookups. One copy here, so that a scenario
//! file holds only its rule's positions and outcomes.

use std::sync::{Arc, OnceLock};

use skirmish_board::hex::Hex;

use crate::battlefield::{Battlefield, Builder, Ground, Level, Material, Span};
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

/// Grass at level 1 over `q0..=q1` × `r0..=r1`: start zone 1 on column `q0`, 2 on `q1`.
pub(crate) fn plain(q0: i32, q1: i32, r0: i32, r1: i32) -> Arc<Battlefield> {
    let mut b = crate::battlefield::Builder::new("plain");
    for r in r0..=r1 {
        for q in q0..=q1 {
            let hex = Hex::new(q, r);
            b.span(hex, crate::game::tests::land(1), format!("grass {hex}"));
            if q == q0 {
                b.start(hex, 1, "west");
            }
            if q == q1 {
                b.start(hex, 2, "east");
            }
        }
    }
    Arc::new(b.build().expect("a plain of grass"))
}

/// A state in a turn of West's first card at `stage` with only the listed figures (card name,
/// figure number from 0, hex; a double-space figure's other hex is the one west of it) on the
/// battlefield, and their ids in that order.
pub(crate) fn only_at(
    s: &Scenario,
    places: &[(&str, usize, Hex)],
    stage: crate::game::Stage,
) -> (State, Vec<u32>) {
    use skirmish_engine::Ruleset;
    let probe = crate::game::HeroScape::setup(s, &mut skirmish_dice::Dice::seeded(1))
        .expect("the scenario sets up");
    let ids: Vec<u32> = places.iter().map(|(n, i, _)| fig(&probe, n, *i)).collect();
    let at: Vec<(u32, Hex)> = ids.iter().zip(places).map(|(id, p)| (*id, p.2)).collect();
    let mut state = crate::game::tests::in_turn(s, &at, stage);
    let double: Vec<u32> = ids
        .iter()
        .copied()
        .filter(|id| {
            state
                .figure(*id)
                .is_some_and(|f| state.card_of(f).base >= 2)
        })
        .collect();
    for f in &mut state.figures {
        if !ids.contains(&f.id) {
            f.hex = None;
            f.tail = None;
        } else if double.contains(&f.id) {
            // a double-space figure's other hex on the west of the one given
            f.tail = f.hex.map(|h| Hex::new(h.q - 1, h.r));
        } else {
            f.tail = None;
        }
    }
    // the turn began with only these figures, where they stand
    let record = crate::game::powers::attacks::TurnRecord::starting(&state);
    if let crate::game::Phase::Turns { turn: Some(t), .. } = &mut state.phase {
        t.record = record;
    }
    (state, ids)
}

/// A field of grass `q` 0..`cols`, `r` 0..`rows`, every hex at level 1 but those `raised` lists
/// (hex, level); zone 1 at (0, 0), zone 2 at the far corner. For positions a strip cannot
/// hold (three figures around one).
pub(crate) fn plain_raised(cols: i32, rows: i32, raised: &[(Hex, Level)]) -> Arc<Battlefield> {
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

/// Starts the next turn of a state in play: `seat`'s markers on `unit`, marker 1 revealed now
/// (the powers of a turn's start are asked); the other seat's markers on its first card.
pub(crate) fn start_turn(state: &mut State, seat: skirmish_engine::Seat, unit: u16) {
    start_turn_rolling(state, seat, unit, &[]);
}

/// The printed text of the power `power` of the shared card named `card`.
pub(crate) fn printed(card: &str, power: &str) -> String {
    real(card)
        .powers
        .iter()
        .find(|p| p.name == power)
        .map(|p| p.text.clone())
        .unwrap_or_else(|| panic!("{card} prints {power}"))
}

/// [`start_turn`] with the dice the turn's start rolls (a power rolled at once, nobody asked:
/// *Hive Swarm*), its events returned.
pub(crate) fn start_turn_rolling(
    state: &mut State,
    seat: skirmish_engine::Seat,
    unit: u16,
    dice: &[u8],
) -> Vec<crate::game::Event> {
    use crate::game::state::Phase;
    let p = &mut state.players[seat.index()].markers;
    p.on = [Some(unit); 4];
    p.revealed = [false; 4];
    let other = skirmish_engine::Seat(1 - seat.0);
    // the other seat's markers on its own first card
    let theirs = state.units.iter().find(|u| u.owner == other).map(|u| u.id);
    state.players[other.index()].markers.on = [theirs; 4];
    state.players[other.index()].markers.revealed = [false; 4];
    state.phase = Phase::Turns {
        order: vec![seat, other],
        next: 0,
        turn: None,
    };
    state.frames.as_mut().clear();
    let mut events = Vec::new();
    let mut d = skirmish_dice::Dice::scripted(dice.iter().copied());
    crate::game::play::next_turn(state, &mut d, &mut events);
    // [`start_turn`] scripts no dice and never checked what a start rolled
    assert!(
        dice.is_empty() || d.script_error().is_none(),
        "dice script: {:?}",
        d.script_error()
    );
    events
}

/// The 20-sided die rolls of the events: die, bonus (glyphs, land, other cards), needed,
/// success.
pub(crate) fn rolled_with_bonus(events: &[crate::game::Event]) -> Vec<(u8, u16, u8, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            crate::game::Event::PowerRolled {
                die,
                bonus,
                needed,
                success,
                ..
            } => Some((*die, *bonus, *needed, *success)),
            _ => None,
        })
        .collect()
}

/// The 20-sided die rolls of the events: die, needed, success.
pub(crate) fn rolled(events: &[crate::game::Event]) -> Vec<(u8, u8, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            crate::game::Event::PowerRolled {
                die,
                needed,
                success,
                ..
            } => Some((*die, *needed, *success)),
            _ => None,
        })
        .collect()
}

/// A strip of grass at level 1, but the hexes `grounds` lists (`q`, ground), of that ground;
/// zone 1 at its west end, zone 2 at its east end.
pub(crate) fn strip_with(len: i32, grounds: &[(i32, Ground)]) -> Arc<Battlefield> {
    let mut b = Builder::new("strip");
    for q in 0..len {
        let hex = h(q);
        let ground = grounds
            .iter()
            .find(|(x, _)| *x == q)
            .map_or(Ground::Grass, |(_, g)| *g);
        b.span(
            hex,
            Span {
                bottom: 0,
                top: 1,
                material: Material::Solid(ground),
            },
            format!("hex {q}"),
        );
    }
    b.start(h(0), 1, "west");
    b.start(h(len - 1), 2, "east");
    Arc::new(b.build().expect("the strip is consistent"))
}

/// The seats asked and the decision pending; panics when the game waits for nothing.
pub(crate) fn asked(state: &State) -> (Vec<skirmish_engine::Seat>, crate::game::Decision) {
    use skirmish_engine::Ruleset;
    match crate::game::HeroScape::pending(state) {
        skirmish_engine::Pending::Decide { seats, decision } => (seats, decision),
        other => panic!("nothing asked: {other:?}"),
    }
}
