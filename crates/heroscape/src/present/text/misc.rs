//! The single leftover powers in words (`game::powers::misc`).

use super::*;
use crate::power::misc::MiscOutcome;
use crate::power::Stat;

/// A value's name on the card: *Déplacement*, *Portée*, *Attaque*, *Défense*, *Points de vie*.
fn value_name(stat: Stat, lang: Lang) -> &'static str {
    match stat {
        Stat::Move => lang.pick("move value", "valeur de déplacement"),
        Stat::Range => lang.pick("range value", "valeur de portée"),
        Stat::Attack => lang.pick("attack value", "valeur d'attaque"),
        Stat::Defense => lang.pick("defense value", "valeur de défense"),
        Stat::Life => lang.pick("life value", "points de vie"),
    }
}

/// What an outcome of this family did; `who` names the figure it reached, if any.
pub(super) fn outcome_words(outcome: MiscOutcome, who: &str, lang: Lang) -> String {
    match (outcome, lang) {
        (MiscOutcome::DestroyOwn, Lang::En) if who.is_empty() => {
            "a figure of this card's name must be destroyed".into()
        }
        (MiscOutcome::DestroyOwn, Lang::Fr) if who.is_empty() => {
            "une figurine portant le nom de cette carte doit être détruite".into()
        }
        (MiscOutcome::DestroyOwn, Lang::En) => format!("{who} is destroyed"),
        (MiscOutcome::DestroyOwn, Lang::Fr) => format!("{who} est détruite"),
        (MiscOutcome::NoAttack, Lang::En) => "the card's figures cannot attack this turn".into(),
        (MiscOutcome::NoAttack, Lang::Fr) => {
            "les figurines de la carte ne peuvent pas attaquer ce tour-ci".into()
        }
        (MiscOutcome::TurnValue { stat, by }, Lang::En) => {
            format!("{by:+} to the card's {} this turn", value_name(stat, lang))
        }
        (MiscOutcome::TurnValue { stat, by }, Lang::Fr) => {
            format!(
                "{by:+} à la {} de la carte ce tour-ci",
                value_name(stat, lang)
            )
        }
    }
}
