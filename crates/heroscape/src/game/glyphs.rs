//! Glyphs (*LES GLYPHES*): stopping on one turns it face up; a permanent glyph helps the whole
//! army of the figure standing on it for as long as it stays there; a temporary glyph acts once
//! and is discarded.
//!
//! Permanent: Astrid (+1 attack die), Gerda (+1 defence die), Ivor (+4 range to figures of range
//! 4 or more), Valda (+2 move, not for the figure leaving it), Dagmar (+8 initiative), Jalgard
//! (+2 defence dice), Lodin (+1 to every d20), Rannveig (wind: no figure flies while one stands
//! on it). Temporary: Kelda (heals the card of the figure that stops on it), Mitonsoul (a d20
//! per figure on the battlefield, a 1 destroys it), Erland (the player may summon any other
//! figure to a free hex next to the glyph), Sturla (a d20 per figure destroyed in the battle,
//! 19 or 20 brings it back; its owner places it in its start zone, the rulebook not saying
//! where).
//!
//! Brandar's rule is the scenario's (*La règle de ce glyphe varie suivant les scénarii*), and
//! the glyphs Virtualscape knows beyond the rulebook (Wannok, Proftaka, Oreld, Nilrend,
//! Crevcor, Thorian, Ulaniva) have no text in it: they are data, their rule the text the
//! scenario gives ([`super::Options::glyph_rules`]), shown when they are turned up, with no
//! effect in the game.

use serde::{Deserialize, Serialize};
use skirmish_board::hex::Hex;
use skirmish_dice::Dice;
use skirmish_engine::{Pending, Rejection, Seat};
use skirmish_lang::Lang;

use crate::battlefield::{Glyph, Level};

use super::state::{Figure, GlyphState, State};
use super::{Action, Decision, Event};

/// A question a temporary glyph asks before the turn goes on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "glyph")]
pub enum GlyphChoice {
    /// Erland: the player whose figure stopped on the glyph may summon another figure next to
    /// it.
    Summon {
        /// Who chooses.
        seat: Seat,
        /// The glyph's hex.
        hex: Hex,
        /// The figure that stopped there (it cannot summon itself).
        figure: u32,
    },
    /// Sturla: figures brought back, each placed by its owner in its start zone, in order.
    Revive {
        /// Figures still to place.
        figures: Vec<u32>,
    },
}

/// The glyph lying on `hex`, if it is still there.
pub fn glyph_at(state: &State, hex: Hex) -> Option<&GlyphState> {
    state.glyphs.iter().find(|g| g.spot.hex == hex && !g.gone)
}

