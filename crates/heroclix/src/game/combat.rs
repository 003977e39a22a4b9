//! Combat: close and ranged attacks, damage, critical rolls, knockback, knock-outs, and
//! destroying blocking terrain and walls.
//!
//! Rulebook *Actions de combat*, *Règles des actions de combat*, *Le jet d'attaque*, *Infliger des
//! dégâts*, *Aucun dégât*, *0 dégât*, *Vaincre les personnages*, *Soin*, *Obtenir 2 ou 12*,
//! *Recul*, *Dégâts dus au recul*, *Tomber d'un terrain élevé*, *Combat à distance*, *Combat à
//! distance sur cibles multiples*, *Détruire un terrain bloquant*, *Détruire les murs*; FAQ
//! *Application des dégâts*, *Recul*.

use skirmish_board::square::{Dir, Marker, Square, Terrain};
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Seat};
use skirmish_los::{ClixLos, Endpoint, LosNote, OccupancyGrid, Occupant, Verdict};

use super::event::{DamageKind, Event};
use super::state::{AttackInProgress, Fig, Interrupt, State};
use super::values::{compute, Change, Effect, Value};
use crate::figure::Stat;

/// A figure's combat value now: the printed value with every effect in play on it (golden
/// rule 1). The base game has no such effect; powers and abilities add theirs here.
pub fn stat(_state: &State, f: &Fig, stat: Stat) -> Value {
    compute(i32::from(f.printed(stat)), Vec::new())
}

/// Range value now.
pub fn range(f: &Fig) -> u32 {
    u32::from(f.def.range)
}

/// First-round immunity (rulebook *Immunité au premier round*): in round 1, a figure that has
/// neither received an action nor moved cannot be targeted, attacked or damaged by opponents.
pub fn immune(state: &State, f: &Fig) -> bool {
    state.round == 1 && !f.active
}

/// Who stands where, for lines of fire; build it once per decision and share it. Every square
/// of a multi-base figure carries its id, so its own squares never block its lines.
pub fn occupancy(state: &State) -> OccupancyGrid {
    let mut occ = OccupancyGrid::new(&state.map);
    for f in state.in_play() {
        for sq in f.footprint() {
            occ.set(
                sq,
                Some(Occupant {
                    figure: f.id,
                    level: state.map.level(sq),
                }),
            );
        }
    }
    occ
}

fn endpoints(state: &State, f: &Fig) -> Vec<Endpoint> {
    f.footprint()
        .into_iter()
        .map(|sq| Endpoint::at(&state.map, sq).with_figure(f.id))
        .collect()
}

/// The best line of fire from one figure to another within `max` squares: a multi-base figure
/// draws from or to any square of its base (rulebook *Personnage multi-socle et attaques*), so
/// the clearest, then shortest, line counts. `None` when every line is blocked or too long.
pub fn best_line(
    state: &State,
    from: &Fig,
    to: &Fig,
    max: u32,
    occ: &OccupancyGrid,
) -> Option<(Verdict, u32)> {
    let mut best: Option<(Verdict, u32)> = None;
    for a in endpoints(state, from) {
        for b in endpoints(state, to) {
            let d = a.square.distance(b.square);
            if d > max || best.is_some_and(|x| (x.0, x.1) <= (Verdict::Clear, d)) {
                continue;
            }
            let v = ClixLos::HEROCLIX.verdict(&state.map, a, b, occ);
            if v != Verdict::Blocked && best.is_none_or(|x| (v, d) < x) {
                best = Some((v, d));
            }
        }
    }
    best
}

/// The line of fire from one figure to another (blocked when there is none).
pub fn line_of_fire(state: &State, from: &Fig, to: &Fig) -> Verdict {
    best_line(state, from, to, u32::MAX, &occupancy(state)).map_or(Verdict::Blocked, |x| x.0)
}

fn endpoint(state: &State, f: &Fig) -> Option<Endpoint> {
    let sq = f.square?;
    Some(Endpoint::at(&state.map, sq).with_figure(f.id))
}

/// Opposing figures a figure may attack in close combat.
pub fn close_targets(state: &State, f: &Fig) -> Vec<FigureId> {
    state
        .in_play()
        .filter(|t| state.opposed(f, t) && !immune(state, t))
        .filter(|t| state.figures_adjacent(f, t))
        .map(|t| t.id)
        .collect()
}

