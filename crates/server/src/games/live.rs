//! Which games are in memory. Only games in use are: a stored game is rebuilt when someone
//! opens it, games nobody uses are unloaded (after [`Limits::unload_after`], or at once when
//! room is needed, least recently used first), and legal-action caches are kept for a bounded
//! number of games. Memory then follows the games being played, not every game ever stored,
//! and a restart costs nothing however many actions are stored.
//!
//! A game is in use while anything holds its `Arc` besides the map: a socket, a bot driver, a
//! request. Such a game is never unloaded, so two copies of one game can never both take
//! actions.
//!
//! [`Limits::unload_after`]: crate::limits::Limits::unload_after

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use serde_json::{json, Value};
use tokio::sync::OnceCell;

use super::{read_lock, write_lock, AppState, GameSlot, SeatsRecord};
use crate::error::{code, ApiError, ApiResult};
use crate::store::Listed;

/// Milliseconds since the server's clock started: cheap to store in an atomic.
pub(super) fn clock() -> u64 {
    static START: OnceLock<Instant> = OnceLock::new();
    let start = *START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX)
}

type Loading = Arc<OnceCell<Result<Option<Arc<GameSlot>>, String>>>;

/// What the server knows about games beyond the map of loaded ones.
pub(super) struct Live {
    /// Games being loaded, so that concurrent first requests share one rebuild.
    loading: Mutex<HashMap<String, Loading>>,
    /// Ids of the games holding legal-action caches, least recently used first.
    legal: Mutex<VecDeque<String>>,
    /// Games in the store (for the start message).
    stored: AtomicUsize,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Live {
    pub(super) fn new(stored: usize) -> Live {
        Live {
            loading: Mutex::new(HashMap::new()),
            legal: Mutex::new(VecDeque::new()),
            stored: AtomicUsize::new(stored),
        }
    }

    pub(super) fn stored_one_more(&self) {
        self.stored.fetch_add(1, Ordering::Relaxed);
    }
}

impl GameSlot {
    /// Marks the game as just used.
    pub(super) fn touch(&self) {
        self.last_used.store(clock(), Ordering::Relaxed);
    }

