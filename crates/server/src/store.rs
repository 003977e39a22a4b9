//! SQLite persistence: one row per game (what it was set up from, who sits where) and one row
//! per accepted action with the state hash after it. A game is its setup plus its actions, so
//! replaying the rows rebuilds it exactly, and the hashes prove that it did.
//!
//! Every call is synchronous and short; the server runs them on blocking threads.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};

/// One stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Public id.
    pub id: String,
    /// Ruleset id.
    pub ruleset: String,
    /// How seats were handed out: `bot`, `friend` or `hotseat`.
    pub mode: String,
    /// The ruleset's scenario, as JSON.
    pub scenario_json: String,
    /// The dice seed: secret until the game is over.
    pub seed: u64,
    /// The random salt of the seed's commitment (32 hex digits), secret like the seed; `None`
    /// for games stored before commitments existed (the server gives them one when it loads
    /// them, see [`Store::set_salt`]).
    pub salt: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    /// Seats and token hashes (see `games::SeatsRecord`).
    pub seats_json: String,
    /// The state hash right after setup.
    pub setup_hash: String,
    /// The seat that resigned, if one did.
    pub resigned: Option<u8>,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// 0-based position in the game.
    pub idx: usize,
    /// Who played it.
    pub seat: u8,
    /// The engine action, as JSON.
    pub action_json: String,
    /// The state hash after it.
    pub state_hash: String,
}

/// The database.
pub struct Store {
    conn: Mutex<Connection>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").finish_non_exhaustive()
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id            TEXT PRIMARY KEY,
    ruleset       TEXT NOT NULL,
    mode          TEXT NOT NULL,
    scenario_json TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    seats_json    TEXT NOT NULL,
    setup_hash    TEXT NOT NULL,
    resigned      INTEGER,
    salt          TEXT,
    updated_at    INTEGER,
    finished      INTEGER,
    abandoned_at  INTEGER
);
CREATE TABLE IF NOT EXISTS actions (
    game_id     TEXT NOT NULL REFERENCES games(id),
    idx         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    state_hash  TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
";

/// Brings a database written by an older build up to [`SCHEMA`]: columns are only ever added
/// (as nullable), so older rows stay readable and an older build can still read the file.
fn migrate(conn: &Connection) -> anyhow::Result<()> {
    let mut stmt = conn.prepare("SELECT name FROM pragma_table_info('games')")?;
    let columns = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    if !columns.iter().any(|c| c == "salt") {
        conn.execute_batch("ALTER TABLE games ADD COLUMN salt TEXT")?;
    }
    for (column, kind) in [
        ("updated_at", "INTEGER"),
        ("finished", "INTEGER"),
        ("abandoned_at", "INTEGER"),
    ] {
        if !columns.iter().any(|c| c == column) {
            conn.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} {kind}"))?;
        }
    }
    // Games stored before activity was recorded count as active from now on: abandoning them
    // at once would be wrong, and their last action's time is unknown.
    conn.execute(
        "UPDATE games SET updated_at = ?1 WHERE updated_at IS NULL",
        params![unix_now()],
    )?;
    Ok(())
}

/// Seconds since 1970.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// A stored game as `GET /api/games` lists it, read without replaying it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Public id.
    pub id: String,
    /// Ruleset id.
    pub ruleset: String,
    /// `bot`, `friend` or `hotseat`.
    pub mode: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Seats and token hashes.
    pub seats_json: String,
    /// Stored actions.
    pub steps: usize,
    /// Over (won, drawn or resigned), as far as the store knows.
    pub finished: bool,
    /// Marked abandoned: in progress, with no action for a long time.
    pub abandoned: bool,
}