/// Opposing figures a figure may target with a ranged attack, one by one: range above 0, not
/// adjacent to an opposing figure, target within range (not counting the attacker's square)
/// and with a line of fire that is not blocked.
pub fn ranged_targets(state: &State, f: &Fig, occ: &OccupancyGrid) -> Vec<FigureId> {
    let r = range(f);
    if r == 0 || !f.in_play() || state.next_to_enemy(f) {
        return Vec::new();
    }
    state
        .in_play()
        .filter(|t| state.opposed(f, t) && !immune(state, t))
        .filter(|t| best_line(state, f, t, r, occ).is_some())
        .map(|t| t.id)
        .collect()
}

/// Every set of targets (1 up to the number of bolts, no figure twice) for a ranged attack.
pub fn ranged_target_sets(state: &State, f: &Fig, occ: &OccupancyGrid) -> Vec<Vec<FigureId>> {
    let single = ranged_targets(state, f, occ);
    let bolts = usize::from(f.def.targets.max(1));
    let mut out: Vec<Vec<FigureId>> = Vec::new();
    fn rec(
        items: &[FigureId],
        k: usize,
        start: usize,
        cur: &mut Vec<FigureId>,
        out: &mut Vec<Vec<FigureId>>,
    ) {
        if !cur.is_empty() {
            out.push(cur.clone());
        }
        if cur.len() == k {
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            rec(items, k, i + 1, cur, out);
            cur.pop();
        }
    }
    rec(&single, bolts, 0, &mut Vec::new(), &mut out);
    out
}

/// Why `t` cannot be the target of an attack by `a`, whatever the kind of attack.
fn target_refusal(state: &State, a: &Fig, t: &Fig) -> Option<String> {
    if a.id == t.id {
        return Some("a figure never targets itself".into());
    }
    if !state.opposed(a, t) {
        return Some(format!(
            "{} is friendly: attacks never target friendly figures",
            t.label
        ));
    }
    if !t.in_play() {
        return Some(format!("{} is not on the map", t.label));
    }
    if immune(state, t) {
        return Some(format!(
            "{} has first-round immunity: it has not received an action or moved yet",
            t.label
        ));
    }
    None
}

/// Why a close attack is refused.
pub fn close_refusal(state: &State, attacker: FigureId, target: FigureId) -> String {
    let (Some(a), Some(t)) = (state.fig(attacker), state.fig(target)) else {
        return "no such figure".into();
    };
    target_refusal(state, a, t).unwrap_or_else(|| {
        format!(
            "{} is not adjacent to {} (walls, elevation and blocking terrain on both sides of a corner separate squares)",
            t.label, a.label
        )
    })
}

/// Why a ranged attack is refused.
pub fn ranged_refusal(state: &State, attacker: FigureId, targets: &[FigureId]) -> String {
    let Some(a) = state.fig(attacker) else {
        return "no such figure".into();
    };
    if range(a) == 0 {
        return format!("{} has a range of 0: close combat only", a.label);
    }
    if state.next_to_enemy(a) {
        return format!(
            "{} is adjacent to an opposing figure: no ranged attack",
            a.label
        );
    }
    if targets.is_empty() {
        return "an attack needs at least one target".into();
    }
    if targets.len() > usize::from(a.def.targets.max(1)) {
        return format!(
            "{} has {} bolt(s): at most that many targets",
            a.label, a.def.targets
        );
    }
    let occ = occupancy(state);
    let mut seen = Vec::new();
    for id in targets {
        if seen.contains(id) {
            return "a ranged attack cannot target the same figure twice".into();
        }
        seen.push(*id);
        let Some(t) = state.fig(*id) else {
            return format!("there is no figure #{}", id.0);
        };
        if let Some(r) = target_refusal(state, a, t) {
            return r;
        }
        if best_line(state, a, t, u32::MAX, &occ).is_none() {
            return format!(
                "the line of fire from {} to {} is blocked",
                a.label, t.label
            );
        }
        if best_line(state, a, t, range(a), &occ).is_none() {
            return format!(
                "{} is beyond {}'s range of {} squares",
                t.label,
                a.label,
                range(a)
            );
        }
    }
    "the targets must be listed in increasing order, each once".into()
}

