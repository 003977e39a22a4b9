//! *Préparez le champ de bataille*: reveal the teams, roll for the first player (2d6, ties
//! reroll), the first player chooses the map, seats choose deployment zones starting on the first
//! player's left (opposite sides for two players), zones grow a row at a time towards the centre
//! while a team does not fit, then each seat places its figures, first player first.

use skirmish_board::square::{Square, SquareMap};
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Seat, SetupError};

use super::event::Event;
use super::state::{Fig, Phase, Scenario, SeatInfo, State};

/// Builds the starting state.
pub fn setup(scenario: &Scenario, dice: &mut Dice) -> Result<State, SetupError> {
    let n = scenario.teams.len();
    if !(2..=4).contains(&n) {
        return Err(SetupError::new(format!(
            "HeroClix is played by 2 to 4 seats; the scenario has {n} team(s)"
        )));
    }
    if scenario.maps.is_empty() {
        return Err(SetupError::new("the scenario has no map"));
    }
    let mut figures = Vec::new();
    let mut seats = Vec::new();
    for (i, team) in scenario.teams.iter().enumerate() {
        if team.figures.is_empty() {
            return Err(SetupError::new(format!(
                "team {} ({}) has no figure: a team needs at least one",
                i + 1,
                team.name
            )));
        }
        let theme = if scenario.options.theme_teams {
            let defs: Vec<&crate::figure::FigureDef> =
                team.figures.iter().map(|f| f.def.as_ref()).collect();
            crate::tactics::theme(&defs, scenario.options.build_total)
        } else {
            None
        };
        seats.push(SeatInfo {
            name: team.name.clone(),
            alliance: team.alliance.unwrap_or(100 + i as u8),
            zone: None,
            victory_points: 0,
            theme_rerolls: theme.as_ref().map_or(0, |t| (t.with_keyword / 2) as u8),
            theme: theme.map(|t| t.keyword),
        });
        for tf in &team.figures {
            let lines = tf.def.starting_lines();
            let Some(&start) = lines.get(tf.line) else {
                return Err(SetupError::new(format!(
                    "{} ({}) has no starting line {} (it has {})",
                    tf.def.name,
                    tf.def.id,
                    tf.line + 1,
                    lines.len()
                )));
            };
            if tf.def.dial.is_empty() {
                return Err(SetupError::new(format!(
                    "{} ({}) has no dial",
                    tf.def.name, tf.def.id
                )));
            }
            if let Err(e) = tf.def.check_numbers() {
                return Err(SetupError::new(format!(
                    "team {} ({}): {} {e}",
                    i + 1,
                    team.name,
                    tf.def.name
                )));
            }
            let id = FigureId(figures.len() as u32);
            figures.push(Fig {
                id,
                def: tf.def.clone(),
                label: tf.label.clone().unwrap_or_else(|| tf.def.name.clone()),
                owner: Seat(i as u8),
                points: tf.def.points_for_line(tf.line).unwrap_or(0),
                start_click: start,
                click: start,
                square: None,
                tokens: 0,
                ko: false,
                acted_this_turn: false,
                token_this_turn: false,
                active: false,
                last_damaged_by: None,
                last_hit_by: None,
                controlled_from: None,
                countered: Vec::new(),
                perplexed: Vec::new(),
                switched_off: Vec::new(),
                teams_off: Vec::new(),
                wild_card: None,
                captives: Vec::new(),
                captured_by: None,
            });
        }
    }
    // Copies of one figure without a name of their own are numbered, to tell them apart.
    let custom: Vec<bool> = scenario
        .teams
        .iter()
        .flat_map(|t| t.figures.iter().map(|f| f.label.is_some()))
        .collect();
    let names: Vec<String> = figures.iter().map(|f| f.label.clone()).collect();
    for i in 0..figures.len() {
        if custom[i] {
            continue;
        }
        let same: Vec<usize> = (0..figures.len())
            .filter(|&j| !custom[j] && names[j] == names[i])
            .collect();
        if same.len() > 1 {
            let k = same.iter().position(|&j| j == i).unwrap_or(0);
            figures[i].label = format!("{} {}", names[i], k + 1);
        }
    }
    let mut state = State {
        options: scenario.options.clone(),
        map: std::sync::Arc::new(scenario.maps[0].clone()),
        map_choices: Vec::new(),
        figures,
        seats,
        phase: Phase::Play,
        round: 1,
        order: Vec::new(),
        turn: 0,
        actions_used: 0,
        action_total: skirmish_clix::tokens::action_total(scenario.options.build_total),
        zone_growth: 0,
        interrupt: None,
        queued: Vec::new(),
        outcome: None,
        first_player_rolls: Vec::new(),
        ignoring: Vec::new(),
        charging: None,
        carrying: None,
        carried_this_turn: Vec::new(),
        telekinesed: Vec::new(),
        mind_control: None,
        shield_boosts: Vec::new(),
        x_men_pairs: Vec::new(),
        lent_actions_used: None,
        moving_and_attacking: None,
        used_this_turn: Vec::new(),
        used_this_round: Vec::new(),
        shape_changed: Vec::new(),
        leadership_bonus: false,
        power_markers: Vec::new(),
        releasing: Vec::new(),
        multi_attacking: None,
        objects: Vec::new(),
        feats: Vec::new(),
        conditions: Vec::new(),
        atas: Vec::new(),
        feats_aside: Vec::new(),
        grantable: Vec::new(),
        rolls: Default::default(),
        event: scenario
            .event
            .as_ref()
            .map(|def| super::tactics::EventInPlay {
                def: def.clone(),
                click: 0,
            }),
        card_effects: false,
    };
    place_objects(&mut state, &scenario.objects)?;
    team_tactics(&mut state, scenario)?;
    if let Some(pos) = &scenario.position {
        return from_position(state, scenario, pos);
    }
    let bonus: Vec<u8> = scenario
        .teams
        .iter()
        .zip(&state.seats)
        .map(|(t, s)| {
            if s.theme.is_some() {
                t.figures.iter().filter(|f| !f.def.bystander).count() as u8
            } else {
                0
            }
        })
        .collect();
    let (first, rolls) = roll_first_player(n, &bonus, dice);
    state.first_player_rolls = rolls;
    state.order = (0..n)
        .map(|k| Seat(((first.index() + k) % n) as u8))
        .collect();
    if scenario.maps.len() > 1 {
        state.map_choices = scenario
            .maps
            .iter()
            .cloned()
            .map(std::sync::Arc::new)
            .collect();
        state.phase = Phase::ChooseMap;
    } else {
        check_zones(&state.map, n)?;
        state.phase = Phase::ChooseZones { next: 0 };
    }
    Ok(state)
}

