//! The last movement searches made on this thread, kept for the next identical query.
//!
//! A game asks the same question twice in a row all the time: listing a figure's legal moves
//! searches its reach, and playing one of those moves searches it again for the path; a search
//! bot lists and plays from the same position over and over, and positions that differ only in
//! the dice rolled since have the same figures on the same squares. A search is a pure function
//! of the map's tables, the mover's mode and the query, so an identical query gets the kept
//! answer, bit for bit what a fresh search would give: nothing a game records can depend on
//! whether the memo answered.
//!
//! The memo is per thread (no lock on the hot path, nothing shared between games played on
//! different threads) and small: [`KEPT`] searches, the least recently used forgotten first.

use std::cell::RefCell;
use std::sync::Arc;

use skirmish_board::square::Square;
use skirmish_board::FigureId;
use skirmish_path::Reach;

use super::{ModeTable, MoveMode, MoveQuery, Speed, Standing};

/// Searches kept per thread: enough for the positions a search bot's tree keeps coming back
/// to (it lists each figure's moves at a node and plays one of them iterations later, after
/// other nodes' searches), few enough that a scan of the keys stays cheap beside a search and
/// the memo stays within a few megabytes (a search of a 24×24 map holds ~25 KB). Measured
/// with `bash scripts/callgrind.sh mcts 300` (HeroClix leaves judged by position alone, as at
/// stop 32): 24 kept, 581,000 instructions an iteration; 64, 556,500; 96, 545,000; 256,
/// 552,700 (the scan and the reordering cost more than they save).
const KEPT: usize = 96;

/// What a search was asked: everything its answer depends on.
struct Key {
    /// The map's tables for the mode's map switches: one per version of a map, so a map that
    /// changes (a wall destroyed) gets new tables and misses. Held, so the address cannot be
    /// reused by another map's tables while the entry lives.
    table: Arc<ModeTable>,
    /// `None` for a single-base mover, else its base's width and depth.
    base: Option<(u8, u8)>,
    mode: MoveMode,
    from: Square,
    speed: Speed,
    others: Vec<Standing>,
    broke_away_from: Vec<FigureId>,
    near: Vec<(Square, FigureId)>,
}

impl Key {
    fn matches(
        &self,
        table: &Arc<ModeTable>,
        base: Option<(u8, u8)>,
        query: &MoveQuery<'_>,
        mode: &MoveMode,
    ) -> bool {
        // Cheapest and most selective first: most misses differ in the start square.
        self.from == query.from
            && Arc::ptr_eq(&self.table, table)
            && self.base == base
            && self.speed == query.speed
            && self.mode == *mode
            && self.others == query.others
            && self.broke_away_from == query.broke_away_from
            && self.near == query.near
    }
}

/// A finished search, shared by the memo and the answers built from it.
#[derive(Clone)]
pub(super) struct Searched {
    /// The single-base board's flags with the query's figures laid over them.
    pub flags: Arc<[u16]>,
    /// The search itself (`None` when the start was off the map).
    pub reach: Option<Arc<Reach<Square>>>,
    /// The movement the search had.
    pub allowance: u32,
    /// True when that allowance was halved for starting in hindering terrain.
    pub halved: bool,
}

thread_local! {
    static MEMO: RefCell<Vec<(Key, Searched)>> = const { RefCell::new(Vec::new()) };
}

/// The search for `query` under `mode` on the map whose tables are `table` (a base of
/// `base` squares, or a single-base mover): the kept one if this thread made it lately, else
/// `search()`'s, kept for next time.
pub(super) fn searched(
    table: &Arc<ModeTable>,
    base: Option<(u8, u8)>,
    query: &MoveQuery<'_>,
    mode: &MoveMode,
    search: impl FnOnce() -> Searched,
) -> Searched {
    let kept = MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        let at = memo
            .iter()
            .position(|(k, _)| k.matches(table, base, query, mode))?;
        // Most recently used first, so the least recently used falls off the end.
        memo[..=at].rotate_right(1);
        Some(memo[0].1.clone())
    });
    if let Some(s) = kept {
        return s;
    }
    // Searched outside the borrow: nothing reentrant can reach the memo, but a panic in the
    // search must not leave it borrowed either.
    let fresh = search();
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.len() >= KEPT {
            memo.pop();
        }
        let key = Key {
            table: Arc::clone(table),
            base,
            mode: *mode,
            from: query.from,
            speed: query.speed,
            others: query.others.to_vec(),
            broke_away_from: query.broke_away_from.to_vec(),
            near: query.near.to_vec(),
        };
        memo.insert(0, (key, fresh.clone()));
    });
    fresh
}

/// Forgets this thread's searches (for tests that compare against fresh ones).
#[cfg(test)]
pub(super) fn forget() {
    MEMO.with(|memo| memo.borrow_mut().clear());
}

#[cfg(test)]
mod tests {
    use super::super::{reach_multi, reach_with, Side};
    use super::*;
    use skirmish_board::square::{sketch, Dir};

    fn query<'a>(from: Square, others: &'a [Standing]) -> MoveQuery<'a> {
        MoveQuery {
            from,
            speed: 4.into(),
            others,
            broke_away_from: &[],
            near: &[],
        }
    }

    fn answer(map: &skirmish_board::square::SquareMap, q: &MoveQuery<'_>) -> Vec<(Square, u32)> {
        let r = reach_with(map, q, MoveMode::default()).expect("on the map");
        // Paths too: a kept search must give the same ways, not only the same squares.
        for (s, _) in r.destinations() {
            r.path_to(s).expect("a destination has a path");
        }
        r.destinations()
    }

    #[test]
    fn a_kept_search_answers_as_a_fresh_one_and_any_change_misses() {
        forget();
        let mut map = sketch(&["......", "..h...", "......", "......"]).expect("sketch");
        let enemy = [Standing {
            square: Square::new(4, 2),
            figure: FigureId(9),
            side: Side::Enemy,
        }];
        let q = query(Square::new(0, 0), &enemy);
        let fresh = answer(&map, &q);
        assert_eq!(answer(&map, &q), fresh, "the kept search");
        // Another square for the enemy: another answer, not the kept one.
        let moved = [Standing {
            square: Square::new(1, 0),
            ..enemy[0]
        }];
        let near = answer(&map, &query(Square::new(0, 0), &moved));
        assert_ne!(near, fresh);
        forget();
        assert_eq!(near, answer(&map, &query(Square::new(0, 0), &moved)));
        // A wall built: the map's tables change, so does the answer.
        map.set_wall(Square::new(0, 0), Dir::E, true);
        map.set_wall(Square::new(0, 0), Dir::S, true);
        let walled = answer(&map, &q);
        forget();
        assert_eq!(walled, answer(&map, &q));
        assert_ne!(walled, fresh);
    }

    #[test]
    fn bases_of_other_sizes_are_other_searches() {
        forget();
        let map = sketch(&["......", "......", "......", "......"]).expect("sketch");
        let q = query(Square::new(0, 0), &[]);
        let single = answer(&map, &q);
        let wide = reach_multi(&map, &q, 2, 2, MoveMode::default()).expect("on the map");
        let flat = reach_multi(&map, &q, 2, 1, MoveMode::default()).expect("on the map");
        assert_eq!(single.len(), 20);
        assert_eq!(wide.len(), 15, "a 2×2 base: one column and one row fewer");
        assert_eq!(flat.len(), 20, "a 2×1 base reaches every row");
        forget();
        assert_eq!(
            reach_multi(&map, &q, 2, 2, MoveMode::default()).expect("on the map"),
            wide
        );
    }
}
