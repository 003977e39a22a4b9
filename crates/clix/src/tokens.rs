//! Action tokens and the timing of actions, as both Clix games have them.
//!
//! HeroClix *Rounds, tours et actions*, *Total d'action*, *Marqueur action*, *Actions libres*;
//! HorrorClix *Actions*, *Marqueurs action*, *Vulnérabilité*, *Actions libres*, *La phase de
//! traque* and *La phase de sablier*:
//!
//! - a player has one action per 100 points of the build total each turn, unused ones are lost;
//! - a figure is given at most one action per turn; a non-free action gives it a token when it
//!   resolves; free actions give none and do not count against the total;
//! - a figure with two tokens cannot be given a non-free action (HorrorClix calls it
//!   *vulnérable*);
//! - at the end of its controller's turn a figure that received no token that turn loses them
//!   all.
//!
//! What a second token costs is the game's own: HeroClix deals pushing damage (*Dépassement*),
//! HorrorClix none; both stay with the game that has them.

/// The most action tokens a figure carries.
pub const MAX_TOKENS: u8 = 2;

/// Points of build total per action of the action total.
pub const POINTS_PER_ACTION: u32 = 100;

/// The action total for a build total: one action per 100 points, at least one (a game below 100
/// points still plays) and at most what a `u8` counts.
pub fn action_total(build_total: u32) -> u8 {
    (build_total / POINTS_PER_ACTION).clamp(1, u32::from(u8::MAX)) as u8
}

/// True if a figure carrying `tokens` may be given a non-free action.
pub fn may_take_action(tokens: u8) -> bool {
    tokens < MAX_TOKENS
}

/// True if a figure carrying `tokens` has two (HorrorClix *Vulnérabilité*).
pub fn vulnerable(tokens: u8) -> bool {
    tokens >= MAX_TOKENS
}

/// What a figure's tokens become when a non-free action it was given resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenTaken {
    /// The tokens it carries now (never more than [`MAX_TOKENS`]).
    pub tokens: u8,
    /// This token was its second: HeroClix's pushing.
    pub second: bool,
    /// It already carried [`MAX_TOKENS`] (a power let it act anyway): no token is added.
    pub beyond: bool,
}

/// The token a figure carrying `tokens` takes at the end of a non-free action.
pub fn take_token(tokens: u8) -> TokenTaken {
    let beyond = tokens >= MAX_TOKENS;
    let now = tokens.saturating_add(1).min(MAX_TOKENS);
    TokenTaken {
        tokens: now,
        second: now == MAX_TOKENS && !beyond,
        beyond,
    }
}

/// True if a figure loses its tokens at the end of its controller's turn: it carries some, took
/// none this turn, and is still in the game.
pub fn cleared_at_end_of_turn(tokens: u8, token_this_turn: bool, knocked_out: bool) -> bool {
    tokens > 0 && !token_this_turn && !knocked_out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_action_per_hundred_points_at_least_one() {
        assert_eq!(action_total(300), 3);
        assert_eq!(action_total(399), 3);
        assert_eq!(action_total(50), 1);
        assert_eq!(action_total(0), 1);
        assert_eq!(action_total(1_000_000), 255);
    }

    #[test]
    fn the_second_token_is_the_last() {
        assert_eq!(
            take_token(0),
            TokenTaken {
                tokens: 1,
                second: false,
                beyond: false
            }
        );
        assert_eq!(
            take_token(1),
            TokenTaken {
                tokens: 2,
                second: true,
                beyond: false
            }
        );
        assert_eq!(
            take_token(2),
            TokenTaken {
                tokens: 2,
                second: false,
                beyond: true
            }
        );
        assert!(may_take_action(1) && !may_take_action(2));
        assert!(vulnerable(2) && !vulnerable(1));
    }

    #[test]
    fn tokens_go_at_the_end_of_a_turn_without_a_new_one() {
        assert!(cleared_at_end_of_turn(2, false, false));
        assert!(!cleared_at_end_of_turn(2, true, false));
        assert!(!cleared_at_end_of_turn(0, false, false));
        assert!(!cleared_at_end_of_turn(1, false, true));
    }
}
