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
    if s.actions_used > s.action_total {
        return Err(format!(
            "{} actions given of {}",
            s.actions_used, s.action_total
        ));
    }
    Ok(())
}
