//! What must hold after every action of every HeroClix game: the random-playout tests check it,
//! and so can a server that loads a stored game.

use std::collections::BTreeSet;

use super::state::State;

/// Checks the base game's invariants: no two figures share a square (golden rule of
/// occupancy), none stands on blocking terrain or off the map, at most two action tokens
/// (golden rule of action tokens), KO'd figures are off the map and every other figure's dial
/// shows a click before KO, no healing past the starting line, and no more actions given than
/// the action total.
pub fn check_invariants(s: &State) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    for f in &s.figures {
        if f.tokens > 2 {
            return Err(format!("{} has {} tokens", f.label, f.tokens));
        }
        if f.ko && f.square.is_some() {
            return Err(format!("{} is KO'd but on the map", f.label));
        }
        if !f.ko && f.click >= f.def.dial.len() {
            return Err(format!("{} shows KO but is not KO'd", f.label));
        }
        if f.click < f.start_click {
            return Err(format!("{} healed past its starting line", f.label));
        }
        for sq in f.footprint() {
            if !seen.insert(sq) {
                return Err(format!("two figures on {sq}"));
            }
            if s.map.cell(sq).is_none_or(|c| c.is_blocking()) {
                return Err(format!(
                    "{} stands on blocking terrain or off the map at {sq}",
                    f.label
                ));
            }
        }
    }
    let total = super::play::action_total(s);
    if s.actions_used > total {
        return Err(format!("{} actions given of {total}", s.actions_used));
    }
    // Powers: markers a power placed lie on the map; counters and Perplex modifiers come from
    // figures that still show the power (they end at once otherwise); only the active player
    // acts, so no Pulse Wave or Charge outlives its action.
    for m in &s.power_markers {
        if !s
            .map
            .cell(m.square)
            .is_some_and(|c| c.markers.has(m.marker))
        {
            return Err(format!(
                "the {:?} marker of figure #{} is missing from {}",
                m.marker, m.owner.0, m.square
            ));
        }
    }
    if s.asked().is_none() && (!s.ignoring.is_empty() || s.charging.is_some()) {
        return Err("a Pulse Wave or Charge outlived its action".into());
    }
    for f in &s.figures {
        for c in &f.countered {
            if !s.fig(c.by).is_some_and(|o| {
                super::powers::shows(o, crate::figure::Power::Outwit) && o.in_play()
            }) {
                return Err(format!(
                    "{} is countered by a figure without Outwit",
                    f.label
                ));
            }
        }
    }
    // Tactics: once the battle begins every condition is revealed and every object placed; a
    // feat leaves the game only with the last of its characters.
    if matches!(
        s.phase,
        super::state::Phase::Play | super::state::Phase::Over
    ) {
        if let Some(o) = s.objects.iter().find(|o| o.to_place.is_some()) {
            return Err(format!("the object {} was never placed", o.name));
        }
        if s.conditions.iter().any(|c| !c.revealed) {
            return Err("a battlefield condition was never revealed".into());
        }
    }
    for feat in s.feats.iter().filter(|f| f.removed) {
        if feat
            .figures
            .iter()
            .any(|id| s.fig(*id).is_some_and(|f| !f.ko))
        {
            return Err(format!(
                "the feat {} left the game while one of its characters stands",
                feat.def.name
            ));
        }
    }
    for o in &s.objects {
        if o.square.is_some() && o.held_by.is_some() {
            return Err(format!("the object {} is both held and on the map", o.name));
        }
    }
    // Capture: a captive is off the map and not knocked out, held by a captor in play that
    // lists it; a captor holds two at most.
    for f in &s.figures {
        if let Some(c) = f.captured_by {
            if f.ko || f.square.is_some() {
                return Err(format!("{} is a captive but KO'd or on the map", f.label));
            }
            if !s
                .fig(c)
                .is_some_and(|c| c.in_play() && c.captives.contains(&f.id))
            {
                return Err(format!("{} is held by no captor in play", f.label));
            }
        }
        if f.captives.len() > super::capture::MAX_CAPTIVES {
            return Err(format!("{} holds {} captives", f.label, f.captives.len()));
        }
        if f.captives
            .iter()
            .any(|x| s.fig(*x).is_none_or(|x| x.captured_by != Some(f.id)))
        {
            return Err(format!("{} lists a captive it does not hold", f.label));
        }
    }
    Ok(())
}
