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
    salt          TEXT
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
    Ok(())
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
            "INSERT INTO games (id, ruleset, mode, scenario_json, seed, created_at, seats_json, setup_hash, resigned, salt)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
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

    /// Records a resignation.
    pub fn set_resigned(&self, game_id: &str, seat: u8) -> anyhow::Result<()> {
        lock(&self.conn).execute(
            "UPDATE games SET resigned = ?2 WHERE id = ?1",
            params![game_id, seat],
        )?;
        Ok(())
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
