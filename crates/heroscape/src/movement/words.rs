//! Refusals in words, English and French with the rulebook's terms: what the page shows under
//! the board and what the game answers to a move it refuses. The query is given so that the
//! words follow the way the figure moves (flying counts hexes only, Warp Space places it,
//! the grapple gun climbs, Climb X2 doubles the height).

use skirmish_board::FigureId;
use skirmish_lang::Lang;

use super::{MoveQuery, Refusal, StopCause, Way};

impl Refusal {
    /// Why the figure of `query` may not end its move there, in `lang`; `name` names a figure.
    pub fn text(
        &self,
        query: &MoveQuery<'_>,
        lang: Lang,
        name: &dyn Fn(FigureId) -> String,
    ) -> String {
        let en = lang == Lang::En;
        match *self {
            Refusal::OffBattlefield { .. } => {
                lang.pick("there is no land there", "il n'y a pas de terrain là").into()
            }
            Refusal::NoGround { .. } => lang
                .pick(
                    "nothing to stand on there (an obstacle fills the hex)",
                    "rien où se tenir là (un obstacle occupe l'hexagone)",
                )
                .into(),
            Refusal::NoRoom {
                headroom, height, ..
            } => {
                if en {
                    format!("too tall to fit: {headroom} level(s) of room under the overhang, height {height}")
                } else {
                    format!("trop grande pour passer : {headroom} niveau(x) sous le surplomb, taille {height}")
                }
            }
            Refusal::Occupied { figure, .. } => {
                if en {
                    format!("{} stands there", name(figure))
                } else {
                    format!("{} s'y trouve", name(figure))
                }
            }
            Refusal::NotNeighbours { .. } | Refusal::Unlevel { .. } => lang
                .pick(
                    "a double-space figure must end on two neighbouring hexes at one level",
                    "une figurine double doit finir sur deux hexagones voisins au même niveau",
                )
                .into(),
            Refusal::TooFar { needed, allowance } => match (query.way, query.flies(), en) {
                (Way::Teleport, _, true) => format!(
                    "{needed} spaces away: Warp Space places the figure within {allowance} spaces"
                ),
                (Way::Teleport, _, false) => format!(
                    "à {needed} cases : Distorsion spatiale place la figurine à {allowance} cases au plus"
                ),
                (Way::Grapple { .. }, _, true) => format!(
                    "the way there takes {needed} spaces; the grapple gun moves {allowance}"
                ),
                (Way::Grapple { .. }, _, false) => format!(
                    "le chemin prend {needed} cases ; le grappin déplace de {allowance}"
                ),
                (Way::Drill { .. }, _, true) => format!(
                    "the straight line there costs {needed} spaces; Drill-Drive moves {allowance} (each level climbed costs one more)"
                ),
                (Way::Drill { .. }, _, false) => format!(
                    "la ligne droite jusque-là coûte {needed} cases ; Drill-Drive déplace de {allowance} (chaque niveau monté coûte une case de plus)"
                ),
                (Way::Normal, true, true) => format!(
                    "the flight there counts {needed} spaces, move {allowance} (flying ignores levels)"
                ),
                (Way::Normal, true, false) => format!(
                    "le vol compte {needed} cases, déplacement {allowance} (en vol on ne compte pas les niveaux)"
                ),
                (Way::Normal, false, true) => format!(
                    "the way there costs {needed} spaces, move {allowance} (each level climbed costs one more)"
                ),
                (Way::Normal, false, false) => format!(
                    "le chemin coûte {needed} cases, déplacement {allowance} (chaque niveau monté coûte une case de plus)"
                ),
            },
            Refusal::StopsOnTheWay { cause, .. } => match cause {
                StopCause::Water => lang
                    .pick(
                        "every way there enters water first, which ends the move",
                        "tout chemin entre d'abord dans l'eau, ce qui arrête le déplacement",
                    )
                    .into(),
                StopCause::Glyph => lang
                    .pick(
                        "every way there crosses a glyph first, which ends the move",
                        "tout chemin passe d'abord sur un glyphe, ce qui arrête le déplacement",
                    )
                    .into(),
                StopCause::Lava => lang
                    .pick(
                        "every way there enters molten lava first, which ends the move",
                        "tout chemin entre d'abord dans la lave en fusion, ce qui arrête le déplacement",
                    )
                    .into(),
                StopCause::Held => lang
                    .pick(
                        "every way there first enters a space where an enemy's Cyberclaw holds it, which ends the move",
                        "tout chemin entre d'abord sur une case où le Cyberclaw d'un adversaire la retient, ce qui arrête le déplacement",
                    )
                    .into(),
                StopCause::Caught => lang
                    .pick(
                        "every way there first enters a space where an enemy's Swirling Vortex catches it, which ends the move",
                        "tout chemin entre d'abord sur une case où le Swirling Vortex d'un adversaire l'attrape, ce qui arrête le déplacement",
                    )
                    .into(),
            },
            Refusal::ClimbTooHigh {
                levels,
                height,
                limit,
                ..
            } => match (query.way, en) {
                (Way::Grapple { .. }, true) => format!(
                    "every way there climbs {levels} levels in one step, more than the grapple gun's {limit}"
                ),
                (Way::Grapple { .. }, false) => format!(
                    "tout chemin monte {levels} niveaux d'un coup, plus que les {limit} du grappin"
                ),
                _ if limit > height => {
                    let factor = query.powers.climb_factor;
                    if en {
                        format!("every way there climbs {levels} levels in one step, more than {limit} (Climb X{factor}: height {height} counted {factor} times)")
                    } else {
                        format!("tout chemin monte {levels} niveaux d'un coup, plus que {limit} (Escalade X{factor} : taille {height} comptée {factor} fois)")
                    }
                }
                (_, true) => format!(
                    "every way there climbs {levels} levels in one step, more than the figure's height {height}"
                ),
                (_, false) => format!(
                    "tout chemin monte {levels} niveaux d'un coup, plus que la taille de la figurine ({height})"
                ),
            },
            Refusal::BlockedBy { figure, .. } => {
                if en {
                    format!(
                        "{} is in the way (enemies and engaged friends cannot be passed)",
                        name(figure)
                    )
                } else {
                    format!(
                        "{} barre le chemin (on ne traverse ni un ennemi ni un ami engagé)",
                        name(figure)
                    )
                }
            }
            Refusal::WrongBase { .. } => lang
                .pick(
                    "a double-space figure ends on two neighbouring hexes: choose one of its moves to that hex",
                    "une figurine double finit sur deux hexagones voisins : choisissez l'un de ses déplacements vers cet hexagone",
                )
                .into(),
            Refusal::NoWay | Refusal::NotOnBattlefield => {
                lang.pick("no way leads there", "aucun chemin n'y mène").into()
            }
        }
    }
}
