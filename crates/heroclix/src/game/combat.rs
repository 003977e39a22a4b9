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
use skirmish_los::{ClixLos, Endpoint, LosNote, Occupancy, OccupancyGrid, Occupant, Verdict};

use super::event::{Critical, DamageKind, EffectEnd, Event, KnockbackStop};
use super::frames;
use super::powers::{self, AttackCtx};
use super::reach::{self, Purpose};
use super::rolls::{self, RollKind};
use super::state::{AttackInProgress, Fig, Interrupt, State};
use super::values::{compute, Change, Effect, Value};
use crate::figure::{Power, Stat};

/// A figure's combat value now: the printed value with every effect in play on it (golden
/// rule 1), outside any attack.
pub fn stat(state: &State, f: &Fig, stat: Stat) -> Value {
    stat_in(state, f, stat, None)
}

/// A figure's combat value inside an attack (`ctx`), with the effects that depend on it.
pub fn stat_in(state: &State, f: &Fig, stat: Stat, ctx: Option<&AttackCtx>) -> Value {
    // HeroClix dials print numbers only (refused otherwise on load and at set-up).
    let printed = skirmish_clix::dial::DialValue::Number(f.printed(stat));
    let sources = Sources { state, ctx };
    skirmish_clix::values::in_play(printed, stat, f, &sources).unwrap_or_else(|_| Value::printed(0))
}

/// HeroClix's sources of effects on a combat value: powers, team abilities and Partie 4 cards
/// ([`powers::effects`]), inside an attack or not.
struct Sources<'a> {
    state: &'a State,
    ctx: Option<&'a AttackCtx>,
}

impl skirmish_clix::values::ModifierSource<Fig> for Sources<'_> {
    fn effects(&self, f: &Fig, stat: Stat) -> Vec<Effect> {
        powers::effects(self.state, f, stat, self.ctx)
    }
}

/// Range value now: printed, +1 next to a friendly S.H.I.E.L.D. figure (spec TA-6), and a
/// Perplex modifier never applies to it (the 2008 card modifies the four combat values only).
pub fn range(state: &State, f: &Fig) -> u32 {
    range_value(state, f, false)
}

/// Range value for an action that halves it (Pulse Wave, Hypersonic Speed): the halving is a
/// replacement value, so it comes before the modifiers (rulebook *Valeurs de remplacement*,
/// *Règles d'or* 1): range 7 with +1 is 5, not 4.
pub fn half_range(state: &State, f: &Fig) -> u32 {
    range_value(state, f, true)
}

fn range_value(state: &State, f: &Fig, halved: bool) -> u32 {
    let base = u32::from(f.def.range);
    let shield = base > 0
        && state.in_play().any(|o| {
            o.id != f.id
                && state.allied(o.owner, f.owner)
                && state.figures_adjacent(o, f)
                && powers::team(state, o, "shield")
        });
    let cards: i32 = powers_card_range(state, f);
    // A modifier never gives a figure without a range one, nor takes one below 0.
    if base == 0 {
        return 0;
    }
    let replaced = if halved { base.div_ceil(2) } else { base };
    (replaced as i32 + i32::from(shield) + cards).max(0) as u32
}

/// The sum of card modifiers to a figure's range (feats, special powers, conditions).
fn powers_card_range(state: &State, f: &Fig) -> i32 {
    super::tactics::modifiers(state, f, crate::card_effect::Value::Range, None)
        .iter()
        .map(|e| match e.change {
            super::values::Change::Modify(m) => m,
            _ => 0,
        })
        .sum()
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
    line_within(state, from, to, max, occ, true)
}

/// [`best_line`], with Stealth (spec SPD-11: a hindered line to a stealthy figure is blocked)
/// applied or not — a Pulse Wave ignores it.
pub fn line_within(
    state: &State,
    from: &Fig,
    to: &Fig,
    max: u32,
    occ: &OccupancyGrid,
    stealth: bool,
) -> Option<(Verdict, u32)> {
    let hidden = stealth && powers::stealthy(state, to);
    // A battlefield condition may block every longer line (e.g. a fog).
    let max = super::tactics::max_line_of_fire(state).map_or(max, |cap| max.min(u32::from(cap)));
    // Standard figures do not block lines of fire to or from a giant; giants and colossal
    // figures still do (spec COMB-8 item 6, an option). Standard and giant figures do not block
    // lines to or from a colossal figure (spec COMB-9, the 2010 rule; an option). Built only
    // when a big figure draws the line.
    let opts = &state.options.powers;
    let ends = reach::size(state, from).max(reach::size(state, to));
    let blockers = match ends {
        reach::Size::Colossal if opts.colossal_lines_over_smaller => Some(reach::Size::Colossal),
        reach::Size::Giant | reach::Size::Colossal if opts.giant_lines_over_standard => {
            Some(reach::Size::Giant)
        }
        _ => None,
    };
    let big_only = blockers.map(|least| BigOnly::new(state, occ, least));
    let mut best: Option<(Verdict, u32)> = None;
    for a in endpoints(state, from) {
        for b in endpoints(state, to) {
            let d = a.square.distance(b.square);
            if d > max || best.is_some_and(|x| (x.0, x.1) <= (Verdict::Clear, d)) {
                continue;
            }
            let v = match &big_only {
                Some(view) => ClixLos::HEROCLIX.verdict(&state.map, a, b, view),
                None => ClixLos::HEROCLIX.verdict(&state.map, a, b, occ),
            };
            if hidden && v == Verdict::Hindered {
                continue;
            }
            if v != Verdict::Blocked && best.is_none_or(|x| (v, d) < x) {
                best = Some((v, d));
            }
        }
    }
    best
}

/// A line of fire between two squares (or a figure and a square): the map's verdict, blocked
/// beyond the length a battlefield condition or an event dial allows.
pub fn square_verdict(state: &State, a: Endpoint, b: Endpoint, occ: &OccupancyGrid) -> Verdict {
    if super::tactics::max_line_of_fire(state)
        .is_some_and(|cap| a.square.distance(b.square) > u32::from(cap))
    {
        return Verdict::Blocked;
    }
    ClixLos::HEROCLIX.verdict(&state.map, a, b, occ)
}

/// Occupancy as a line of fire to or from a big figure sees it: only figures at least `least`
/// big stand in the way (giant and colossal ones for a giant, colossal ones for a colossus).
struct BigOnly<'a> {
    occ: &'a OccupancyGrid,
    /// Indexed by figure id: true for a figure big enough to block the line.
    big: Vec<bool>,
}

impl<'a> BigOnly<'a> {
    fn new(state: &State, occ: &'a OccupancyGrid, least: reach::Size) -> Self {
        BigOnly {
            occ,
            big: state
                .figures
                .iter()
                .map(|f| reach::size(state, f) >= least)
                .collect(),
        }
    }
}

impl Occupancy for BigOnly<'_> {
    fn occupant(&self, sq: Square) -> Option<Occupant> {
        self.occ
            .occupant(sq)
            .filter(|o| self.big.get(o.figure.0 as usize).copied().unwrap_or(false))
    }
}

/// The line of fire from one figure to another (blocked when there is none).
pub fn line_of_fire(state: &State, from: &Fig, to: &Fig) -> Verdict {
    best_line(state, from, to, u32::MAX, &occupancy(state)).map_or(Verdict::Blocked, |x| x.0)
}

fn endpoint(state: &State, f: &Fig) -> Option<Endpoint> {
    let sq = f.square?;
    Some(Endpoint::at(&state.map, sq).with_figure(f.id))
}

