//! The draft (*Constituer son armée en « Draft »*) as pure logic: who picks next, what may be
//! picked, passing.
//!
//! - Two players: the d20 winner picks 1 card, the other 2 cards, then 1 each in turn.
//! - Three or more: the d20 winner picks 1, then each player to the left 1, and the order turns
//!   back at each end (*en essuie-glace*): the last player picks twice running, so does the
//!   first when the order turns again.
//! - A player who cannot afford any card left (or only unique cards already in their army)
//!   passes, and a player who passes is done (*vous avez terminé de constituer votre armée*).
//!
//! Seats are numbered from 0 in the order around the table, "to the left" being the next
//! number. The d20 rolls come from the caller, so a game replays them from its dice.

use std::fmt;

use serde::{Deserialize, Serialize};
use skirmish_lang::Lang;

use crate::card::{Card, Rarity};

/// Rolls the 20-sided die for every player, re-rolling the players tied for the highest roll
/// until one is highest (*relancent si égalité*); `roll` gives each die in turn, `bonus` adds a
/// player's modifier (glyph of Dagmar, Lodin) to every roll of theirs, re-rolls included.
pub fn roll_off(
    players: usize,
    bonus: &dyn Fn(usize) -> i32,
    roll: &mut dyn FnMut() -> u8,
) -> usize {
    let mut contenders: Vec<usize> = (0..players).collect();
    loop {
        let rolls: Vec<(usize, i32)> = contenders
            .iter()
            .map(|&p| (p, i32::from(roll()) + bonus(p)))
            .collect();
        let best = rolls.iter().map(|r| r.1).max().unwrap_or(0);
        contenders = rolls.iter().filter(|r| r.1 == best).map(|r| r.0).collect();
        if contenders.len() <= 1 {
            return contenders.first().copied().unwrap_or(0);
        }
    }
}

/// The order players place their armies (or play): the d20 winner first, then to the left.
pub fn seat_order(players: usize, first: usize) -> Vec<usize> {
    (0..players).map(|i| (first + i) % players.max(1)).collect()
}

/// Who picks at pick slot `slot` (from 0) when `first` won the roll, before passes.
pub fn slot_player(players: usize, first: usize, slot: usize) -> usize {
    let n = players.max(1);
    let offset = if n == 2 {
        // 1 card, then 2 cards, then 1 each: A B B A B A B...
        match slot {
            0 => 0,
            1 | 2 => 1,
            k => usize::from(k.is_multiple_of(2)),
        }
    } else {
        let pos = slot % n;
        if (slot / n).is_multiple_of(2) {
            pos
        } else {
            n - 1 - pos
        }
    };
    (first + offset) % n
}

/// What happened in a draft, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DraftEvent {
    /// A player took a card.
    Pick {
        /// The player.
        player: usize,
        /// The card's id.
        card: String,
    },
    /// A player passed and is done; `forced` when no card left was affordable.
    Pass {
        /// The player.
        player: usize,
        /// They could afford nothing.
        forced: bool,
    },
}

/// A pick the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftError {
    /// The draft is over.
    Over,
    /// Another player picks now.
    NotYourTurn {
        /// Who picks now.
        expected: usize,
    },
    /// No such card left in the pool.
    NotInPool {
        /// The id asked for.
        id: String,
    },
    /// The card costs more than the player has left.
    TooExpensive {
        /// The card's name.
        name: String,
        /// Its points.
        points: u32,
        /// Points left.
        left: u32,
    },
    /// A unique card already in the player's army.
    UniqueTwice {
        /// The card's name.
        name: String,
    },
}

impl DraftError {
    /// The refusal for players.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (DraftError::Over, Lang::En) => "the draft is over".into(),
            (DraftError::Over, Lang::Fr) => "le draft est terminé".into(),
            (DraftError::NotYourTurn { expected }, Lang::En) => {
                format!("player {} picks now", expected + 1)
            }
            (DraftError::NotYourTurn { expected }, Lang::Fr) => {
                format!("c'est au joueur {} de choisir", expected + 1)
            }
            (DraftError::NotInPool { id }, Lang::En) => format!("no card `{id}` is left to pick"),
            (DraftError::NotInPool { id }, Lang::Fr) => {
                format!("il ne reste aucune carte « {id} » à choisir")
            }
            (DraftError::TooExpensive { name, points, left }, Lang::En) => {
                format!("{name} costs {points} points and only {left} are left")
            }
            (DraftError::TooExpensive { name, points, left }, Lang::Fr) => {
                format!("{name} coûte {points} points et il n'en reste que {left}")
            }
            (DraftError::UniqueTwice { name }, Lang::En) => {
                format!("{name} is unique and already in this army")
            }
            (DraftError::UniqueTwice { name }, Lang::Fr) => {
                format!("{name} est unique et déjà dans cette armée")
            }
        }
    }
}

