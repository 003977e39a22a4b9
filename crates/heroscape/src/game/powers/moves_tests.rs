//! Movement powers at play with real cards: the numbers and powers are read from the shared
//! army-card data (`heroscape-cards.json`, never copied here), the battlefields are built for
//! each rule.

use std::sync::Arc;

use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{conformance, Pending, Ruleset, Seat};

use super::*;
use crate::battlefield::{Battlefield, Builder, Glyph, GlyphSpot, Material, Obstacle, Span};
use crate::body::Flight;
use crate::game::state::{Marker, Phase, Stage};
use crate::game::test_support::real as card;
use crate::game::{HeroScape, Options, PlayerSetup, Scenario};

/// Combat die values: 1 a skull, 6 blank.
const SKULL: u8 = 1;
const BLANK: u8 = 6;

/// The same card without its powers, to compare.
fn powerless(name: &str) -> Card {
    Card {
        powers: Vec::new(),
        ..card(name)
    }
}

fn solid(bottom: Level, top: Level, g: Ground) -> Span {
    Span {
        bottom,
        top,
        material: Material::Solid(g),
    }
}

/// A field under construction: grass hexes, start zones on its west and east columns.
struct Field {
    b: Builder,
    hexes: Vec<Hex>,
}

impl Field {
    /// Grass at level 1 over `q0..=q1`, `r0..=r1`; zone 1 on column `q0`, zone 2 on `q1`.
    fn plain(q0: i32, q1: i32, r0: i32, r1: i32) -> Field {
        let mut f = Field {
            b: Builder::new("moves"),
            hexes: Vec::new(),
        };
        for r in r0..=r1 {
            for q in q0..=q1 {
                let hex = Hex::new(q, r);
                f.b.span(hex, solid(0, 1, Ground::Grass), format!("grass {hex}"));
                f.hexes.push(hex);
                if q == q0 {
                    f.b.start(hex, 1, "west");
                }
                if q == q1 {
                    f.b.start(hex, 2, "east");
                }
            }
        }
        f
    }

    /// Another span on a hex.
    fn span(mut self, q: i32, r: i32, span: Span) -> Field {
        self.b
            .span(Hex::new(q, r), span, format!("{span:?} at {q},{r}"));
        self
    }

    fn glyph(mut self, q: i32, r: i32, glyph: Glyph) -> Field {
        self.b.glyph(GlyphSpot {
            hex: Hex::new(q, r),
            level: 1,
            glyph,
            face_up: true,
        });
        self
    }

    fn build(self) -> Arc<Battlefield> {
        Arc::new(self.b.build().expect("the test battlefield is consistent"))
    }
}

/// A game of `west` against `east`, in seat 1's turn with its first card (unit 0), moving; no
/// figure placed yet.
fn game(field: Arc<Battlefield>, west: Vec<Card>, east: Vec<Card>) -> State {
    let scenario = Scenario {
        battlefield: field,
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: west,
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: east,
            },
        ],
        rounds: 5,
        options: Options::default(),
        draft: None,
    };
    let mut state = HeroScape::setup(&scenario, &mut Dice::seeded(1)).expect("the scenario");
    for f in &mut state.figures {
        f.hex = None;
        f.tail = None;
        f.destroyed = false;
    }
    state.frames.as_mut().clear();
    state.players[0].markers.on = [Some(0); 4];
    state.players[1].markers.on = [Some(1); 4];
    active(&mut state, 0);
    state
}

/// Makes `unit` the active card, moving.
fn active(state: &mut State, unit: u16) {
    let seat = state.units[usize::from(unit)].owner;
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 1,
        turn: Some(Turn {
            seat,
            marker: Marker::One,
            unit,
            stage: Stage::Move,
            moved: Vec::new(),
            attacked: Vec::new(),
            carry: None,
            record: Default::default(),
        }),
    };
}

/// Puts figure `id` on `(q, r)` (and its tail) at the hex's top footing.
fn put(state: &mut State, id: u32, q: i32, r: i32, tail: Option<(i32, i32)>) {
    let hex = Hex::new(q, r);
    let level = state
        .field
        .column(hex)
        .unwrap()
        .top_footing()
        .unwrap()
        .level;
    let f = state.figure_mut(id).unwrap();
    f.hex = Some(hex);
    f.tail = tail.map(|(q, r)| Hex::new(q, r));
    f.level = level;
}

/// [`crate::game::tests::play`] for the seat whose turn it is.
fn play(state: &mut State, action: Action, dice: &[u8]) -> Vec<Event> {
    let seat = state.turn().map_or(Seat(0), |t| t.seat);
    crate::game::tests::play(state, seat, action, dice)
}