/// Opposing figures a figure may attack in close combat. With Leap/Climb the target's
/// elevation does not matter (spec SPD-2; FAQ *Saut/Escalade*).
pub fn close_targets(state: &State, f: &Fig) -> Vec<FigureId> {
    let leap = powers::power(state, f, Power::LeapClimb);
    state
        .in_play()
        .filter(|t| state.opposed(f, t) && !immune(state, t))
        .filter(|t| !state.shape_changed.contains(&(f.id, t.id)))
        .filter(|t| in_close_reach(state, f, t) || leap && adjacent_any_level(state, f, t))
        .map(|t| t.id)
        .collect()
}

/// True if `a` may strike `b` in close combat as far as distance goes: adjacent, or up to 2
/// squares away for a giant attacker (spec COMB-8). Powers keyed to close combat ask this.
pub fn in_close_reach(state: &State, a: &Fig, b: &Fig) -> bool {
    reach::adjacent(state, a, b, Purpose::CloseCombat)
}

fn adjacent_any_level(state: &State, a: &Fig, b: &Fig) -> bool {
    let fb = b.footprint();
    a.footprint()
        .into_iter()
        .any(|x| fb.iter().any(|y| state.map.adjacent_any_level(x, *y)))
}

/// Opposing figures a figure may target with a ranged attack, one by one: range above 0, not
/// adjacent to an opposing figure, target within range (not counting the attacker's square)
/// and with a line of fire that is not blocked.
pub fn ranged_targets(state: &State, f: &Fig, occ: &OccupancyGrid) -> Vec<FigureId> {
    ranged_targets_within(state, f, occ, range(state, f))
}

/// [`ranged_targets`] with the range a power sets (Hypersonic Speed halves it). Battle Fury
/// allows none; Sharpshooter allows shooting while adjacent, then only at adjacent figures.
pub fn ranged_targets_within(state: &State, f: &Fig, occ: &OccupancyGrid, r: u32) -> Vec<FigureId> {
    if r == 0 || !f.in_play() || powers::no_ranged(state, f) {
        return Vec::new();
    }
    let pinned = state.next_to_enemy(f);
    let sharp = powers::sharpshooter(state, f);
    // Colossal (spec COMB-9, 2010): adjacent to opposing figures it may still shoot the ones
    // that are not adjacent.
    let colossal = powers::has(state, f, powers::Ability::Colossal);
    if pinned && !sharp && !colossal {
        return Vec::new();
    }
    state
        .in_play()
        .filter(|t| state.opposed(f, t) && !immune(state, t))
        .filter(|t| !state.shape_changed.contains(&(f.id, t.id)))
        .filter(|t| {
            let adjacent = state.figures_adjacent(f, t);
            !pinned || (sharp && adjacent) || (colossal && !adjacent)
        })
        .filter(|t| best_line(state, f, t, r, occ).is_some())
        .map(|t| t.id)
        .collect()
}

/// Every set of targets (1 up to the number of bolts, no figure twice) for a ranged attack.
pub fn ranged_target_sets(state: &State, f: &Fig, occ: &OccupancyGrid) -> Vec<Vec<FigureId>> {
    ranged_target_sets_within(state, f, occ, range(state, f))
}

/// [`ranged_target_sets`] with the range a power sets.
pub fn ranged_target_sets_within(
    state: &State,
    f: &Fig,
    occ: &OccupancyGrid,
    r: u32,
) -> Vec<Vec<FigureId>> {
    let single = ranged_targets_within(state, f, occ, r);
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
pub(super) fn target_refusal(state: &State, a: &Fig, t: &Fig) -> Option<String> {
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
            "{} is not adjacent to {} (walls, elevation and blocking terrain on both sides of a corner separate squares; only a giant strikes 2 squares away)",
            t.label, a.label
        )
    })
}