impl fmt::Display for DraftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

/// A draft under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    players: usize,
    limit: u32,
    first: usize,
    pool: Vec<Card>,
    picks: Vec<Vec<Card>>,
    done: Vec<bool>,
    slot: usize,
    events: Vec<DraftEvent>,
}

impl Draft {
    /// A draft for `players` players with `limit` points each from the cards of `pool` (one
    /// entry per physical card), `first` being the d20 winner ([`roll_off`]).
    pub fn new(players: usize, limit: u32, first: usize, pool: Vec<Card>) -> Draft {
        let players = players.max(1);
        let mut d = Draft {
            players,
            limit,
            first: first % players,
            pool,
            picks: vec![Vec::new(); players],
            done: vec![false; players],
            slot: 0,
            events: Vec::new(),
        };
        d.settle();
        d
    }

    /// Who picks now; `None` once every player is done.
    pub fn to_pick(&self) -> Option<usize> {
        (!self.is_over()).then(|| slot_player(self.players, self.first, self.slot))
    }

    /// Points each player may spend.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// True when every player is done.
    pub fn is_over(&self) -> bool {
        self.done.iter().all(|d| *d)
    }

    /// The cards left.
    pub fn pool(&self) -> &[Card] {
        &self.pool
    }

    /// A player's cards so far, in pick order.
    pub fn picks(&self, player: usize) -> &[Card] {
        self.picks.get(player).map_or(&[], Vec::as_slice)
    }

    /// Points a player has left.
    pub fn points_left(&self, player: usize) -> u32 {
        let spent: u32 = self.picks(player).iter().map(|c| c.points).sum();
        self.limit.saturating_sub(spent)
    }

    /// What happened so far.
    pub fn events(&self) -> &[DraftEvent] {
        &self.events
    }

    /// Why `player` may not take `card` now, if they may not.
    pub fn refusal(&self, player: usize, card: &Card) -> Option<DraftError> {
        let left = self.points_left(player);
        if card.points > left {
            return Some(DraftError::TooExpensive {
                name: card.name.clone(),
                points: card.points,
                left,
            });
        }
        if card.rarity == Rarity::Unique && self.picks(player).iter().any(|c| c.id == card.id) {
            return Some(DraftError::UniqueTwice {
                name: card.name.clone(),
            });
        }
        None
    }

    /// True if some card left may be taken by `player`.
    pub fn can_pick(&self, player: usize) -> bool {
        self.pool.iter().any(|c| self.refusal(player, c).is_none())
    }

