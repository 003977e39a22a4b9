//! The terminal's turn menu: a turn offers hundreds of actions (every square every figure can
//! reach), so they are shown by figure — a line per figure saying what it can do — and chosen
//! by figure letter, by square (`A 12,7`, or `12,7` when only one figure goes there) or by
//! number; deployment can be left to the greedy bot (`auto`).

use serde_json::Value;
use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_engine::{Ruleset, Seat};
use skirmish_lang::Lang;

use crate::game::text::figure_name;
use crate::game::{Action, State};
use crate::present::catalogue::msg;
use crate::HeroClix;

/// Above this many actions the menu is shown by figure instead of listed whole.
pub const LIST_WHOLE: usize = 24;

/// What an action is given to and where it goes.
#[derive(Clone, Debug)]
struct Item {
    figure: Option<FigureId>,
    square: Option<Square>,
    kind: String,
}

/// The figure an action is given to and the square it names, if any: read from the action's
/// fields, so that every kind of action (moves, powers, placements) is covered alike.
pub fn figure_and_square(a: &Action) -> (Option<FigureId>, Option<Square>) {
    let it = item(a);
    (it.figure, it.square)
}

fn item(a: &Action) -> Item {
    let v = serde_json::to_value(a).unwrap_or(Value::Null);
    let id = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok()).map(FigureId);
    let figure = v.get("figure").or_else(|| v.get("attacker")).and_then(id);
    let square = ["to", "square"].iter().find_map(|k| {
        let s = v.get(*k)?;
        let x = i32::try_from(s.get("x")?.as_i64()?).ok()?;
        let y = i32::try_from(s.get("y")?.as_i64()?).ok()?;
        Some(Square::new(x, y))
    });
    let kind = v
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    Item {
        figure,
        square,
        kind,
    }
}

/// What the player typed, read against the actions offered.
#[derive(Debug, PartialEq)]
pub enum Pick {
    /// Play the action at this index of the legal actions.
    Act(usize),
    /// Show this text and ask again (a figure's actions, the choices on a square, an error).
    Show(String),
    /// Deploy the seat's remaining figures with the greedy bot's choices.
    Auto,
    /// Not a menu command: the caller reads it (numbers, help, resign...).
    Other,
}