/// Blocking squares a figure may attack: adjacent ones in close combat, and ones in range with a
/// line of fire to the centre for a ranged attack (the targeted square does not block its own
/// line).
pub fn blocking_targets(state: &State, f: &Fig, occ: &OccupancyGrid) -> Vec<(Square, bool)> {
    let (Some(from), Some(a)) = (f.square, endpoint(state, f)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let level = state.map.level(from);
    for n in from.neighbours() {
        if state
            .map
            .cell(n)
            .is_some_and(|c| c.is_blocking() && c.level == level)
            && !state.map.step_crosses_wall(from, n)
        {
            out.push((n, false));
        }
    }
    let r = range(f) as i32;
    if r > 0 && !state.next_to_enemy(f) {
        for y in (from.y - r)..=(from.y + r) {
            for x in (from.x - r)..=(from.x + r) {
                let sq = Square::new(x, y);
                if sq == from || !state.map.cell(sq).is_some_and(|c| c.is_blocking()) {
                    continue;
                }
                let b = Endpoint::at(&state.map, sq);
                if ClixLos::HEROCLIX.verdict(&state.map, a, b, occ) != Verdict::Blocked {
                    out.push((sq, true));
                }
            }
        }
    }
    out
}

/// Wall sections a figure may attack: `(near square, edge, ranged)`.
pub fn wall_targets(state: &State, f: &Fig, occ: &OccupancyGrid) -> Vec<(Square, Dir, bool)> {
    let (Some(from), Some(a)) = (f.square, endpoint(state, f)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for d in Dir::ORTHOGONAL {
        if state.map.wall(from, d) {
            out.push((from, d, false));
        }
    }
    let r = range(f) as i32;
    if r == 0 || state.next_to_enemy(f) {
        return out;
    }
    for y in (from.y - r)..=(from.y + r) {
        for x in (from.x - r)..=(from.x + r) {
            let near = Square::new(x, y);
            if near == from || !state.map.cell(near).is_some_and(|c| c.has_walls()) {
                continue;
            }
            for d in Dir::ORTHOGONAL {
                if state.map.wall(near, d) && ranged_wall_ok(state, a, near, d, occ) {
                    out.push((near, d, true));
                }
            }
        }
    }
    out
}

/// Rulebook *Détruire les murs*: a line of fire to the centre of the square beyond the wall,
/// crossing the square on the near side; both in range; not blocked by that wall nor by a
/// figure on the far square.
fn ranged_wall_ok(state: &State, a: Endpoint, near: Square, d: Dir, occ: &OccupancyGrid) -> bool {
    let far = near.step(d);
    let r = a
        .figure
        .and_then(|id| state.fig(id))
        .map_or(0, |f| u32::from(f.def.range));
    if a.square.distance(near) > r || a.square.distance(far) > r || !state.map.contains(far) {
        return false;
    }
    let line = ClixLos::HEROCLIX.explain(&state.map, a, Endpoint::at(&state.map, far), occ);
    if !line.squares.contains(&near) {
        return false;
    }
    // Blocked only by the targeted wall section or by a figure on the far square is fine.
    line.notes.iter().all(|n| match n {
        LosNote::Wall { from, to } => (*from, *to) == (near, far),
        LosNote::Figure { square, .. } => *square == far,
        LosNote::BlockingTerrain { .. }
        | LosNote::HigherTerrain { .. }
        | LosNote::OverIndoor { .. }
        | LosNote::OffMap { .. } => false,
        LosNote::Corner { result, .. } => *result != Verdict::Blocked,
        _ => true,
    })
}

/// Resolves an attack roll against its targets, then the damage when it needs no choice.
pub fn attack(
    state: &mut State,
    attacker: FigureId,
    targets: Vec<FigureId>,
    ranged: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(a) = state.fig(attacker).cloned() else {
        return;
    };
    let (d1, d2) = dice.two_d6();
    let attack = stat(state, &a, Stat::Attack);
    let total = i32::from(d1 + d2) + attack.value;
    events.push(Event::AttackRoll {
        attacker,
        ranged,
        dice: (d1, d2),
        attack: attack.explain(skirmish_lang::Lang::En),
        total,
    });
    let crit_miss = d1 == 1 && d2 == 1;
    let crit_hit = d1 == 6 && d2 == 6;
    let mut hits = Vec::new();
    for t in &targets {
        let Some(tf) = state.fig(*t) else { continue };
        let mut effects = Vec::new();
        if ranged
            && best_line(state, &a, tf, range(&a), &occupancy(state))
                .is_some_and(|(v, _)| v == Verdict::Hindered)
        {
            effects.push(Effect::new(
                Change::Modify(1),
                "hindered line of fire",
                "ligne de vue gênée",
            ));
        }
        let base = stat(state, tf, Stat::Defense);
        let mut all = base.effects.clone();
        all.extend(effects);
        let defense = compute(base.printed, all);
        let hit = !crit_miss && (crit_hit || total >= defense.value);
        events.push(Event::AttackResult {
            target: *t,
            defense: defense.explain(skirmish_lang::Lang::En),
            hit,
            critical: if crit_miss {
                Some("critical miss: 2 always misses".into())
            } else if crit_hit {
                Some("critical hit: 12 always hits, +1 damage".into())
            } else {
                None
            },
        });
        if hit {
            hits.push(*t);
        }
    }
    if crit_miss {
        deal(state, attacker, 1, DamageKind::CriticalMiss, None, events);
        knock_out_if_done(state, &[attacker], events);
    }
    if hits.is_empty() {
        return;
    }
    let damage = stat(state, &a, Stat::Damage).value.clamp(0, 255) as u8;
    let mut pending = AttackInProgress {
        attacker,
        ranged,
        dice: (d1, d2),
        hits: hits.clone(),
        damage,
        dealt: Vec::new(),
        knockbacks: Vec::new(),
    };
    if hits.len() == 1 {
        pending.dealt = vec![(hits[0], damage)];
        apply_damage(state, pending, dice, events);
    } else {
        state.interrupt = Some(Interrupt::SplitDamage { attack: pending });
    }
}

/// The attacker's split of the damage arrives.
pub fn resume_split(
    state: &mut State,
    amounts: &[u8],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::SplitDamage { mut attack }) = state.interrupt.take() else {
        return None;
    };
    let attacker = attack.attacker;
    attack.dealt = attack
        .hits
        .iter()
        .copied()
        .zip(amounts.iter().copied())
        .collect();
    apply_damage(state, attack, dice, events);
    Some(attacker)
}

/// Deals an attack's damage to every target hit at once (FAQ *Application des dégâts*), then
/// knockback for doubles.
fn apply_damage(
    state: &mut State,
    mut attack: AttackInProgress,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let crit = attack.dice == (6, 6);
    let source = state.fig(attack.attacker).map(|f| f.owner);
    let mut taken = Vec::new();
    for (t, amount) in attack.dealt.clone() {
        // Rulebook *Obtenir 2 ou 12*: a critical hit adds 1 damage to every target hit.
        let amount = amount.saturating_add(u8::from(crit));
        let before = state.fig(t).map_or(0, |f| f.click);
        deal(state, t, amount, DamageKind::Attack, source, events);
        let after = state.fig(t).map_or(0, |f| f.click);
        taken.push((t, (after - before) as u8));
    }
    let ids: Vec<FigureId> = taken.iter().map(|(t, _)| *t).collect();
    knock_out_if_done(state, &ids, events);
    // Rulebook *Recul*: doubles on a hit knock each target back one square per damage taken,
    // farthest from the attacker first.
    if attack.dice.0 == attack.dice.1 {
        let from = state.fig(attack.attacker).and_then(|f| f.square);
        let mut kb: Vec<(FigureId, u8)> = taken
            .into_iter()
            // Multi-base figures are never knocked back (*Personnages multi-socle et attaques*).
            .filter(|(t, n)| {
                *n > 0
                    && state
                        .fig(*t)
                        .is_some_and(|f| f.in_play() && !f.is_multi_base())
            })
            .collect();
        let dist = |t: &FigureId| match (from, state.fig(*t).and_then(|f| f.square)) {
            (Some(a), Some(b)) => a.distance(b),
            _ => 0,
        };
        kb.sort_by(|x, y| dist(&y.0).cmp(&dist(&x.0)).then(x.0.cmp(&y.0)));
        attack.knockbacks = kb;
        run_knockbacks(state, attack, dice, events);
    }
}

fn run_knockbacks(
    state: &mut State,
    mut attack: AttackInProgress,
    _dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    while !attack.knockbacks.is_empty() {
        let (t, distance) = attack.knockbacks.remove(0);
        let (Some(a), Some(b)) = (
            state.fig(attack.attacker).and_then(|f| f.square),
            state.fig(t).and_then(|f| f.square),
        ) else {
            continue;
        };
        match knockback_line(a, b) {
            Line::Straight(dir) => knock_back(state, t, dir, distance, attack.attacker, events),
            Line::Choose(options) => {
                state.interrupt = Some(Interrupt::KnockbackLine {
                    attack,
                    figure: t,
                    distance,
                    options,
                });
                return;
            }
        }
    }
}

/// The attacker's choice of knockback line arrives.
pub fn resume_knockback(
    state: &mut State,
    via: Square,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::KnockbackLine {
        attack,
        figure,
        distance,
        ..
    }) = state.interrupt.take()
    else {
        return None;
    };
    let attacker = attack.attacker;
    if let Some(from) = state.fig(figure).and_then(|f| f.square) {
        if let Some(dir) = from.dir_to(via) {
            knock_back(state, figure, dir, distance, attacker, events);
        }
    }
    run_knockbacks(state, attack, dice, events);
    Some(attacker)
}

