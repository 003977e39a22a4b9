//! What the powers reacting inside an attack did, in words (`game::powers::react`).

use super::*;
use crate::game::powers::react::{Asked, Reacted};

/// A log line of a reacting power.
pub(super) fn reacted_text(state: &State, what: &Reacted, lang: Lang) -> String {
    let fig = |id: &u32| figure_name(state, *id);
    match what {
        Reacted::DefenceRerolled {
            figure,
            unit,
            power,
            before,
            after,
        } => match lang {
            Lang::En => format!(
                "{}: {} rolls again its defence dice that did not show a shield, {} → {}",
                power_name(state, *unit, *power),
                fig(figure),
                faces(before),
                faces(after)
            ),
            Lang::Fr => format!(
                "{} : {} relance ses dés de défense qui n'ont pas donné de bouclier, {} → {}",
                power_name(state, *unit, *power),
                fig(figure),
                faces(before),
                faces(after)
            ),
        },
        Reacted::Divided {
            figure,
            beside,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{}: {} comes back onto the battlefield beside {}",
                power_name(state, *unit, *power),
                fig(figure),
                fig(beside)
            ),
            Lang::Fr => format!(
                "{} : {} revient sur le champ de bataille à côté de {}",
                power_name(state, *unit, *power),
                fig(figure),
                fig(beside)
            ),
        },
        Reacted::DiceRolled {
            figure,
            unit,
            power,
            dice,
        } => match lang {
            Lang::En => format!(
                "{}: {} rolls {}",
                power_name(state, *unit, *power),
                fig(figure),
                faces(dice)
            ),
            Lang::Fr => format!(
                "{} : {} obtient {}",
                power_name(state, *unit, *power),
                fig(figure),
                faces(dice)
            ),
        },
        Reacted::Reinforced {
            figure,
            beside,
            unit,
            power,
        } => match lang {
            Lang::En => format!(
                "{}: {} is teleported beside {}",
                power_name(state, *unit, *power),
                fig(figure),
                fig(beside)
            ),
            Lang::Fr => format!(
                "{} : {} est téléporté à côté de {}",
                power_name(state, *unit, *power),
                fig(figure),
                fig(beside)
            ),
        },
    }
}

/// What a question of a reacting power answers, for the player deciding: the dice or the
/// wounds waiting.
pub(super) fn asked_text(state: &State, r: &Asked, lang: Lang) -> String {
    use crate::game::powers::react::{Attack, Question};
    let t = figure_name(state, r.defender);
    let (attack, defence, wounds) = match &r.attack {
        Attack::Normal { rolled, defended } => (
            rolled.attack.clone(),
            defended.defence.clone(),
            crate::game::combat::wounds_of(state, rolled, defended),
        ),
        Attack::Special(v) => {
            let hit = v.hits.iter().find(|h| h.figure == r.defender);
            (
                v.attack.clone().unwrap_or_default(),
                hit.map(|h| h.defence.clone()).unwrap_or_default(),
                v.pending.max(hit.map_or(0, |h| h.wounds)),
            )
        }
        Attack::Landed { wounds, .. } => (Vec::new(), Vec::new(), *wounds),
    };
    match (&r.question, lang) {
        (Question::Reroll, Lang::En) => format!(
            " The attack rolled {}; {t} rolled {}.",
            faces(&attack),
            faces(&defence)
        ),
        (Question::Reroll, Lang::Fr) => format!(
            " L'attaque a obtenu {} ; {t} a obtenu {}.",
            faces(&attack),
            faces(&defence)
        ),
        (Question::Divide | Question::Sacrifice, Lang::En) => {
            format!(" {t} would receive {wounds} wound(s) from the attack.")
        }
        (Question::Divide | Question::Sacrifice, Lang::Fr) => {
            format!(" {t} recevrait {wounds} blessure(s) de l'attaque.")
        }
        (Question::Reinforce { left, .. }, Lang::En) => format!(
            " {t} received wounds and stands: choose a figure to place beside it ({left} more at most)."
        ),
        (Question::Reinforce { left, .. }, Lang::Fr) => format!(
            " {t} a reçu des blessures et reste debout : choisissez une figurine à placer à côté de lui ({left} de plus au maximum)."
        ),
        _ => String::new(),
    }
}

/// What declining means in a question of a reacting power: choosing no (other) figure,
/// staying where it stands, or not using the power.
pub(super) fn decline_text(state: &State, lang: Lang) -> String {
    use crate::game::frames::HsFrame;
    use crate::game::powers::react::Question;
    use crate::game::powers::wounds::WoundAsk;
    let question = match state.frames.top() {
        Some(HsFrame::Wounds(WoundAsk::React(r))) => Some(&r.question),
        _ => None,
    };
    match question {
        Some(Question::Reinforce { chosen, .. }) if !chosen.is_empty() => {
            lang.pick("Choose no other figure", "Ne choisir aucune autre figurine")
        }
        Some(Question::Reinforce { .. } | Question::Sacrifice) => {
            lang.pick("Choose no figure", "Ne choisir aucune figurine")
        }
        Some(Question::Evade) => lang.pick(
            "Leave the figure where it stands",
            "Laisser la figurine où elle se trouve",
        ),
        _ => lang.pick("Do not use the power", "Ne pas utiliser le pouvoir"),
    }
    .into()
}