/// Puts the scenario's objects on the map: each on a square of the map that is not blocking
/// terrain, one per square.
pub fn place_objects(
    state: &mut State,
    objects: &[super::state::ObjectSetup],
) -> Result<(), SetupError> {
    state.objects.clear();
    for (i, o) in objects.iter().enumerate() {
        let ok = state.map.cell(o.square).is_some_and(|c| !c.is_blocking());
        if !ok {
            return Err(SetupError::new(format!(
                "objects[{i}]: square {} is off the map or blocking terrain",
                o.square
            )));
        }
        if state.objects.iter().any(|x| x.square == Some(o.square)) {
            return Err(SetupError::new(format!(
                "objects[{i}]: another object already lies on {}",
                o.square
            )));
        }
        std::sync::Arc::make_mut(&mut state.map)
            .place_marker(o.square, skirmish_board::square::Marker::Object);
        state.objects.push(super::state::Object {
            kind: o.kind,
            name: o
                .name
                .clone()
                .unwrap_or_else(|| format!("object {}", i + 1)),
            square: Some(o.square),
            held_by: None,
            special: o.special.clone(),
            to_place: None,
            brought_by: None,
        });
    }
    Ok(())
}

/// Feats, battlefield conditions and objects the teams bring (rulebook Partie 4): feats go to
/// their chosen characters (every character of the team for a team feat), conditions wait to be
/// revealed, objects wait to be placed. An alternate team ability card (Partie 3) goes to the
/// characters of its team meeting its prerequisite.
fn team_tactics(state: &mut State, scenario: &Scenario) -> Result<(), SetupError> {
    let mut base = 0;
    for (i, team) in scenario.teams.iter().enumerate() {
        let seat = Seat(i as u8);
        for (k, feat) in team.tactics.feats.iter().enumerate() {
            let figures = if feat.def.choose == 0 {
                (0..team.figures.len())
                    .map(|j| FigureId((base + j) as u32))
                    .collect()
            } else {
                let mut ids = Vec::new();
                for &c in &feat.characters {
                    if c >= team.figures.len() {
                        return Err(SetupError::new(format!(
                            "team {} ({}): feat {} `{}` is assigned to character {}, but the team has {}",
                            i + 1,
                            team.name,
                            k + 1,
                            feat.def.name,
                            c + 1,
                            team.figures.len()
                        )));
                    }
                    ids.push(FigureId((base + c) as u32));
                }
                ids
            };
            state.feats.push(super::tactics::FeatInPlay {
                def: feat.def.clone(),
                seat,
                figures,
                removed: false,
            });
        }
        if let Some(a) = &team.tactics.ata {
            state.atas.push(super::tactics::AtaInPlay {
                def: a.clone(),
                seat,
                figures: team
                    .figures
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| a.prerequisite.met(&f.def))
                    .map(|(j, _)| FigureId((base + j) as u32))
                    .collect(),
            });
        }
        if let Some(c) = &team.tactics.condition {
            state.conditions.push(super::tactics::ConditionInPlay {
                def: c.clone(),
                seat,
                cancelled: false,
                revealed: scenario.position.is_some(),
            });
        }
        // From a position the set-up steps are skipped: a team's objects are then not placed.
        if scenario.position.is_none() {
            for o in &team.tactics.objects {
                state.objects.push(super::state::Object {
                    kind: o.kind,
                    name: o.name.clone(),
                    square: None,
                    held_by: None,
                    special: o.special.clone(),
                    to_place: Some(seat),
                    brought_by: Some(seat),
                });
            }
        }
        base += team.figures.len();
    }
    if let Some(ev) = &scenario.event {
        if ev.clicks.is_empty() {
            return Err(SetupError::new(format!(
                "the event dial {} has no click",
                ev.name
            )));
        }
        if let Some(t) = scenario
            .teams
            .iter()
            .find(|t| t.tactics.condition.is_some())
        {
            return Err(SetupError::new(format!(
                "{} brings a battlefield condition, but a game with an event dial ({}) uses none (rulebook Socles événement)",
                t.name, ev.name
            )));
        }
    }
    state.grantable = grantable(state);
    state.card_effects = state.event.is_some()
        || !state.feats.is_empty()
        || !state.conditions.is_empty()
        || state.objects.iter().any(|o| o.special.is_some())
        || state
            .figures
            .iter()
            .any(|f| f.def.special_powers.iter().any(|s| !s.effects.is_empty()));
    Ok(())
}

