//! Special attacks at play, from the rulebook's worked examples with the real cards (the shared
//! card data: `SKIRMISH_SHARED` or `shared/` beside the repository) and scripted dice.

use std::sync::Arc;

use skirmish_board::hex::{Hex, HexDir};
use skirmish_dice::Dice;
use skirmish_engine::{Ruleset, Seat};
use skirmish_lang::Lang;

use super::*;
use crate::battlefield::{Battlefield, Builder, Ground, Level, Material, Obstacle, Span};
use crate::game::state::{Marker, Options, PlayerSetup, Scenario, Turn};
use crate::game::test_support::real as card;
use crate::game::HeroScape;
use crate::power::Again;

const SKULL: u8 = 1;
const SHIELD: u8 = 4;
const BLANK: u8 = 6;

fn span(bottom: Level, top: Level, material: Material) -> Span {
    Span {
        bottom,
        top,
        material,
    }
}

/// A field of level-1 grass `q` 0..=12, `r` 0..=6, changed by `extra` (hex, spans replacing
/// the grass); zone 1 at the west corner, zone 2 at the east corner.
fn field(extra: &[(Hex, Vec<Span>)]) -> Arc<Battlefield> {
    let mut b = Builder::new("special attacks");
    for q in 0..=12 {
        for r in 0..=6 {
            let hex = Hex::new(q, r);
            match extra.iter().find(|(h, _)| *h == hex) {
                Some((_, spans)) => {
                    for s in spans {
                        b.span(hex, *s, format!("{hex}"));
                    }
                }
                None => {
                    b.span(hex, span(0, 1, Material::Solid(Ground::Grass)), "grass");
                }
            }
        }
    }
    b.start(Hex::new(0, 0), 1, "west");
    b.start(Hex::new(12, 6), 2, "east");
    Arc::new(b.build().expect("the test battlefield is consistent"))
}

fn land(top: Level) -> Vec<Span> {
    vec![span(0, top, Material::Solid(Ground::Grass))]
}

/// A state in the attack step of seat 1's turn with unit 0, figures where given (hex, tail,
/// level), the others off the battlefield.
fn attack_step(
    field: Arc<Battlefield>,
    west: Vec<Card>,
    east: Vec<Card>,
    places: &[(u32, Hex, Option<Hex>, Level)],
) -> State {
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
    let mut state = HeroScape::setup(&scenario, &mut Dice::seeded(1)).unwrap();
    for f in &mut state.figures {
        f.hex = None;
        f.tail = None;
        f.destroyed = false;
    }
    for &(id, hex, tail, level) in places {
        let f = state.figure_mut(id).unwrap();
        f.hex = Some(hex);
        f.tail = tail;
        f.level = level;
    }
    state.frames.as_mut().clear();
    state.players[0].markers.on = [Some(0), Some(0), Some(0), Some(0)];
    state.players[1].markers.on = [Some(1), Some(1), Some(1), Some(1)];
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 1,
        turn: Some(Turn {
            seat: Seat(0),
            marker: Marker::One,
            unit: 0,
            stage: Stage::Attack,
            moved: Vec::new(),
            attacked: Vec::new(),
            record: Default::default(),
            carry: None,
        }),
    };
    state
}

fn special(figure: u32, target: u32) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice: None,
        also: Vec::new(),
    }
}

fn special_dice(figure: u32, target: u32, dice: u16) -> Action {
    Action::SpecialAttack {
        figure,
        power: 0,
        target: Some(target),
        line: None,
        dice: Some(dice),
        also: Vec::new(),
    }
}

/// Plays a legal action with scripted dice, every die used.
fn play(state: &mut State, action: Action, dice: &[u8]) -> Vec<Event> {
    assert!(
        HeroScape::legal_actions(state, Seat(0)).contains(&action),
        "{action:?} is not legal: {}",
        HeroScape::explain_illegal(state, Seat(0), &action).reason
    );
    let mut d = Dice::scripted(dice.iter().copied());
    let mut events = Vec::new();
    HeroScape::apply(state, Seat(0), &action, &mut d, &mut events).unwrap();
    assert!(d.script_error().is_none(), "{:?}", d.script_error());
    assert!(d.exhausted().is_none(), "more dice rolled than scripted");
    assert_eq!(d.rolls().len(), dice.len(), "every scripted die is rolled");
    events
}

/// The hits of the one special attack among events, as (figure, defence dice, wounds).
fn hits(events: &[Event]) -> (u16, Vec<(u32, usize, u16)>) {
    let Some(Event::SpecialAttacked { skulls, hits, .. }) = events
        .iter()
        .find(|e| matches!(e, Event::SpecialAttacked { .. }))
    else {
        panic!("no special attack among {events:?}")
    };
    (
        *skulls,
        hits.iter()
            .map(|h| (h.figure, h.defence.len(), h.wounds))
            .collect(),
    )
}

fn destroyed(events: &[Event]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { figure } => Some(*figure),
            _ => None,
        })
        .collect()
}