fn reaches(state: &State, id: u32, q: i32, r: i32, level: Level) -> bool {
    let f = state.figure(id).unwrap();
    geometry::destinations(state, f)
        .iter()
        .any(|d| d.hex == Hex::new(q, r) && d.level == level)
}

fn mv(figure: u32, q: i32, r: i32, level: Level) -> Action {
    Action::Move {
        figure,
        to: Hex::new(q, r),
        level,
        tail: None,
    }
}

fn left(events: &[Event]) -> Vec<(u32, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::LeftEngagement { figure, enemy, .. } => Some((*figure, *enemy)),
            _ => None,
        })
        .collect()
}

/// The rulebook's *Vol et surplomb*: Raelin flies over the ruin and the overhang to the top;
/// M1, which she leaves, rolls one attack die; M3, beside her flight, rolls none; a walker
/// could not go there.
#[test]
fn vol_et_surplomb_raelin_flies_to_the_top() {
    let raelin = card("Raelin the Kyrie Warrior (ROTV)");
    let marro = card("Marro Warriors");
    assert_eq!(super::super::flight(&raelin), Flight::Flies);
    let field = Field::plain(0, 6, 0, 3)
        .span(
            2,
            1,
            Span {
                bottom: 1,
                top: 7,
                material: Material::Obstacle(Obstacle::Ruin),
            },
        )
        .span(3, 1, solid(7, 12, Ground::Rock))
        .span(4, 1, solid(1, 12, Ground::Rock))
        .build();
    let mut state = game(field.clone(), vec![raelin.clone()], vec![marro.clone()]);
    put(&mut state, 1, 1, 1, None); // Raelin
    put(&mut state, 2, 0, 1, None); // M1, engaged with her
    put(&mut state, 4, 3, 2, None); // M3, beside the way under the overhang
    assert_eq!(
        geometry::engaged_with(&state, state.figure(1).unwrap()),
        vec![2]
    );
    let events = play(&mut state, mv(1, 3, 1, 12), &[SKULL]);
    assert_eq!(left(&events), vec![(1, 2)], "M1 rolls, M3 does not");
    let raelin_now = state.figure(1).unwrap();
    assert_eq!(
        (raelin_now.hex, raelin_now.level),
        (Some(Hex::new(3, 1)), 12)
    );
    assert_eq!(raelin_now.wounds, 1, "a skull is a wound");
    // Without Flying she could not get there: the ruin, then eleven levels to climb.
    let walker = Card {
        powers: Vec::new(),
        ..raelin
    };
    let mut state = game(field, vec![walker], vec![marro]);
    put(&mut state, 1, 1, 1, None);
    put(&mut state, 2, 0, 1, None);
    assert!(!reaches(&state, 1, 3, 1, 12));
    let why = crate::game::play::explain(&state, Seat(0), &mv(1, 3, 1, 12)).reason;
    assert!(why.contains("climbs"), "{why}");
}

/// A stealth flyer engaged when it takes off rolls no die for the engagements it leaves.
#[test]
fn a_stealth_flyer_leaves_without_attacks() {
    let corvynn = card("Corvynn the Rotbeak");
    assert_eq!(super::super::flight(&corvynn), Flight::StealthFlies);
    let mut state = game(
        Field::plain(0, 6, 0, 2).build(),
        vec![corvynn],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 2, 1, None);
    put(&mut state, 2, 1, 1, None);
    put(&mut state, 3, 3, 1, None);
    assert_eq!(
        geometry::engaged_with(&state, state.figure(1).unwrap()).len(),
        2
    );
    // No dice at all: the empty script would complain of any roll.
    let events = play(&mut state, mv(1, 5, 0, 1), &[]);
    assert!(left(&events).is_empty());
}