/// Every power or ability a card of the game (special power, trait, feat, condition, special
/// object, event dial) can grant.
fn grantable(state: &State) -> Vec<super::powers::Ability> {
    use crate::card_effect::{CardEffect, Change};
    let mut all: Vec<&CardEffect> = Vec::new();
    for f in &state.figures {
        all.extend(f.def.special_powers.iter().flat_map(|s| &s.effects));
    }
    all.extend(state.feats.iter().flat_map(|f| &f.def.effects));
    all.extend(state.conditions.iter().flat_map(|c| &c.def.effects));
    all.extend(
        state
            .objects
            .iter()
            .filter_map(|o| o.special.as_ref())
            .flat_map(|d| &d.effects),
    );
    if let Some(e) = &state.event {
        all.extend(e.def.clicks.iter().flat_map(|c| &c.effects));
    }
    let mut out = Vec::new();
    for e in all {
        if let Change::Uses { ability } = e.change {
            if !out.contains(&ability) {
                out.push(ability);
            }
        }
    }
    out
}

/// Rolls 2d6 per seat, rerolling ties for the highest total.
/// A theme team adds its number of characters to each of its rolls.
fn roll_first_player(n: usize, bonus: &[u8], dice: &mut Dice) -> (Seat, Vec<(Seat, Vec<u8>)>) {
    let mut rolls: Vec<(Seat, Vec<u8>)> = (0..n).map(|i| (Seat(i as u8), Vec::new())).collect();
    let mut contenders: Vec<usize> = (0..n).collect();
    // Each round of rerolls halves the odds of another tie; a scripted stream that keeps
    // tying is cut off after 50 rounds in favour of the lowest seat.
    for _ in 0..50 {
        let mut best = 0;
        for &c in &contenders {
            let (a, b) = dice.two_d6();
            let total = (a + b).saturating_add(bonus.get(c).copied().unwrap_or(0));
            rolls[c].1.push(total);
            best = best.max(total);
        }
        contenders.retain(|&c| rolls[c].1.last() == Some(&best));
        if contenders.len() == 1 {
            break;
        }
    }
    (Seat(contenders[0] as u8), rolls)
}