enum Line {
    Straight(Dir),
    Choose([Square; 2]),
}

/// The knockback line away from the attacker. When attacker and target are not on a straight or
/// diagonal line, the line of fire extended past the target runs between two of the target's
/// neighbours — one straight ahead, one diagonal — and the attacker chooses which one sets the
/// line (*reading* of "une des deux premières cases coupées par la ligne de vue prolongée").
fn knockback_line(attacker: Square, target: Square) -> Line {
    let dx = target.x - attacker.x;
    let dy = target.y - attacker.y;
    let (sx, sy) = (dx.signum(), dy.signum());
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        return Line::Straight(Dir::from_delta(sx, sy).unwrap_or(Dir::N));
    }
    let straight = if dx.abs() > dy.abs() {
        Square::new(target.x + sx, target.y)
    } else {
        Square::new(target.x, target.y + sy)
    };
    Line::Choose([straight, Square::new(target.x + sx, target.y + sy)])
}

/// Moves a figure back along a line, with the damage for hitting something or falling.
fn knock_back(
    state: &mut State,
    id: FigureId,
    dir: Dir,
    distance: u8,
    attacker: FigureId,
    events: &mut Vec<Event>,
) {
    let Some(start) = state.fig(id).and_then(|f| f.square) else {
        return;
    };
    let mut path = vec![start];
    let mut cur = start;
    let mut damage = 0u8;
    let mut stopped_by = None;
    for _ in 0..distance {
        let next = cur.step(dir);
        let Some(cell) = state.map.cell(next) else {
            damage = 1;
            stopped_by = Some("the map edge".to_string());
            break;
        };
        let here = state.map.level(cur);
        if cell.is_blocking()
            || state.map.step_crosses_wall(cur, next)
            || state.map.corner_cut(cur, next)
            || cell.level > here
        {
            damage = 1;
            stopped_by = Some(format!("terrain that blocks movement at {next}"));
            break;
        }
        if state.figure_at(next).is_some_and(|f| f.id != id) {
            if cell.level < here {
                // FAQ *Recul*: rather than fall onto a figure, it clings to the edge and takes 1
                // damage as if it had hit a wall (the rulebook leaves the damage unsaid).
                damage = 1;
                stopped_by = Some(format!(
                    "would fall onto the figure on {next}: stays on the edge"
                ));
            } else {
                stopped_by = Some(format!("another figure on {next}, no damage"));
            }
            break;
        }
        cur = next;
        path.push(cur);
        if cell.level < here {
            // Rulebook *Tomber d'un terrain élevé*.
            damage = 2;
            stopped_by = Some("fell off elevated terrain".to_string());
            break;
        }
    }
    if let Some(f) = state.fig_mut(id) {
        f.square = Some(cur);
    }
    events.push(Event::KnockedBack {
        figure: id,
        path,
        stopped_by,
    });
    if damage > 0 {
        let source = state.fig(attacker).map(|f| f.owner);
        deal(state, id, damage, DamageKind::Knockback, source, events);
        knock_out_if_done(state, &[id], events);
    }
}