/// Why a ranged attack is refused.
pub fn ranged_refusal(state: &State, attacker: FigureId, targets: &[FigureId]) -> String {
    let Some(a) = state.fig(attacker) else {
        return "no such figure".into();
    };
    if range(state, a) == 0 {
        return format!("{} has a range of 0: close combat only", a.label);
    }
    if powers::no_ranged(state, a) {
        return format!("{} has Battle Fury: it makes no ranged attack", a.label);
    }
    if state.next_to_enemy(a) && powers::sharpshooter(state, a) {
        return format!(
            "{} is adjacent to an opposing figure: as a sharpshooter it may shoot only the adjacent ones",
            a.label
        );
    }
    if state.next_to_enemy(a) && powers::has(state, a, powers::Ability::Colossal) {
        return format!(
            "{} is colossal: next to opposing figures it may shoot only the ones not adjacent to it",
            a.label
        );
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
        if state.shape_changed.contains(&(a.id, t.id)) {
            return format!(
                "{} escaped {}'s attacks this turn (Shape Change or Skrulls)",
                t.label, a.label
            );
        }
        if best_line(state, a, t, u32::MAX, &occ).is_none() {
            if let Some((cap, card)) = super::tactics::line_of_fire_cap(state) {
                let near = a
                    .footprint()
                    .iter()
                    .flat_map(|x| t.footprint().into_iter().map(move |y| x.distance(y)))
                    .min()
                    .unwrap_or(0);
                if near > u32::from(cap) {
                    return format!(
                        "{} is {near} squares from {}: {card} blocks lines of fire longer than {cap} squares",
                        t.label, a.label
                    );
                }
            }
            if powers::stealthy(state, t)
                && line_within(state, a, t, u32::MAX, &occ, false).is_some()
            {
                return format!(
                    "{} has Stealth: a line of fire to it through hindering terrain (its own square included) is blocked",
                    t.label
                );
            }
            return format!(
                "the line of fire from {} to {} is blocked",
                a.label, t.label
            );
        }
        if best_line(state, a, t, range(state, a), &occ).is_none() {
            return format!(
                "{} is beyond {}'s range of {} squares",
                t.label,
                a.label,
                range(state, a)
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
    // Objects lying on the map are destroyed as blocking terrain is (rulebook *Détruire les
    // objets*), a figure on their square included.
    let lying = |sq: Square| {
        state.objects.iter().any(|o| {
            o.square == Some(sq)
                && o.held_by.is_none()
                && !super::objects::has_rule(o, crate::tactics::ObjectRule::Indestructible)
        })
    };
    let target = |sq: Square| state.map.cell(sq).is_some_and(|c| c.is_blocking()) || lying(sq);
    // A multi-base figure strikes from any square of its base (FAQ 2002 *Sentinelles*: it
    // breaks the terrain beside a door itself).
    let foot = f.footprint();
    for sq in &foot {
        for n in sq.neighbours() {
            if target(n)
                && !foot.contains(&n)
                && state.map.level(n) == level
                && !state.map.step_crosses_wall(*sq, n)
                && !out.contains(&(n, false))
            {
                out.push((n, false));
            }
        }
    }
    let r = range(state, f) as i32;
    if r > 0 && !state.next_to_enemy(f) && !powers::no_ranged(state, f) {
        for y in (from.y - r)..=(from.y + r) {
            for x in (from.x - r)..=(from.x + r) {
                let sq = Square::new(x, y);
                if sq == from || !target(sq) {
                    continue;
                }
                let b = Endpoint::at(&state.map, sq);
                // A figure standing on the object does not hide it.
                let verdict = if lying(sq) && state.figure_at(sq).is_some() {
                    let mut clear = occ.clone();
                    clear.set(sq, None);
                    square_verdict(state, a, b, &clear)
                } else {
                    square_verdict(state, a, b, occ)
                };
                if verdict != Verdict::Blocked {
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
    let foot = f.footprint();
    for sq in &foot {
        for d in Dir::ORTHOGONAL {
            if state.map.wall(*sq, d) && !foot.contains(&sq.step(d)) {
                out.push((*sq, d, false));
            }
        }
    }
    let r = range(state, f) as i32;
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

/// What kind of attack is made, beyond close or ranged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AttackKind {
    /// The power the attack is made with (Energy Explosion, Quake, Incapacitate...).
    pub power: Option<Power>,
    /// Made under Move and Attack.
    pub move_and_attack: bool,
    /// Duo Attack's second attack.
    pub duo_second: bool,
    /// The object thrown (a ranged attack with a held object).
    pub thrown: Option<super::state::ObjectKind>,
    /// The square of the lying object Telekinesis hurls (option 3).
    pub hurled: Option<Square>,
}

/// Resolves an attack against its targets, then the damage when it needs no choice. Returns
/// false when no attack was made at all because every target escaped being targeted (Shape
/// Change, Skrulls): the attacker may then be given another action.
pub fn attack(
    state: &mut State,
    attacker: FigureId,
    mut targets: Vec<FigureId>,
    ranged: bool,
    kind: AttackKind,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(a) = state.fig(attacker).cloned() else {
        return false;
    };
    if let Some(p) = kind.power.filter(|p| *p != Power::HypersonicSpeed) {
        events.push(Event::PowerUsed {
            figure: attacker,
            power: p,
            target: targets.first().copied().filter(|_| targets.len() == 1),
        });
    }
    // Shape Change and Skrulls react to being picked as a target (spec DMG-7, TA-10); a Pulse
    // Wave targets no one (FAQ *Vague pulsante*).
    if kind.power != Some(Power::PulseWave) {
        let mut kept = Vec::new();
        for t in targets {
            if !escapes_targeting(state, attacker, t, dice, events) {
                kept.push(t);
            }
        }
        targets = kept;
        if targets.is_empty() {
            return false;
        }
    }
    // Pulse Wave (spec ATK-3): every other figure within half range with a line of fire that
    // ignores figures; their powers and team abilities are ignored during the action.
    let mut wave_lines: Vec<(FigureId, Verdict)> = Vec::new();
    if kind.power == Some(Power::PulseWave) {
        let radius = half_range(state, &a);
        let empty = OccupancyGrid::new(&state.map);
        for o in state.in_play() {
            if o.id == a.id || immune(state, o) && state.opposed(&a, o) {
                continue;
            }
            if let Some((v, _)) = line_within(state, &a, o, radius, &empty, false) {
                wave_lines.push((o.id, v));
            }
        }
        state.ignoring = wave_lines.iter().map(|x| x.0).collect();
        targets = wave_lines.iter().map(|x| x.0).collect();
    }
    // A held object is used in a close attack on a single figure unless the attack deals no
    // damage; a thrown one is the ranged attack (rulebook *Utiliser les objets*...).
    // A hurled object leaves the game only once the attack is made: when every target escaped
    // it (Shape Change, Skrulls), no action was given and the object stays.
    let object = if let Some(sq) = kind.hurled {
        super::objects::use_lying(state, attacker, sq, events)
    } else if ranged {
        kind.thrown
    } else if targets.len() == 1 && kind.power != Some(Power::Incapacitate) {
        super::objects::use_held(state, attacker, events)
    } else {
        None
    };
    let pending = AttackInProgress {
        power: kind.power,
        move_and_attack: kind.move_and_attack,
        duo_second: kind.duo_second,
        object,
        wave_many: wave_lines.len() > 1,
        wave_hindered: wave_lines
            .iter()
            .filter(|x| x.1 == Verdict::Hindered)
            .map(|x| x.0)
            .collect(),
        ..AttackInProgress::new(attacker, ranged, targets)
    };
    roll_attack(state, pending, dice, events);
    true
}

/// The attack value, explained, for an attack in progress.
fn attack_value(state: &State, a: &Fig, attack: &AttackInProgress) -> Value {
    let ctx = ctx_of(attack);
    stat_in(state, a, Stat::Attack, Some(&ctx))
}

fn ctx_of(attack: &AttackInProgress) -> AttackCtx {
    AttackCtx {
        attacker: Some(attack.attacker),
        target: None,
        ranged: attack.ranged,
        power: attack.power,
        blades: attack.blades,
        move_and_attack: attack.move_and_attack,
        duo_second: attack.duo_second,
        object: attack.object,
        wave_many: attack.wave_many,
    }
}

/// Rolls the attack's 2d6, then offers Probability Control rerolls before the roll counts.
fn roll_attack(
    state: &mut State,
    mut attack: AttackInProgress,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(a) = state.fig(attack.attacker).cloned() else {
        return;
    };
    attack.dice = rolls::two_d6(state, dice);
    let value = attack_value(state, &a, &attack);
    events.push(Event::AttackRoll {
        attacker: attack.attacker,
        ranged: attack.ranged,
        dice: attack.dice,
        attack: value.clone(),
        total: i32::from(attack.dice.0 + attack.dice.1) + value.value,
    });
    offer_reroll(state, attack, dice, events);
}

/// Probability Control (spec DMG-6; FAQ *Contrôle des Probabilités*): the attacker's side may
/// reroll once during its turn, the other side may force a reroll once per round during an
/// opponent's turn, each from a figure within 10 squares with a line of fire to the attacker.
/// Each side is offered the roll once; then it counts.
fn offer_reroll(
    state: &mut State,
    attack: AttackInProgress,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    for own in [true, false] {
        if let Some(pc) = reroller(state, &attack, own) {
            if let Some(seat) = state.fig(pc).map(|f| f.owner) {
                if !attack.rerolls_offered.contains(&seat) {
                    frames::ask(state, Interrupt::Reroll { attack, figure: pc });
                    return;
                }
            }
        }
    }
    resolve_roll(state, attack, dice, events);
}

/// The Probability Control figure that may reroll this attack for its side, if any.
pub fn reroller(state: &State, attack: &AttackInProgress, own: bool) -> Option<FigureId> {
    let side = state.fig(attack.attacker)?.owner;
    roll_controller(state, attack.attacker, side, own, &attack.rerolls_offered)
}

/// The Probability Control figure that may have a roll of `subject` rerolled, on the side of
/// `side` (`own`) or against it, not among the seats already `offered`: within 10 squares with
/// a line of fire to the subject (or the subject itself), once per turn on its side's turn and
/// once per round on an opponent's turn.
pub fn roll_controller(
    state: &State,
    subject: FigureId,
    side: Seat,
    own: bool,
    offered: &[Seat],
) -> Option<FigureId> {
    let a = state.fig(subject)?;
    let active = state.active_seat();
    let occ = occupancy(state);
    state
        .in_play()
        .filter(|p| {
            let friendly = state.allied(p.owner, side);
            friendly == own
                && (powers::power(state, p, Power::ProbabilityControl) || theme_reroller(state, p))
                && !offered.contains(&p.owner)
                && if state.allied(p.owner, active) {
                    !state
                        .used_this_turn
                        .contains(&(p.id, Power::ProbabilityControl))
                } else {
                    !state
                        .used_this_round
                        .contains(&(p.id, Power::ProbabilityControl))
                }
                && (p.id == a.id || best_line(state, p, a, 10, &occ).is_some())
        })
        .map(|p| p.id)
        .next()
}

/// A theme team's character may use Probability Control (rulebook *Équipes à thème*) while
/// its team has uses left, if it has received no action this turn; it then takes an action
/// token. Only a character without tokens is offered, so that the token never pushes it.
fn theme_reroller(state: &State, p: &Fig) -> bool {
    super::tactics::theme_rerolls_left(state, p.owner) > 0
        && p.controlled_from.is_none()
        && !p.acted_this_turn
        && p.tokens == 0
}

/// The Probability Control choice arrives.
pub fn resume_reroll(
    state: &mut State,
    reroll: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::Reroll { mut attack, figure }) = state.frames().pop() else {
        return None;
    };
    let attacker = attack.attacker;
    let Some(seat) = state.fig(figure).map(|f| f.owner) else {
        return Some(attacker);
    };
    attack.rerolls_offered.push(seat);
    if reroll {
        spend_reroll(state, figure, attacker, events);
        roll_attack(state, attack, dice, events);
    } else {
        offer_reroll(state, attack, dice, events);
    }
    Some(attacker)
}

/// Spends a Probability Control use of `figure` on a roll of `subject`: the figure's own power
/// (once per turn on its side's turn, once per round otherwise), else its theme team's.
pub fn spend_reroll(
    state: &mut State,
    figure: FigureId,
    subject: FigureId,
    events: &mut Vec<Event>,
) {
    let Some(seat) = state.fig(figure).map(|f| f.owner) else {
        return;
    };
    let own_power = state
        .fig(figure)
        .is_some_and(|f| powers::power(state, f, Power::ProbabilityControl));
    if !own_power {
        let left = state.seats[seat.index()].theme_rerolls.saturating_sub(1);
        state.seats[seat.index()].theme_rerolls = left;
        // A token taken on an opponent's turn does not count as taken in its owner's turn: it
        // goes at the end of that turn unless the figure acts then.
        let own_turn = state.allied(seat, state.active_seat());
        if let Some(f) = state.fig_mut(figure) {
            f.tokens = (f.tokens + 1).min(2);
            f.token_this_turn |= own_turn;
        }
        events.push(Event::ThemeReroll { figure, left });
    }
    if state.allied(seat, state.active_seat()) {
        state
            .used_this_turn
            .push((figure, Power::ProbabilityControl));
    } else {
        state
            .used_this_round
            .push((figure, Power::ProbabilityControl));
    }
    events.push(Event::PowerUsed {
        figure,
        power: Power::ProbabilityControl,
        target: Some(subject),
    });
}

/// The attack roll counts: hits, critical miss, splash, evasion, then damage.
fn resolve_roll(
    state: &mut State,
    attack: AttackInProgress,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let Some(a) = state.fig(attack.attacker).cloned() else {
        return;
    };
    let attacker = attack.attacker;
    let ranged = attack.ranged;
    let kind = AttackKind {
        power: attack.power,
        move_and_attack: attack.move_and_attack,
        duo_second: attack.duo_second,
        thrown: None,
        hurled: None,
    };
    let targets = attack.targets.clone();
    let ctx = ctx_of(&attack);
    let (d1, d2) = attack.dice;
    let total = i32::from(d1 + d2) + attack_value(state, &a, &attack).value;
    let crit_miss = d1 == 1 && d2 == 1;
    let crit_hit = d1 == 6 && d2 == 6;
    let no_damage = kind.power == Some(Power::Incapacitate);
    let occ = occupancy(state);
    let mut hits = Vec::new();
    for t in &targets {
        let Some(tf) = state.fig(*t) else { continue };
        let hindered = if kind.power == Some(Power::PulseWave) {
            attack.wave_hindered.contains(t)
        } else {
            // An object flies up to 8 squares whatever the attacker's range (rulebook *Utiliser
            // les objets lors d'une attaque à distance*; Telekinesis), so its line is looked for
            // that far.
            let reach = if attack.object.is_some() {
                range(state, &a).max(8)
            } else {
                range(state, &a)
            };
            ranged
                && best_line(state, &a, tf, reach, &occ)
                    .is_some_and(|(v, _)| v == Verdict::Hindered)
        };
        let defense = defense_value(state, tf, &ctx, hindered);
        let hit = roll_hits((d1, d2), total, defense.value);
        events.push(Event::AttackResult {
            target: *t,
            defense: defense.clone(),
            beside: None,
            hit,
            critical: critical_of((d1, d2), true),
        });
        if hit {
            hits.push(*t);
        }
    }
    if crit_miss && !no_damage {
        // Rulebook *Obtenir 2 ou 12*: 1 unavoidable damage to the attacker.
        deal(state, attacker, 1, DamageKind::CriticalMiss, None, events);
        knock_out_if_done(state, &[attacker], events);
    }
    // Energy Explosion splashes every figure next to a target hit (spec ATK-2; FAQ *Explosion
    // d'énergie*): one comparison of the same roll per neighbour, 1 hit per target it stands by.
    let mut splash: Vec<(FigureId, u8)> = Vec::new();
    let area = state.options.powers.energy_explosion == powers::EnergyExplosionModel::AreaPerBolt;
    if kind.power == Some(Power::EnergyExplosion) && !area {
        for t in &hits {
            splash_add(&mut splash, *t);
            let Some(tf) = state.fig(*t).cloned() else {
                continue;
            };
            let near: Vec<Fig> = state
                .in_play()
                .filter(|o| o.id != tf.id && o.id != a.id && state.figures_adjacent(o, &tf))
                .filter(|o| !(immune(state, o) && state.opposed(&a, o)))
                .cloned()
                .collect();
            for o in near {
                let defense = defense_value(state, &o, &ctx, false);
                let hit = crit_hit || total >= defense.value;
                events.push(Event::AttackResult {
                    target: o.id,
                    defense,
                    beside: Some(tf.id),
                    hit,
                    critical: None,
                });
                if hit {
                    splash_add(&mut splash, o.id);
                }
            }
        }
        hits = splash.iter().map(|x| x.0).collect();
    }
    // Super Senses (spec DEF-1): the owner rolls once per figure hit; 5 or 6 evades.
    let precise = powers::power(state, &a, Power::PrecisionStrike);
    if !precise {
        let mut kept = Vec::new();
        for t in hits {
            if evades(state, t, dice, events) {
                splash.retain(|x| x.0 != t);
            } else {
                kept.push(t);
            }
        }
        hits = kept;
    }
    if hits.is_empty() {
        state.ignoring.clear();
        return;
    }
    let pending = AttackInProgress {
        hits,
        splash,
        ..attack
    };
    // Blades/Claws/Fangs (spec ATK-1): after a close hit its player may roll a d6 to replace the
    // damage value.
    // Not on attacks made without a close combat action (Duo Attack's and Move and Attack's
    // free attacks, Hypersonic Speed's).
    let blades_ok = !ranged
        && !no_damage
        && !pending.move_and_attack
        && !pending.duo_second
        && !state.waiting_frames().iter().any(|q| {
            matches!(
                q,
                Interrupt::AbilityAttack {
                    ability: powers::Ability::DuoAttack,
                    ..
                }
            )
        })
        && powers::power(state, &a, Power::BladesClawsFangs)
        && !matches!(
            kind.power,
            Some(Power::Quake | Power::CloseCombatExpert | Power::HypersonicSpeed)
        );
    if blades_ok {
        frames::ask(state, Interrupt::Blades { attack: pending });
        return;
    }
    resolve_hits(state, pending, dice, events);
}

/// Shape Change (5–6) or Skrulls (6) when a figure is picked as the target of an attack
/// (spec DMG-7, TA-10): true if it escapes — the attacker may not target it again this turn.
pub fn escapes_targeting(
    state: &mut State,
    attacker: FigureId,
    target: FigureId,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(tf) = state.fig(target) else {
        return false;
    };
    // The 2012/13 card's Battle Fury ignores Shape Change (spec DMG-2; option).
    if state.options.powers.battle_fury_ignores_shape_change
        && state
            .fig(attacker)
            .is_some_and(|a| powers::power(state, a, Power::BattleFury))
    {
        return false;
    }
    let need = if powers::power(state, tf, Power::ShapeChange) {
        Some((5, "shape_change"))
    } else if powers::team(state, tf, "skrulls") {
        Some((6, "skrulls"))
    } else {
        None
    };
    let Some((need, what)) = need else {
        return false;
    };
    let side = tf.owner;
    let roll = rolls::d6(state, dice);
    let success = roll >= need;
    let at = events.len();
    events.push(Event::ShapeChange {
        figure: target,
        roll,
        success,
        ability: what.to_string(),
    });
    let kind = if need == 5 {
        RollKind::ShapeChange
    } else {
        RollKind::Skrulls
    };
    rolls::rolled(
        state,
        rolls::Rolled::binary(kind, target, side, vec![roll], success, at),
        events.len(),
    );
    if success {
        state.shape_changed.push((attacker, target));
    }
    success
}

/// Super Senses (spec DEF-1) against a hit: true if the figure evades it.
pub fn evades(
    state: &mut State,
    target: FigureId,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> bool {
    let Some(side) = state
        .fig(target)
        .filter(|t| powers::power(state, t, Power::SuperSenses))
        .map(|t| t.owner)
    else {
        return false;
    };
    let roll = rolls::d6(state, dice);
    let evaded = roll >= 5;
    let at = events.len();
    events.push(Event::Evaded {
        figure: target,
        roll,
        success: evaded,
    });
    rolls::rolled(
        state,
        rolls::Rolled::binary(RollKind::SuperSenses, target, side, vec![roll], evaded, at),
        events.len(),
    );
    evaded
}

fn splash_add(splash: &mut Vec<(FigureId, u8)>, id: FigureId) {
    match splash.iter_mut().find(|x| x.0 == id) {
        Some(x) => x.1 = x.1.saturating_add(1),
        None => splash.push((id, 1)),
    }
}

/// A target's defence against an attack: its value with every effect, +1 for a hindered line.
fn defense_value(state: &State, t: &Fig, ctx: &AttackCtx, hindered: bool) -> Value {
    let tctx = AttackCtx {
        target: Some(t.id),
        ..*ctx
    };
    let mut effects = powers::effects(state, t, Stat::Defense, Some(&tctx));
    if hindered {
        effects.push(Effect::new(
            Change::Modify(1),
            "hindered line of fire",
            "ligne de vue gênée",
        ));
    }
    compute(i32::from(t.printed(Stat::Defense)), effects)
}

/// The Blades/Claws/Fangs choice arrives: roll to replace the damage value, or keep it.
pub fn resume_blades(
    state: &mut State,
    roll_it: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::Blades { mut attack }) = state.frames().pop() else {
        return None;
    };
    if roll_it {
        let roll = rolls::d6(state, dice);
        let at = events.len();
        events.push(Event::PowerRoll {
            figure: attack.attacker,
            power: Power::BladesClawsFangs,
            roll,
        });
        if let Some(side) = state.fig(attack.attacker).map(|a| a.owner) {
            rolls::rolled(
                state,
                rolls::Rolled::graded(
                    RollKind::BladesClawsFangs,
                    attack.attacker,
                    side,
                    roll,
                    1,
                    at,
                ),
                events.len(),
            );
        }
        attack.blades = Some(roll);
    }
    let attacker = attack.attacker;
    resolve_hits(state, attack, dice, events);
    Some(attacker)
}

/// The attack's damage value for its attacker.
fn damage_value(state: &State, attack: &AttackInProgress) -> Value {
    let Some(a) = state.fig(attack.attacker) else {
        return Value::printed(0);
    };
    stat_in(state, a, Stat::Damage, Some(&ctx_of(attack)))
}

/// Hits are known: Incapacitate's tokens, or the damage — dealt to each (area powers), or
/// split when one roll hit several targets.
fn resolve_hits(
    state: &mut State,
    mut attack: AttackInProgress,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if attack.power == Some(Power::Incapacitate) {
        // Spec ATK-6: no damage; a token on each figure hit that has fewer than two, with
        // pushing damage when it reaches two.
        for t in attack.hits.clone() {
            let Some(f) = state.fig(t) else { continue };
            if f.tokens >= 2 || !f.in_play() {
                continue;
            }
            let ignores = powers::ignores_pushing(state, f);
            let tokens = f.tokens + 1;
            if let Some(f) = state.fig_mut(t) {
                f.tokens = tokens;
            }
            events.push(Event::Token { figure: t, tokens });
            if tokens == 2 && !ignores {
                deal(state, t, 1, DamageKind::Pushing, None, events);
                knock_out_if_done(state, &[t], events);
            }
        }
        state.ignoring.clear();
        return;
    }
    let value = damage_value(state, &attack);
    let damage = value.value.clamp(0, 255) as u8;
    events.push(Event::DamageValue {
        attacker: attack.attacker,
        damage: value.clone(),
    });
    attack.damage = damage;
    let area = state.options.powers.energy_explosion == powers::EnergyExplosionModel::AreaPerBolt;
    match attack.power {
        Some(Power::EnergyExplosion) if area => {
            // The 2013 card (spec ATK-2): each hit target takes the damage value; every other
            // figure next to one takes 1 per lightning bolt of the attacker, without a roll.
            let Some(a) = state.fig(attack.attacker).cloned() else {
                return;
            };
            let bolts = a.def.targets.max(1);
            let mut dealt: Vec<(FigureId, u8)> = attack.hits.iter().map(|t| (*t, damage)).collect();
            let near: Vec<FigureId> = state
                .in_play()
                .filter(|o| o.id != a.id && !attack.targets.contains(&o.id))
                .filter(|o| !(immune(state, o) && state.opposed(&a, o)))
                .filter(|o| {
                    attack.hits.iter().any(|h| {
                        state
                            .fig(*h)
                            .is_some_and(|hf| state.figures_adjacent(o, hf))
                    })
                })
                .map(|o| o.id)
                .collect();
            dealt.extend(near.into_iter().map(|o| (o, bolts)));
            attack.dealt = dealt;
            apply_damage(state, attack, dice, events);
        }
        Some(Power::EnergyExplosion) => {
            attack.dealt = attack
                .splash
                .iter()
                .map(|(t, n)| (*t, damage.saturating_mul(*n)))
                .collect();
            apply_damage(state, attack, dice, events);
        }
        Some(Power::Quake | Power::PulseWave) => {
            attack.dealt = attack.hits.iter().map(|t| (*t, damage)).collect();
            apply_damage(state, attack, dice, events);
        }
        _ if attack.hits.len() == 1 => {
            attack.dealt = vec![(attack.hits[0], damage)];
            apply_damage(state, attack, dice, events);
        }
        _ => frames::ask(state, Interrupt::SplitDamage { attack }),
    }
}

/// The attacker's split of the damage arrives.
pub fn resume_split(
    state: &mut State,
    amounts: &[u8],
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::SplitDamage { mut attack }) = state.frames().pop() else {
        return None;
    };
    let attacker = attack.attacker;
    attack.dealt = attack
        .hits
        .iter()
        .copied()
        .zip(amounts.iter().copied())
        .collect();
    events.push(Event::DamageSplit {
        attacker,
        shares: attack.dealt.clone(),
    });
    apply_damage(state, attack, dice, events);
    Some(attacker)
}

/// How damage is taken: reduced by Toughness and the like unless penetrating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Reduced normally.
    Normal,
    /// Penetrating: never reduced (rulebook *Dégâts perforants*).
    Penetrating,
    /// At least 1 stays (Precision Strike, 2010 card).
    AtLeastOne,
}

/// What kind of damage is dealt, by whom, and how it may be reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hurt {
    /// The kind, for the log.
    pub kind: DamageKind,
    /// The figure that dealt it: its seat scores the victory points, and it may be a hereditary
    /// enemy (rules option `hereditary_enemies`).
    pub by: Option<FigureId>,
    /// Reduction.
    pub reduction: Reduction,
}

/// Damage dealt to a figure by a game effect that can be reduced: Toughness −1,
/// Invulnerability −2, Impervious (d6: 5–6 none, else −2), Invincible (half ignored). Returns
/// the damage taken.
pub fn damage(
    state: &mut State,
    id: FigureId,
    amount: u8,
    hurt: Hurt,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> u8 {
    let Hurt {
        kind,
        by,
        reduction,
    } = hurt;
    let source = by.and_then(|b| state.fig(b)).map(|f| f.owner);
    // Mastermind (spec DEF-7) on damage outside an attack (Poison, knockback, Mind Control's
    // cost...; an attack's damage is asked about in the attack): its player may hand it all to
    // a cheaper adjacent friend. Not on unavoidable damage nor Precision Strike's.
    let original = id;
    let id = if matches!(kind, DamageKind::Knockback | DamageKind::Power)
        && reduction != Reduction::AtLeastOne
        && amount > 0
    {
        let options = mastermind_options(state, id);
        if options.is_empty() {
            id
        } else {
            match rolls::redirect_answer(state, id, amount, options.clone(), events.len()) {
                None => return 0,
                Some(Some(friend)) if options.contains(&friend) => {
                    events.push(Event::PowerUsed {
                        figure: id,
                        power: Power::Mastermind,
                        target: Some(friend),
                    });
                    friend
                }
                Some(_) => id,
            }
        }
    } else {
        id
    };
    let Some((reducers, side)) = state.fig(id).map(|f| (powers::reducers(state, f), f.owner))
    else {
        return 0;
    };
    let mut left = i32::from(amount);
    if reduction != Reduction::Penetrating && amount > 0 {
        for p in reducers {
            let before = left;
            let mut impervious = None;
            match p {
                Power::Toughness => left -= 1,
                Power::Invulnerability => left -= 2,
                // The damage is halved, rounded up (rulebook *Arrondis*): 3 leaves 2, 1 stays 1.
                Power::Invincible => left = (left + 1) / 2,
                Power::Impervious => {
                    let roll = rolls::d6(state, dice);
                    impervious = Some((roll, events.len()));
                    events.push(Event::PowerRoll {
                        figure: id,
                        power: p,
                        roll,
                    });
                    left = if roll >= 5 { 0 } else { left - 2 };
                }
                _ => {}
            }
            left = left.max(0);
            if reduction == Reduction::AtLeastOne {
                left = left.max(1);
            }
            if left != before {
                events.push(Event::DamageReduced {
                    figure: id,
                    power: p,
                    from: before.clamp(0, 255) as u8,
                    to: left.clamp(0, 255) as u8,
                });
            }
            if let Some((roll, at)) = impervious {
                rolls::rolled(
                    state,
                    rolls::Rolled::binary(
                        RollKind::Impervious,
                        id,
                        side,
                        vec![roll],
                        roll >= 5,
                        at,
                    ),
                    events.len(),
                );
            }
        }
    }
    let taken = left.clamp(0, 255) as u8;
    let before = state.fig(id).map_or(0, |f| f.click);
    deal(state, id, taken, kind, source, events);
    if let Some(by) = by.filter(|_| taken > 0) {
        record_hit(state, id, by);
    }
    let after = state.fig(id).map_or(0, |f| f.click);
    if id != original {
        // The callers check the figure they damaged; the friend who took it is checked here.
        knock_out_if_done(state, &[id], events);
    }
    (after - before) as u8
}

/// Friends a Mastermind may hand its damage to (spec DEF-7): adjacent, friendly, of a lower
/// point value.
pub fn mastermind_options(state: &State, id: FigureId) -> Vec<FigureId> {
    let Some(f) = state.fig(id) else {
        return Vec::new();
    };
    if !powers::power(state, f, Power::Mastermind) {
        return Vec::new();
    }
    state
        .in_play()
        .filter(|o| {
            o.id != f.id
                && state.allied(o.owner, f.owner)
                && o.points < f.points
                && state.figures_adjacent(o, f)
        })
        .map(|o| o.id)
        .collect()
}

/// The Mastermind's choice arrives: `to` takes all the damage instead (it is not an attack on
/// it), or the Mastermind takes it.
pub fn resume_mastermind(
    state: &mut State,
    to: Option<FigureId>,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::Mastermind {
        mut attack,
        figure,
        amount,
        ..
    }) = state.frames().pop()
    else {
        return None;
    };
    let reduction = reduction_of(state, &attack);
    let taker = to.unwrap_or(figure);
    if let Some(friend) = to {
        events.push(Event::PowerUsed {
            figure,
            power: Power::Mastermind,
            target: Some(friend),
        });
    }
    let got = damage(
        state,
        taker,
        amount,
        Hurt {
            kind: DamageKind::Attack,
            by: Some(attack.attacker),
            reduction,
        },
        dice,
        events,
    );
    attack.taken.push((taker, got));
    let attacker = attack.attacker;
    // The rest of the damage, without the critical hit's +1 twice: entries left in `dealt`
    // have not had it added yet.
    apply_damage(state, attack, dice, events);
    Some(attacker)
}

/// How an attack's damage may be reduced: penetrating for Penetrating/Psychic Blast and Exploit
/// Weakness, at least 1 for Precision Strike.
fn reduction_of(state: &State, attack: &AttackInProgress) -> Reduction {
    match attack.power {
        Some(Power::PenetratingPsychicBlast | Power::ExploitWeakness) => Reduction::Penetrating,
        _ if state
            .fig(attack.attacker)
            .is_some_and(|a| powers::power(state, a, Power::PrecisionStrike)) =>
        {
            Reduction::AtLeastOne
        }
        _ => Reduction::Normal,
    }
}

/// Rulebook *Obtenir 2 ou 12*: a roll of 2 always misses and a 12 always hits; otherwise the
/// total must reach the defence.
pub fn roll_hits(dice: (u8, u8), total: i32, defense: i32) -> bool {
    dice != (1, 1) && (dice == (6, 6) || total >= defense)
}

/// The note an attack result carries for a roll of 2 or 12; an attack that deals damage adds
/// the critical hit's +1.
pub fn critical_of(dice: (u8, u8), deals_damage: bool) -> Option<Critical> {
    match dice {
        (1, 1) => Some(Critical::Miss),
        (6, 6) => Some(Critical::Hit {
            extra_damage: deals_damage,
        }),
        _ => None,
    }
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
    let reduction = reduction_of(state, &attack);
    while !attack.dealt.is_empty() {
        let (t, amount) = attack.dealt.remove(0);
        // Rulebook *Obtenir 2 ou 12*: a critical hit adds 1 damage to every target hit.
        let amount = amount.saturating_add(u8::from(crit));
        if amount > 0 && reduction != Reduction::AtLeastOne {
            let options = mastermind_options(state, t);
            if !options.is_empty() {
                frames::ask(
                    state,
                    Interrupt::Mastermind {
                        attack,
                        figure: t,
                        amount,
                        options,
                    },
                );
                return;
            }
        }
        let got = damage(
            state,
            t,
            amount,
            Hurt {
                kind: DamageKind::Attack,
                by: Some(attack.attacker),
                reduction,
            },
            dice,
            events,
        );
        attack.taken.push((t, got));
    }
    let taken = std::mem::take(&mut attack.taken);
    // FAQ 2002 *Le Gagnant*: the artefact falls when its holder takes damage from an attack.
    for (t, got) in &taken {
        if *got > 0
            && super::objects::holds_with(state, *t, crate::tactics::ObjectRule::DroppedWhenHit)
        {
            if let Some(sq) = state.fig(*t).and_then(|f| f.square) {
                super::objects::drop_held(state, *t, sq, events);
            }
        }
    }
    // Steal Energy (spec ATK-11): 1 click healed per opposing figure damaged by a close attack.
    if !attack.ranged {
        if let Some(a) = state.fig(attack.attacker).cloned() {
            if powers::power(state, &a, Power::StealEnergy) {
                let n = taken
                    .iter()
                    .filter(|(t, got)| {
                        *got > 0 && state.fig(*t).is_some_and(|tf| state.opposed(&a, tf))
                    })
                    .count() as u8;
                if n > 0 {
                    let healed = heal(state, a.id, n);
                    events.push(Event::Healed {
                        figure: a.id,
                        amount: healed,
                        power: Some(Power::StealEnergy),
                    });
                }
            }
        }
    }
    let ids: Vec<FigureId> = taken.iter().map(|(t, _)| *t).collect();
    knock_out_if_done(state, &ids, events);
    state.ignoring.clear();
    // Rulebook *Recul*: doubles on a hit knock each target back one square per damage taken,
    // farthest from the attacker first; Quake knocks back every figure it damages.
    let quake = attack.power == Some(Power::Quake);
    let doubles = attack.dice.0 == attack.dice.1 || quake;
    // Combat Reflexes on the 2005 card: a figure damaged without doubles may choose to be
    // knocked back (spec DEF-4; option); each is asked in turn.
    if !doubles {
        attack.elect = taken
            .iter()
            .filter(|(t, n)| {
                *n > 0
                    && state.fig(*t).is_some_and(|f| {
                        f.in_play()
                            && powers::elects_knockback(state, f)
                            && !powers::ignores_knockback(state, f)
                    })
            })
            .copied()
            .collect();
        if !attack.elect.is_empty() {
            run_knockbacks(state, attack, dice, events);
        }
        return;
    }
    if doubles {
        let from = state.fig(attack.attacker).and_then(|f| f.square);
        let locked = quake && state.options.powers.quake_locked;
        let mut kb: Vec<(FigureId, u8)> = taken
            .into_iter()
            .filter(|(t, n)| {
                *n > 0
                    && state
                        .fig(*t)
                        .is_some_and(|f| f.in_play() && !powers::ignores_knockback(state, f))
            })
            .map(|(t, n)| (t, if locked { 2 } else { n }))
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
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    if !attack.elect.is_empty() {
        let (figure, distance) = attack.elect.remove(0);
        frames::ask(
            state,
            Interrupt::ElectKnockback {
                attack,
                figure,
                distance,
            },
        );
        return;
    }
    while !attack.knockbacks.is_empty() {
        let (t, distance) = attack.knockbacks.remove(0);
        let (Some(a), Some(b)) = (
            state.fig(attack.attacker).and_then(|f| f.square),
            state.fig(t).and_then(|f| f.square),
        ) else {
            continue;
        };
        match knockback_line(a, b) {
            Line::Straight(dir) => {
                knock_back(state, t, dir, distance, attack.attacker, dice, events)
            }
            Line::Choose(options) => {
                frames::ask(
                    state,
                    Interrupt::KnockbackLine {
                        attack,
                        figure: t,
                        distance,
                        options,
                    },
                );
                return;
            }
        }
    }
}

/// A figure with Combat Reflexes (2005 card) answers whether it is knocked back.
pub fn resume_elect(
    state: &mut State,
    accept: bool,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> Option<FigureId> {
    let Some(Interrupt::ElectKnockback {
        mut attack,
        figure,
        distance,
    }) = state.frames().pop()
    else {
        return None;
    };
    let attacker = attack.attacker;
    if accept {
        attack.knockbacks.push((figure, distance));
    }
    run_knockbacks(state, attack, dice, events);
    Some(attacker)
}

/// Knocks `target` back `distance` squares away from `from` outside an attack (Force Blast,
/// spec SPD-8), asking for the line when it is not straight.
pub fn knockback_from(
    state: &mut State,
    from: FigureId,
    target: FigureId,
    distance: u8,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let attack = AttackInProgress {
        hits: vec![target],
        knockbacks: vec![(target, distance)],
        power: Some(Power::ForceBlast),
        ..AttackInProgress::new(from, false, Vec::new())
    };
    run_knockbacks(state, attack, dice, events);
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
    }) = state.frames().pop()
    else {
        return None;
    };
    let attacker = attack.attacker;
    if let Some(from) = state.fig(figure).and_then(|f| f.square) {
        if let Some(dir) = from.dir_to(via) {
            knock_back(state, figure, dir, distance, attacker, dice, events);
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
pub fn knock_back(
    state: &mut State,
    id: FigureId,
    dir: Dir,
    distance: u8,
    attacker: FigureId,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) {
    let flier = state
        .fig(id)
        .is_some_and(|f| powers::has(state, f, powers::Ability::Flight));
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
            stopped_by = Some(KnockbackStop::MapEdge);
            break;
        };
        let here = state.map.level(cur);
        if cell.is_blocking()
            || state.map.step_crosses_wall(cur, next)
            || state.map.corner_cut(cur, next)
            || cell.level > here
        {
            damage = 1;
            stopped_by = Some(KnockbackStop::Blocking { at: next });
            break;
        }
        if state.figure_at(next).is_some_and(|f| f.id != id) {
            if cell.level < here {
                // FAQ *Recul*: rather than fall onto a figure, it clings to the edge and takes 1
                // damage as if it had hit a wall (the rulebook leaves the damage unsaid).
                damage = 1;
                stopped_by = Some(KnockbackStop::FigureBelow { at: next });
            } else {
                stopped_by = Some(KnockbackStop::Figure { at: next });
            }
            break;
        }
        cur = next;
        path.push(cur);
        if cell.level < here {
            // Rulebook *Tomber d'un terrain élevé*; a flier takes no damage (spec COMB-1).
            damage = if flier { 0 } else { 2 };
            stopped_by = Some(KnockbackStop::Fell { flier });
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
    // Combat Reflexes on the 2005 card: no knockback damage (spec DEF-4; option).
    let reflexes = state
        .fig(id)
        .is_some_and(|f| powers::elects_knockback(state, f));
    if damage > 0 && !reflexes {
        self::damage(
            state,
            id,
            damage,
            Hurt {
                kind: DamageKind::Knockback,
                by: Some(attacker),
                reduction: Reduction::Normal,
            },
            dice,
            events,
        );
        knock_out_if_done(state, &[id], events);
    }
}

/// Remembers the opposing figure that last damaged `id`, for hereditary enemies. What a
/// mind-controlled figure does is nobody's: the FAQ (*Contrôle Psychique*) compares the Mind
/// Controller only with the figure it controls or attacks.
fn record_hit(state: &mut State, id: FigureId, by: FigureId) {
    let credit = state
        .fig(by)
        .filter(|b| b.controlled_from.is_none())
        .zip(state.fig(id))
        .filter(|(b, f)| !state.allied(b.owner, f.owner))
        .map(|(b, _)| b.id);
    if let Some(f) = state.fig_mut(id) {
        f.last_hit_by = credit;
    }
}

/// True if the two figures are hereditary enemies under the game's rules option (FAQ 2002
/// *Constituez votre équipe*): both bases have a hereditary-enemy ring (of one colour, with
/// `same_colour`) and they do not bear the same name. Whether they oppose each other is the
/// caller's question.
pub fn hereditary_enemies(
    state: &State,
    a: &crate::figure::FigureDef,
    b: &crate::figure::FigureDef,
) -> bool {
    let (Some(ra), Some(rb)) = (&a.enemy_ring, &b.enemy_ring) else {
        return false;
    };
    let rings = match state.options.powers.hereditary_enemies {
        powers::HereditaryEnemies::Off => false,
        powers::HereditaryEnemies::AnyRing => true,
        powers::HereditaryEnemies::SameColour => ra == rb,
    };
    rings && !a.name.trim().eq_ignore_ascii_case(b.name.trim())
}

/// The hereditary enemy a knock-out (or a release) counts for, if the one who scores it is
/// one: the Mind Controller of a controlled figure, else the opposing figure that last damaged
/// it (FAQ 2002 *Contrôle Psychique*, *Sentinelles*).
pub fn hereditary_scorer(state: &State, id: FigureId, by: Option<FigureId>) -> Option<FigureId> {
    let f = state.fig(id)?;
    let by = if f.controlled_from.is_some() {
        state.mind_control.as_ref().map(|mc| mc.controller)
    } else {
        by
    }?;
    let b = state.fig(by)?;
    (hereditary_enemies(state, &f.def, &b.def)).then_some(by)
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
    f.click = skirmish_clix::dial::damaged(f.click, usize::from(amount), f.def.dial.len());
    if opposed_source.is_some() {
        f.last_damaged_by = opposed_source;
    }
    // Spec DMG-10: Perplex on a figure ends when it is damaged or healed.
    let perplex_ended = !f.perplexed.is_empty();
    f.perplexed.clear();
    events.push(Event::Damage {
        figure: id,
        amount,
        kind,
    });
    if perplex_ended {
        events.push(Event::EffectEnded {
            figure: id,
            what: EffectEnd::PerplexDamaged,
        });
    }
    // Effects of a power end the moment it is lost (rulebook Partie 3).
    super::power_actions::drop_orphans(state, events);
}

/// Heals a figure, never past the starting line it began the game on (rulebook *Soin*).
pub fn heal(state: &mut State, id: FigureId, amount: u8) -> u8 {
    let Some(f) = state.fig_mut(id) else { return 0 };
    let to = skirmish_clix::dial::healed(f.click, usize::from(amount), f.start_click);
    let healed = f.click - to;
    f.click = to;
    if healed > 0 {
        // Spec DMG-10: Perplex on a figure ends when it is damaged or healed.
        f.perplexed.clear();
    }
    healed as u8
}

/// Knocks out the figures whose dial shows KO, scoring their points (rulebook *Vaincre les
/// personnages*, *Déterminer les points de victoire*).
pub fn knock_out_if_done(state: &mut State, ids: &[FigureId], events: &mut Vec<Event>) {
    let active = state.active_seat();
    for id in ids {
        let Some(f) = state.fig(*id) else { continue };
        if f.ko || !skirmish_clix::dial::knocked_out(f.click, f.def.dial.len()) {
            continue;
        }
        // Points go to the active player, or — for a figure KO'd on its own side's turn — to
        // the last opponent that damaged it.
        // FAQ *Contrôle Psychique*: a figure knocked out while mind-controlled scores for the
        // controller.
        let scorer = if f.controlled_from.is_some() || !state.allied(active, f.owner) {
            Some(active)
        } else {
            f.last_damaged_by
        };
        // Hereditary enemies (rules option; FAQ 2002 *Constituez votre équipe*): twice the
        // points when the one knocking it out is one, on the scoring side.
        let hereditary = hereditary_scorer(state, *id, f.last_hit_by).filter(|h| {
            scorer.is_some_and(|s| state.fig(*h).is_some_and(|h| state.allied(h.owner, s)))
        });
        let points = if hereditary.is_some() {
            f.points.saturating_mul(2)
        } else {
            f.points
        };
        let stood = f.footprint();
        if let Some(sq) = f.square {
            super::objects::drop_held(state, *id, sq, events);
        }
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
            hereditary_enemy: hereditary,
        });
        super::capture::captor_knocked_out(state, *id, stood, events);
        for (feat, name_fr, points) in super::tactics::feats_lost(state, *id) {
            if let Some(s) = scorer {
                state.seats[s.index()].victory_points += points;
            }
            events.push(Event::FeatScored {
                feat,
                name_fr,
                scored_by: scorer,
                points,
            });
        }
    }
    super::power_actions::drop_orphans(state, events);
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
    let object = state
        .objects
        .iter()
        .position(|o| o.square == Some(square) && o.held_by.is_none());
    if let (Some(i), false) = (
        object,
        state.map.cell(square).is_some_and(|c| c.is_blocking()),
    ) {
        // Rulebook *Détruire les objets*: removed from the game, no debris (debris for an
        // immobile object); a figure on its square takes no damage.
        if damage >= 3 {
            let o = super::objects::take_out(state, i, events);
            std::sync::Arc::make_mut(&mut state.map).remove_marker(square, Marker::Object);
            let debris = o.kind == super::state::ObjectKind::Immobile;
            if debris {
                std::sync::Arc::make_mut(&mut state.map).place_marker(square, Marker::Debris);
            }
            events.push(Event::ObjectMoved {
                figure: attacker,
                object: o.name,
                fate: super::objects::ObjectFate::Destroyed,
                square: Some(square),
            });
        } else {
            events.push(Event::TerrainHeld { damage });
        }
        return;
    }
    if damage >= 3 {
        // A barrier marker destroyed leaves debris that goes with the rest of the barrier
        // (spec DEF-6: 2004 ruling, 2006 FAQ).
        let barrier = state
            .power_markers
            .iter()
            .position(|m| m.square == square && m.marker == Marker::Barrier);
        if let Some(i) = barrier {
            std::sync::Arc::make_mut(&mut state.map).remove_marker(square, Marker::Barrier);
            let mut debris = state.power_markers.remove(i);
            debris.marker = Marker::Debris;
            state.power_markers.push(debris);
        }
        std::sync::Arc::make_mut(&mut state.map).place_marker(square, Marker::Debris);
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
    std::sync::Arc::make_mut(&mut state.map).set_wall(square, dir, false);
    let mut debris = Vec::new();
    for s in [square, square.step(dir)] {
        if state
            .map
            .cell(s)
            .is_some_and(|c| c.terrain_now() == Terrain::CLEAR)
        {
            std::sync::Arc::make_mut(&mut state.map).place_marker(s, Marker::Debris);
            debris.push(s);
        }
    }
    events.push(Event::TerrainDestroyed { debris });
}