fn check_zones(map: &SquareMap, seats: usize) -> Result<(), SetupError> {
    let zones = map.deployment_zones();
    if zones.len() < seats {
        return Err(SetupError::new(format!(
            "map `{}` has {} deployment zone(s) for {seats} seats",
            map.name,
            zones.len()
        )));
    }
    Ok(())
}

/// Starts from a given position (rules scenarios).
fn from_position(
    mut state: State,
    scenario: &Scenario,
    pos: &super::state::Position,
) -> Result<State, SetupError> {
    let n = state.seats.len();
    if usize::from(pos.active) >= n || usize::from(pos.first) >= n {
        return Err(SetupError::new(format!(
            "position: active seat {} or first seat {} does not exist ({n} seats)",
            pos.active + 1,
            pos.first + 1
        )));
    }
    state.order = (0..n)
        .map(|k| Seat(((usize::from(pos.first) + k) % n) as u8))
        .collect();
    state.turn = state
        .order
        .iter()
        .position(|s| s.0 == pos.active)
        .unwrap_or(0);
    state.round = pos.round.max(1);
    for p in &pos.figures {
        let base: usize = scenario.teams[..usize::from(p.seat).min(n)]
            .iter()
            .map(|t| t.figures.len())
            .sum();
        let Some(team) = scenario.teams.get(usize::from(p.seat)) else {
            return Err(SetupError::new(format!(
                "position: seat {} does not exist",
                p.seat + 1
            )));
        };
        if p.index >= team.figures.len() {
            return Err(SetupError::new(format!(
                "position: seat {} has no figure number {}",
                p.seat + 1,
                p.index + 1
            )));
        }
        let id = base + p.index;
        if let Some(sq) = p.square {
            let Some(cell) = state.map.cell(sq) else {
                return Err(SetupError::new(format!(
                    "position: square {sq} is off the map"
                )));
            };
            if cell.is_blocking() {
                return Err(SetupError::new(format!(
                    "position: square {sq} is blocking terrain (golden rule of occupancy)"
                )));
            }
            if state.figures.iter().any(|f| f.square == Some(sq)) {
                return Err(SetupError::new(format!(
                    "position: two figures on {sq} (golden rule of occupancy)"
                )));
            }
        }
        let f = &mut state.figures[id];
        f.square = p.square;
        f.click = f.start_click + p.damage;
        f.tokens = p.tokens.min(2);
        f.active = p.active;
        f.wild_card = p.wild_card.clone();
        if f.click >= f.def.dial.len() {
            return Err(SetupError::new(format!(
                "position: {} takes {} damage, past its last click",
                f.label, p.damage
            )));
        }
    }
    for (i, zone) in pos.zones.iter().enumerate() {
        if let (Some(seat), Some(z)) = (state.seats.get_mut(i), zone) {
            seat.zone = Some(*z);
        }
    }
    state.phase = Phase::Play;
    Ok(state)
}