/// Turns a figure's dial `amount` clicks (rulebook *Infliger des dégâts*). `source` is the seat
/// whose figure dealt it, for victory points.
pub fn deal(
    state: &mut State,
    id: FigureId,
    amount: u8,
    kind: DamageKind,
    source: Option<Seat>,
    events: &mut Vec<Event>,
) {
    if amount == 0 {
        return;
    }
    let allied = |state: &State, owner: Seat| source.is_some_and(|s| state.allied(s, owner));
    let Some(owner) = state.fig(id).map(|f| f.owner) else {
        return;
    };
    let opposed_source = source.filter(|_| !allied(state, owner));
    let Some(f) = state.fig_mut(id) else { return };
    if !f.in_play() {
        return;
    }
    f.click = (f.click + usize::from(amount)).min(f.def.dial.len());
    if opposed_source.is_some() {
        f.last_damaged_by = opposed_source;
    }
    events.push(Event::Damage {
        figure: id,
        amount,
        kind,
    });
}

/// Heals a figure, never past the starting line it began the game on (rulebook *Soin*).
pub fn heal(state: &mut State, id: FigureId, amount: u8) -> u8 {
    let Some(f) = state.fig_mut(id) else { return 0 };
    let healed = (f.click - f.start_click).min(usize::from(amount));
    f.click -= healed;
    healed as u8
}