/// Climb X2 doubles the height going up (and down), Climb X3 triples it; the refusal says so.
#[test]
fn climb_x2_scales_the_height() {
    let reaver = card("Deathreavers");
    assert_eq!(powers(&reaver).climb_factor, 2);
    assert_eq!(powers(&card("Fyorlag Spiders")).climb_factor, 3);
    // A ledge five levels up, then seven more.
    let field = Field::plain(0, 4, 0, 0)
        .span(2, 0, solid(1, 6, Ground::Rock))
        .span(3, 0, solid(1, 13, Ground::Rock))
        .build();
    let mut state = game(
        field.clone(),
        vec![reaver.clone()],
        vec![card("Marro Warriors")],
    );
    let height = reaver.height;
    assert!(
        height < 5,
        "a Deathreaver alone could not climb five levels"
    );
    put(&mut state, 1, 1, 0, None);
    assert!(
        reaches(&state, 1, 2, 0, 6),
        "five levels: at most twice its height"
    );
    assert!(!reaches(&state, 1, 3, 0, 13));
    let f = state.figure(1).unwrap().clone();
    let why = geometry::refusal_text(
        &state,
        &f,
        (Way::Normal, 20),
        &Placement::single(Hex::new(3, 0), 13),
        skirmish_lang::Lang::En,
        &|id| format!("#{}", id.0),
    )
    .unwrap();
    assert!(
        why.contains("Climb X2") && why.contains(&format!("{}", 2 * height)),
        "{why}"
    );
    let fr = geometry::refusal_text(
        &state,
        &f,
        (Way::Normal, 20),
        &Placement::single(Hex::new(3, 0), 13),
        skirmish_lang::Lang::Fr,
        &|id| format!("#{}", id.0),
    )
    .unwrap();
    assert!(fr.contains("Escalade X2"), "{fr}");
    let mut plain = game(
        field.clone(),
        vec![powerless("Deathreavers")],
        vec![card("Marro Warriors")],
    );
    put(&mut plain, 1, 1, 0, None);
    assert!(!reaches(&plain, 1, 2, 0, 6));
    let mut spiders = game(
        field,
        vec![card("Fyorlag Spiders")],
        vec![card("Marro Warriors")],
    );
    put(&mut spiders, 1, 2, 0, None);
    let spider_height = spiders.card_of(spiders.figure(1).unwrap()).height;
    assert_eq!(
        reaches(&spiders, 1, 3, 0, 13),
        7 <= 3 * spider_height,
        "seven levels against three times the height"
    );
}

/// Ghost walk: Agent Carr walks through an enemy blocking a corridor; without it he cannot.
#[test]
fn ghost_walk_through_enemies() {
    let carr = card("Agent Carr (RotV)");
    assert!(powers(&carr).ghost_walk);
    let field = Field::plain(0, 6, 0, 0).build();
    let mut state = game(field.clone(), vec![carr], vec![card("Marro Warriors")]);
    put(&mut state, 1, 0, 0, None);
    put(&mut state, 2, 2, 0, None);
    assert!(reaches(&state, 1, 4, 0, 1), "through the warrior");
    assert!(!reaches(&state, 1, 2, 0, 1), "never on it");
    let mut state = game(
        field,
        vec![powerless("Agent Carr (RotV)")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 0, 0, None);
    put(&mut state, 2, 2, 0, None);
    assert!(!reaches(&state, 1, 4, 0, 1));
}

/// Slither: the Armoc Vipers cross a river without stopping; without it the first water hex
/// ends the move.
#[test]
fn water_walk_crosses_a_river() {
    let vipers = card("Armoc Vipers");
    assert!(powers(&vipers).water_walk);
    let water = || Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::Water),
    };
    let field = Field::plain(0, 6, 0, 0)
        .span(2, 0, water())
        .span(3, 0, water())
        .build();
    let mut state = game(field.clone(), vec![vipers], vec![card("Marro Warriors")]);
    put(&mut state, 1, 0, 0, None);
    assert!(reaches(&state, 1, 5, 0, 1));
    let mut state = game(
        field,
        vec![powerless("Armoc Vipers")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 0, 0, None);
    assert!(!reaches(&state, 1, 5, 0, 1));
    assert!(reaches(&state, 1, 2, 0, 1));
}

/// Warp Space: the Krakenling is placed on an empty space within 4, over a pillar, taking the
/// leaving-engagement attack of the enemy it leaves.
#[test]
fn warp_space_teleports_within_four() {
    let kraken = card("Krakenling");
    let (search, within) = way_of(&kraken, MoveWay::Teleport).expect("Warp Space");
    assert_eq!((search, within), (Way::Teleport, 4));
    let field = Field::plain(0, 7, 0, 2)
        .span(3, 1, solid(1, 30, Ground::Rock))
        .build();
    let mut state = game(field, vec![kraken], vec![card("Marro Warriors")]);
    put(&mut state, 1, 1, 1, None);
    put(&mut state, 2, 0, 1, None);
    let f = state.figure(1).unwrap().clone();
    let spots: Vec<(Hex, Level)> = power_destinations(&state, &f, MoveWay::Teleport)
        .iter()
        .map(|d| (d.hex, d.level))
        .collect();
    assert!(spots.contains(&(Hex::new(5, 1), 1)));
    assert!(
        spots.contains(&(Hex::new(3, 1), 30)),
        "on top of the pillar"
    );
    assert!(!spots.contains(&(Hex::new(6, 1), 1)), "five spaces away");
    let warp = Action::PowerMove {
        figure: 1,
        way: MoveWay::Teleport,
        to: Hex::new(5, 1),
        level: 1,
        tail: None,
    };
    let events = play(&mut state, warp, &[SKULL]);
    assert!(events.contains(&Event::MovedBy {
        figure: 1,
        way: MoveWay::Teleport
    }));
    assert_eq!(left(&events), vec![(1, 2)]);
    assert!(events.iter().any(
        |e| matches!(e, Event::Moved { figure: 1, path, .. } if path == &vec![(Hex::new(5, 1), 1)])
    ));
    assert_eq!(state.figure(1).unwrap().wounds, 1);
}

