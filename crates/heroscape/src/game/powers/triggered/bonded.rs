//! Powers of a bonding card used by the figure it bonded with, when its bonded turn starts
//! (*Hivelord Life Bonding*: the Hivelord may destroy an adjacent Marrden Nagrub to heal).

use super::*;

/// A bonded turn has just started with `figure` for the bonding card of `o`: its
/// `bonded_turn_starts` power is offered to that figure's player, the bonded figure using it,
/// when it has a figure to choose.
pub fn bonded_turn_starts(state: &mut State, o: &Offer, figure: u32) {
    let Some(t) = power_of(state, o.unit, o.power).cloned() else {
        return;
    };
    if t.trigger != Trigger::BondedTurnStarts {
        return;
    }
    let Some(user) = state.figure(figure).cloned() else {
        return;
    };
    let offer = Offer {
        seat: o.seat,
        figure,
        unit: o.unit,
        power: o.power,
        then: Then::Turn,
    };
    if t.target.is_some() && useful_targets(state, o.seat, &user, o.power, &t).is_empty() {
        return;
    }
    state.frames.as_mut().push(HsFrame::Power(offer));
}

/// Whether an offer is the bonded figure's use of its bonding card's power, not the bonding
/// itself: the bonded turn has started.
pub(super) fn by_bonded(state: &State, o: &Offer) -> bool {
    state
        .powers
        .bonded
        .is_some_and(|b| b.then == o.unit && b.figure == o.figure)
}