#[test]
fn the_airborne_elite_grenades_of_the_rulebook() {
    // Les grenades des unités d'élites Aéroportées, A1 to A4. Figures: A1..A4 = 1..4, Tagawa
    // Samurai S1..S3 = 5..7, Marro Warriors M1..M4 = 8..11. S2 stands 2 levels higher than
    // the Airborne Elite (one more defence die); between A1 and M2 an overhang 10 levels high
    // carries a ruin 6 high: 16 levels over A1's base.
    let h = Hex::new;
    let field = field(&[
        (h(6, 0), land(3)),
        (
            h(8, 4),
            vec![
                span(0, 1, Material::Solid(Ground::Grass)),
                span(7, 11, Material::Solid(Ground::Rock)),
                span(11, 17, Material::Obstacle(Obstacle::Ruin)),
            ],
        ),
    ]);
    let airborne = card("Airborne Elite");
    assert_eq!(specials(&airborne)[0].1.lob, Some(12));
    let mut state = attack_step(
        field,
        vec![airborne],
        vec![card("Tagawa Samurai"), card("Marro Warriors")],
        &[
            (1, h(6, 4), None, 1),
            (2, h(5, 4), None, 1),
            (3, h(4, 4), None, 1),
            (4, h(10, 1), None, 1),
            (5, h(5, 0), None, 1),
            (6, h(6, 0), None, 3),
            (7, h(7, 0), None, 1),
            (8, h(11, 4), None, 1),
            (9, h(10, 4), None, 1),
            (10, h(10, 5), None, 1),
            (11, h(9, 5), None, 1),
        ],
    );
    // A1 cannot reach M2: 16 > 12.
    let to_m2 = special(1, 9);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&to_m2));
    let why = HeroScape::explain_illegal(&state, Seat(0), &to_m2).reason;
    assert!(why.contains("12 < 16"), "{why}");
    assert_eq!(
        area::lob_height(&state, state.figure(1).unwrap(), state.figure(9).unwrap()),
        16
    );
    // A3 is 7 spaces from M1: out of the grenade's range 5.
    let why = HeroScape::explain_illegal(&state, Seat(0), &special(3, 8)).reason;
    assert!(why.contains("7 spaces away, out of"), "{why}");
    assert!(why.contains("range of 5"), "{why}");

    // Once an Airborne Elite has made a normal attack, the others cannot throw grenades this
    // turn: all the attacking Airborne Elite must throw.
    let mut normal_first = state.clone();
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut normal_first.phase
    {
        turn.attacked.push(4);
    }
    let why = HeroScape::explain_illegal(&normal_first, Seat(0), &special(1, 6)).reason;
    assert!(
        why.contains("figure 4 already made a normal attack"),
        "{why}"
    );

    // A1 on S2: one skull; S2 6 dice (5 + 1 for height), 2 shields; S1 3 shields; S3 none.
    let events = play(
        &mut state,
        special(1, 6),
        &[
            SKULL, BLANK, // attack, once
            SHIELD, SHIELD, BLANK, BLANK, BLANK, BLANK, // S2
            SHIELD, SHIELD, SHIELD, BLANK, BLANK, // S1
            BLANK, BLANK, BLANK, BLANK, BLANK, // S3
        ],
    );
    assert_eq!(hits(&events), (1, vec![(6, 6, 0), (5, 5, 0), (7, 5, 1)]));
    assert_eq!(destroyed(&events), vec![7]);
    assert_eq!(state.specials.spent, vec![(0, 0)]);
    assert_eq!(spent(&state, 0), vec!["GRENADE SPECIAL ATTACK".to_string()]);
    // Every Airborne Elite that attacks this turn must throw its grenade.
    let legal = HeroScape::legal_actions(&state, Seat(0));
    assert!(
        !legal.iter().any(|a| matches!(a, Action::Attack { .. })),
        "{legal:?}"
    );
    assert!(!legal.contains(&special(1, 5)), "A1 has thrown");
    let normal = Action::Attack {
        figure: 2,
        target: 6,
    };
    let why = HeroScape::explain_illegal(&state, Seat(0), &normal).reason;
    assert!(why.contains("must use"), "{why}");

    // A2 on S2: no skull, nobody defends; S1 is affected too.
    let events = play(&mut state, special(2, 6), &[BLANK, BLANK]);
    assert_eq!(hits(&events), (0, vec![(6, 0, 0), (5, 0, 0)]));

    // A3 on S1: two skulls; S1 one shield, destroyed; S2 two shields, safe.
    let events = play(
        &mut state,
        special(3, 5),
        &[
            SKULL, SKULL, // attack
            SHIELD, BLANK, BLANK, BLANK, BLANK, // S1
            SHIELD, SHIELD, BLANK, BLANK, BLANK, BLANK, // S2, 5 + 1
        ],
    );
    assert_eq!(hits(&events), (2, vec![(5, 5, 1), (6, 6, 0)]));
    assert_eq!(destroyed(&events), vec![5]);

    // A4 on M2: one skull; M2 3 dice, one shield; M1 two, M3 three; M4 none: destroyed.
    let events = play(
        &mut state,
        special(4, 9),
        &[
            SKULL, BLANK, // attack
            SHIELD, BLANK, BLANK, // M2
            SHIELD, SHIELD, BLANK, // M1
            SHIELD, SHIELD, SHIELD, // M3
            BLANK, BLANK, BLANK, // M4
        ],
    );
    assert_eq!(
        hits(&events),
        (1, vec![(9, 3, 0), (8, 3, 0), (10, 3, 0), (11, 3, 1)])
    );
    assert_eq!(destroyed(&events), vec![11]);
    // Every figure of the card has attacked: the turn is over.
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));

    // A later turn of the Airborne Elite: the grenade is spent.
    state.phase = Phase::Turns {
        order: vec![Seat(0), Seat(1)],
        next: 3,
        turn: Some(Turn {
            seat: Seat(0),
            marker: Marker::Two,
            unit: 0,
            stage: Stage::Attack,
            moved: Vec::new(),
            attacked: Vec::new(),
            record: Default::default(),
            carry: None,
        }),
    };
    let again = special(1, 6);
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&again));
    let why = HeroScape::explain_illegal(&state, Seat(0), &again).reason;
    assert!(why.contains("once per game"), "{why}");
    // Their normal attacks are back.
    assert!(HeroScape::legal_actions(&state, Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Attack { figure: 1, .. })));
}

