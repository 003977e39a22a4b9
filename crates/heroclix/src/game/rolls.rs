//! The dice one action rolls, and Probability Control on any of them (FAQ 2002 *Contrôle des
//! Probabilités*: "un jet de dés consiste à lancer un ou deux dés", including the opponent's
//! Super Senses or Skrulls rolls; spec DMG-6).
//!
//! Every die an action rolls goes through [`d6`], so that the action can be played again with
//! the same values. A roll that Probability Control could have rerolled is reported with
//! [`rolled`]: the first one that some figure within reach could reroll holds the action back —
//! the state goes back to what it was before the action, the events up to that roll stay shown —
//! and its player is asked. The action is then played again from the start, its earlier dice
//! forced to the values they showed, the roll kept or rolled anew. Attack rolls keep their own
//! step inside the attack ([`super::combat`]'s `Reroll`), because nothing of the attack is
//! resolved before that roll counts.

use serde::{Deserialize, Serialize};
use skirmish_board::FigureId;
use skirmish_engine::{Dice, Seat};
use skirmish_lang::Lang;

use crate::present::catalogue::msg;

use super::state::State;

/// What a roll is for: the players see it, the bots weigh it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    /// A breakaway roll (rulebook *Évasion*).
    Breakaway,
    /// Shape Change when picked as a target (5–6 escapes).
    ShapeChange,
    /// The Skrulls team ability when picked as a target (6 escapes).
    Skrulls,
    /// Super Senses against a hit (5–6 evades).
    SuperSenses,
    /// Impervious against damage (5–6 ignores it, else −2).
    Impervious,
    /// Regeneration (d6 − 2 healed).
    Regeneration,
    /// Support's attack roll (2d6).
    Support,
    /// Support's healing roll (d6 − 2, at least 1).
    SupportHeal,
    /// Force Blast's knockback distance.
    ForceBlast,
    /// Leadership (one more action on 4–6).
    Leadership,
    /// The X-Men team ability (the healer takes 1 damage on 1–4).
    XMen,
    /// Mind Control's attack roll.
    MindControl,
    /// Telekinesis' attack roll on an opposing figure.
    Telekinesis,
    /// Blades/Claws/Fangs (a d6 for the damage value).
    BladesClawsFangs,
    /// A capture attempt's attack roll (Capture).
    Capture,
    /// A rescue attempt's attack roll (Capture).
    Rescue,
}

impl RollKind {
    /// The roll's name for players ("breakaway roll", "jet d'évasion").
    pub fn name(self, lang: Lang) -> String {
        match self {
            RollKind::Breakaway => msg!(lang, "roll.breakaway"),
            RollKind::ShapeChange => msg!(lang, "roll.shape_change"),
            RollKind::Skrulls => msg!(lang, "roll.skrulls"),
            RollKind::SuperSenses => msg!(lang, "roll.super_senses"),
            RollKind::Impervious => msg!(lang, "roll.impervious"),
            RollKind::Regeneration => msg!(lang, "roll.regeneration"),
            RollKind::Support => msg!(lang, "roll.support"),
            RollKind::SupportHeal => msg!(lang, "roll.support_heal"),
            RollKind::ForceBlast => msg!(lang, "roll.force_blast"),
            RollKind::Leadership => msg!(lang, "roll.leadership"),
            RollKind::XMen => msg!(lang, "roll.x_men"),
            RollKind::MindControl => msg!(lang, "roll.mind_control"),
            RollKind::Telekinesis => msg!(lang, "roll.telekinesis"),
            RollKind::BladesClawsFangs => msg!(lang, "roll.blades_claws_fangs"),
            RollKind::Capture => msg!(lang, "roll.capture"),
            RollKind::Rescue => msg!(lang, "roll.rescue"),
        }
    }
}

/// One roll of the action under way that Probability Control could reroll, as offered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Which of the action's rerollable rolls it is (0 for the first).
    pub ordinal: u16,
    /// What the roll is for.
    pub kind: RollKind,
    /// The figure whose roll it is.
    pub subject: FigureId,
    /// The side the roll is made for.
    pub side: Seat,
    /// The Probability Control figure offered the reroll.
    pub figure: FigureId,
    /// The dice as they stand.
    pub dice: Vec<u8>,
    /// Whether the roll succeeds as it stands, for rolls that succeed or fail.
    pub success: Option<bool>,
    /// How many dice the action had rolled once this roll was made (this roll's included).
    pub drawn: usize,
    /// Events of the action before this roll's own events.
    pub events_before: usize,
    /// Events of the action shown with the offer (the roll and what it decided).
    pub events_shown: usize,
}

/// A Mastermind about to be dealt damage other than an attack's (Poison, knockback, Mind
/// Control's cost...), as offered: the action is held back, as for a roll, until its player
/// answers whether a cheaper adjacent friend takes it (spec DEF-7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RedirectOffer {
    /// The Mastermind.
    pub figure: FigureId,
    /// The damage.
    pub amount: u8,
    /// Friends that may take it.
    pub options: Vec<FigureId>,
    /// How many dice the action had rolled by then.
    pub drawn: usize,
    /// Events of the action shown with the offer.
    pub events_shown: usize,
}

/// The dice of the action under way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tape {
    /// Values the action plays again before rolling anew.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<u8>,
    /// Forced values used so far.
    #[serde(default)]
    pub next: usize,
    /// Every value the action rolled, forced ones included, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawn: Vec<u8>,
    /// Some figure in play could use Probability Control: rolls are checked for offers.
    #[serde(default)]
    pub armed: bool,
    /// Rerollable rolls reported so far.
    #[serde(default)]
    pub count: u16,
    /// Seats already offered each roll: `(ordinal, seat)`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<(u16, Seat)>,
    /// The first roll someone may have rerolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Offer>,
    /// Mastermind answers the action plays again, in order (`None`: the Mastermind took it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced_redirects: Vec<Option<FigureId>>,
    /// Mastermind answers given so far in this run of the action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redirects: Vec<Option<FigureId>>,
    /// The first Mastermind choice the action waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect: Option<RedirectOffer>,
}

