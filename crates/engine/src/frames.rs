//! One explicit stack of pending frames: how a ruleset asks for decisions made in the middle of
//! an action.
//!
//! Most choices are made between actions: whose turn it is, what to do with it. But an action
//! often stops to ask something before it can go on: where a knocked-back figure goes, how an
//! attack's damage is split, whether a reroll is spent, whether the opponent plays a reaction
//! card — and a reaction can itself be answered by another (Masters of the Universe interrupts
//! interrupt interrupts; HorrorClix twist cards are played in the opponent's turn). Each of those
//! questions is a **frame**, and a game keeps them in one stack, [`Frames`]:
//!
//! - the frame on top is the one being **asked** ([`Frame::asks`]): which seats answer, and what
//!   the question is (several seats for a simultaneous secret choice);
//! - its **answers** are the legal actions while it is on top ([`Frame::answers`]);
//! - an answer **resolves** it ([`Frame::resolve`]): the frame takes itself off the stack when
//!   it is settled (or stays, waiting for the other seats of a simultaneous choice), and may
//!   push frames above it (an interrupt of the interrupt, asked at once) or queue frames after
//!   everything pending ([`Frames::then`]: Flurry's second attack, a move that goes on after an
//!   attack);
//! - when the frame on top is settled, the frame below it comes back, unless what happened in
//!   between made it moot ([`Frame::resumes`]: a second attack whose attacker was knocked out).
//!
//! The stack lives in the ruleset's state (a [`Frames`] field, changed through [`FramesMut`]),
//! so it is saved, hashed, copied for search and
//! replayed like everything else. The ruleset's [`Ruleset`](crate::Ruleset) functions hand over
//! to the stack whenever a frame is asked ([`pending`], [`legal`], [`answer`]); between frames,
//! the turn itself asks (move, attack, end the turn...).
//!
//! [`LuckyPig`](crate::fixtures::LuckyPig), the engine's test game, asks every mid-action and
//! simultaneous question through this stack, interrupts of interrupts included.

use serde::{Deserialize, Serialize};
use skirmish_dice::Dice;

use crate::{Pending, Rejection, Seat};

/// The frames pending in a game, kept as one field of its state: the one asked now, and the
/// ones waiting below it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(serialize = "F: Serialize", deserialize = "F: Deserialize<'de>"))]
pub struct Frames<F> {
    /// The frame asked now, if any.
    #[serde(default = "Option::default")]
    asked: Option<F>,
    /// Frames waiting below it, the nearest first: each comes back when everything above it is
    /// settled.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    waiting: Vec<F>,
}

impl<F> Default for Frames<F> {
    fn default() -> Self {
        Frames {
            asked: None,
            waiting: Vec::new(),
        }
    }
}

impl<F> Frames<F> {
    /// The frame asked now.
    pub fn top(&self) -> Option<&F> {
        self.asked.as_ref()
    }

    /// The frames waiting below the one asked, the nearest first.
    pub fn waiting(&self) -> &[F] {
        &self.waiting
    }

    /// Every frame, the one asked first.
    pub fn iter(&self) -> impl Iterator<Item = &F> {
        self.asked.iter().chain(self.waiting.iter())
    }

    /// The stack, to change it.
    pub fn as_mut(&mut self) -> FramesMut<'_, F> {
        FramesMut {
            asked: &mut self.asked,
            waiting: &mut self.waiting,
        }
    }
}

/// The stack of pending frames, borrowed to change it from where a state keeps it: one
/// [`Frames`] field, or two fields of a state saved before the stack existed (HeroClix keeps the
/// frame asked in `interrupt` and those waiting in `queued`, so that the state hashes of replays
/// saved earlier still match).
#[derive(Debug)]
pub struct FramesMut<'a, F> {
    asked: &'a mut Option<F>,
    waiting: &'a mut Vec<F>,
}

impl<'a, F> FramesMut<'a, F> {
    /// The stack made of a state's two fields: the frame asked and those waiting (nearest first).
    pub fn new(asked: &'a mut Option<F>, waiting: &'a mut Vec<F>) -> Self {
        FramesMut { asked, waiting }
    }

    /// The frame asked now.
    pub fn top(&self) -> Option<&F> {
        self.asked.as_ref()
    }

    /// The frame asked now, to change it (a simultaneous choice recording one seat's answer).
    pub fn top_mut(&mut self) -> Option<&mut F> {
        self.asked.as_mut()
    }

    /// Asks `frame` now, above whatever was asked, which waits until `frame` is settled.
    pub fn push(&mut self, frame: F) {
        if let Some(below) = self.asked.replace(frame) {
            self.waiting.insert(0, below);
        }
    }

    /// Takes the frame asked now off the stack, once settled. The frame below is not asked
    /// again until [`resume`] (or [`FramesMut::resume_with`]) brings it back: what settled this
    /// one may have made it moot.
    pub fn pop(&mut self) -> Option<F> {
        self.asked.take()
    }

    /// Queues `frame` after every frame pending now: it is asked once they are all settled
    /// (the next step of the action under way).
    pub fn then(&mut self, frame: F) {
        self.waiting.push(frame);
    }

    /// Drops every waiting frame (the action they belonged to was cut short).
    pub fn clear_waiting(&mut self) {
        self.waiting.clear();
    }

    /// Drops every frame.
    pub fn clear(&mut self) {
        *self.asked = None;
        self.waiting.clear();
    }

