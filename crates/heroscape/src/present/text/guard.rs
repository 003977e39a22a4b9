//! What the powers answering a targeting did, in words (`game::powers::guard`).

use super::*;
use crate::game::powers::guard::Guarded;

/// A log line of a guarding power.
pub(super) fn guarded_text(state: &State, what: &Guarded, lang: Lang) -> String {
    let fig = |id: &u32| figure_name(state, *id);
    match what {
        Guarded::WoundsIgnored {
            figure,
            unit,
            power,
            ignored,
            left,
        } => match lang {
            Lang::En => format!(
                "{}: {} ignores {} and receives {}",
                power_name(state, *unit, *power),
                fig(figure),
                plural(*ignored, ("wound", "wounds"), ("blessure", "blessures"), lang),
                plural(*left, ("wound", "wounds"), ("blessure", "blessures"), lang)
            ),
            Lang::Fr => format!(
                "{} : {} ignore {} et en subit {}",
                power_name(state, *unit, *power),
                fig(figure),
                plural(*ignored, ("wound", "wounds"), ("blessure", "blessures"), lang),
                left
            ),
        },
        Guarded::Untargetable {
            figure,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{}: {} cannot be targeted by this attack or any other attack this turn",
                power_name(state, *unit, *power),
                fig(figure)
            ),
            Lang::Fr => format!(
                "{} : {} ne peut être ciblée ni par cette attaque ni par aucune autre attaque ce tour-ci",
                power_name(state, *unit, *power),
                fig(figure)
            ),
        },
        Guarded::Smoked {
            figures,
            unit,
            power,
        } => {
            let names: Vec<String> = figures.iter().map(fig).collect();
            match lang {
                Lang::En => format!(
                    "{}: {} no longer have any visible hit zone until the end of this turn",
                    power_name(state, *unit, *power),
                    names.join(", ")
                ),
                Lang::Fr => format!(
                    "{} : {} n'ont plus de zone de touche visible jusqu'à la fin de ce tour",
                    power_name(state, *unit, *power),
                    names.join(", ")
                ),
            }
        }
    }
}