/// Grapple Gun 25: Sgt. Drake moves one space, 20 levels up, instead of his normal move.
#[test]
fn grapple_gun_climbs_a_cliff() {
    let drake = card("Sgt. Drake Alexander (ROTV)");
    assert_eq!(
        way_of(&drake, MoveWay::AlternateMove),
        Some((Way::Grapple { up: 25 }, 1))
    );
    let field = Field::plain(0, 5, 0, 0)
        .span(2, 0, solid(1, 21, Ground::Rock))
        .build();
    let mut state = game(field, vec![drake], vec![card("Marro Warriors")]);
    put(&mut state, 1, 1, 0, None);
    assert!(!reaches(&state, 1, 2, 0, 21));
    let up = Action::PowerMove {
        figure: 1,
        way: MoveWay::AlternateMove,
        to: Hex::new(2, 0),
        level: 21,
        tail: None,
    };
    play(&mut state, up, &[]);
    assert_eq!(state.figure(1).unwrap().level, 21);
}

/// Carry: Brunak picks an adjacent unengaged friend before moving, moves, and the friend is put
/// down on a free space adjacent to him.
#[test]
fn brunak_carries_a_friend() {
    let brunak = card("Brunak");
    assert!(carry_filter(&brunak).is_some());
    let field = Field::plain(0, 8, 0, 3).build();
    let mut state = game(
        field,
        vec![brunak, card("Marro Warriors")],
        vec![card("Agent Carr (RotV)")],
    );
    put(&mut state, 1, 1, 1, Some((0, 1))); // Brunak
    put(&mut state, 2, 2, 1, None); // a Marro warrior next to him
    put(&mut state, 3, 5, 3, None); // another, far away
    let carr = state.figures.iter().find(|f| f.unit == 2).unwrap().id;
    put(&mut state, carr, 8, 0, None);
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(legal.contains(&Action::Carry {
        figure: 1,
        friend: 2
    }));
    assert!(!legal.contains(&Action::Carry {
        figure: 1,
        friend: 3
    }));
    let events = play(
        &mut state,
        Action::Carry {
            figure: 1,
            friend: 2,
        },
        &[],
    );
    assert!(events.contains(&Event::CarryChosen {
        carrier: 1,
        figure: 2
    }));
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(!legal.is_empty());
    assert!(
        legal.iter().all(|a| matches!(
            a,
            Action::Move { figure: 1, .. } | Action::PowerMove { figure: 1, .. }
        )),
        "only Brunak's moves once the carry is chosen: {legal:?}"
    );
    let to = legal
        .iter()
        .find(|a| matches!(a, Action::Move { to, .. } if to.q >= 5))
        .cloned()
        .expect("Brunak moves east");
    play(&mut state, to, &[]);
    let Pending::Decide { decision, .. } = HeroScape::pending(&state) else {
        panic!("a decision")
    };
    assert_eq!(
        decision,
        Decision::PlaceCarried {
            carrier: 1,
            figure: 2
        }
    );
    let places = HeroScape::legal_actions(&state, Seat(0));
    assert!(!places.is_empty());
    let brunak_now = state.figure(1).unwrap().clone();
    for a in &places {
        let Action::PlaceCarried { to, .. } = a else {
            panic!("only places: {a:?}")
        };
        assert!(
            brunak_now.hexes().any(|h| h.distance(*to) == 1),
            "{to} next to Brunak"
        );
    }
    let place = places[0].clone();
    let events = play(&mut state, place.clone(), &[]);
    let Action::PlaceCarried { to, level, .. } = place else {
        unreachable!()
    };
    assert!(events.contains(&Event::Carried {
        carrier: 1,
        figure: 2,
        hex: to,
        level
    }));
    assert_eq!(state.figure(2).unwrap().hex, Some(to));
    assert!(state.turn().is_none_or(|t| t.carry.is_none()));
}

/// A used (gone) glyph no longer stops a move; one still lying there does.
#[test]
fn a_discarded_glyph_stops_nobody() {
    let field = Field::plain(0, 6, 0, 0).glyph(2, 0, Glyph::Kelda).build();
    let mut state = game(
        field,
        vec![card("Marro Warriors")],
        vec![card("Agent Carr (RotV)")],
    );
    put(&mut state, 1, 0, 0, None);
    assert!(!reaches(&state, 1, 4, 0, 1));
    state.glyphs[0].gone = true;
    assert!(reaches(&state, 1, 4, 0, 1));
}