#[test]
fn mimring_fire_line_hits_every_level_it_sees() {
    // La ligne de feu: Mimring (head 1,3, tail 0,3) on a hill 10 high breathes east over
    // (2..9, 3). A1 on the grass, A2 on a hill 2 high, A3 under a bridge and the fourth
    // Airborne on the bridge above it are all affected; a Marro behind a tall rock on the line
    // is not seen, one beside the line is not on it.
    let h = Hex::new;
    let field = field(&[
        (h(0, 3), land(10)),
        (h(1, 3), land(10)),
        (h(5, 3), land(2)),
        (
            h(7, 3),
            vec![
                span(0, 1, Material::Solid(Ground::Grass)),
                span(8, 10, Material::Solid(Ground::Rock)),
            ],
        ),
        (h(8, 3), vec![span(0, 15, Material::Solid(Ground::Rock))]),
    ]);
    let mimring = card("Mimring");
    assert_eq!(specials(&mimring)[0].1.area, Area::Line(8));
    let mut state = attack_step(
        field,
        vec![mimring],
        vec![card("Airborne Elite"), card("Marro Warriors")],
        &[
            (1, h(1, 3), Some(h(0, 3)), 10),
            (2, h(3, 3), None, 1),
            (3, h(5, 3), None, 2),
            (4, h(7, 3), None, 1),
            (5, h(7, 3), None, 10),
            (6, h(9, 3), None, 1),
            (7, h(4, 2), None, 1),
        ],
    );
    let east = Line {
        from: h(1, 3),
        dir: HexDir::E,
    };
    let breath = Action::SpecialAttack {
        figure: 1,
        power: 0,
        target: None,
        line: Some(east),
        dice: None,
        also: Vec::new(),
    };
    let aim = Aim::of(&breath).unwrap();
    let shot = shot(&state, &aim).unwrap();
    assert_eq!(shot.affected, vec![2, 3, 4, 5]);
    assert_eq!(shot.cells, (2..=9).map(|q| h(q, 3)).collect::<Vec<_>>());
    // From the back of Mimring the line towards the front would cross Mimring itself.
    let through = Action::SpecialAttack {
        figure: 1,
        power: 0,
        target: None,
        line: Some(Line {
            from: h(0, 3),
            dir: HexDir::E,
        }),
        dice: None,
        also: Vec::new(),
    };
    assert!(!HeroScape::legal_actions(&state, Seat(0)).contains(&through));
    // One roll of 4 dice for all; each Airborne Elite rolls its 2 defence dice.
    let events = play(
        &mut state,
        breath,
        &[
            SKULL, SKULL, SKULL, BLANK, // attack
            SHIELD, SHIELD, // A1
            SHIELD, BLANK, // A2
            BLANK, BLANK, // A3
            SHIELD, SHIELD, // on the bridge
        ],
    );
    assert_eq!(
        hits(&events),
        (3, vec![(2, 2, 1), (3, 2, 2), (4, 2, 3), (5, 2, 1)])
    );
    assert_eq!(destroyed(&events), vec![2, 3, 4, 5]);
    // Mimring has made its attack, its card's only one: the turn is over.
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

#[test]
fn an_explosion_reaches_friends_and_the_attacker_unless_spared() {
    // Deathwalker 9000 (figure 1) fires at a Marro Warrior (9) adjacent to it and to an
    // Airborne Elite of its own army (2): all three are affected, Deathwalker by its own
    // explosion. Another Marro (10) two spaces from the target is not.
    let h = Hex::new;
    let dw = card("Deathwalker 9000");
    let power = specials(&dw)[0].1.clone();
    assert_eq!(
        (power.area, power.hits_self, power.sight_to_target_only),
        (Area::Explosion(1), true, true)
    );
    let places = [
        (1, h(2, 2), None, 1),
        (2, h(4, 2), None, 1),
        (6, h(3, 2), None, 1),
        (7, h(5, 2), None, 1),
    ];
    let build = |dw: Card| {
        attack_step(
            field(&[]),
            vec![dw, card("Airborne Elite")],
            vec![card("Marro Warriors")],
            &places,
        )
    };
    let state = build(dw.clone());
    let at = Aim::of(&special(1, 6)).unwrap();
    assert_eq!(shot(&state, &at).unwrap().affected, vec![6, 1, 2]);
    // A card whose explosion spares friends (and not its bearer) affects the enemy only.
    let mut kind = dw;
    for p in &mut kind.powers {
        for e in p.effects.iter_mut().flatten() {
            if let Effect::SpecialAttack(s) = e {
                s.spares_friends = true;
                s.hits_self = false;
            }
        }
    }
    let mut state = build(kind);
    assert_eq!(shot(&state, &at).unwrap().affected, vec![6]);
    // Deathwalker is engaged with the target; a figure it is not engaged with is refused.
    let far = special(1, 7);
    let why = HeroScape::explain_illegal(&state, Seat(0), &far).reason;
    assert!(why.contains("engaged"), "{why}");
    let events = play(
        &mut state,
        special(1, 6),
        &[SKULL, SKULL, SKULL, SHIELD, SHIELD, SHIELD],
    );
    assert_eq!(hits(&events), (3, vec![(6, 3, 0)]));
}

/// Random games with special attacks keep the engine's contract (undo, secrecy, refusals), and
/// special attacks are made in them: the shipped armies (Cinder Drake's line, Thrall Hulk's
/// sweep) and real cards (grenades, Deathwalker 9000's explosion, Mimring's fire line).
#[test]
fn random_games_with_special_attacks_conform() {
    use crate::present::samples;
    let named = |part: &str| {
        samples::armies()
            .into_iter()
            .find(|(_, name, _)| name.contains(part))
            .unwrap_or_else(|| panic!("no sample army named like '{part}'"))
            .2
    };
    let shipped = samples::scenario(&["wardens", "raiders"], 3);
    let mut shipped_specials = shipped.clone();
    shipped_specials.players[0].army = named("Emberfall");
    shipped_specials.players[1].army = named("Greywatch");
    let mut real = shipped.clone();
    real.players[0].army = vec![
        card("Airborne Elite"),
        card("Deathwalker 9000"),
        card("Mimring"),
    ];
    real.players[1].army = vec![
        card("Tagawa Samurai"),
        card("Marro Warriors"),
        card("Deathwalker 9000"),
    ];
    for (what, scenario) in [("shipped", shipped_specials), ("real", real)] {
        let mut made = 0;
        for seed in 0..25 {
            let game =
                skirmish_engine::conformance::playout::<HeroScape>(&scenario, seed, 5000, |_| {
                    Ok(())
                })
                .unwrap_or_else(|e| panic!("{what} armies: {e}"));
            made += game
                .steps()
                .iter()
                .flat_map(|s| &s.events)
                .filter(|e| matches!(e, Event::SpecialAttacked { .. }))
                .count();
        }
        assert!(
            made > 0,
            "{what} armies: no special attack in 25 random games"
        );
    }
}

#[test]
fn a_grenade_needs_sight_only_under_an_overhang() {
    // An Airborne Elite (1) throws over a rock 9 levels above its base (within its lob 12) at
    // a Marro Warrior (5) it cannot see: allowed in the open, refused when the Marro stands
    // under an overhang (the card: no line of sight needed unless one of them is under one).
    let h = Hex::new;
    let rock = (h(4, 2), land(10));
    let places = [(1, h(2, 2), None, 1), (5, h(5, 2), None, 1)];
    let throw = special(1, 5);
    let open = attack_step(
        field(std::slice::from_ref(&rock)),
        vec![card("Airborne Elite")],
        vec![card("Marro Warriors")],
        &places,
    );
    assert!(!geometry::can_see(
        &open,
        open.figure(1).unwrap(),
        open.figure(5).unwrap()
    ));
    assert!(HeroScape::legal_actions(&open, Seat(0)).contains(&throw));
    let covered = attack_step(
        field(&[
            rock,
            (
                h(5, 2),
                vec![
                    span(0, 1, Material::Solid(Ground::Grass)),
                    span(7, 9, Material::Solid(Ground::Rock)),
                ],
            ),
        ]),
        vec![card("Airborne Elite")],
        vec![card("Marro Warriors")],
        &places,
    );
    assert!(!HeroScape::legal_actions(&covered, Seat(0)).contains(&throw));
    let why = HeroScape::explain_illegal(&covered, Seat(0), &throw).reason;
    assert!(why.contains("under an overhang"), "{why}");
}

/// The special attack among events: its attack tally and each hit.
fn special_event(events: &[Event]) -> (&Tally, &[Hit]) {
    match events
        .iter()
        .find(|e| matches!(e, Event::SpecialAttacked { .. }))
    {
        Some(Event::SpecialAttacked {
            attack_dice, hits, ..
        }) => (attack_dice, hits),
        _ => panic!("no special attack among {events:?}"),
    }
}

/// The log line of the special attack among events.
fn special_text(state: &State, events: &[Event], lang: Lang) -> String {
    let e = events
        .iter()
        .find(|e| matches!(e, Event::SpecialAttacked { .. }))
        .expect("a special attack");
    crate::present::text::event_text(state, e, skirmish_engine::Viewer::Spectator, lang)
}

#[test]
fn special_attacks_take_the_value_modifiers_naming_them() {
    // Deathwalker 9000 (1) on a hill 3 high fires its Explosion (3 dice) at an Iron Golem (2)
    // on the grass, a Mogrimm Forgehammer (3) beside it. Height gives it a fourth die over the
    // chosen figure. Iron Tough names special attacks: the Golem adds 2 automatic shields.
    // Mogrimm's Tough names normal attacks: nothing for him.
    let h = Hex::new;
    let mut state = attack_step(
        field(&[(h(2, 2), land(3))]),
        vec![card("Deathwalker 9000")],
        vec![card("Iron Golem"), card("Mogrimm Forgehammer")],
        &[
            (1, h(2, 2), None, 3),
            (2, h(6, 2), None, 1),
            (3, h(7, 2), None, 1),
        ],
    );
    let events = play(
        &mut state,
        special(1, 2),
        &[
            SKULL, SKULL, SKULL, BLANK, // attack: 3 printed + 1 for height
            BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, // the Golem: 6 dice + 2 shields
            SHIELD, BLANK, // Mogrimm: 2 dice, nothing automatic
        ],
    );
    assert_eq!(hits(&events), (3, vec![(2, 6, 1), (3, 2, 2)]));
    let (attack, each) = special_event(&events);
    assert_eq!((attack.printed, attack.value()), (3, 4));
    assert_eq!(
        (each[0].shields, each[0].defence_dice.automatic()),
        (2, 2),
        "Iron Tough acts against a special attack"
    );
    assert_eq!(
        (each[1].shields, each[1].defence_dice.automatic()),
        (1, 0),
        "Tough names normal attacks only"
    );
    assert_eq!(state.figure(2).unwrap().wounds, 1);
    let en = special_text(&state, &events, Lang::En);
    assert!(en.contains("4 attack dice: 3 printed, +1"), "{en}");
    assert!(en.contains("+2 automatic shields (Iron Tough"), "{en}");
    let fr = special_text(&state, &events, Lang::Fr);
    assert!(fr.contains("4 dés d'attaque : 3 sur la carte, +1"), "{fr}");
    assert!(fr.contains("+2 boucliers automatiques"), "{fr}");
}

#[test]
fn attack_again_after_a_wound_while_each_attack_wounds() {
    // Deathwalker 8000 (1): Rapid Fire may attack again after it inflicts a wound, and no
    // more after an attack that does not.
    let h = Hex::new;
    let dw = card("Deathwalker 8000");
    assert_eq!(specials(&dw)[0].1.again, Some(Again::Wounds));
    let mut state = attack_step(
        field(&[]),
        vec![dw],
        vec![card("Marro Warriors")],
        &[
            (1, h(2, 2), None, 1),
            (2, h(6, 2), None, 1),
            (3, h(7, 3), None, 1),
        ],
    );
    let events = play(
        &mut state,
        special(1, 2),
        &[SKULL, SKULL, BLANK, SHIELD, BLANK, BLANK],
    );
    assert_eq!(destroyed(&events), vec![2]);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    // A wound: once more, at any figure.
    let events = play(
        &mut state,
        special(1, 3),
        &[SKULL, SKULL, BLANK, SHIELD, SHIELD, BLANK],
    );
    assert_eq!(hits(&events), (2, vec![(3, 3, 0)]));
    // No wound: the rapid fire stops, and with it the turn.
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

#[test]
fn attack_again_after_destroying_a_figure() {
    // Brunak (1), adjacent to a Marro Warrior (2) and an Iron Golem (6): destroying the
    // Marro earns another Blood Hungry attack; wounding the Golem without destroying it
    // does not.
    let h = Hex::new;
    let brunak = card("Brunak");
    assert_eq!(specials(&brunak)[0].1.again, Some(Again::Destroys));
    let mut state = attack_step(
        field(&[]),
        vec![brunak],
        vec![card("Marro Warriors"), card("Iron Golem")],
        &[
            (1, h(4, 2), None, 1),
            (2, h(5, 2), None, 1),
            (6, h(4, 3), None, 1),
        ],
    );
    let mut wounded_only = state.clone();
    let events = play(
        &mut wounded_only,
        special(1, 6),
        &[
            SKULL, SKULL, SKULL, SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK,
        ],
    );
    assert_eq!(hits(&events), (4, vec![(6, 6, 2)]));
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));

    let events = play(
        &mut state,
        special(1, 2),
        &[SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(destroyed(&events), vec![2]);
    assert!(HeroScape::legal_actions(&state, Seat(0)).contains(&special(1, 6)));
}

#[test]
fn attack_again_after_rolling_enough_skulls() {
    // Sir Hawthorne (1): two skulls earn another Blind Rage attack even when all are
    // blocked; one skull does not.
    let h = Hex::new;
    let sir = card("Sir Hawthorne");
    assert_eq!(specials(&sir)[0].1.again, Some(Again::Skulls(2)));
    let mut state = attack_step(
        field(&[]),
        vec![sir],
        vec![card("Tagawa Samurai")],
        &[(1, h(4, 2), None, 1), (2, h(5, 2), None, 1)],
    );
    let events = play(
        &mut state,
        special(1, 2),
        &[SKULL, SKULL, BLANK, SHIELD, SHIELD, SHIELD, BLANK, BLANK],
    );
    assert_eq!(hits(&events), (2, vec![(2, 5, 0)]));
    let events = play(
        &mut state,
        special(1, 2),
        // the last die is Stab in the Back's d20 after his turn: 20, he stays
        &[SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK, BLANK, BLANK, 20],
    );
    assert_eq!(hits(&events), (1, vec![(2, 5, 0)]));
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

#[test]
fn common_squads_roll_fewer_defence_dice_against_fledgling_fires() {
    // Red Wyrmling (1): a soldier of the 10th Regiment of Foot (6: a common squad, 2 defence)
    // rolls none against Fledgling Fires; a Marro Warrior (2: a unique squad) its 3.
    let h = Hex::new;
    let red = card("Red Wyrmling");
    let power = specials(&red)[0].1.clone();
    assert_eq!(power.weaker_defence.as_ref().map(|w| w.1), Some(2));
    let places = [
        (1, h(2, 2), None, 1),
        (6, h(6, 2), None, 1),
        (2, h(5, 3), None, 1),
    ];
    let mut state = attack_step(
        field(&[]),
        vec![red],
        vec![card("Marro Warriors"), card("10th Regiment of Foot")],
        &places,
    );
    let mut marro = state.clone();
    let events = play(&mut state, special(1, 6), &[SKULL, BLANK, BLANK]);
    assert_eq!(hits(&events), (1, vec![(6, 0, 1)]));
    let (_, each) = special_event(&events);
    assert_eq!(
        (each[0].defence_dice.printed, each[0].defence_dice.value()),
        (2, 0)
    );
    let en = special_text(&state, &events, Lang::En);
    assert!(en.contains("-2 "), "{en}");
    let events = play(
        &mut marro,
        special(1, 2),
        &[SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK],
    );
    assert_eq!(hits(&events), (1, vec![(2, 3, 0)]));
}

#[test]
fn explosions_that_spare_friends_or_weaken_common_squads() {
    // Zelrig (1) at a Marro Warrior (2) with a 10th Regiment soldier (6) beside it: the
    // soldier, a common squad figure, rolls 2 fewer defence dice. Heirloom's Force Orb
    // affects each opponent's figure beside the chosen one, not an Airborne Elite of its
    // own army.
    let h = Hex::new;
    let zelrig = card("Zelrig");
    let power = specials(&zelrig)[0].1.clone();
    assert_eq!(power.area, Area::Explosion(1));
    assert!(!power.hits_self);
    let mut state = attack_step(
        field(&[]),
        vec![zelrig],
        vec![card("Marro Warriors"), card("10th Regiment of Foot")],
        &[
            (1, h(2, 2), None, 1),
            (2, h(6, 2), None, 1),
            (6, h(7, 2), None, 1),
        ],
    );
    let events = play(
        &mut state,
        special(1, 2),
        &[SKULL, BLANK, BLANK, SHIELD, BLANK, BLANK],
    );
    assert_eq!(hits(&events), (1, vec![(2, 3, 0), (6, 0, 1)]));

    let heirloom = card("Heirloom");
    assert!(specials(&heirloom)[0].1.spares_friends);
    let state = attack_step(
        field(&[]),
        vec![heirloom, card("Airborne Elite")],
        vec![card("Marro Warriors")],
        &[
            (1, h(2, 2), None, 1),
            (2, h(6, 3), None, 1),
            (6, h(6, 2), None, 1),
            (7, h(5, 3), None, 1),
        ],
    );
    let aim = Aim::of(&special(1, 6)).unwrap();
    assert_eq!(shot(&state, &aim).unwrap().affected, vec![6, 7]);
}

#[test]
fn powers_answering_wounds_answer_special_attacks() {
    // Deathwalker 9000 (1) fires its Explosion at Brave Arrow (2), 4 spaces away; beside him
    // stand Glinerva (3) and a Microcorp Agent (4). Brave Arrow is targeted from afar: his
    // Concealment rolls 6 + 4 spaces = 10 and ignores the wounds. Glinerva is affected but
    // not targeted: her Concealment does not roll. The agent's Stealth Armor answers any
    // wounds: 15 ignores them.
    let h = Hex::new;
    let mut state = attack_step(
        field(&[]),
        vec![card("Deathwalker 9000")],
        vec![
            card("Brave Arrow"),
            card("Glinerva the Kyrie Warrior"),
            card("Microcorp Agents"),
        ],
        &[
            (1, h(2, 2), None, 1),
            (2, h(6, 2), None, 1),
            (3, h(7, 2), None, 1),
            (4, h(6, 3), None, 1),
        ],
    );
    let events = play(
        &mut state,
        special(1, 2),
        &[
            SKULL, SKULL, SKULL, // attack
            BLANK, BLANK, BLANK, // Brave Arrow
            BLANK, BLANK, BLANK, // Glinerva
            BLANK, BLANK, BLANK, // the agent
            6,     // Brave Arrow's Concealment: 6 + 4 spaces
            15,    // the agent's Stealth Armor
        ],
    );
    assert_eq!(hits(&events), (3, vec![(2, 3, 3), (3, 3, 3), (4, 3, 3)]));
    let ignored: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            Event::PowerUsed {
                figure,
                outcome: crate::power::Outcome::IgnoreWounds,
                ..
            } => Some(*figure),
            _ => None,
        })
        .collect();
    assert_eq!(ignored, vec![2, 4]);
    let wounds = |id: u32| state.figure(id).unwrap().wounds;
    assert_eq!((wounds(2), wounds(3), wounds(4)), (0, 3, 0));
    assert!(destroyed(&events).is_empty());
}

#[test]
fn fire_strike_adds_a_die_for_each_other_elf_wizard_near() {
    // Chardris (1) with Arkmer (2) and Kyntela Gwyn (3) within 3 clear-sight spaces and
    // Morsbane (4) 4 spaces away: 2 + 2 dice. With Morsbane near as well and Acolarh (5) too,
    // the bonus stops at +3.
    let h = Hex::new;
    let chardris = card("Chardris");
    let bonus = specials(&chardris)[0].1.bonus.clone().expect("a bonus");
    assert_eq!((bonus.within, bonus.max), (3, 3));
    let west = vec![
        chardris,
        card("Arkmer"),
        card("Kyntela Gwyn"),
        card("Morsbane"),
        card("Acolarh"),
    ];
    let marro = 6;
    let mut places = vec![
        (1, h(2, 2), None, 1),
        (2, h(2, 3), None, 1),
        (3, h(1, 2), None, 1),
        (4, h(2, 6), None, 1),
        (marro, h(6, 2), None, 1),
    ];
    let mut state = attack_step(
        field(&[]),
        west.clone(),
        vec![card("Marro Warriors")],
        &places,
    );
    let aim = Aim::of(&special(1, marro)).unwrap();
    let dice = shot(&state, &aim).unwrap().dice;
    assert_eq!((dice.printed, dice.value()), (2, 4));
    let events = play(
        &mut state,
        special(1, marro),
        &[SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(destroyed(&events), vec![marro]);

    places[3] = (4, h(3, 1), None, 1);
    places.push((5, h(1, 3), None, 1));
    let state = attack_step(field(&[]), west, vec![card("Marro Warriors")], &places);
    assert_eq!(shot(&state, &aim).unwrap().dice.value(), 5);
}

#[test]
fn rain_of_flame_is_an_explosion_with_the_elf_wizards_bonus() {
    // Jorhdawn (1), Arkmer (2) beside her: 1 + 1 dice on a Marro Warrior (3) and the one
    // beside it (4); Jorhdawn is never affected by her own attack.
    let h = Hex::new;
    let jorhdawn = card("Jorhdawn");
    let power = specials(&jorhdawn)[0].1.clone();
    assert_eq!((power.area, power.hits_self), (Area::Explosion(1), false));
    let state = attack_step(
        field(&[]),
        vec![jorhdawn, card("Arkmer")],
        vec![card("Marro Warriors")],
        &[
            (1, h(2, 2), None, 1),
            (2, h(2, 3), None, 1),
            (3, h(6, 2), None, 1),
            (4, h(5, 3), None, 1),
        ],
    );
    let shot = shot(&state, &Aim::of(&special(1, 3)).unwrap()).unwrap();
    assert_eq!(shot.affected, vec![3, 4]);
    assert_eq!((shot.dice.printed, shot.dice.value()), (1, 2));
}

#[test]
fn wild_spin_attacks_every_adjacent_figure_one_roll_each() {
    // A Necrotech Ghastblade (1) spins: its own Airborne Elite (2) beside it is attacked too,
    // then two Marro Warriors (6, and 7 on a hill 2 levels up), each with its own roll.
    let h = Hex::new;
    let ghast = card("Necrotech Ghastblade");
    let power = specials(&ghast)[0].1.clone();
    assert_eq!((power.area, power.separately), (Area::AllAdjacent, true));
    let mut state = attack_step(
        field(&[(h(3, 2), land(3))]),
        vec![ghast, card("Airborne Elite")],
        vec![card("Marro Warriors")],
        &[
            (1, h(4, 2), None, 1),
            (2, h(4, 3), None, 1),
            (6, h(5, 2), None, 1),
            (7, h(3, 2), None, 3),
        ],
    );
    let spin = Action::SpecialAttack {
        figure: 1,
        power: 0,
        target: None,
        line: None,
        dice: None,
        also: Vec::new(),
    };
    let events = play(
        &mut state,
        spin,
        &[
            BLANK, BLANK, BLANK, BLANK, // at the Airborne Elite: no skull, no defence
            SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, // at 6: destroyed
            SKULL, SKULL, BLANK, BLANK, SHIELD, SHIELD, BLANK, BLANK, // at 7: 3 + 1 height
        ],
    );
    /// Skulls, then each figure's defence dice and wounds.
    type Rolled = (u16, Vec<(u32, usize, u16)>);
    let rolls: Vec<Rolled> = events
        .iter()
        .filter_map(|e| match e {
            Event::SpecialAttacked { skulls, hits, .. } => Some((
                *skulls,
                hits.iter()
                    .map(|h| (h.figure, h.defence.len(), h.wounds))
                    .collect(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        rolls,
        vec![
            (0, vec![(2, 0, 0)]),
            (1, vec![(6, 3, 1)]),
            (2, vec![(7, 4, 0)])
        ]
    );
    assert_eq!(destroyed(&events), vec![6]);
}

#[test]
fn earth_slam_spares_flying_figures() {
    // An Earth Elemental (1) slams: the Marro Warrior (3) beside it is affected, Glinerva (2),
    // a flying figure beside it, is not.
    let h = Hex::new;
    let state = attack_step(
        field(&[]),
        vec![card("Earth Elemental")],
        vec![card("Glinerva the Kyrie Warrior"), card("Marro Warriors")],
        &[
            (1, h(4, 2), None, 1),
            (2, h(5, 2), None, 1),
            (3, h(3, 2), None, 1),
        ],
    );
    let slam = Aim {
        figure: 1,
        power: 0,
        target: None,
        line: None,
        dice: None,
        also: Vec::new(),
    };
    assert_eq!(shot(&state, &slam).unwrap().affected, vec![3]);
}

#[test]
fn saber_storm_spends_six_dice_one_to_three_at_a_time() {
    // Moriko (1) beside two Marro Warriors (2, 3): 3 dice, then 2, then the last one.
    let h = Hex::new;
    let moriko = card("Moriko");
    let power = specials(&moriko)[0].1.clone();
    assert_eq!(
        (power.dice_choice.clone(), power.dice_pool),
        (vec![1, 2, 3], Some(6))
    );
    let mut state = attack_step(
        field(&[]),
        vec![moriko],
        vec![card("Marro Warriors")],
        &[
            (1, h(4, 2), None, 1),
            (2, h(5, 2), None, 1),
            (3, h(3, 2), None, 1),
        ],
    );
    let legal = HeroScape::legal_actions(&state, Seat(0));
    for n in 1..=3 {
        assert!(legal.contains(&special_dice(1, 2, n)), "{n} dice");
    }
    let why = HeroScape::explain_illegal(&state, Seat(0), &special(1, 2)).reason;
    assert!(why.contains("1 or 2 or 3"), "{why}");
    let events = play(&mut state, special_dice(1, 2, 3), &[BLANK, BLANK, BLANK]);
    assert_eq!(hits(&events), (0, vec![(2, 0, 0)]));
    play(&mut state, special_dice(1, 3, 2), &[BLANK, BLANK]);
    let why = HeroScape::explain_illegal(&state, Seat(0), &special_dice(1, 2, 2)).reason;
    assert!(why.contains("1 attack dice left"), "{why}");
    let events = play(
        &mut state,
        special_dice(1, 3, 1),
        &[SKULL, BLANK, BLANK, BLANK],
    );
    assert_eq!(destroyed(&events), vec![3]);
    // All six dice rolled: the turn is over.
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

#[test]
fn queglix_gun_has_nine_dice_within_range_six() {
    let q9 = card("Major Q9");
    let power = specials(&q9)[0].1.clone();
    assert_eq!(
        (power.range, power.dice_choice.clone(), power.dice_pool),
        (Some(6), vec![1, 2, 3], Some(9))
    );
}

#[test]
fn fire_blast_attacks_again_after_a_skull_on_every_die() {
    // Erevan Sunshadow (1) at a Marro Warrior (2): 2 dice, both skulls, all blocked: again;
    // then 4 dice, one blank: no more.
    let h = Hex::new;
    let erevan = card("Erevan Sunshadow");
    let power = specials(&erevan)[0].1.clone();
    assert_eq!(
        (power.dice_choice.clone(), power.again),
        (vec![2, 3, 4], Some(Again::AllSkulls))
    );
    let mut state = attack_step(
        field(&[]),
        vec![erevan],
        vec![card("Marro Warriors")],
        &[(1, h(2, 2), None, 1), (2, h(6, 2), None, 1)],
    );
    let events = play(
        &mut state,
        special_dice(1, 2, 2),
        &[SKULL, SKULL, SHIELD, SHIELD, BLANK],
    );
    assert_eq!(hits(&events), (2, vec![(2, 3, 0)]));
    let events = play(
        &mut state,
        special_dice(1, 2, 4),
        &[SKULL, SKULL, SKULL, BLANK, SHIELD, SHIELD, SHIELD],
    );
    assert_eq!(hits(&events), (3, vec![(2, 3, 0)]));
    assert!(events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
}

#[test]
fn a_wolf_pounces_on_a_figure_it_destroys_and_dies_if_it_does_not() {
    // A Wolf of Badru (1) that moved pounces on a Marro Warrior 3 spaces away: destroyed, the
    // wolf takes its space. A wolf that did not move cannot pounce; a Marro 6 levels up is
    // out of reach. A pounce that destroys nothing destroys the wolf.
    let h = Hex::new;
    let wolves = card("Wolves of Badru");
    assert!(specials(&wolves)[0].1.pounce);
    let build = || {
        let mut state = attack_step(
            field(&[(h(2, 5), land(7))]),
            vec![wolves.clone()],
            vec![card("Marro Warriors")],
            &[(1, h(2, 2), None, 1)],
        );
        let marro: Vec<u32> = state
            .figures
            .iter()
            .filter(|f| f.unit == 1)
            .map(|f| f.id)
            .collect();
        for (id, hex, level) in [(marro[0], h(5, 2), 1), (marro[1], h(2, 5), 7)] {
            let f = state.figure_mut(id).unwrap();
            f.hex = Some(hex);
            f.level = level;
        }
        (state, marro[0], marro[1])
    };
    let (mut state, near, high) = build();
    let why = HeroScape::explain_illegal(&state, Seat(0), &special(1, near)).reason;
    assert!(why.contains("moved this turn"), "{why}");
    if let Phase::Turns {
        turn: Some(turn), ..
    } = &mut state.phase
    {
        turn.moved.push(1);
    }
    let why = HeroScape::explain_illegal(&state, Seat(0), &special(1, high)).reason;
    assert!(why.contains("6 levels"), "{why}");
    let mut missed = state.clone();
    let events = play(
        &mut state,
        special(1, near),
        &[SKULL, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
    );
    assert_eq!(destroyed(&events), vec![near]);
    let wolf = state.figure(1).unwrap();
    assert_eq!((wolf.hex, wolf.level), (Some(h(5, 2)), 1));

    let events = play(&mut missed, special(1, near), &[BLANK; 5]);
    assert_eq!(destroyed(&events), vec![1]);
    assert!(missed.figure(near).unwrap().on_field());
}