/// The letters of the figures that have actions, in the order they are first offered.
fn acting(legal: &[Action]) -> Vec<FigureId> {
    let mut out: Vec<FigureId> = Vec::new();
    for a in legal {
        if let Some(f) = item(a).figure {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// True while `seat` places its figures (deployment), when `auto` is offered.
pub fn deploying(s: &State, legal: &[Action]) -> bool {
    matches!(s.phase, crate::game::state::Phase::Deploy { .. })
        && !legal.is_empty()
        && legal.iter().all(|a| matches!(a, Action::Place { .. }))
}

/// The menu by figure: one line per figure with its kinds of action and how many of each, then
/// the actions no figure is given to (ending the turn...), numbered.
pub fn by_figure(
    s: &State,
    legal: &[Action],
    letter: impl Fn(FigureId) -> char,
    lang: Lang,
    mut describe: impl FnMut(&Action) -> String,
) -> String {
    let mut out = String::new();
    for f in acting(legal) {
        // Kinds in the order offered, with their counts.
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for a in legal.iter().filter(|a| item(a).figure == Some(f)) {
            let kind = item(a).kind;
            let k = match kind.as_str() {
                "place" => msg!(lang, "menu.place"),
                "pass" => msg!(lang, "menu.pass"),
                other => super::super::group_of(other, lang),
            };
            match kinds.iter_mut().find(|(n, _)| *n == k) {
                Some((_, c)) => *c += 1,
                None => kinds.push((k, 1)),
            }
        }
        let kinds: Vec<String> = kinds
            .iter()
            .map(|(k, n)| format!("{} ({n})", k.to_lowercase()))
            .collect();
        out.push_str(&format!(
            "  {}  {} — {}\n",
            letter(f),
            figure_name(s, f),
            kinds.join(", ")
        ));
    }
    for (i, a) in legal.iter().enumerate() {
        if item(a).figure.is_none() {
            out.push_str(&format!("  [{}] {}\n", i + 1, describe(a)));
        }
    }
    out.push_str(&format!(
        "{}\n",
        if deploying(s, legal) {
            msg!(lang, "menu.how_to_place")
        } else {
            msg!(lang, "menu.how_to_act")
        }
    ));
    out
}

/// What a menu command is read against: the position, the seat asked, its actions and the
/// figures' letters.
pub struct Offer<'a> {
    /// The position.
    pub state: &'a State,
    /// The seat asked.
    pub seat: Seat,
    /// Its legal actions.
    pub legal: &'a [Action],
    /// Each figure's letter on the board.
    pub letters: &'a [(FigureId, char)],
    /// The player's language.
    pub lang: Lang,
}

/// Reads a menu command: a figure letter, `LETTER x,y`, `x,y` or `auto`.
pub fn read(
    answer: &str,
    offer: &Offer<'_>,
    menu_of: impl Fn(FigureId) -> String,
    describe: impl Fn(&Action) -> String,
) -> Pick {
    let Offer {
        state: s,
        seat,
        legal,
        letters,
        lang,
    } = *offer;
    let answer = answer.trim();
    if answer == "auto" {
        return if deploying(s, legal) {
            Pick::Auto
        } else {
            Pick::Show(msg!(lang, "menu.auto_only_deploying"))
        };
    }
    let (who, rest) = match answer.split_once(char::is_whitespace) {
        Some((w, r)) if w.chars().count() == 1 => (w.chars().next(), r.trim()),
        _ if answer.chars().count() == 1 => (answer.chars().next(), ""),
        _ => (None, answer),
    };
    let figure = who.and_then(|c| letters.iter().find(|(_, l)| *l == c).map(|(f, _)| *f));
    if who.is_some() && figure.is_none() {
        return Pick::Other;
    }
    let square = if rest.is_empty() {
        None
    } else {
        match rest.parse::<Square>() {
            Ok(sq) => Some(sq),
            Err(_) if figure.is_some() => {
                return Pick::Show(msg!(lang, "menu.not_a_square", typed = rest))
            }
            Err(_) => return Pick::Other,
        }
    };
    match (figure, square) {
        (Some(f), None) => {
            if legal.iter().any(|a| item(a).figure == Some(f)) {
                Pick::Show(menu_of(f))
            } else {
                Pick::Show(msg!(lang, "menu.nothing_to_do", figure = figure_name(s, f)))
            }
        }
        (f, Some(sq)) => {
            let found: Vec<usize> = legal
                .iter()
                .enumerate()
                .filter(|(_, a)| {
                    let it = item(a);
                    it.square == Some(sq) && (f.is_none() || it.figure == f)
                })
                .map(|(i, _)| i)
                .collect();
            match found.as_slice() {
                [one] => Pick::Act(*one),
                [] => Pick::Show(refusal(s, seat, f, sq, legal, lang)),
                many => {
                    let mut text = msg!(lang, "menu.several", square = sq);
                    text.push('\n');
                    for i in many {
                        text.push_str(&format!("  [{}] {}\n", i + 1, describe(&legal[*i])));
                    }
                    Pick::Show(text)
                }
            }
        }
        (None, None) => Pick::Other,
    }
}

/// Why no action takes figure `f` (or any figure) to `sq`: the rules' own reason for a move or
/// placement there.
fn refusal(
    s: &State,
    seat: Seat,
    f: Option<FigureId>,
    sq: Square,
    legal: &[Action],
    lang: Lang,
) -> String {
    let Some(f) = f else {
        return msg!(lang, "menu.no_action_there", square = sq);
    };
    let places = legal
        .iter()
        .any(|a| matches!(a, Action::Place { figure, .. } if *figure == f));
    let tried = if places {
        Action::Place {
            figure: f,
            square: sq,
        }
    } else {
        Action::Move {
            figure: f,
            to: sq,
            carry: None,
        }
    };
    // The rules' reason names the figure and the square already.
    HeroClix::explain_illegal(s, seat, &tried).reason
}

#[cfg(test)]
mod tests {
    use super::*;
    use skirmish_engine::Game;

    fn deploying_game() -> (Game<HeroClix>, Seat) {
        let mut game = super::super::play::tests::starter_game(3);
        // Zones first: the first legal choice for each seat asked.
        loop {
            let seat = game.pending_seats()[0];
            let legal = game.legal_actions(seat);
            if deploying(game.state(), &legal) {
                return (game, seat);
            }
            game.act(seat, legal[0].clone()).unwrap();
        }
    }

    #[test]
    fn a_figure_is_placed_by_letter_and_square_and_a_wrong_square_is_explained() {
        let (game, seat) = deploying_game();
        let s = game.state();
        let legal = game.legal_actions(seat);
        assert!(legal.len() > LIST_WHOLE);
        let Action::Place { figure, square } = legal[5].clone() else {
            panic!("deployment places figures");
        };
        let letters = vec![(figure, 'A')];
        let offer = Offer {
            state: s,
            seat,
            legal: &legal,
            letters: &letters,
            lang: Lang::En,
        };
        let read_it = |text: &str| read(text, &offer, |_| "menu".into(), |_| String::new());
        let typed = format!("A {},{}", square.x, square.y);
        assert_eq!(read_it(&typed), Pick::Act(5));
        assert_eq!(read_it("A"), Pick::Show("menu".into()));
        assert_eq!(read_it("auto"), Pick::Auto);
        let Pick::Show(why) = read_it("A 99,99") else {
            panic!("an impossible square is explained");
        };
        assert!(why.contains("99,99"), "{why}");
        assert!(matches!(read_it("A 1;2"), Pick::Show(t) if t.contains("x,y")));
        assert_eq!(read_it("12"), Pick::Other);
        assert_eq!(read_it("Z"), Pick::Other);
        let menu = by_figure(s, &legal, |_| 'A', Lang::Fr, |_| String::new());
        assert!(menu.contains("auto"), "{menu}");
        assert!(menu.lines().count() < 15, "{menu}");
    }
}