/// Molten lava: a walker that enters it rolls the d20 and dies on anything but a 20; Brunak
/// (Lava Resistant) walks through without a roll; a lava field wounds on a skull at the end
/// of the round.
#[test]
fn molten_lava_and_lava_fields() {
    let lava = Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::Lava),
    };
    let field = Field::plain(0, 7, 0, 1)
        .span(3, 0, lava)
        .span(3, 1, lava)
        .span(4, 0, lava)
        .span(4, 1, lava)
        .span(6, 1, solid(1, 2, Ground::LavaField))
        .build();
    let mut state = game(
        field.clone(),
        vec![card("Marro Warriors")],
        vec![card("Agent Carr (RotV)")],
    );
    put(&mut state, 1, 1, 0, None);
    assert!(!reaches(&state, 1, 5, 0, 1), "molten lava stops the move");
    let events = play(&mut state, mv(1, 3, 0, 1), &[7]);
    assert!(events.contains(&Event::MoltenLava {
        figure: 1,
        die: 7,
        bonus: 0,
        survived: false
    }));
    assert!(state.figure(1).unwrap().destroyed);
    let brunak = card("Brunak");
    assert!(powers(&brunak).lava_resistant);
    let mut state = game(field, vec![brunak], vec![card("Agent Carr (RotV)")]);
    put(&mut state, 1, 1, 0, Some((0, 0)));
    let f = state.figure(1).unwrap().clone();
    let across = geometry::destinations(&state, &f)
        .into_iter()
        .find(|d| d.hex.q >= 5)
        .expect("Brunak walks across the lava");
    assert_eq!(across.path.molten, None);
    // The end of the round: Agent Carr on the lava field rolls one die.
    put(&mut state, 2, 6, 1, None);
    let mut dice = Dice::scripted([SKULL]);
    let mut events = Vec::new();
    lava_fields(&mut state, &mut dice, &mut events);
    assert_eq!(
        events.first(),
        Some(&Event::LavaField {
            figure: 2,
            die: crate::game::combat::Face::Skull
        })
    );
    assert_eq!(state.figure(2).unwrap().wounds, 1);
    let mut dice = Dice::scripted([BLANK]);
    lava_fields(&mut state, &mut dice, &mut Vec::new());
    assert_eq!(state.figure(2).unwrap().wounds, 1);
}