    /// `player` takes the card `id` from the pool.
    pub fn pick(&mut self, player: usize, id: &str) -> Result<(), DraftError> {
        let expected = self.to_pick().ok_or(DraftError::Over)?;
        if player != expected {
            return Err(DraftError::NotYourTurn { expected });
        }
        let i = self
            .pool
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| DraftError::NotInPool { id: id.to_string() })?;
        if let Some(e) = self.refusal(player, &self.pool[i]) {
            return Err(e);
        }
        let card = self.pool.remove(i);
        self.events.push(DraftEvent::Pick {
            player,
            card: card.id.clone(),
        });
        self.picks[player].push(card);
        self.slot += 1;
        self.settle();
        Ok(())
    }

    /// `player` stops picking: they are done.
    pub fn pass(&mut self, player: usize) -> Result<(), DraftError> {
        let expected = self.to_pick().ok_or(DraftError::Over)?;
        if player != expected {
            return Err(DraftError::NotYourTurn { expected });
        }
        self.done[player] = true;
        self.events.push(DraftEvent::Pass {
            player,
            forced: false,
        });
        self.settle();
        Ok(())
    }

    /// Moves past players who are done and makes those who can afford nothing pass.
    fn settle(&mut self) {
        while !self.is_over() {
            let p = slot_player(self.players, self.first, self.slot);
            if self.done[p] {
                self.slot += 1;
                continue;
            }
            if !self.can_pick(p) {
                self.done[p] = true;
                self.events.push(DraftEvent::Pass {
                    player: p,
                    forced: true,
                });
                self.slot += 1;
                continue;
            }
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Kind, Size};

    fn card(id: &str, points: u32, rarity: Rarity) -> Card {
        Card {
            id: id.into(),
            name: id.into(),
            rarity,
            kind: Kind::Hero,
            general: "Jandar".into(),
            species: "Human".into(),
            class: "Soldier".into(),
            personality: "Valiant".into(),
            size: Size::Medium,
            height: 5,
            base: 1,
            figures: 1,
            life: 1,
            move_: 5,
            range: 1,
            attack: 2,
            defense: 2,
            points,
            powers: vec![],
            target_point: None,
            hit_zone: None,
            set: String::new(),
        }
    }

    fn pool(n: usize, points: u32) -> Vec<Card> {
        (0..n)
            .map(|i| card(&format!("c{i}"), points, Rarity::Unique))
            .collect()
    }

    /// Plays `picks` picks, each player taking the first card left; the pick numbers (from 1)
    /// each player got.
    fn pick_numbers(players: usize, picks: usize) -> Vec<Vec<usize>> {
        let mut d = Draft::new(players, 1000, 0, pool(40, 10));
        let mut got = vec![Vec::new(); players];
        for k in 1..=picks {
            let p = d.to_pick().expect("someone picks");
            let id = d.pool()[0].id.clone();
            d.pick(p, &id).expect("a legal pick");
            got[p].push(k);
        }
        got
    }

    #[test]
    fn the_rulebook_snake_example() {
        // « le joueur 1 a choisi en 1er, 6e, 7e ; le joueur 2 en 2e, 5e, 8e ; le joueur 3 en
        // 3e, 4e, 9e »: the order turns back at each end of the table.
        let got = pick_numbers(3, 9);
        assert_eq!(got, vec![vec![1, 6, 7], vec![2, 5, 8], vec![3, 4, 9]]);
        // The same example's order written out for four players: 1 2 3 4, 4 3 2 1, 1 2 3 4.
        let order: Vec<usize> = (0..12).map(|s| slot_player(4, 0, s) + 1).collect();
        assert_eq!(order, [1, 2, 3, 4, 4, 3, 2, 1, 1, 2, 3, 4]);
        // The d20 winner starts wherever they sit.
        let order: Vec<usize> = (0..6).map(|s| slot_player(3, 2, s)).collect();
        assert_eq!(order, [2, 0, 1, 1, 0, 2]);
    }

    #[test]
    fn two_players_pick_one_then_two_then_one_each() {
        let got = pick_numbers(2, 7);
        assert_eq!(got, vec![vec![1, 4, 6], vec![2, 3, 5, 7]]);
    }

    #[test]
    fn a_player_who_cannot_afford_a_card_passes_and_is_done() {
        let mut cards = pool(6, 100);
        cards.push(card("cheap", 30, Rarity::Unique));
        // 2 players, 150 points: A takes a 100, B two 100s? B can afford only one 100 + ...
        let mut d = Draft::new(2, 150, 0, cards);
        d.pick(0, "c0").unwrap();
        d.pick(1, "c1").unwrap();
        // B has 50 left: only the 30-point card fits.
        assert_eq!(
            d.pick(1, "c2").unwrap_err(),
            DraftError::TooExpensive {
                name: "c2".into(),
                points: 100,
                left: 50
            }
        );
        d.pick(1, "cheap").unwrap();
        // A has 50 left and only 100-point cards remain: A passes, and B (20 left) too.
        assert!(d.is_over());
        assert_eq!(
            &d.events()[3..],
            &[
                DraftEvent::Pass {
                    player: 0,
                    forced: true
                },
                DraftEvent::Pass {
                    player: 1,
                    forced: true
                }
            ]
        );
        assert_eq!(d.pick(0, "c3").unwrap_err(), DraftError::Over);
    }

    #[test]
    fn done_players_are_skipped_and_uniques_taken_once() {
        let mut cards = pool(10, 10);
        cards.push(card("twin", 10, Rarity::Unique));
        cards.push(card("twin", 10, Rarity::Unique));
        let mut d = Draft::new(3, 1000, 0, cards);
        d.pick(0, "twin").unwrap();
        d.pass(1).unwrap();
        assert_eq!(d.to_pick(), Some(2));
        d.pick(2, "c0").unwrap();
        d.pick(2, "c1").unwrap(); // the order turns: player 3 again, then player 2 is skipped
        assert_eq!(d.to_pick(), Some(0));
        assert_eq!(
            d.pick(0, "twin").unwrap_err(),
            DraftError::UniqueTwice {
                name: "twin".into()
            }
        );
        assert_eq!(
            d.pick(2, "c2").unwrap_err(),
            DraftError::NotYourTurn { expected: 0 }
        );
        assert_eq!(
            d.pick(0, "twin").unwrap_err().text(Lang::Fr),
            "twin est unique et déjà dans cette armée"
        );
    }

    #[test]
    fn ties_are_rolled_again_with_bonuses_kept() {
        // players 1 and 2 tie at 17, then 5 against 9
        let mut rolls = [12u8, 17, 17, 5, 9].into_iter();
        assert_eq!(roll_off(3, &|_| 0, &mut || rolls.next().unwrap_or(1)), 2);
        // Dagmar's +8 on player 0 also counts on the re-roll: 10+8 = 18 ties 18, then 3+8 wins
        let mut rolls = [10u8, 18, 3, 10].into_iter();
        assert_eq!(
            roll_off(2, &|p| if p == 0 { 8 } else { 0 }, &mut || rolls
                .next()
                .unwrap_or(1)),
            0
        );
        assert_eq!(seat_order(4, 2), [2, 3, 0, 1]);
    }
}