/// The side of the map a zone lies on, as a unit step towards the centre.
fn inward(map: &SquareMap, zone: u8) -> (i32, i32) {
    let sq = map.zone_squares(zone);
    if sq.is_empty() {
        return (0, 0);
    }
    let cx = sq.iter().map(|s| s.x as f64 + 0.5).sum::<f64>() / sq.len() as f64;
    let cy = sq.iter().map(|s| s.y as f64 + 0.5).sum::<f64>() / sq.len() as f64;
    let dx = cx - map.width() as f64 / 2.0;
    let dy = cy - map.height() as f64 / 2.0;
    if dy.abs() >= dx.abs() {
        (0, if dy < 0.0 { 1 } else { -1 })
    } else {
        (if dx < 0.0 { 1 } else { -1 }, 0)
    }
}

/// Squares of a zone, with the rows it has grown towards the centre.
pub fn zone_squares(state: &State, zone: u8) -> Vec<Square> {
    let base = state.map.zone_squares(zone);
    let (dx, dy) = inward(&state.map, zone);
    let mut out = base.clone();
    for k in 1..=i32::from(state.zone_growth) {
        for s in &base {
            let t = Square::new(s.x + dx * k, s.y + dy * k);
            if state.map.cell(t).is_some_and(|c| c.zone == 0) && !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out.sort();
    out
}

/// Zones a seat may still choose: free ones, and for two seats only the one opposite the zone
/// already chosen (rulebook *Étape 2*).
pub fn zone_options(state: &State) -> Vec<u8> {
    let taken: Vec<u8> = state.seats.iter().filter_map(|s| s.zone).collect();
    let free: Vec<u8> = state
        .map
        .deployment_zones()
        .into_iter()
        .filter(|z| !taken.contains(z))
        .collect();
    if state.seats.len() == 2 {
        if let Some(&first) = taken.first() {
            let (ax, ay) = inward(&state.map, first);
            let opposite: Vec<u8> = free
                .iter()
                .copied()
                .filter(|z| inward(&state.map, *z) == (-ax, -ay))
                .collect();
            if !opposite.is_empty() {
                return opposite;
            }
        }
    }
    free
}

/// Grows every zone a row at a time until each team fits in its zone.
pub fn grow_zones(state: &mut State, events: &mut Vec<Event>) {
    let limit = state.map.width().max(state.map.height()) as u8;
    while state.zone_growth < limit {
        let fits = state.seats.iter().enumerate().all(|(i, s)| {
            let Some(z) = s.zone else { return true };
            let need: usize = state
                .figures
                .iter()
                .filter(|f| f.owner.index() == i)
                .map(|f| {
                    usize::from(f.def.base.width.max(1)) * usize::from(f.def.base.depth.max(1))
                })
                .sum();
            let room = zone_squares(state, z)
                .into_iter()
                .filter(|sq| state.map.cell(*sq).is_some_and(|c| !c.is_blocking()))
                .count();
            room >= need
        });
        if fits {
            return;
        }
        state.zone_growth += 1;
        events.push(Event::ZonesGrown {
            rows: state.zone_growth,
        });
    }
}

/// Squares where a seat may place a figure now.
pub fn placement_squares(state: &State, seat: Seat) -> Vec<Square> {
    let Some(zone) = state.seats.get(seat.index()).and_then(|s| s.zone) else {
        return Vec::new();
    };
    zone_squares(state, zone)
        .into_iter()
        .filter(|sq| {
            state.map.cell(*sq).is_some_and(|c| !c.is_blocking()) && state.figure_at(*sq).is_none()
        })
        .collect()
}

/// True if a multi-base figure placed with its top-left square on `anchor` has its whole base
/// on free squares of the zone (`zone`), all on one level.
pub fn base_fits(state: &State, f: &Fig, anchor: Square, zone: &[Square]) -> bool {
    let base = crate::movement::footprint(anchor, f.def.base.width, f.def.base.depth);
    let level = state.map.level(anchor);
    base.iter()
        .all(|s| zone.contains(s) && state.map.level(*s) == level)
}

/// Figures of a seat not yet placed.
pub fn unplaced(state: &State, seat: Seat) -> Vec<FigureId> {
    state
        .figures
        .iter()
        .filter(|f| f.owner == seat && !f.ko && f.square.is_none())
        .map(|f| f.id)
        .collect()
}

/// Once every zone is chosen (rulebook *Étape 2*): battlefield conditions are revealed, theme
/// teams may cancel one, objects are placed, then figures.
pub fn after_zones(state: &mut State, events: &mut Vec<Event>) {
    let mut any = false;
    for (i, c) in state.conditions.iter_mut().enumerate() {
        if !c.revealed {
            c.revealed = true;
            any = true;
            events.push(Event::ConditionRevealed {
                seat: c.seat,
                condition: i,
                name: c.def.name.clone(),
                name_fr: c.def.name_fr.clone(),
            });
        }
    }
    state.phase = if any {
        match next_canceller(state, 0) {
            Some(next) => Phase::CancelCondition { next },
            None => after_conditions(state),
        }
    } else {
        after_conditions(state)
    };
}

/// The next seat (index into the turn order, from `from`) of a theme team that may still cancel
/// a condition.
pub fn next_canceller(state: &State, from: usize) -> Option<usize> {
    if !state.conditions.iter().any(|c| c.revealed && !c.cancelled) {
        return None;
    }
    (from..state.order.len()).find(|&k| {
        state
            .seats
            .get(state.order[k].index())
            .is_some_and(|s| s.theme.is_some())
    })
}

/// The phase after battlefield conditions: objects to place, or figures.
pub fn after_conditions(state: &State) -> Phase {
    match next_object_seat(state, 0) {
        Some(next) => Phase::PlaceObjects { next },
        None => Phase::Deploy { next: 0 },
    }
}

/// The next seat in turn order, from `from` and going round, with an object still to place.
pub fn next_object_seat(state: &State, from: usize) -> Option<usize> {
    let n = state.order.len();
    (0..n)
        .map(|k| (from + k) % n)
        .find(|&k| !objects_to_place(state, state.order[k]).is_empty())
}

/// A seat's objects still to place (indices into the game's objects).
pub fn objects_to_place(state: &State, seat: Seat) -> Vec<usize> {
    state
        .objects
        .iter()
        .enumerate()
        .filter(|(_, o)| o.to_place == Some(seat))
        .map(|(i, _)| i)
        .collect()
}

/// Where an object may be placed (rulebook *Placer les objets*): clear ground-level terrain
/// outside the players' deployment zones, one object per square; a special object at least 5
/// squares from every zone.
pub fn object_squares(state: &State, special: bool) -> Vec<Square> {
    let zones: Vec<Square> = state
        .seats
        .iter()
        .filter_map(|s| s.zone)
        .flat_map(|z| zone_squares(state, z))
        .collect();
    let mut out = Vec::new();
    for y in 0..state.map.height() {
        for x in 0..state.map.width() {
            let sq = Square::new(x, y);
            let Some(cell) = state.map.cell(sq) else {
                continue;
            };
            if !cell.terrain_now().is_clear()
                || state.map.level(sq) != 0
                || zones.contains(&sq)
                || state.objects.iter().any(|o| o.square == Some(sq))
                || state.figure_at(sq).is_some()
            {
                continue;
            }
            if special
                && zones
                    .iter()
                    .any(|z| (z.x - x).abs().max((z.y - y).abs()) < 5)
            {
                continue;
            }
            out.push(sq);
        }
    }
    out
}

/// Why an object cannot go on a square, for refusals.
pub fn object_refusal(state: &State, object: usize, square: Square) -> String {
    let Some(o) = state.objects.get(object) else {
        return format!("there is no object {object}");
    };
    let placing = match state.phase {
        Phase::PlaceObjects { next } => state.order.get(next).copied(),
        _ => None,
    };
    if placing.is_none() || o.to_place != placing {
        return format!("{} is not an object this player still has to place", o.name);
    }
    if o.special.is_some() {
        format!("{} is a special object: it goes on clear ground-level terrain, outside the deployment zones, at least 5 squares from them, on a square without another object; {square} is not such a square", o.name)
    } else {
        format!("objects go on clear ground-level terrain outside the deployment zones, one per square; {square} is not such a square")
    }
}