/// Random games of armies with these powers keep every rule of the engine's harness (legal
/// actions apply, secrets, undo) and never put two figures on a spot.
#[test]
fn random_games_with_movement_powers_conform() {
    let scenario = Scenario {
        battlefield: Arc::new(crate::present::samples::tor()),
        players: vec![
            PlayerSetup {
                name: "West".into(),
                team: 1,
                army: vec![
                    card("Brunak"),
                    card("Marro Warriors"),
                    card("Krakenling"),
                    card("Raelin the Kyrie Warrior (ROTV)"),
                    card("Shaolin Monks"),
                    card("Tul-Bak-Ra"),
                    card("Water Elemental"),
                ],
            },
            PlayerSetup {
                name: "East".into(),
                team: 2,
                army: vec![
                    card("Sgt. Drake Alexander (ROTV)"),
                    card("Agent Carr (RotV)"),
                    card("Armoc Vipers"),
                    card("Deathreavers"),
                    card("Corvynn the Rotbeak"),
                ],
            },
        ],
        rounds: 3,
        options: Options::default(),
        draft: None,
    };
    let stats = conformance::random_playouts::<HeroScape>(&scenario, 0..24, 4000, |state| {
        let mut seen = std::collections::BTreeSet::new();
        for f in state.figures.iter().filter(|f| f.on_field()) {
            for h in f.hexes() {
                if !seen.insert((h, f.level)) {
                    return Err(format!("two figures on {h} at level {}", f.level));
                }
            }
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(stats.games, 24);
}

/// The figures of a card, in order.
fn figures_of(state: &State, unit: u16) -> Vec<u32> {
    state
        .figures
        .iter()
        .filter(|f| f.unit == unit)
        .map(|f| f.id)
        .collect()
}

/// The turn begins now: where every figure stands is where it started.
fn record_start(state: &mut State) {
    let record = crate::game::powers::attacks::TurnRecord::starting(state);
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.record = record;
    }
}

fn move_now(state: &State, id: u32) -> u16 {
    glyphs::move_of(state, state.figure(id).unwrap())
}

/// Tricky Speed 4: Otonashi (move 6) who started her turn next to Agent Skahen, a Tricky
/// figure she controls, moves 10; what counts is where the turn found them, and an
/// opponent's Tricky figure does not count.
#[test]
fn tricky_speed_counts_where_the_turn_began() {
    let field = Field::plain(0, 12, 0, 1).build();
    let mut state = game(
        field.clone(),
        vec![card("Otonashi"), card("Agent Skahen")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 0, 0, None);
    put(&mut state, 2, 0, 1, None);
    record_start(&mut state);
    assert_eq!(move_now(&state, 1), 10);
    assert!(reaches(&state, 1, 10, 0, 1));
    // Skahen leaves during the turn: the turn began with her adjacent.
    put(&mut state, 2, 12, 1, None);
    assert_eq!(move_now(&state, 1), 10);
    // A turn that begins with Skahen away: no bonus, even once she is back.
    record_start(&mut state);
    put(&mut state, 2, 0, 1, None);
    assert_eq!(move_now(&state, 1), 6);
    assert!(!reaches(&state, 1, 10, 0, 1));
    // The opponent's Agent Skahen, adjacent: no bonus.
    let mut state = game(field, vec![card("Otonashi")], vec![card("Agent Skahen")]);
    put(&mut state, 1, 0, 0, None);
    put(&mut state, 2, 0, 1, None);
    record_start(&mut state);
    assert_eq!(move_now(&state, 1), 6);
}

/// Amphibious: a Sahuagin Raider (move 6) that starts its turn on water moves 7, walks on
/// through water, and defends with 2 more dice there.
#[test]
fn amphibious_raider_starts_on_water() {
    let water = Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::Water),
    };
    let field = Field::plain(0, 9, 0, 0)
        .span(1, 0, water)
        .span(2, 0, water)
        .build();
    let mut state = game(
        field,
        vec![card("Sahuagin Raider")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 1, 0, None);
    record_start(&mut state);
    assert_eq!(move_now(&state, 1), 7);
    assert!(reaches(&state, 1, 8, 0, 1), "7 spaces, through the water");
    // Started on grass: 6, even standing on water later.
    put(&mut state, 1, 0, 0, None);
    record_start(&mut state);
    put(&mut state, 1, 1, 0, None);
    assert_eq!(move_now(&state, 1), 6);
}

/// Ullar's Amulet: the Armoc Vipers (Ullar, move 7) that start their turn adjacent to Acolarh
/// move 9; the one away moves 7, a friend who does not follow Ullar gets nothing, nor does
/// Acolarh.
#[test]
fn ullars_amulet_lends_two_spaces() {
    let field = Field::plain(0, 12, 0, 2).build();
    let mut state = game(
        field,
        vec![
            card("Acolarh"),
            card("Armoc Vipers"),
            card("Sgt. Drake Alexander (ROTV)"),
        ],
        vec![card("Marro Warriors")],
    );
    let vipers = figures_of(&state, 1);
    let drake = figures_of(&state, 2)[0];
    put(&mut state, 1, 1, 1, None);
    put(&mut state, vipers[0], 2, 1, None);
    put(&mut state, vipers[1], 8, 1, None);
    put(&mut state, drake, 0, 1, None);
    active(&mut state, 1);
    record_start(&mut state);
    assert_eq!(move_now(&state, vipers[0]), 9);
    assert!(reaches(&state, vipers[0], 11, 1, 1));
    assert_eq!(move_now(&state, vipers[1]), 7);
    assert_eq!(
        move_now(&state, drake),
        card("Sgt. Drake Alexander (ROTV)").move_
    );
    assert_eq!(move_now(&state, 1), 5);
    // Acolarh destroyed: the amulet is gone.
    state.figure_mut(1).unwrap().destroyed = true;
    assert_eq!(move_now(&state, vipers[0]), 7);
}

fn power_move(figure: u32, way: MoveWay, q: i32, r: i32, level: Level) -> Action {
    Action::PowerMove {
        figure,
        way,
        to: Hex::new(q, r),
        level,
        tail: None,
    }
}

fn power_spots(state: &State, id: u32, way: MoveWay) -> Vec<(Hex, Level)> {
    let f = state.figure(id).unwrap().clone();
    power_destinations(state, &f, way)
        .iter()
        .map(|d| (d.hex, d.level))
        .collect()
}

/// Underground Movement: Decker is placed within 4 spaces, at most 6 levels above or 3 below
/// his level, never on water; leaving an engagement, he takes the attack.
#[test]
fn underground_movement_within_its_levels() {
    let water = Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::Water),
    };
    let field = Field::plain(0, 7, 0, 2)
        .span(3, 0, solid(1, 7, Ground::Rock))
        .span(3, 1, solid(1, 8, Ground::Rock))
        .span(2, 2, water)
        .span(6, 2, solid(1, 12, Ground::Rock))
        .build();
    let decker = card("Decker The Burrowbreaker");
    let mut state = game(
        field.clone(),
        vec![decker.clone()],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 1, 1, None);
    put(&mut state, 2, 0, 1, None);
    let spots = power_spots(&state, 1, MoveWay::Place);
    assert!(spots.contains(&(Hex::new(3, 0), 7)), "6 levels up");
    assert!(!spots.contains(&(Hex::new(3, 1), 8)), "7 levels up");
    assert!(!spots.iter().any(|s| s.0 == Hex::new(2, 2)), "water");
    assert!(spots.contains(&(Hex::new(5, 1), 1)));
    assert!(!spots.contains(&(Hex::new(6, 1), 1)), "five spaces away");
    let why = explain(&state, &power_move(1, MoveWay::Place, 3, 1, 8)).unwrap();
    assert!(why.contains("more than 6 levels above"), "{why}");
    let events = play(&mut state, power_move(1, MoveWay::Place, 3, 0, 7), &[SKULL]);
    assert_eq!(left(&events), vec![(1, 2)], "the Marro it leaves attacks");
    assert_eq!(state.figure(1).unwrap().hex, Some(Hex::new(3, 0)));
    // From 12 levels up, 3 levels down at most: the plain, 11 below, is out of reach.
    let mut state = game(field, vec![decker], vec![card("Marro Warriors")]);
    put(&mut state, 1, 6, 2, None);
    let spots = power_spots(&state, 1, MoveWay::Place);
    assert!(spots.is_empty(), "{spots:?}");
    let why = explain(&state, &power_move(1, MoveWay::Place, 5, 1, 1)).unwrap();
    assert!(why.contains("more than 3 levels below"), "{why}");
}

