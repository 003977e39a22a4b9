//! HeroClix's observation tensor for learning agents: the platform's board planes, then each
//! figure's values in play on the squares its base covers, read from the engine's view for the
//! seat (HeroClix hides nothing on the board, but the view is what a seat may know).

use skirmish_engine::{Game, Ruleset, Seat, Viewer};
use skirmish_platform::{Observation, Presentation};

use crate::game::HeroClix;

/// The planes HeroClix adds after the platform's board planes, in order.
pub const PLANES: [&str; 8] = [
    "speed",
    "attack",
    "defense",
    "damage",
    "range",
    "tokens",
    "clicks_taken",
    "points",
];

/// The observation of `game` for `seat`: generic planes of the board, and on each figure's
/// squares its speed, attack, defence, damage and range values in play, its action tokens, how
/// many clicks of damage it has taken and its point value.
pub fn observation(
    presentation: &super::HeroClixPresentation,
    game: &Game<HeroClix>,
    seat: Seat,
) -> Option<Observation> {
    let viewer = Viewer::Seat(seat);
    let board = presentation.board(game, viewer)?;
    let mut o = Observation::from_board(&board, seat, game.pending_seats().contains(&seat));
    let planes = PLANES.map(|p| o.add_plane(p));
    let view = HeroClix::view(game.state(), viewer);
    for figure in view.figures.iter().filter(|f| !f.ko) {
        let Some(at) = figure.square else { continue };
        let [speed, attack, defense, damage] = figure.values.map(f32::from);
        let values = [
            speed,
            attack,
            defense,
            damage,
            f32::from(figure.range),
            f32::from(figure.tokens),
            figure.click.saturating_sub(figure.start_click) as f32,
            figure.points as f32,
        ];
        for dx in 0..i32::from(figure.base.0.max(1)) {
            for dy in 0..i32::from(figure.base.1.max(1)) {
                for (&plane, &value) in planes.iter().zip(&values) {
                    if let Some(v) = o.at_mut(plane, [at.x + dx, at.y + dy]) {
                        *v = value;
                    }
                }
            }
        }
    }
    Some(o)
}