/// How many of the permanent `glyph` the army of `seat` holds (a figure of its own standing on
/// it, face up), leaving out figure `but`.
pub(crate) fn held(state: &State, seat: Seat, glyph: Glyph, but: Option<u32>) -> u16 {
    let n = state
        .glyphs
        .iter()
        .filter(|g| !g.gone && g.face_up && g.spot.glyph == glyph)
        .filter(|g| {
            state.figures.iter().any(|f| {
                f.owner == seat
                    && Some(f.id) != but
                    && f.on_field()
                    && f.level == g.spot.level
                    && f.hexes().any(|h| h == g.spot.hex)
            })
        })
        .count();
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// A figure's move this turn: its card's, +2 per Valda its army holds with another figure, and
/// what powers add ([`super::powers::values::move_of`] says why).
pub fn move_of(state: &State, f: &Figure) -> u16 {
    super::powers::values::move_of(state, f).value()
}

/// Whether the wind of Rannveig blows: a figure stands on it face up, and no figure flies.
pub fn grounded(state: &State) -> bool {
    state
        .glyphs
        .iter()
        .filter(|g| !g.gone && g.face_up && g.spot.glyph == Glyph::Rannveig)
        .any(|g| {
            state.figures.iter().any(|f| {
                f.on_field() && f.level == g.spot.level && f.hexes().any(|h| h == g.spot.hex)
            })
        })
}

/// The rule of a glyph the game gives no effect to: the scenario's text, or what to do without
/// one. `None` for the glyphs the game plays.
pub fn rule_text(state: &State, glyph: Glyph, lang: Lang) -> Option<String> {
    if let Some(text) = state.options.glyph_rules.get(&glyph) {
        return Some(text.clone());
    }
    match glyph {
        Glyph::Brandar => Some(
            lang.pick(
                "its rule is the scenario's, and this one gives none: it has no effect",
                "sa règle est celle du scénario, et celui-ci n'en donne pas : il est sans effet",
            )
            .into(),
        ),
        Glyph::Wannok
        | Glyph::Proftaka
        | Glyph::Oreld
        | Glyph::Nilrend
        | Glyph::Crevcor
        | Glyph::Thorian
        | Glyph::Ulaniva
        | Glyph::Unknown => Some(
            lang.pick(
                "the rulebook gives no power for it and the scenario none: it has no effect",
                "le livret de règles ne lui donne aucun pouvoir, ni le scénario : il est sans effet",
            )
            .into(),
        ),
        _ => None,
    }
}

/// A figure's attack dice before height and powers: its card's, +1 per Astrid (an attack's
/// whole count is [`super::powers::values::attack_dice`]).
pub fn attack_of(state: &State, f: &Figure) -> u16 {
    state.card_of(f).attack + held(state, f.owner, Glyph::Astrid, None)
}

/// A figure's defence dice before height and powers: its card's, +1 per Gerda, +2 per Jalgard
/// (a defence's whole count is [`super::powers::values::defence_dice`]).
pub fn defence_of(state: &State, f: &Figure) -> u16 {
    state.card_of(f).defense
        + held(state, f.owner, Glyph::Gerda, None)
        + 2 * held(state, f.owner, Glyph::Jalgard, None)
}

/// A figure's range: its card's, +4 per Ivor when it is 4 or more, and what powers add
/// ([`super::powers::values::range_of`] says why).
pub fn range_of(state: &State, f: &Figure) -> u16 {
    super::powers::values::range_of(state, f).value()
}

/// What a seat adds to its initiative roll: +8 per Dagmar, and Lodin's +1 to every d20.
pub fn initiative_bonus(state: &State, seat: Seat) -> u16 {
    8 * held(state, seat, Glyph::Dagmar, None)
        + d20_bonus(state, seat)
        + super::powers::turns::initiative_bonus(state, seat)
}

/// What a seat adds to any d20 it rolls: +1 per Lodin.
pub fn d20_bonus(state: &State, seat: Seat) -> u16 {
    held(state, seat, Glyph::Lodin, None)
}

/// A figure has stopped on a glyph: a face-down glyph turns face up, and a temporary glyph acts
/// and is discarded. Only a glyph at the figure's own level: one lying on the ground under a
/// bridge or an overhang is not reached by a figure stopping on the span above it.
pub fn stopped_on(state: &mut State, figure: u32, dice: &mut Dice, events: &mut Vec<Event>) {
    let Some(f) = state.figure(figure).cloned() else {
        return;
    };
    let Some(i) = state
        .glyphs
        .iter()
        .position(|g| !g.gone && g.spot.level == f.level && f.hexes().any(|h| h == g.spot.hex))
    else {
        return;
    };
    let glyph = state.glyphs[i].spot.glyph;
    if !state.glyphs[i].face_up {
        state.glyphs[i].face_up = true;
        events.push(Event::GlyphRevealed {
            figure,
            hex: state.glyphs[i].spot.hex,
            glyph,
        });
    }
    match glyph {
        Glyph::Kelda => {
            state.glyphs[i].gone = true;
            let healed: Vec<u32> = state
                .figures
                .iter()
                .filter(|g| g.unit == f.unit && !g.destroyed && g.wounds > 0)
                .map(|g| g.id)
                .collect();
            for id in &healed {
                if let Some(g) = state.figure_mut(*id) {
                    g.wounds = 0;
                }
            }
            events.push(Event::GlyphUsed {
                glyph,
                figures: healed,
                rolls: Vec::new(),
            });
        }
        Glyph::Erland => {
            state.glyphs[i].gone = true;
            let hex = state.glyphs[i].spot.hex;
            events.push(Event::GlyphUsed {
                glyph,
                figures: Vec::new(),
                rolls: Vec::new(),
            });
            let choice = GlyphChoice::Summon {
                seat: f.owner,
                hex,
                figure,
            };
            if !summons(state, &choice).is_empty() {
                state.glyph_choice = Some(choice);
            }
        }
        Glyph::Sturla => {
            state.glyphs[i].gone = true;
            let fallen: Vec<u32> = state
                .figures
                .iter()
                .filter(|g| g.destroyed && g.hex.is_some())
                .map(|g| g.id)
                .collect();
            let mut rolls = Vec::new();
            let mut risen = Vec::new();
            for id in fallen {
                let die = dice.d20();
                rolls.push((id, die));
                if die >= 19 {
                    risen.push(id);
                }
            }
            for id in &risen {
                if let Some(g) = state.figure_mut(*id) {
                    g.destroyed = false;
                    g.wounds = 0;
                    g.hex = None;
                    g.tail = None;
                    g.level = 0;
                }
            }
            events.push(Event::GlyphUsed {
                glyph,
                figures: risen.clone(),
                rolls,
            });
            if !risen.is_empty() {
                state.glyph_choice = Some(GlyphChoice::Revive { figures: risen });
                next_revived(state, events);
            }
        }
        Glyph::Mitonsoul => {
            state.glyphs[i].gone = true;
            let on_field: Vec<u32> = state
                .figures
                .iter()
                .filter(|g| g.on_field())
                .map(|g| g.id)
                .collect();
            let mut rolls = Vec::new();
            let mut struck = Vec::new();
            for id in on_field {
                let die = dice.d20();
                rolls.push((id, die));
                if die == 1 {
                    struck.push(id);
                }
            }
            events.push(Event::GlyphUsed {
                glyph,
                figures: struck.clone(),
                rolls,
            });
            for id in struck {
                super::combat::destroy(state, id, events);
            }
        }
        _ => {}
    }
}

/// Erland's summons: every other figure on the battlefield (single-hex figures: a double-space
/// figure needs two hexes the rule does not give) onto every free hex next to the glyph with
/// room for it, at the top of that hex.
fn summons(state: &State, choice: &GlyphChoice) -> Vec<(u32, Hex)> {
    let GlyphChoice::Summon { hex, figure, .. } = choice else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for f in state
        .figures
        .iter()
        .filter(|f| f.on_field() && f.id != *figure && f.tail.is_none())
        .filter(|f| !super::powers::holds::held(state, f))
    {
        if state.card_of(f).base >= 2 {
            continue;
        }
        for n in hex.neighbours() {
            if free_top(state, f, n).is_some() {
                out.push((f.id, n));
            }
        }
    }
    out
}

/// The level a figure would stand at on `hex`: free of figures and glyphs, with room for it.
fn free_top(state: &State, f: &Figure, hex: Hex) -> Option<Level> {
    if state.figure_at(hex).is_some_and(|g| g.id != f.id) || glyph_at(state, hex).is_some() {
        return None;
    }
    let top = state.field.column(hex)?.top_footing()?;
    let height = state.card_of(f).height.max(1);
    top.headroom
        .is_none_or(|room| room >= height)
        .then_some(top.level)
}

/// Skips risen figures that have no room left in their start zone (they stay destroyed);
/// clears the question when none is left to place.
fn next_revived(state: &mut State, events: &mut Vec<Event>) {
    loop {
        let Some(GlyphChoice::Revive { figures }) = &state.glyph_choice else {
            return;
        };
        let Some(&id) = figures.first() else {
            state.glyph_choice = None;
            return;
        };
        let Some(f) = state.figure(id).cloned() else {
            pop_revived(state);
            continue;
        };
        if !super::play::placement_hexes(state, &f).is_empty() {
            return;
        }
        if let Some(g) = state.figure_mut(id) {
            g.destroyed = true;
        }
        events.push(Event::NoRoom { figure: id });
        pop_revived(state);
    }
}

fn pop_revived(state: &mut State) {
    if let Some(GlyphChoice::Revive { figures }) = &mut state.glyph_choice {
        if !figures.is_empty() {
            figures.remove(0);
        }
    }
}

/// The glyph's question, when one is pending.
pub(crate) fn pending(state: &State) -> Option<Pending<Decision>> {
    match state.glyph_choice.as_ref()? {
        GlyphChoice::Summon { seat, hex, .. } => Some(Pending::Decide {
            seats: vec![*seat],
            decision: Decision::Summon { hex: *hex },
        }),
        GlyphChoice::Revive { figures } => {
            let f = state.figure(*figures.first()?)?;
            Some(Pending::Decide {
                seats: vec![f.owner],
                decision: Decision::Place { figure: f.id },
            })
        }
    }
}

/// The answers to the glyph's question; `None` when none is pending.
pub(crate) fn legal(state: &State, seat: Seat) -> Option<Vec<Action>> {
    let choice = state.glyph_choice.as_ref()?;
    let Some(Pending::Decide { seats, .. }) = pending(state) else {
        return Some(Vec::new());
    };
    if !seats.contains(&seat) {
        return Some(Vec::new());
    }
    Some(match choice {
        GlyphChoice::Summon { .. } => summons(state, choice)
            .into_iter()
            .map(|(figure, hex)| Action::Summon { figure, hex })
            .chain(std::iter::once(Action::NoSummon))
            .collect(),
        GlyphChoice::Revive { figures } => figures
            .first()
            .and_then(|id| state.figure(*id))
            .map(|f| {
                super::play::placement_hexes(state, f)
                    .into_iter()
                    .map(|(hex, tail, _)| Action::Place {
                        figure: f.id,
                        hex,
                        tail,
                    })
                    .collect()
            })
            .unwrap_or_default(),
    })
}

/// Answers the glyph's question, then the turn goes on; `None` when none is pending.
pub(crate) fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<Result<(), Rejection>> {
    let choice = state.glyph_choice.clone()?;
    if !legal(state, seat).unwrap_or_default().contains(action) {
        let why = match choice {
            GlyphChoice::Summon { .. } => {
                "Erland: summon another figure onto a free hex next to the glyph, or decline"
            }
            GlyphChoice::Revive { .. } => {
                "Sturla: place the risen figure on a free hex of its start zone"
            }
        };
        return Some(Err(Rejection::illegal(why)));
    }
    match *action {
        Action::Summon { figure, hex } => {
            let level = state
                .figure(figure)
                .cloned()
                .and_then(|f| free_top(state, &f, hex))
                .unwrap_or(0);
            crate::game::powers::setup::stand(state, figure, hex, None, level);
            events.push(Event::Summoned { figure, hex, level });
            state.glyph_choice = None;
        }
        Action::NoSummon => state.glyph_choice = None,
        Action::Place { figure, hex, tail } => {
            let level = state
                .field
                .column(hex)
                .and_then(|c| c.top_footing())
                .map_or(0, |f| f.level);
            crate::game::powers::setup::stand(state, figure, hex, tail, level);
            events.push(Event::Placed { figure, hex, level });
            pop_revived(state);
            next_revived(state, events);
        }
        _ => {}
    }
    if state.glyph_choice.is_none() {
        super::play::settle(state, dice, events);
    }
    Some(Ok(()))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use skirmish_board::hex::Hex;
    use skirmish_dice::Dice;
    use skirmish_engine::{Pending, Ruleset, Seat};

    use super::*;
    use crate::battlefield::{Builder, GlyphSpot, Ground, Material, Span};
    use crate::game::state::{Marker, Phase, Stage, Turn};
    use crate::game::{HeroScape, Options, PlayerSetup, Scenario};
    use crate::present::samples;

    /// A flat strip of `len` hexes along `q` at level 1, zone 1 at the west end, zone 2 at the
    /// east end, with `glyph` face up or down at `at`.
    fn strip(
        len: i32,
        glyph: Glyph,
        at: i32,
        face_up: bool,
    ) -> Arc<crate::battlefield::Battlefield> {
        let mut b = Builder::new("strip");
        for q in 0..len {
            let hex = Hex::new(q, 0);
            b.span(
                hex,
                Span {
                    bottom: 0,
                    top: 1,
                    material: Material::Solid(Ground::Grass),
                },
                format!("hex {q}"),
            );
        }
        b.start(Hex::new(0, 0), 1, "west");
        b.start(Hex::new(len - 1, 0), 2, "east");
        b.glyph(GlyphSpot {
            hex: Hex::new(at, 0),
            level: 1,
            glyph,
            face_up,
        });
        Arc::new(b.build().unwrap())
    }

    fn card(id: &str) -> crate::card::Card {
        samples::cards()
            .into_iter()
            .chain(crate::card::sample_cards())
            .find(|c| c.id == id)
            .unwrap()
    }

    /// West's turn with unit 0 (moves left), figures standing where given.
    fn turn(
        field: Arc<crate::battlefield::Battlefield>,
        west: &str,
        east: &str,
        at: &[(u32, i32)],
    ) -> State {
        let s = Scenario {
            battlefield: field,
            players: vec![
                PlayerSetup {
                    name: "West".into(),
                    team: 1,
                    army: vec![card(west)],
                },
                PlayerSetup {
                    name: "East".into(),
                    team: 2,
                    army: vec![card(east)],
                },
            ],
            rounds: 5,
            options: Options::default(),
            draft: None,
        };
        let mut state = HeroScape::setup(&s, &mut Dice::seeded(1)).unwrap();
        for &(id, q) in at {
            let f = state.figure_mut(id).unwrap();
            f.hex = Some(Hex::new(q, 0));
            f.level = 1;
            f.destroyed = false;
        }
        state.frames.as_mut().clear();
        state.players[0].markers.on = [Some(0); 4];
        state.players[1].markers.on = [Some(1); 4];
        state.phase = Phase::Turns {
            order: vec![Seat(0), Seat(1)],
            next: 1,
            turn: Some(Turn {
                seat: Seat(0),
                marker: Marker::One,
                unit: 0,
                stage: Stage::Move,
                moved: Vec::new(),
                attacked: Vec::new(),
                record: Default::default(),
                carry: None,
            }),
        };
        state
    }

    fn play(state: &mut State, seat: Seat, action: Action, dice: &[u8]) -> Vec<Event> {
        assert!(
            HeroScape::legal_actions(state, seat).contains(&action),
            "{action:?} is not legal: {:?}",
            HeroScape::legal_actions(state, seat)
        );
        let mut d = Dice::scripted(dice.iter().copied());
        let mut events = Vec::new();
        HeroScape::apply(state, seat, &action, &mut d, &mut events).unwrap();
        assert!(d.script_error().is_none(), "dice: {:?}", d.script_error());
        events
    }

    fn step(figure: u32, q: i32) -> Action {
        Action::Move {
            figure,
            to: Hex::new(q, 0),
            level: 1,
            tail: None,
        }
    }

    #[test]
    fn a_figure_on_a_bridge_does_not_reveal_the_glyph_on_the_ground_below() {
        let mut b = Builder::new("bridge");
        for q in 0..5 {
            b.span(
                Hex::new(q, 0),
                Span {
                    bottom: 0,
                    top: 1,
                    material: Material::Solid(Ground::Grass),
                },
                format!("hex {q}"),
            );
        }
        // A span over hex 2, well above the glyph lying on the grass.
        b.span(
            Hex::new(2, 0),
            Span {
                bottom: 5,
                top: 6,
                material: Material::Solid(Ground::Rock),
            },
            "bridge",
        );
        b.start(Hex::new(0, 0), 1, "west");
        b.start(Hex::new(4, 0), 2, "east");
        b.glyph(GlyphSpot {
            hex: Hex::new(2, 0),
            level: 1,
            glyph: Glyph::Kelda,
            face_up: false,
        });
        let field = Arc::new(b.build().unwrap());
        let mut state = turn(
            field,
            "emberclaw-brute",
            "skyreach-archer",
            &[(1, 0), (2, 4)],
        );
        let brute = state.figure_mut(1).unwrap();
        brute.hex = Some(Hex::new(2, 0));
        brute.level = 6;
        brute.wounds = 1;
        let mut events = Vec::new();
        stopped_on(&mut state, 1, &mut Dice::scripted([]), &mut events);
        assert!(events.is_empty(), "{events:?}");
        assert!(glyph_at(&state, Hex::new(2, 0)).is_some_and(|g| !g.face_up));
        assert_eq!(
            state.figure(1).unwrap().wounds,
            1,
            "Kelda did not heal from below"
        );
        // On the grass, the same stop reveals it and heals.
        let brute = state.figure_mut(1).unwrap();
        brute.level = 1;
        stopped_on(&mut state, 1, &mut Dice::scripted([]), &mut events);
        assert!(matches!(
            events.first(),
            Some(Event::GlyphRevealed {
                glyph: Glyph::Kelda,
                ..
            })
        ));
        assert_eq!(state.figure(1).unwrap().wounds, 0);
    }

    #[test]
    fn erland_summons_another_figure_next_to_the_glyph_then_the_turn_goes_on() {
        // *vous pouvez invoquer n'importe quelle autre figurine ... et la placer sur un
        // hexagone adjacent au glyphe*: the Brute stops on Erland and pulls the Archer from
        // across the field next to it, then attacks it.
        let mut state = turn(
            strip(9, Glyph::Erland, 2, false),
            "emberclaw-brute",
            "skyreach-archer",
            &[(1, 0), (2, 8)],
        );
        let events = play(&mut state, Seat(0), step(1, 2), &[]);
        assert!(events.contains(&Event::GlyphRevealed {
            figure: 1,
            hex: Hex::new(2, 0),
            glyph: Glyph::Erland
        }));
        match HeroScape::pending(&state) {
            Pending::Decide { seats, decision } => {
                assert_eq!(seats, vec![Seat(0)]);
                assert_eq!(
                    decision,
                    Decision::Summon {
                        hex: Hex::new(2, 0)
                    }
                );
            }
            other => panic!("{other:?}"),
        }
        let legal = HeroScape::legal_actions(&state, Seat(0));
        assert!(legal.contains(&Action::NoSummon));
        assert!(
            !legal
                .iter()
                .any(|a| matches!(a, Action::Summon { figure: 1, .. })),
            "not the figure on the glyph"
        );
        let events = play(
            &mut state,
            Seat(0),
            Action::Summon {
                figure: 2,
                hex: Hex::new(3, 0),
            },
            &[],
        );
        assert!(events.contains(&Event::Summoned {
            figure: 2,
            hex: Hex::new(3, 0),
            level: 1
        }));
        assert_eq!(state.figure(2).unwrap().hex, Some(Hex::new(3, 0)));
        assert!(glyph_at(&state, Hex::new(2, 0)).is_none(), "used up");
        // The turn goes on: the summoned Archer is next to the Brute.
        assert!(
            HeroScape::legal_actions(&state, Seat(0)).contains(&Action::Attack {
                figure: 1,
                target: 2
            })
        );
    }

    #[test]
    fn sturla_brings_back_a_destroyed_figure_on_19_or_20_into_its_start_zone() {
        let field = strip(9, Glyph::Sturla, 2, false);
        // East's Dune Runners: figure 3 was destroyed where it stood.
        let mut state = turn(
            field.clone(),
            "emberclaw-brute",
            "dune-runners",
            &[(1, 0), (2, 6), (3, 7)],
        );
        state.figure_mut(3).unwrap().destroyed = true;
        state.figure_mut(3).unwrap().wounds = 1;
        let events = play(&mut state, Seat(0), step(1, 2), &[19]);
        assert!(events.contains(&Event::GlyphUsed {
            glyph: Glyph::Sturla,
            figures: vec![3],
            rolls: vec![(3, 19)]
        }));
        // Its owner places it in its start zone (the east end).
        match HeroScape::pending(&state) {
            Pending::Decide { seats, decision } => {
                assert_eq!(seats, vec![Seat(1)]);
                assert_eq!(decision, Decision::Place { figure: 3 });
            }
            other => panic!("{other:?}"),
        }
        play(
            &mut state,
            Seat(1),
            Action::Place {
                figure: 3,
                hex: Hex::new(8, 0),
                tail: None,
            },
            &[],
        );
        let f = state.figure(3).unwrap();
        assert!(f.on_field() && f.wounds == 0);
        // And West's turn goes on.
        assert!(matches!(
            HeroScape::pending(&state),
            Pending::Decide {
                decision: Decision::Attack { .. } | Decision::Move { .. },
                ..
            }
        ));

        // 1 to 18: it stays destroyed.
        let mut state = turn(
            field,
            "emberclaw-brute",
            "dune-runners",
            &[(1, 0), (2, 6), (3, 7)],
        );
        state.figure_mut(3).unwrap().destroyed = true;
        let events = play(&mut state, Seat(0), step(1, 2), &[18]);
        assert!(events.contains(&Event::GlyphUsed {
            glyph: Glyph::Sturla,
            figures: vec![],
            rolls: vec![(3, 18)]
        }));
        assert!(state.figure(3).unwrap().destroyed);
        assert!(state.glyph_choice.is_none());
    }

    #[test]
    fn rannveig_grounds_every_flyer_while_a_figure_stands_on_it() {
        // *Toutes les figurines qui peuvent voler perdent ce pouvoir.*
        let field = strip(9, Glyph::Rannveig, 2, true);
        let mut state = turn(
            field,
            "emberclaw-brute",
            "skyreach-falconer",
            &[(1, 0), (2, 8)],
        );
        let falconer = state.figure(2).unwrap().clone();
        assert!(crate::game::geometry::body(&state, &falconer)
            .flight
            .flies());
        play(&mut state, Seat(0), step(1, 2), &[]);
        assert!(grounded(&state));
        let falconer = state.figure(2).unwrap().clone();
        assert!(!crate::game::geometry::body(&state, &falconer)
            .flight
            .flies());
    }

    #[test]
    fn brandar_and_unknown_glyphs_show_their_rule_and_do_nothing() {
        let mut state = turn(
            strip(9, Glyph::Brandar, 2, false),
            "emberclaw-brute",
            "skyreach-archer",
            &[(1, 0), (2, 8)],
        );
        let before = attack_of(&state, state.figure(1).unwrap());
        let events = play(&mut state, Seat(0), step(1, 2), &[]);
        assert!(!events.iter().any(|e| matches!(e, Event::GlyphUsed { .. })));
        assert!(glyph_at(&state, Hex::new(2, 0)).is_some_and(|g| g.face_up));
        assert_eq!(attack_of(&state, state.figure(1).unwrap()), before);
        assert!(rule_text(&state, Glyph::Brandar, Lang::En)
            .unwrap()
            .contains("scenario"));
        // The scenario's own text is what players read.
        state
            .options
            .glyph_rules
            .insert(Glyph::Brandar, "The figure holding the banner wins".into());
        assert_eq!(
            rule_text(&state, Glyph::Brandar, Lang::Fr).as_deref(),
            Some("The figure holding the banner wins")
        );
        for g in [
            Glyph::Wannok,
            Glyph::Proftaka,
            Glyph::Oreld,
            Glyph::Nilrend,
            Glyph::Crevcor,
            Glyph::Thorian,
            Glyph::Ulaniva,
        ] {
            assert!(rule_text(&state, g, Lang::Fr)
                .unwrap()
                .contains("sans effet"));
        }
        assert_eq!(rule_text(&state, Glyph::Astrid, Lang::En), None);
    }
}