/// Teleportation: Tul-Bak-Ra lands on his own level within 10 spaces, engaged or not, and the
/// enemy he leaves rolls no die.
#[test]
fn teleportation_same_level_without_attacks() {
    let field = Field::plain(0, 12, 0, 1)
        .span(4, 0, solid(1, 3, Ground::Rock))
        .build();
    let mut state = game(
        field,
        vec![card("Tul-Bak-Ra")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 1, 1, None);
    put(&mut state, 2, 0, 1, None);
    let spots = power_spots(&state, 1, MoveWay::Place);
    assert!(spots.contains(&(Hex::new(11, 1), 1)));
    assert!(!spots.contains(&(Hex::new(12, 1), 1)), "eleven spaces away");
    assert!(
        !spots.iter().any(|s| s.0 == Hex::new(4, 0)),
        "another level"
    );
    let events = play(&mut state, power_move(1, MoveWay::Place, 11, 1, 1), &[]);
    assert!(left(&events).is_empty());
    assert_eq!(state.figure(1).unwrap().wounds, 0);
    assert!(events.contains(&Event::MovedBy {
        figure: 1,
        way: MoveWay::Place
    }));
    assert_eq!(
        crate::present::text::way_name(&state, 1, MoveWay::Place, skirmish_lang::Lang::Fr),
        "Teleportation"
    );
}

/// Shadow Dance: only when Mika started her turn on a shadow space, and only onto another
/// one within 8.
#[test]
fn shadow_dance_from_shadow_to_shadow() {
    let shadow = solid(1, 2, Ground::Shadow);
    let field = Field::plain(0, 12, 0, 0)
        .span(1, 0, shadow)
        .span(6, 0, shadow)
        .span(10, 0, shadow)
        .build();
    let mut state = game(
        field,
        vec![card("Mika Connour")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 1, 0, None);
    record_start(&mut state);
    assert_eq!(
        power_spots(&state, 1, MoveWay::Place),
        vec![(Hex::new(6, 0), 2)]
    );
    // Started on grass: no Shadow Dance, even on a shadow space now.
    put(&mut state, 1, 0, 0, None);
    record_start(&mut state);
    put(&mut state, 1, 1, 0, None);
    assert!(power_spots(&state, 1, MoveWay::Place).is_empty());
    let why = explain(&state, &power_move(1, MoveWay::Place, 6, 0, 2)).unwrap();
    assert!(
        why.contains("did not start its turn on a shadow space"),
        "{why}"
    );
}

/// Stealth Leap: a Shaolin Monk leaps 3 spaces over figures and up to 12 levels, never 13,
/// and the enemy it leaves rolls no die; the Einar Imperium's misprinted Stealth Flying reads.
#[test]
fn stealth_leap_twelve_levels() {
    let field = Field::plain(0, 6, 0, 2)
        .span(3, 1, solid(1, 13, Ground::Rock))
        .span(3, 0, solid(1, 14, Ground::Rock))
        .build();
    let mut state = game(
        field,
        vec![card("Shaolin Monks")],
        vec![card("Marro Warriors")],
    );
    let monk = figures_of(&state, 0)[0];
    let marro = figures_of(&state, 1)[0];
    put(&mut state, monk, 1, 1, None);
    put(&mut state, marro, 2, 1, None);
    let spots = power_spots(&state, monk, MoveWay::Leap);
    assert!(spots.contains(&(Hex::new(3, 1), 13)), "12 levels up");
    assert!(!spots.contains(&(Hex::new(3, 0), 14)), "13 levels up");
    assert!(!spots.contains(&(Hex::new(5, 1), 1)), "four spaces away");
    let events = play(&mut state, power_move(monk, MoveWay::Leap, 4, 1, 1), &[]);
    assert!(left(&events).is_empty());
    assert_eq!(state.figure(monk).unwrap().hex, Some(Hex::new(4, 1)));
    assert_eq!(
        super::super::flight(&card("The Einar Imperium")),
        Flight::StealthFlies
    );
}

/// Water Tunnel: the Water Elemental's normal move ends on water, then it is placed at once on
/// water of its level within 5, taking no leaving-engagement attack; the moves then end. Any
/// other action lets the chance go.
#[test]
fn water_tunnel_after_a_normal_move() {
    let water = Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::Water),
    };
    let field = Field::plain(0, 10, 0, 0)
        .span(3, 0, water)
        .span(7, 0, water)
        .span(9, 0, water)
        .build();
    let mut state = game(
        field.clone(),
        vec![card("Water Elemental")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 0, 0, None);
    put(&mut state, 2, 4, 0, None);
    // No tunnel before moving.
    assert!(power_spots(&state, 1, MoveWay::Tunnel).is_empty());
    play(&mut state, mv(1, 3, 0, 1), &[]);
    assert_eq!(
        state.turn().unwrap().stage,
        Stage::Move,
        "the tunnel is offered"
    );
    assert_eq!(
        power_spots(&state, 1, MoveWay::Tunnel),
        vec![(Hex::new(7, 0), 1)]
    );
    let events = play(&mut state, power_move(1, MoveWay::Tunnel, 7, 0, 1), &[]);
    assert!(left(&events).is_empty(), "it leaves the Marro unharmed");
    assert_eq!(state.figure(1).unwrap().hex, Some(Hex::new(7, 0)));
    assert!(
        state.turn().is_none_or(|t| t.stage == Stage::Attack),
        "one tunnel, then the moves are over"
    );
    // Declined: the moves end, and no tunnel is offered any more.
    let mut state = game(
        field,
        vec![card("Water Elemental")],
        vec![card("Marro Warriors")],
    );
    put(&mut state, 1, 0, 0, None);
    put(&mut state, 2, 10, 0, None);
    play(&mut state, mv(1, 3, 0, 1), &[]);
    play(&mut state, Action::EndMoves, &[]);
    assert!(power_spots(&state, 1, MoveWay::Tunnel).is_empty());
}

/// Swamp Water Tunnel: a Marro Drudge tunnels from swamp water to swamp water, taking the
/// leaving-engagement attack; a move ending on grass offers nothing.
#[test]
fn swamp_water_tunnel_takes_the_attack() {
    let swamp = Span {
        bottom: 1,
        top: 2,
        material: Material::Liquid(Ground::SwampWater),
    };
    let field = Field::plain(0, 10, 0, 0)
        .span(3, 0, swamp)
        .span(6, 0, swamp)
        .build();
    let mut state = game(
        field,
        vec![card("Marro Drudge")],
        vec![card("Marro Warriors")],
    );
    let drudges = figures_of(&state, 0);
    let enemy = figures_of(&state, 1)[0];
    put(&mut state, drudges[0], 0, 0, None);
    put(&mut state, drudges[1], 10, 0, None);
    put(&mut state, enemy, 4, 0, None);
    play(&mut state, mv(drudges[1], 9, 0, 1), &[]);
    assert!(power_spots(&state, drudges[1], MoveWay::Tunnel).is_empty());
    play(&mut state, mv(drudges[0], 3, 0, 1), &[]);
    assert_eq!(
        power_spots(&state, drudges[0], MoveWay::Tunnel),
        vec![(Hex::new(6, 0), 1)]
    );
    let events = play(
        &mut state,
        power_move(drudges[0], MoveWay::Tunnel, 6, 0, 1),
        &[SKULL],
    );
    assert_eq!(left(&events), vec![(drudges[0], enemy)]);
    assert!(
        state.figure(drudges[0]).unwrap().destroyed,
        "a skull, a drudge of 1 life"
    );
}