/// Knocks out the figures whose dial shows KO, scoring their points (rulebook *Vaincre les
/// personnages*, *Déterminer les points de victoire*).
pub fn knock_out_if_done(state: &mut State, ids: &[FigureId], events: &mut Vec<Event>) {
    let active = state.active_seat();
    for id in ids {
        let Some(f) = state.fig(*id) else { continue };
        if f.ko || f.click < f.def.dial.len() {
            continue;
        }
        // Points go to the active player, or — for a figure KO'd on its own side's turn — to
        // the last opponent that damaged it.
        let scorer = if !state.allied(active, f.owner) {
            Some(active)
        } else {
            f.last_damaged_by
        };
        let points = f.points;
        if let Some(s) = scorer {
            state.seats[s.index()].victory_points += points;
        }
        if let Some(f) = state.fig_mut(*id) {
            f.ko = true;
            f.square = None;
            f.tokens = 0;
        }
        events.push(Event::KnockedOut {
            figure: *id,
            scored_by: scorer,
            points,
        });
    }
}

/// Attacks a blocking square: it is destroyed by 3 or more damage (the attack hits
/// automatically), leaving a debris marker.
pub fn destroy_blocking(
    state: &mut State,
    attacker: FigureId,
    square: Square,
    events: &mut Vec<Event>,
) {
    let Some(a) = state.fig(attacker) else { return };
    let damage = stat(state, a, Stat::Damage).value;
    if damage >= 3 {
        state.map.place_marker(square, Marker::Debris);
        events.push(Event::TerrainDestroyed {
            debris: vec![square],
        });
    } else {
        events.push(Event::TerrainHeld { damage });
    }
}

/// Attacks a wall section: destroyed by 3 or more damage; debris goes on the clear squares on
/// either side.
pub fn destroy_wall(
    state: &mut State,
    attacker: FigureId,
    square: Square,
    dir: Dir,
    events: &mut Vec<Event>,
) {
    let Some(a) = state.fig(attacker) else { return };
    let damage = stat(state, a, Stat::Damage).value;
    if damage < 3 {
        events.push(Event::TerrainHeld { damage });
        return;
    }
    state.map.set_wall(square, dir, false);
    let mut debris = Vec::new();
    for s in [square, square.step(dir)] {
        if state
            .map
            .cell(s)
            .is_some_and(|c| c.terrain_now() == Terrain::CLEAR)
        {
            state.map.place_marker(s, Marker::Debris);
            debris.push(s);
        }
    }
    events.push(Event::TerrainDestroyed { debris });
}