fn lock(m: &Mutex<Connection>) -> std::sync::MutexGuard<'_, Connection> {
    // A panic while holding the lock cannot leave SQLite half-written (it has its own
    // transactions), so a poisoned lock is still usable.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Store {
    /// Opens (creating if needed) the database at `path`; `:memory:` for a throwaway one.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if path.as_os_str() != ":memory:" {
                std::fs::create_dir_all(dir)
                    .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
            }
        }
        let conn = Connection::open(path)
            .map_err(|e| anyhow::anyhow!("cannot open the database {}: {e}", path.display()))?;
        // WAL keeps readers and the writer apart; NORMAL sync is durable against a crash of
        // the server (only a power cut may lose the last commits).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(SCHEMA)?;
        migrate(&conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Stores a new game.
    pub fn insert_game(&self, g: &GameRow) -> anyhow::Result<()> {
        lock(&self.conn).execute(
            "INSERT INTO games (id, ruleset, mode, scenario_json, seed, created_at, seats_json, setup_hash, resigned, salt, updated_at, finished)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?6, 0)",
            params![
                g.id,
                g.ruleset,
                g.mode,
                g.scenario_json,
                // SQLite integers are signed: the seed's bits are kept as they are.
                i64::from_le_bytes(g.seed.to_le_bytes()),
                g.created_at,
                g.seats_json,
                g.setup_hash,
                g.resigned,
                g.salt,
            ],
        )?;
        Ok(())
    }

    /// Stores an action; refuses one whose position is already taken.
    pub fn insert_action(&self, game_id: &str, a: &ActionRow) -> anyhow::Result<()> {
        let idx = i64::try_from(a.idx)?;
        lock(&self.conn).execute(
            "INSERT INTO actions (game_id, idx, seat, action_json, state_hash) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game_id, idx, a.seat, a.action_json, a.state_hash],
        )?;
        Ok(())
    }

    /// Stores an action and when it was played, with whether it ended the game, in one
    /// transaction; an action brings an abandoned game back.
    pub fn record_action(
        &self,
        game_id: &str,
        a: &ActionRow,
        finished: bool,
        at: i64,
    ) -> anyhow::Result<()> {
        let idx = i64::try_from(a.idx)?;
        let mut conn = lock(&self.conn);
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO actions (game_id, idx, seat, action_json, state_hash) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game_id, idx, a.seat, a.action_json, a.state_hash],
        )?;
        tx.execute(
            "UPDATE games SET updated_at = ?2, finished = ?3, abandoned_at = NULL WHERE id = ?1",
            params![game_id, at, finished],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Removes the last action of a game, taken back by its player (`idx`: its index); the
    /// game is not over any more, if it was.
    pub fn remove_action(&self, game_id: &str, idx: usize) -> anyhow::Result<()> {
        let idx = i64::try_from(idx)?;
        let mut conn = lock(&self.conn);
        let tx = conn.transaction()?;
        let removed = tx.execute(
            "DELETE FROM actions WHERE game_id = ?1 AND idx = ?2 \
             AND idx = (SELECT MAX(idx) FROM actions WHERE game_id = ?1)",
            params![game_id, idx],
        )?;
        anyhow::ensure!(removed == 1, "action {idx} is not the last stored action");
        tx.execute(
            "UPDATE games SET updated_at = ?2, finished = 0 WHERE id = ?1",
            params![game_id, unix_now()],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Records a resignation (which ends the game).
    pub fn set_resigned(&self, game_id: &str, seat: u8) -> anyhow::Result<()> {
        lock(&self.conn).execute(
            "UPDATE games SET resigned = ?2, finished = 1, updated_at = ?3 WHERE id = ?1",
            params![game_id, seat, unix_now()],
        )?;
        Ok(())
    }

    /// Records whether a game is over, as found when it was loaded (databases written before
    /// this was stored do not know).
    pub fn set_finished(&self, game_id: &str, finished: bool) -> anyhow::Result<()> {
        lock(&self.conn).execute(
            "UPDATE games SET finished = ?2 WHERE id = ?1",
            params![game_id, finished],
        )?;
        Ok(())
    }

    /// Replaces a game's seats and token hashes (a seat joined, a token was changed).
    pub fn set_seats_json(&self, game_id: &str, seats_json: &str) -> anyhow::Result<()> {
        lock(&self.conn).execute(
            "UPDATE games SET seats_json = ?2 WHERE id = ?1",
            params![game_id, seats_json],
        )?;
        Ok(())
    }

    /// Marks abandoned the games in progress with no action since `before`; answers how many.
    pub fn mark_abandoned(&self, before: i64, now: i64) -> anyhow::Result<usize> {
        Ok(lock(&self.conn).execute(
            "UPDATE games SET abandoned_at = ?2
             WHERE abandoned_at IS NULL AND COALESCE(finished, 0) = 0 AND updated_at < ?1",
            params![before, now],
        )?)
    }

    /// Whether a game with this id is stored.
    pub fn has_game(&self, id: &str) -> anyhow::Result<bool> {
        Ok(lock(&self.conn)
            .query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// How many games are stored.
    pub fn count_games(&self) -> anyhow::Result<usize> {
        let n: i64 = lock(&self.conn).query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(usize::try_from(n)?)
    }

    /// The `limit` newest games, newest first, without their actions.
    pub fn recent(&self, limit: usize) -> anyhow::Result<Vec<Listed>> {
        let conn = lock(&self.conn);
        let mut stmt = conn.prepare(
            "SELECT g.id, g.ruleset, g.mode, g.created_at, g.seats_json,
                    (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id),
                    COALESCE(g.finished, 0), g.abandoned_at IS NOT NULL
             FROM games g ORDER BY g.created_at DESC, g.id DESC LIMIT ?1",
        )?;
        let rows = stmt
            .query_map(params![i64::try_from(limit)?], |r| {
                Ok(Listed {
                    id: r.get(0)?,
                    ruleset: r.get(1)?,
                    mode: r.get(2)?,
                    created_at: r.get(3)?,
                    seats_json: r.get(4)?,
                    steps: usize::try_from(r.get::<_, i64>(5)?).unwrap_or(0),
                    finished: r.get(6)?,
                    abandoned: r.get(7)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// Gives a game stored without a salt the one it will keep from now on; a salt already
    /// stored is never replaced (the published commitment depends on it). Answers the salt the
    /// game has after the call.
    pub fn set_salt(&self, game_id: &str, salt: &str) -> anyhow::Result<String> {
        let conn = lock(&self.conn);
        conn.execute(
            "UPDATE games SET salt = ?2 WHERE id = ?1 AND salt IS NULL",
            params![game_id, salt],
        )?;
        Ok(conn.query_row(
            "SELECT salt FROM games WHERE id = ?1",
            params![game_id],
            |r| r.get::<_, String>(0),
        )?)
    }

    /// Every stored game id, oldest first.
    pub fn game_ids(&self) -> anyhow::Result<Vec<String>> {
        let conn = lock(&self.conn);
        let mut stmt = conn.prepare("SELECT id FROM games ORDER BY created_at, id")?;
        let ids = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ids)
    }

    /// One game with its actions in order.
    pub fn load(&self, id: &str) -> anyhow::Result<Option<(GameRow, Vec<ActionRow>)>> {
        let conn = lock(&self.conn);
        let row = conn
            .query_row(
                "SELECT id, ruleset, mode, scenario_json, seed, created_at, seats_json, setup_hash, resigned, salt
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(GameRow {
                        id: r.get(0)?,
                        ruleset: r.get(1)?,
                        mode: r.get(2)?,
                        scenario_json: r.get(3)?,
                        seed: u64::from_le_bytes(r.get::<_, i64>(4)?.to_le_bytes()),
                        created_at: r.get(5)?,
                        seats_json: r.get(6)?,
                        setup_hash: r.get(7)?,
                        resigned: r.get(8)?,
                        salt: r.get(9)?,
                    })
                },
            )
            .optional()?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut stmt = conn.prepare(
            "SELECT idx, seat, action_json, state_hash FROM actions WHERE game_id = ?1 ORDER BY idx",
        )?;
        let actions = stmt
            .query_map(params![id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, u8>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut out = Vec::with_capacity(actions.len());
        for (idx, seat, action_json, state_hash) in actions {
            out.push(ActionRow {
                idx: usize::try_from(idx)?,
                seat,
                action_json,
                state_hash,
            });
        }
        Ok(Some((row, out)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("sub/games.sqlite3")).unwrap();
        let g = GameRow {
            id: "00112233445566ff".into(),
            ruleset: "heroclix".into(),
            mode: "bot".into(),
            scenario_json: "{}".into(),
            seed: u64::MAX - 3,
            created_at: 12,
            seats_json: "{}".into(),
            setup_hash: "h".into(),
            resigned: None,
            salt: Some("00ff".into()),
        };
        store.insert_game(&g).unwrap();
        let a = ActionRow {
            idx: 0,
            seat: 1,
            action_json: "{\"type\":\"end_turn\"}".into(),
            state_hash: "abc".into(),
        };
        store.insert_action(&g.id, &a).unwrap();
        assert!(
            store.insert_action(&g.id, &a).is_err(),
            "positions are unique"
        );
        store.set_resigned(&g.id, 1).unwrap();
        let (row, actions) = store.load(&g.id).unwrap().unwrap();
        assert_eq!(row.seed, g.seed);
        assert_eq!(row.resigned, Some(1));
        assert_eq!(actions, vec![a]);
        assert_eq!(store.game_ids().unwrap(), vec![g.id.clone()]);
        assert!(store.load("nope").unwrap().is_none());
        assert!(store.has_game(&g.id).unwrap());
        assert!(!store.has_game("nope").unwrap());
        let listed = store.recent(10).unwrap();
        assert_eq!((listed[0].steps, listed[0].finished), (1, true));
    }

    #[test]
    fn idle_games_in_progress_are_marked_abandoned_until_they_move() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("g.sqlite3")).unwrap();
        let mut g = GameRow {
            id: "00000000000000a1".into(),
            ruleset: "heroclix".into(),
            mode: "bot".into(),
            scenario_json: "{}".into(),
            seed: 1,
            created_at: 100,
            seats_json: "{}".into(),
            setup_hash: "h".into(),
            resigned: None,
            salt: None,
        };
        store.insert_game(&g).unwrap();
        g.id = "00000000000000a2".into();
        store.insert_game(&g).unwrap();
        store.set_resigned(&g.id, 0).unwrap();
        assert_eq!(
            store.mark_abandoned(200, 300).unwrap(),
            1,
            "only the game in progress"
        );
        assert!(store.recent(10).unwrap().iter().any(|l| l.abandoned));
        let a = ActionRow {
            idx: 0,
            seat: 0,
            action_json: "{}".into(),
            state_hash: "x".into(),
        };
        store
            .record_action("00000000000000a1", &a, false, 400)
            .unwrap();
        assert!(store.recent(10).unwrap().iter().all(|l| !l.abandoned));
        assert_eq!(store.count_games().unwrap(), 2);
    }

    #[test]
    fn a_database_without_salts_is_migrated_and_keeps_its_rows() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite3");
        {
            // The schema of the builds before seed commitments.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, mode TEXT NOT NULL,
                    scenario_json TEXT NOT NULL, seed INTEGER NOT NULL, created_at INTEGER NOT NULL,
                    seats_json TEXT NOT NULL, setup_hash TEXT NOT NULL, resigned INTEGER);
                 INSERT INTO games VALUES ('00000000000000ab', 'heroclix', 'friend', '{}', 5, 1, '{}', 'h', NULL);",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        let (row, _) = store.load("00000000000000ab").unwrap().unwrap();
        assert_eq!((row.seed, row.salt), (5, None));
        assert_eq!(store.set_salt(&row.id, "aa").unwrap(), "aa");
        // The first salt stays: the commitment made from it must keep verifying.
        assert_eq!(store.set_salt(&row.id, "bb").unwrap(), "aa");
        drop(store);
        let store = Store::open(&path).unwrap();
        let (row, _) = store.load("00000000000000ab").unwrap().unwrap();
        assert_eq!(row.salt.as_deref(), Some("aa"));
    }
}