    fn idle_for(&self, now: u64) -> Duration {
        Duration::from_millis(now.saturating_sub(self.last_used.load(Ordering::Relaxed)))
    }
}

/// A stored game that is not in memory, as `GET /api/games` lists it.
fn listed_json(l: &Listed) -> Value {
    let seats: Vec<Value> = serde_json::from_str::<SeatsRecord>(&l.seats_json)
        .map(|r| {
            r.seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    json!({
                        "seat": i,
                        "name": s.name,
                        "kind": s.kind,
                        "bot": s.bot,
                        "connected": s.kind == "bot",
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    json!({
        "id": l.id,
        "ruleset": l.ruleset,
        "mode": l.mode,
        "created": l.created_at,
        "step": l.steps,
        "over": l.finished,
        "corrupt": null,
        "abandoned": l.abandoned,
        "seats": seats,
    })
}

impl AppState {
    /// Games in the store (as counted at start, plus those created since).
    pub fn stored_count(&self) -> usize {
        self.inner.live.stored.load(Ordering::Relaxed)
    }

    /// The step count, state hash and whether it is over (a resignation is not in the state)
    /// of a game in memory, for tests and checks of a running server (the hash never reaches
    /// players: see `docs/web-protocol.md`, *Fair dice*).
    pub async fn fingerprint(&self, id: &str) -> Option<(usize, String, bool)> {
        let slot = read_lock(&self.inner.games).get(id).cloned()?;
        let entry = slot.entry.lock().await;
        Some((
            entry.game.step_count(),
            entry.game.state_hash(),
            entry.over(),
        ))
    }

    /// The request checks (origin, creation allowance).
    pub fn guard(&self) -> &crate::guard::Guard {
        &self.inner.guard
    }

    /// The limits the server runs under.
    pub fn limits(&self) -> &crate::limits::Limits {
        &self.inner.settings.limits
    }

    /// Recent games, newest first: read from the store, with what memory knows of the games
    /// loaded (so that listing never loads a game).
    pub async fn list(&self, limit: usize) -> Vec<Value> {
        let store = self.inner.store.clone();
        let listed = match tokio::task::spawn_blocking(move || store.recent(limit)).await {
            Ok(Ok(l)) => l,
            failure => {
                tracing::error!(?failure, "cannot list the stored games");
                return Vec::new();
            }
        };
        let mut out = Vec::with_capacity(listed.len());
        for l in listed {
            let loaded = read_lock(&self.inner.games).get(&l.id).cloned();
            let item = match loaded {
                Some(slot) => {
                    let entry = slot.entry.lock().await;
                    json!({
                        "id": slot.id,
                        "ruleset": slot.ruleset,
                        "mode": slot.mode.as_str(),
                        "created": slot.created_at,
                        "step": entry.game.step_count(),
                        "over": entry.over(),
                        "corrupt": entry.corrupt,
                        "abandoned": l.abandoned,
                        "seats": slot.seats_json(),
                    })
                }
                None => listed_json(&l),
            };
            out.push(item);
        }
        out
    }

    /// Loads a stored game into memory; concurrent callers share one rebuild.
    pub(super) async fn load_lazily(&self, id: &str) -> ApiResult<Arc<GameSlot>> {
        let cell = {
            let mut loading = lock(&self.inner.live.loading);
            // Checked again under the loading lock: a load that just finished inserted the game
            // before it left the loading map.
            if let Some(slot) = read_lock(&self.inner.games).get(id) {
                return Ok(slot.clone());
            }
            loading.entry(id.to_string()).or_default().clone()
        };
        let loaded = cell
            .get_or_init(|| async {
                let this = self.clone();
                let wanted = id.to_string();
                let read =
                    tokio::task::spawn_blocking(move || match this.inner.store.has_game(&wanted) {
                        Ok(false) => Ok(None),
                        Ok(true) => this.load_slot(&wanted).map(Some),
                        Err(e) => Err(format!("the database cannot read it: {e}")),
                    })
                    .await
                    .unwrap_or_else(|e| Err(format!("loading it failed: {e}")));
                match read {
                    Ok(Some(slot)) => {
                        let slot = Arc::new(slot);
                        if self.make_room().is_err() {
                            return Err(String::new());
                        }
                        write_lock(&self.inner.games).insert(id.to_string(), slot.clone());
                        tracing::debug!(game = %id, "loaded");
                        Ok(Some(slot))
                    }
                    Ok(None) => Ok(None),
                    Err(reason) => {
                        tracing::error!(game = %id, %reason, "stored game cannot be loaded");
                        write_lock(&self.inner.unloadable).insert(id.to_string(), reason.clone());
                        Err(reason)
                    }
                }
            })
            .await
            .clone();
        lock(&self.inner.live.loading).remove(id);
        match loaded {
            Ok(Some(slot)) => {
                self.kick_bots(&slot);
                Ok(slot)
            }
            Ok(None) => Err(ApiError::unknown_game(id)),
            Err(reason) if reason.is_empty() => Err(full()),
            Err(reason) => Err(ApiError::new(
                StatusCode::CONFLICT,
                code::CORRUPT,
                format!("game {id} is stored but cannot be loaded: {reason}"),
            )),
        }
    }

    /// Makes room for one more game in memory, unloading games nobody uses (finished ones
    /// first, then the least recently used); refuses when every game held is in use.
    pub(super) fn make_room(&self) -> ApiResult<()> {
        let max = self.inner.settings.max_games.max(1);
        let mut games = write_lock(&self.inner.games);
        if games.len() < max {
            return Ok(());
        }
        let mut unused: Vec<(bool, u64, String)> = games
            .values()
            .filter(|s| Arc::strong_count(s) == 1)
            .map(|s| {
                (
                    !s.finished.load(Ordering::SeqCst),
                    s.last_used.load(Ordering::Relaxed),
                    s.id.clone(),
                )
            })
            .collect();
        unused.sort();
        let excess = games.len() + 1 - max;
        for (_, _, id) in unused.into_iter().take(excess) {
            games.remove(&id);
        }
        if games.len() < max {
            Ok(())
        } else {
            Err(full())
        }
    }

    /// Unloads the games nobody has used for `unload_after` (finished ones after a sweep's
    /// interval); answers how many.
    pub fn unload_idle(&self) -> usize {
        let limits = &self.inner.settings.limits;
        let now = clock();
        let mut games = write_lock(&self.inner.games);
        let before = games.len();
        games.retain(|_, s| {
            let idle = s.idle_for(now);
            let done = s.finished.load(Ordering::SeqCst) && idle >= limits.sweep_every;
            Arc::strong_count(s) > 1 || (idle < limits.unload_after && !done)
        });
        before - games.len()
    }

    /// Notes that the game `id` holds (or no longer holds) a legal-action cache; beyond
    /// [`crate::limits::Limits::legal_caches`] games, the least recently used cache is dropped.
    pub(super) fn note_legal_cache(&self, id: &str, cached: bool) {
        let limit = self.inner.settings.limits.legal_caches;
        let dropped: Vec<String> = {
            let mut q = lock(&self.inner.live.legal);
            if let Some(at) = q.iter().position(|g| g == id) {
                q.remove(at);
            }
            if cached {
                q.push_back(id.to_string());
            }
            let excess = q.len().saturating_sub(limit);
            q.drain(..excess).collect()
        };
        for other in dropped {
            let Some(slot) = read_lock(&self.inner.games).get(&other).cloned() else {
                continue;
            };
            // A game whose lock is taken is being used this moment: its cache stays until
            // its next snapshot notes it again.
            if let Ok(mut entry) = slot.entry.try_lock() {
                entry.legal_cache = Vec::new();
            };
        }
    }

    /// Starts the background sweep: unloading unused games, marking abandoned ones, forgetting
    /// old creation allowances. It stops with the server.
    pub fn start_sweeper(&self) {
        let this = self.clone();
        tokio::spawn(async move {
            let mut shutdown = this.shutdown_signal();
            let every = this
                .inner
                .settings
                .limits
                .sweep_every
                .max(Duration::from_millis(10));
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(every) => {}
                    _ = shutdown.changed() => return,
                }
                if this.closing() {
                    return;
                }
                this.sweep().await;
            }
        });
    }

    /// One sweep (see [`AppState::start_sweeper`]).
    pub async fn sweep(&self) {
        let unloaded = self.unload_idle();
        if unloaded > 0 {
            tracing::debug!(unloaded, "unused games unloaded");
        }
        self.inner.guard.prune();
        let store = self.inner.store.clone();
        let after =
            i64::try_from(self.inner.settings.limits.abandon_after.as_secs()).unwrap_or(i64::MAX);
        let marked = tokio::task::spawn_blocking(move || {
            let now = crate::store::unix_now();
            store.mark_abandoned(now.saturating_sub(after), now)
        })
        .await;
        match marked {
            Ok(Ok(0)) => {}
            Ok(Ok(n)) => tracing::info!(games = n, "games in progress marked abandoned"),
            failure => tracing::warn!(?failure, "cannot mark abandoned games"),
        }
    }
}

fn full() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        code::FULL,
        "the server holds as many games in use as it may; try again later",
    )
}