impl Tape {
    /// True when the tape holds nothing of an action (between actions).
    pub fn is_clear(&self) -> bool {
        *self == Tape::default()
    }

    /// True once the action waits for an answer: what it does after that point is not kept.
    pub fn holding(&self) -> bool {
        self.offer.is_some() || self.redirect.is_some()
    }
}

/// Rolls one d6 for the action under way: a forced value while the action is played again,
/// else a new one.
pub fn d6(state: &mut State, dice: &mut Dice) -> u8 {
    let t = &mut state.rolls;
    if t.holding() {
        // The action is held back at the roll offered and played again after the answer:
        // what it rolls past that roll is not rolled now.
        return 1;
    }
    let v = match t.forced.get(t.next) {
        Some(v) => {
            t.next += 1;
            *v
        }
        None => dice.d6(),
    };
    t.drawn.push(v);
    v
}

/// Rolls two d6 for the action under way.
pub fn two_d6(state: &mut State, dice: &mut Dice) -> (u8, u8) {
    let a = d6(state, dice);
    (a, d6(state, dice))
}

/// A roll just made that Probability Control could reroll.
#[derive(Clone, Debug)]
pub struct Rolled {
    /// What it is for.
    pub kind: RollKind,
    /// Whose roll it is (the figure within reach of the Probability Control figure).
    pub subject: FigureId,
    /// The side it is made for: its own Probability Control may reroll it when it could be
    /// better, the other sides' when it could be worse.
    pub side: Seat,
    /// The dice (their number is the roll's).
    pub dice: Vec<u8>,
    /// Whether it succeeds, for rolls that succeed or fail.
    pub success: Option<bool>,
    /// It could come out better for its side.
    pub better: bool,
    /// It could come out worse for its side.
    pub worse: bool,
    /// The events index where the roll's own events begin.
    pub events_from: usize,
}

impl Rolled {
    /// A roll that succeeds or fails.
    pub fn binary(
        kind: RollKind,
        subject: FigureId,
        side: Seat,
        dice: Vec<u8>,
        success: bool,
        events_from: usize,
    ) -> Rolled {
        Rolled {
            kind,
            subject,
            side,
            dice,
            success: Some(success),
            better: !success,
            worse: success,
            events_from,
        }
    }

    /// A d6 whose value matters by degrees (higher is better for its side): its side may want
    /// anything but a 6 again, the others anything but a 1 — `floor` is the highest value that
    /// is as bad as a 1 (a d6 − 2 heals nothing on 1 or 2).
    pub fn graded(
        kind: RollKind,
        subject: FigureId,
        side: Seat,
        value: u8,
        floor: u8,
        events_from: usize,
    ) -> Rolled {
        Rolled {
            kind,
            subject,
            side,
            dice: vec![value],
            success: None,
            better: value < 6,
            worse: value > floor,
            events_from,
        }
    }
}

/// Reports a roll just made (its events pushed): the first one some Probability Control
/// figure may reroll is kept as the action's offer.
pub fn rolled(state: &mut State, roll: Rolled, events_now: usize) {
    let ordinal = state.rolls.count;
    state.rolls.count = ordinal.saturating_add(1);
    if !state.rolls.armed || state.rolls.holding() {
        return;
    }
    let offered: Vec<Seat> = state
        .rolls
        .offered
        .iter()
        .filter(|(o, _)| *o == ordinal)
        .map(|(_, s)| *s)
        .collect();
    for own in [true, false] {
        let wants = if own { roll.better } else { roll.worse };
        if !wants {
            continue;
        }
        let Some(figure) =
            super::combat::roll_controller(state, roll.subject, roll.side, own, &offered)
        else {
            continue;
        };
        state.rolls.offer = Some(Offer {
            ordinal,
            kind: roll.kind,
            subject: roll.subject,
            side: roll.side,
            figure,
            dice: roll.dice.clone(),
            success: roll.success,
            drawn: state.rolls.drawn.len(),
            events_before: roll.events_from,
            events_shown: events_now,
        });
        return;
    }
}

/// True if some figure in play could use Probability Control now (its own power, or its theme
/// team's uses), or Mastermind: only then are rolls and damage checked, and actions copied to
/// be held back.
pub fn armed(state: &State) -> bool {
    use crate::figure::Power;
    state.in_play().any(|p| {
        super::powers::power(state, p, Power::ProbabilityControl)
            || super::powers::power(state, p, Power::Mastermind)
            || super::tactics::theme_rerolls_left(state, p.owner) > 0
    })
}

/// The answer to a Mastermind's choice on damage outside an attack: the one the action plays
/// again, else — the first time — `None` after holding the action back for its player
/// (`options`: the cheaper adjacent friends). Once the action is held back, or when nothing can
/// be held back, the Mastermind takes the damage.
pub fn redirect_answer(
    state: &mut State,
    figure: FigureId,
    amount: u8,
    options: Vec<FigureId>,
    events_now: usize,
) -> Option<Option<FigureId>> {
    let t = &mut state.rolls;
    if t.holding() || !t.armed {
        return Some(None);
    }
    if let Some(answer) = t.forced_redirects.get(t.redirects.len()).copied() {
        t.redirects.push(answer);
        return Some(answer);
    }
    t.redirect = Some(RedirectOffer {
        figure,
        amount,
        options,
        drawn: t.drawn.len(),
        events_shown: events_now,
    });
    None
}