    /// When nothing is asked, asks the nearest waiting frame for which `still` holds, dropping
    /// the ones before it; true when a frame is asked afterwards.
    pub fn resume_with(&mut self, mut still: impl FnMut(&F) -> bool) -> bool {
        while self.asked.is_none() && !self.waiting.is_empty() {
            let next = self.waiting.remove(0);
            if still(&next) {
                *self.asked = Some(next);
            }
        }
        self.asked.is_some()
    }

    /// Takes the nearest waiting frame out, when nothing is asked.
    fn next_waiting(&mut self) -> Option<F> {
        if self.asked.is_some() || self.waiting.is_empty() {
            return None;
        }
        Some(self.waiting.remove(0))
    }
}

/// What a frame asks: the same two fields as [`Pending::Decide`].
#[derive(Clone, Debug, PartialEq)]
pub struct Ask<D> {
    /// The seats whose answer is awaited; never empty (several for a simultaneous choice).
    pub seats: Vec<Seat>,
    /// What is asked.
    pub decision: D,
}

/// One kind of question asked in the middle of play: what it asks, what answers it, how an
/// answer resolves it, and whether it still stands when it comes back to the top.
///
/// Implemented by a ruleset's frame type (an enum of its frame kinds), which also says where the
/// stack lives in the state.
pub trait Frame: Sized {
    /// The ruleset's state, which holds the stack.
    type State;
    /// The ruleset's action type: answers are actions like any other.
    type Action;
    /// The ruleset's decision type: what a frame asks is shown like any other decision.
    type Decision;
    /// The ruleset's event type.
    type Event;

    /// The frame asked now in `state`, if any.
    fn asked(state: &Self::State) -> Option<&Self>;

    /// The stack in `state`, to change it.
    fn stack_mut(state: &mut Self::State) -> FramesMut<'_, Self>;

    /// Who must answer and what is asked.
    fn asks(&self, state: &Self::State) -> Ask<Self::Decision>;

    /// Every answer `seat` may give (empty for a seat not asked).
    fn answers(&self, state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// Resolves `answer`, given by `seat` to the frame asked now (the top of the stack, still
    /// on it): the frame pops itself once settled, may push frames above it or queue frames
    /// after, and brings back the frame below with [`resume`] when its rules say the step is
    /// over. Called only with an answer listed by [`Frame::answers`].
    fn resolve(
        state: &mut Self::State,
        seat: Seat,
        answer: &Self::Action,
        dice: &mut Dice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Rejection>;

    /// Whether this frame, waiting below a frame now settled, still stands (by default it
    /// does): one made moot is dropped without being asked.
    fn resumes(&self, state: &Self::State) -> bool {
        let _ = state;
        true
    }
}

/// What the game waits for while a frame is asked, or `None` when no frame is.
pub fn pending<F: Frame>(state: &F::State) -> Option<Pending<F::Decision>> {
    let Ask { seats, decision } = F::asked(state)?.asks(state);
    Some(Pending::Decide { seats, decision })
}

/// The legal actions of `seat` while a frame is asked (empty for a seat it does not ask), or
/// `None` when no frame is.
pub fn legal<F: Frame>(state: &F::State, seat: Seat) -> Option<Vec<F::Action>> {
    let top = F::asked(state)?;
    Some(if top.asks(state).seats.contains(&seat) {
        top.answers(state, seat)
    } else {
        Vec::new()
    })
}

/// Resolves `answer` to the frame asked now, or `None` when no frame is asked (the action is
/// then the turn's to play).
pub fn answer<F: Frame>(
    state: &mut F::State,
    seat: Seat,
    answer: &F::Action,
    dice: &mut Dice,
    events: &mut Vec<F::Event>,
) -> Option<Result<(), Rejection>> {
    F::asked(state)?;
    Some(F::resolve(state, seat, answer, dice, events))
}

/// When nothing is asked, asks the nearest waiting frame that still stands ([`Frame::resumes`]),
/// dropping the moot ones; true when a frame is asked afterwards.
pub fn resume<F: Frame>(state: &mut F::State) -> bool {
    loop {
        if F::asked(state).is_some() {
            return true;
        }
        let Some(next) = F::stack_mut(state).next_waiting() else {
            return false;
        };
        if next.resumes(state) {
            F::stack_mut(state).push(next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pushed_frame_is_asked_above_the_one_it_interrupts() {
        let mut frames: Frames<u8> = Frames::default();
        let mut s = frames.as_mut();
        s.push(1);
        s.push(2);
        s.then(9);
        assert_eq!(s.top(), Some(&2));
        assert_eq!(s.pop(), Some(2));
        // Nothing is asked until the step is over and the frame below comes back.
        assert!(s.top().is_none());
        assert!(s.resume_with(|_| true));
        assert_eq!(s.top(), Some(&1));
        s.pop();
        assert!(!s.resume_with(|f| *f != 9), "a moot frame is dropped");
        assert_eq!(frames.iter().count(), 0);
    }

    #[test]
    fn two_fields_of_a_state_make_a_stack() {
        let mut interrupt = Some(3u8);
        let mut queued = vec![4u8];
        let mut s = FramesMut::new(&mut interrupt, &mut queued);
        s.push(5);
        assert_eq!((interrupt, queued), (Some(5), vec![3, 4]));
    }
}
