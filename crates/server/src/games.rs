//! The games the server holds: creating them, checking tokens, acting, resigning, snapshots
//! for each viewer, persistence and rebuilding at startup, and the bot seats.
//!
//! Each game sits behind its own async lock; an action is checked by the engine, stored, and
//! only then announced, all under that lock, so the database always holds exactly the actions
//! players were told about, in order.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use skirmish_engine::{commit_seed, AnyGame, Registry, Seat, SeedCommitment, SeedReveal, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::{Platform, Presentation};
use tokio::sync::{broadcast, watch, Mutex};

use crate::bots::{BotPlayer, BotRoster, RandomBot};
use crate::error::{clip, code, ApiError, ApiResult};
use crate::store::{ActionRow, GameRow, Store};
use crate::tokens;

mod live;
mod seats;
mod snapshot;
mod undo;

pub use seats::InviteRecord;
use snapshot::LegalCache;
pub use snapshot::Snapshot;

/// Settings of a running server that games need.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How long a bot may think before a random legal action is played for it.
    pub bot_time_limit: Duration,
    /// A pause before each bot action, so people can follow what happens.
    pub bot_delay: Duration,
    /// The most games held in memory at once. Games nobody uses (no socket, bot or request)
    /// are unloaded to make room, finished and least recently used first; when none can be,
    /// creating or opening another is refused with `503 server-full`.
    pub max_games: usize,
    /// Serve the page from this folder instead of the copy embedded at build time.
    pub web_dir: Option<std::path::PathBuf>,
    /// Bots offered besides each ruleset's own (tests seat slow or cheating bots this way).
    pub bots: BotRoster,
    /// What one client may take of the server.
    pub limits: crate::limits::Limits,
    /// The address the server listens on (the origin check is stricter on loopback).
    pub listen: std::net::IpAddr,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bot_time_limit: Duration::from_secs(3),
            bot_delay: Duration::from_millis(300),
            max_games: 2_000,
            web_dir: None,
            bots: BotRoster::default(),
            limits: crate::limits::Limits::default(),
            listen: std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
        }
    }
}

/// How the seats of a game were handed out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// One person against a bot.
    Bot,
    /// Two people, each with their own token (the second joins by a link).
    Friend,
    /// Two people at one screen: one token holds every seat.
    Hotseat,
}

impl Mode {
    fn as_str(self) -> &'static str {
        match self {
            Mode::Bot => "bot",
            Mode::Friend => "friend",
            Mode::Hotseat => "hotseat",
        }
    }

    fn parse(s: &str) -> Option<Mode> {
        match s {
            "bot" => Some(Mode::Bot),
            "friend" => Some(Mode::Friend),
            "hotseat" => Some(Mode::Hotseat),
            _ => None,
        }
    }
}

/// One seat as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// `human` or `bot`.
    pub kind: String,
    /// The bot's name, for bot seats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The team's name.
    pub name: String,
}

/// One token as stored: its hash and the seats it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenRecord {
    /// SHA-256 of the token.
    pub hash: String,
    /// Seats it may act for.
    pub seats: Vec<Seat>,
}

/// The `seats_json` column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatsRecord {
    /// By seat.
    pub seats: Vec<SeatRecord>,
    /// The tokens.
    pub tokens: Vec<TokenRecord>,
    /// Invites to seats nobody holds yet (a friend game's second seat until the friend joins).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invites: Vec<InviteRecord>,
}

/// Who is asking: the seats their token holds, none for a spectator.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Access {
    /// Seats the token holds.
    pub seats: Vec<Seat>,
}

impl Access {
    /// Someone without a token.
    pub fn spectator() -> Access {
        Access::default()
    }
}

struct GameEntry {
    game: Box<dyn AnyGame>,
    corrupt: Option<String>,
    resigned: Option<Seat>,
    legal_cache: Vec<LegalCache>,
}

impl GameEntry {
    fn over(&self) -> bool {
        self.resigned.is_some() || self.game.outcome().is_some()
    }
}

/// A game's dice secret: the seed and salt stay on the server until the game is over; players
/// get only the commitment made from them.
struct DiceSecret {
    reveal: SeedReveal,
    commitment: SeedCommitment,
}

impl DiceSecret {
    fn new(seed: u64, salt: String) -> DiceSecret {
        let commitment = commit_seed(seed, &salt);
        DiceSecret {
            reveal: SeedReveal { seed, salt },
            commitment,
        }
    }

    /// `{commitment}`, with `reveal` (seed and salt) once the game is over.
    fn json(&self, over: bool) -> Value {
        if over {
            json!({ "commitment": self.commitment, "reveal": self.reveal })
        } else {
            json!({ "commitment": self.commitment })
        }
    }
}

/// One game held by the server.
pub struct GameSlot {
    /// Public id.
    pub id: String,
    /// Ruleset id.
    pub ruleset: String,
    /// The ruleset's presentation: texts, board, judge queries.
    present: Arc<dyn Presentation>,
    /// How seats were handed out.
    pub mode: Mode,
    /// Unix seconds.
    pub created_at: i64,
    seats: Vec<SeatRecord>,
    tokens: RwLock<Vec<TokenRecord>>,
    invites: RwLock<Vec<InviteRecord>>,
    dice: DiceSecret,
    entry: Mutex<GameEntry>,
    changes: broadcast::Sender<()>,
    connected: Vec<AtomicU32>,
    bot_running: AtomicBool,
    /// Over or read-only: such games are unloaded first when room is needed.
    finished: AtomicBool,
    /// When it was last used (see [`live::clock`]): the least recently used go first.
    last_used: AtomicU64,
    /// Actions taken back since it was loaded: a snapshot with a lower step and more of them
    /// is a newer position, not a late one.
    undos: AtomicU64,
}

impl GameSlot {
    fn new(
        row: &GameRow,
        present: Arc<dyn Presentation>,
        salt: String,
        mode: Mode,
        record: SeatsRecord,
        entry: GameEntry,
    ) -> GameSlot {
        let (changes, _) = broadcast::channel(64);
        let finished = entry.over() || entry.corrupt.is_some();
        GameSlot {
            id: row.id.clone(),
            ruleset: row.ruleset.clone(),
            present,
            mode,
            created_at: row.created_at,
            connected: record.seats.iter().map(|_| AtomicU32::new(0)).collect(),
            seats: record.seats,
            tokens: RwLock::new(record.tokens),
            invites: RwLock::new(record.invites),
            dice: DiceSecret::new(row.seed, salt),
            entry: Mutex::new(entry),
            changes,
            bot_running: AtomicBool::new(false),
            finished: AtomicBool::new(finished),
            last_used: AtomicU64::new(live::clock()),
            undos: AtomicU64::new(0),
        }
    }

    /// The seats `token` holds in this game; no token is a spectator.
    pub fn access(&self, token: Option<&str>) -> ApiResult<Access> {
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Ok(Access::spectator());
        };
        if token.len() != 32 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::unknown_token());
        }
        let hash = tokens::token_hash(token);
        read_lock(&self.tokens)
            .iter()
            .find(|t| tokens::same_secret(&t.hash, &hash))
            .map(|t| Access {
                seats: t.seats.clone(),
            })
            .ok_or_else(ApiError::unknown_token)
    }

    /// The seed a bot's choice at `step` for `seat` starts from (see [`crate::bots::choice_seed`]).
    fn bot_seed(&self, step: usize, seat: Seat) -> u64 {
        crate::bots::choice_seed(&self.dice.reveal, step, seat)
    }

    /// The commitment to this game's dice, published from its creation on.
    pub fn commitment(&self) -> &SeedCommitment {
        &self.dice.commitment
    }

    /// Tells every socket of this game that it changed.
    pub fn notify(&self) {
        // No receiver just means no socket is open.
        let _ = self.changes.send(());
    }

    /// A receiver of change notices, for a socket.
    pub fn subscribe(&self) -> broadcast::Receiver<()> {
        self.changes.subscribe()
    }

    /// Counts a socket holding `access` as connected (`up`) or gone, and tells the others.
    pub fn connect(&self, access: &Access, up: bool) {
        if access.seats.is_empty() {
            return;
        }
        for s in &access.seats {
            if let Some(c) = self.connected.get(s.index()) {
                if up {
                    c.fetch_add(1, Ordering::SeqCst);
                } else {
                    // Never below zero, whatever the order of events.
                    let _ = c.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |v| {
                        Some(v.saturating_sub(1))
                    });
                }
            }
        }
        self.notify();
    }

    /// The bot playing `seat`, if a bot does; a bot name the server no longer offers (a game
    /// stored by another build) is played by the random bot.
    fn bot(&self, seat: Seat, bots: &Bots<'_>) -> Option<Arc<dyn BotPlayer>> {
        let s = self.seats.get(seat.index())?;
        if s.kind != "bot" {
            return None;
        }
        Some(
            bots.get(&self.ruleset, s.bot.as_deref().unwrap_or("random"))
                .unwrap_or_else(|| Arc::new(RandomBot)),
        )
    }

    fn has_bots(&self) -> bool {
        self.seats.iter().any(|s| s.kind == "bot")
    }

    fn seats_json(&self) -> Vec<Value> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let connected = s.kind == "bot"
                    || self
                        .connected
                        .get(i)
                        .is_some_and(|c| c.load(Ordering::SeqCst) > 0);
                json!({
                    "seat": i,
                    "name": s.name,
                    "kind": s.kind,
                    "bot": s.bot,
                    "connected": connected,
                })
            })
            .collect()
    }
}

/// A request to create a game (`POST /api/games`): the fields every ruleset shares, and the
/// ruleset's own set-up fields (HeroClix: `map`, `teams`, `points`, …), which its presentation
/// reads and checks.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CreateGame {
    /// The ruleset's id; the server's default ruleset (the first it offers) when missing.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// `bot` (default), `friend` or `hotseat`.
    #[serde(default)]
    pub mode: Option<String>,
    /// A bot's name (the ruleset's strongest by default).
    #[serde(default)]
    pub bot: Option<String>,
    /// In a bot game, the seat of the person (0 or 1).
    #[serde(default)]
    pub seat: Option<u8>,
    /// Dice seed, for `hotseat` games only (below 2^53); the server draws it otherwise, since
    /// whoever knows the seed knows every roll to come.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Language of error messages.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// The ruleset's set-up fields.
    #[serde(flatten)]
    pub setup: serde_json::Map<String, Value>,
}

/// The bots a game may seat: the server's extra bots, then the ruleset's own.
struct Bots<'a> {
    extra: &'a BotRoster,
    platform: &'a Platform,
}

impl Bots<'_> {
    fn get(&self, ruleset: &str, name: &str) -> Option<Arc<dyn BotPlayer>> {
        self.extra
            .get(name)
            .or_else(|| self.platform.bot(ruleset, name))
    }

    fn names(&self, ruleset: &str) -> Vec<String> {
        let mut names: Vec<String> = self
            .platform
            .bots(ruleset)
            .iter()
            .map(|b| b.name().to_string())
            .collect();
        for extra in self.extra.names() {
            if !names.iter().any(|n| n == extra) {
                names.push(extra.to_string());
            }
        }
        names
    }
}

struct Inner {
    settings: Settings,
    platform: Platform,
    store: Arc<Store>,
    games: RwLock<HashMap<String, Arc<GameSlot>>>,
    unloadable: RwLock<HashMap<String, String>>,
    shutdown: watch::Sender<bool>,
    live: live::Live,
    guard: crate::guard::Guard,
    /// The address the server listens on, once bound.
    bound: std::sync::OnceLock<std::net::SocketAddr>,
    /// The Simulate page's background simulations.
    sims: crate::sims::Simulations,
}

/// Everything the server holds; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for AppState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("games", &self.game_count())
            .finish_non_exhaustive()
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

fn read_lock<T>(l: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    // The maps are only ever inserted into; a panic elsewhere leaves them consistent.
    l.read().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn write_lock<T>(l: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Rebuilds a stored game by replaying its actions, checking the hash after setup and after
/// every action. A mismatch or a refused action stops the replay and names what went wrong;
/// the game is then kept as far as it replayed, read-only.
pub fn rebuild(
    registry: &Registry,
    row: &GameRow,
    actions: &[ActionRow],
) -> Result<(Box<dyn AnyGame>, Option<String>), String> {
    let scenario: Value = serde_json::from_str(&row.scenario_json)
        .map_err(|e| format!("its stored scenario is not JSON: {e}"))?;
    let mut game = registry
        .new_game(&row.ruleset, &scenario, row.seed)
        .map_err(|e| format!("it cannot be set up any more: {e}"))?;
    // Only the last action can be taken back, by replaying the game without it: a state kept
    // for that would be a fifth of a live game's memory, and undo is a rare click.
    game.set_undo_limit(undo::UNDO_DEPTH);
    game.set_undo_by_replay(true);
    if game.state_hash() != row.setup_hash {
        return Ok((
            game,
            Some("the game no longer sets up as it did (the rules or content changed)".into()),
        ));
    }
    for (i, a) in actions.iter().enumerate() {
        let n = i + 1;
        if a.idx != i {
            return Ok((game, Some(format!("stored action {n} is missing"))));
        }
        let action: Value = match serde_json::from_str(&a.action_json) {
            Ok(v) => v,
            Err(e) => return Ok((game, Some(format!("stored action {n} is not JSON: {e}")))),
        };
        if let Err(r) = game.act_json(Seat(a.seat), &action) {
            return Ok((
                game,
                Some(format!(
                    "stored action {n} ({}) is refused on replay: {}",
                    Seat(a.seat),
                    r.reason
                )),
            ));
        }
        if game.state_hash() != a.state_hash {
            return Ok((
                game,
                Some(format!(
                    "after stored action {n} the state differs from the stored hash"
                )),
            ));
        }
    }
    Ok((game, None))
}

impl AppState {
    /// Opens the database; stored games are rebuilt only when someone opens them
    /// ([`AppState::slot`]), so a server with any number of stored actions starts at once. A
    /// game that cannot be rebuilt is kept as corrupt (read-only, saying why) or, when it
    /// cannot even be set up, answered as unloadable; neither stops the server.
    pub fn open(settings: Settings, platform: Platform, store: Store) -> anyhow::Result<AppState> {
        if platform.ids().is_empty() {
            anyhow::bail!("the server was given no ruleset to play");
        }
        let (shutdown, _) = watch::channel(false);
        let guard = crate::guard::Guard::new(&settings.limits, settings.listen);
        let live = live::Live::new(store.count_games()?);
        Ok(AppState {
            inner: Arc::new(Inner {
                settings,
                platform,
                store: Arc::new(store),
                games: RwLock::new(HashMap::new()),
                unloadable: RwLock::new(HashMap::new()),
                shutdown,
                live,
                guard,
                bound: std::sync::OnceLock::new(),
                sims: crate::sims::Simulations::default(),
            }),
        })
    }

    /// The Simulate page's simulations.
    pub fn simulations(&self) -> &crate::sims::Simulations {
        &self.inner.sims
    }

    /// Records the address the server listens on (after binding).
    pub fn set_bound(&self, addr: std::net::SocketAddr) {
        let _ = self.inner.bound.set(addr);
    }

    /// How friends on other machines reach this server: `{"network": false}` when it listens
    /// only on this machine; else `{"network": true, "url": ...}` with the address to give them
    /// (the machine's address on its network when it listens on every interface).
    pub fn share(&self) -> serde_json::Value {
        let Some(addr) = self.inner.bound.get().copied() else {
            return serde_json::json!({ "network": false });
        };
        if addr.ip().is_loopback() {
            return serde_json::json!({ "network": false });
        }
        let ip = if addr.ip().is_unspecified() {
            // The address the machine would use to reach others: asking the routing table with
            // a connected UDP socket sends nothing.
            std::net::UdpSocket::bind(("0.0.0.0", 0))
                .and_then(|s| s.connect(("192.0.2.1", 9)).map(|()| s))
                .and_then(|s| s.local_addr())
                .map(|a| a.ip())
                .ok()
                .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
        } else {
            Some(addr.ip())
        };
        match ip {
            Some(ip) => serde_json::json!({
                "network": true,
                "url": format!("http://{}/", std::net::SocketAddr::new(ip, addr.port())),
            }),
            None => serde_json::json!({ "network": true }),
        }
    }

    fn load_slot(&self, id: &str) -> Result<GameSlot, String> {
        let (row, actions) = self
            .inner
            .store
            .load(id)
            .map_err(|e| format!("the database cannot read it: {e}"))?
            .ok_or_else(|| "it is not in the database".to_string())?;
        let record: SeatsRecord = serde_json::from_str(&row.seats_json)
            .map_err(|e| format!("its seats are unreadable: {e}"))?;
        let mode = Mode::parse(&row.mode).ok_or_else(|| format!("unknown mode {}", row.mode))?;
        let salt = match &row.salt {
            Some(salt) => salt.clone(),
            // Stored before commitments: the salt drawn now is kept, so the commitment stays the
            // same from now on (its seed was sent to the creator back then: see
            // docs/web-protocol.md).
            None => {
                let salt = tokens::new_salt().map_err(|e| e.to_string())?;
                self.inner
                    .store
                    .set_salt(id, &salt)
                    .map_err(|e| format!("the database cannot store its salt: {e}"))?
            }
        };
        let present = self
            .inner
            .platform
            .get(&row.ruleset)
            .cloned()
            .ok_or_else(|| format!("this server does not play its ruleset '{}'", row.ruleset))?;
        let (game, corrupt) = rebuild(self.inner.platform.registry(), &row, &actions)?;
        if let Some(reason) = &corrupt {
            tracing::error!(game = %id, %reason, "stored game is corrupt; it stays read-only");
        }
        let entry = GameEntry {
            game,
            corrupt,
            resigned: row.resigned.map(Seat),
            legal_cache: Vec::new(),
        };
        let over = entry.over();
        if over && self.inner.store.set_finished(id, true).is_err() {
            tracing::warn!(game = %id, "cannot record that a loaded game is over");
        }
        Ok(GameSlot::new(&row, present, salt, mode, record, entry))
    }

    /// The rulesets this server plays.
    pub fn platform(&self) -> &Platform {
        &self.inner.platform
    }

    fn bots(&self) -> Bots<'_> {
        Bots {
            extra: &self.inner.settings.bots,
            platform: &self.inner.platform,
        }
    }

    /// A ruleset's presentation: the named one, else the default.
    pub fn presentation(&self, ruleset: Option<&str>) -> ApiResult<&Arc<dyn Presentation>> {
        let platform = &self.inner.platform;
        let id = ruleset
            .or_else(|| platform.default_id())
            .unwrap_or_default();
        Ok(platform.find(id)?)
    }

    /// Where the page is read from, when not embedded.
    pub fn web_dir(&self) -> Option<&std::path::Path> {
        self.inner.settings.web_dir.as_deref()
    }

    /// How many games are held in memory.
    pub fn game_count(&self) -> usize {
        read_lock(&self.inner.games).len()
    }

    /// How many games are held in memory, and how many of them (or of the stored games that
    /// could not be loaded at all) are corrupt.
    pub fn census(&self) -> (usize, usize) {
        let slots: Vec<Arc<GameSlot>> = read_lock(&self.inner.games).values().cloned().collect();
        let corrupt = slots
            .iter()
            .filter(|s| s.entry.try_lock().is_ok_and(|e| e.corrupt.is_some()))
            .count();
        let unloadable = read_lock(&self.inner.unloadable).len();
        (slots.len() + unloadable, corrupt + unloadable)
    }

    /// Asks sockets and bots to stop.
    pub fn begin_shutdown(&self) {
        let _ = self.inner.shutdown.send(true);
    }

    /// A receiver that turns true when the server stops.
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    fn closing(&self) -> bool {
        *self.inner.shutdown.borrow()
    }

    /// A game by id, loaded from the store (and its bots started) when it is not in memory.
    pub async fn slot(&self, id: &str) -> ApiResult<Arc<GameSlot>> {
        if !tokens::looks_like_game_id(id) {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                code::UNKNOWN_GAME,
                "there is no game with this id (ids are 16 hex digits)",
            ));
        }
        if let Some(slot) = read_lock(&self.inner.games).get(id) {
            slot.touch();
            return Ok(slot.clone());
        }
        if let Some(reason) = read_lock(&self.inner.unloadable).get(id) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                code::CORRUPT,
                format!("game {id} is stored but cannot be loaded: {reason}"),
            ));
        }
        self.load_lazily(id).await
    }

    /// Creates a game; answers with its id and the creator's tokens.
    pub async fn create(&self, req: CreateGame) -> ApiResult<Value> {
        let lang = req.lang.unwrap_or_default();
        let present = self.presentation(req.ruleset.as_deref())?.clone();
        let ruleset = present.id();
        let mode_name = req.mode.as_deref().unwrap_or("bot");
        let mode = Mode::parse(mode_name).ok_or_else(|| {
            ApiError::bad(
                code::BAD_REQUEST,
                format!(
                    "unknown mode '{}': use bot, friend or hotseat",
                    clip(mode_name)
                ),
            )
        })?;
        self.make_room()?;
        let setup = present.setup(&req.setup, lang)?;
        // The strongest bot on offer plays unless the request names one.
        let bots = self.bots();
        let bot_name = req.bot.clone().unwrap_or_else(|| {
            self.inner
                .platform
                .bots(ruleset)
                .first()
                .map_or_else(|| "random".into(), |b| b.name().to_string())
        });
        if bots.get(ruleset, &bot_name).is_none() {
            return Err(ApiError::bad(
                code::BAD_REQUEST,
                format!(
                    "unknown bot '{}': use {}",
                    clip(&bot_name),
                    bots.names(ruleset).join(" or ")
                ),
            ));
        }
        let human = req.seat.unwrap_or(0);
        if human > 1 {
            return Err(ApiError::bad(code::BAD_REQUEST, "seat must be 0 or 1"));
        }
        let seed = match (req.seed, mode) {
            (None, _) => tokens::new_seed().map_err(|e| ApiError::internal(e.to_string()))?,
            (Some(s), Mode::Hotseat) if s <= tokens::MAX_SEED => s,
            (Some(_), Mode::Hotseat) => {
                return Err(ApiError::bad(
                    code::BAD_REQUEST,
                    "seed must be below 2^53 (9007199254740992), so that pages read it exactly",
                ))
            }
            (Some(_), _) => {
                return Err(ApiError::bad(
                    code::SEED_REFUSED,
                    format!(
                        "seed is only accepted in hotseat games: in a {} game the server draws \
                         the seed, since whoever knows it knows every roll to come",
                        mode.as_str()
                    ),
                ))
            }
        };
        let salt = tokens::new_salt().map_err(|e| ApiError::internal(e.to_string()))?;
        let scenario_json = setup.scenario;
        let mut game = self
            .inner
            .platform
            .registry()
            .new_game(ruleset, &scenario_json, seed)
            .map_err(|e| ApiError::bad("bad-scenario", e.to_string()))?;
        game.set_undo_limit(undo::UNDO_DEPTH);
        game.set_undo_by_replay(true);
        let names = setup.seat_names;
        let new_token = || tokens::new_token().map_err(|e| ApiError::internal(e.to_string()));
        let mut seats = Vec::new();
        let mut held: Vec<(String, Vec<Seat>)> = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let is_bot = mode == Mode::Bot && i != usize::from(human);
            seats.push(SeatRecord {
                kind: if is_bot { "bot" } else { "human" }.into(),
                bot: is_bot.then(|| bot_name.clone()),
                name: name.clone(),
            });
        }
        match mode {
            Mode::Bot => held.push((new_token()?, vec![Seat(human)])),
            // The friend's seat gets an invite, not a token: the creator must not be able to act
            // for the friend, so the friend's token is drawn when the invite is used.
            Mode::Friend => held.push((new_token()?, vec![Seat(0)])),
            Mode::Hotseat => held.push((new_token()?, vec![Seat(0), Seat(1)])),
        }
        let invite = match mode {
            Mode::Friend => Some(new_token()?),
            _ => None,
        };
        let record = SeatsRecord {
            seats,
            tokens: held
                .iter()
                .map(|(t, s)| TokenRecord {
                    hash: tokens::token_hash(t),
                    seats: s.clone(),
                })
                .collect(),
            invites: invite
                .iter()
                .map(|code| InviteRecord::new(code, vec![Seat(1)]))
                .collect(),
        };
        let id = tokens::new_game_id().map_err(|e| ApiError::internal(e.to_string()))?;
        let row = GameRow {
            id: id.clone(),
            ruleset: ruleset.into(),
            mode: mode.as_str().into(),
            scenario_json: scenario_json.to_string(),
            seed,
            created_at: now(),
            seats_json: serde_json::to_string(&record)
                .map_err(|e| ApiError::internal(e.to_string()))?,
            setup_hash: game.state_hash(),
            resigned: None,
            salt: Some(salt.clone()),
        };
        let store = self.inner.store.clone();
        let stored = row.clone();
        tokio::task::spawn_blocking(move || store.insert_game(&stored))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| {
                tracing::error!(error = %e, "cannot store a new game");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    code::STORAGE,
                    "the game could not be stored",
                )
            })?;
        let entry = GameEntry {
            game,
            corrupt: None,
            resigned: None,
            legal_cache: Vec::new(),
        };
        let slot = Arc::new(GameSlot::new(&row, present, salt, mode, record, entry));
        write_lock(&self.inner.games).insert(id.clone(), slot.clone());
        self.inner.live.stored_one_more();
        tracing::info!(game = %id, mode = mode.as_str(), "game created");
        self.kick_bots(&slot);

        let creator = &held[0];
        let seats_out: Vec<Value> = slot
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let token = creator
                    .1
                    .contains(&Seat(i as u8))
                    .then(|| creator.0.clone());
                json!({ "seat": i, "kind": s.kind, "bot": s.bot, "name": s.name, "token": token })
            })
            .collect();
        let mut out = json!({
            "game": id,
            "ruleset": ruleset,
            "mode": mode.as_str(),
            "dice": slot.dice.json(false),
            "token": creator.0,
            "seat": creator.1.first().map(|s| s.0),
            "seats": seats_out,
            "url": format!("/#game={id}&token={}", creator.0),
        });
        if let Some(code) = &invite {
            out["join"] = json!({
                "seat": 1,
                "invite": code,
                "url": format!("/#game={id}&invite={code}"),
            });
        }
        Ok(out)
    }

    /// Plays `action` for the seat `access` holds (or `seat`, when it holds several), refusing
    /// it when `step` is given and the game has moved on since. Answers the step the game was
    /// at before the action.
    pub async fn act(
        &self,
        slot: &Arc<GameSlot>,
        access: &Access,
        seat: Option<u8>,
        step: Option<usize>,
        action: &Value,
    ) -> ApiResult<usize> {
        let before = {
            let mut entry = slot.entry.lock().await;
            let seat = choose_seat(&entry, access, seat)?;
            if let Some(reason) = &entry.corrupt {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    code::CORRUPT,
                    format!("this game is read-only: {reason}"),
                ));
            }
            if let Some(r) = entry.resigned {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    skirmish_engine::Rejection::GAME_OVER,
                    format!("the game is over: {r} resigned"),
                ));
            }
            let now = entry.game.step_count();
            if let Some(s) = step {
                if s != now {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        code::STALE,
                        format!(
                            "this action was meant for step {s}, but the game is at step {now}: \
                             it was sent twice or something happened since; nothing was played"
                        ),
                    ));
                }
            }
            self.apply_locked(slot, &mut entry, seat, action).await?;
            now
        };
        slot.notify();
        self.kick_bots(slot);
        Ok(before)
    }

    /// Ends the game for the seat `access` holds: every other seat wins.
    pub async fn resign(
        &self,
        slot: &Arc<GameSlot>,
        access: &Access,
        seat: Option<u8>,
    ) -> ApiResult<()> {
        {
            let mut entry = slot.entry.lock().await;
            let seat = choose_seat(&entry, access, seat)?;
            if entry.over() {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    skirmish_engine::Rejection::GAME_OVER,
                    "the game is already over",
                ));
            }
            if let Some(reason) = &entry.corrupt {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    code::CORRUPT,
                    format!("this game is read-only: {reason}"),
                ));
            }
            let store = self.inner.store.clone();
            let id = slot.id.clone();
            tokio::task::spawn_blocking(move || store.set_resigned(&id, seat.0))
                .await
                .map_err(|e| ApiError::internal(e.to_string()))?
                .map_err(|e| {
                    tracing::error!(game = %slot.id, error = %e, "cannot store a resignation");
                    ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        code::STORAGE,
                        "the resignation could not be stored; nothing changed",
                    )
                })?;
            entry.resigned = Some(seat);
            entry.legal_cache.clear();
            slot.finished.store(true, Ordering::SeqCst);
        }
        slot.notify();
        Ok(())
    }

    /// The replay of a game. Once it is over: the engine's whole replay (seed and state hashes
    /// included) for anyone, with the commitment published at creation and the `reveal` that
    /// checks against it. Before: only its players', as the token's seat may see it
    /// ([`AnyGame::viewed_replay`]: no seed, no hash, the other seat's secrets hidden); a token
    /// holding both seats (hotseat) gets the spectator's, so that neither person at the
    /// screen reads the other's secret choices there.
    pub async fn replay(&self, slot: &GameSlot, access: &Access) -> ApiResult<Value> {
        let entry = slot.entry.lock().await;
        // A stored game that no longer replays to its hashes (recorded by another version of the
        // rules, or damaged) has no replay to give: saying so beats a partial one.
        if let Some(reason) = &entry.corrupt {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                code::CORRUPT,
                format!(
                    "this game cannot be replayed: {reason} (it was recorded by another version of \
                     the rules, or its record is damaged)"
                ),
            ));
        }
        let over = entry.over();
        let mut out = if over {
            let replay = entry
                .game
                .replay()
                .map_err(|e| ApiError::internal(e.to_string()))?;
            let mut out =
                serde_json::to_value(&replay).map_err(|e| ApiError::internal(e.to_string()))?;
            out["reveal"] = json!(slot.dice.reveal);
            out
        } else {
            let viewer = match access.seats.as_slice() {
                [] => {
                    return Err(ApiError::new(
                        StatusCode::FORBIDDEN,
                        code::NO_TOKEN,
                        "the replay of a game in progress is for its players: give your token",
                    ))
                }
                [seat] => Viewer::Seat(*seat),
                _ => Viewer::Spectator,
            };
            let viewed = entry
                .game
                .viewed_replay(viewer)
                .map_err(|e| ApiError::internal(e.to_string()))?;
            serde_json::to_value(&viewed).map_err(|e| ApiError::internal(e.to_string()))?
        };
        out["commitment"] = json!(slot.dice.commitment);
        Ok(out)
    }

    /// Runs one of the ruleset's judge queries (`reach`, `los` for HeroClix) on the game, or,
    /// with `at`, on its position after the first `at` actions (a replay's step: same access as
    /// [`AppState::snapshot_at`]), so that a replay draws what the battlefield was then.
    pub async fn judge(
        &self,
        slot: &GameSlot,
        access: &Access,
        at: Option<usize>,
        query: &str,
        params: &std::collections::BTreeMap<String, String>,
        lang: Lang,
    ) -> ApiResult<Value> {
        if let Some(at) = at {
            let (entry, _) = self.entry_at(slot, access, at).await?;
            return Ok(slot
                .present
                .judge(entry.game.as_ref(), query, params, lang)?);
        }
        let entry = slot.entry.lock().await;
        Ok(slot
            .present
            .judge(entry.game.as_ref(), query, params, lang)?)
    }

    /// Plays an action under the game's lock and stores it; on a storage failure the game is
    /// rebuilt from the database so memory never runs ahead of what is stored.
    async fn apply_locked(
        &self,
        slot: &GameSlot,
        entry: &mut GameEntry,
        seat: Seat,
        action: &Value,
    ) -> ApiResult<()> {
        entry.game.act_json(seat, action)?;
        entry.legal_cache.clear();
        let idx = entry.game.step_count().saturating_sub(1);
        // Store the action as the engine read it, not as it was sent (extra fields dropped).
        let action_json = entry
            .game
            .last_action_json()
            .map_or_else(|| action.to_string(), |v| v.to_string());
        let row = ActionRow {
            idx,
            seat: seat.0,
            action_json,
            state_hash: current_hash(entry.game.as_ref()),
        };
        let store = self.inner.store.clone();
        let id = slot.id.clone();
        let over = entry.over();
        let stored = tokio::task::spawn_blocking(move || {
            store.record_action(&id, &row, over, crate::store::unix_now())
        })
        .await;
        match stored {
            Ok(Ok(())) => {
                slot.finished.store(entry.over(), Ordering::SeqCst);
                Ok(())
            }
            failure => {
                let why = match failure {
                    Ok(Err(e)) => e.to_string(),
                    Err(e) => e.to_string(),
                    Ok(Ok(())) => String::new(),
                };
                tracing::error!(game = %slot.id, error = %why, "cannot store an action; rolling back");
                match self.load_slot(&slot.id) {
                    Ok(fresh) => {
                        let fresh = fresh.entry.into_inner();
                        entry.game = fresh.game;
                        entry.corrupt = fresh.corrupt;
                    }
                    Err(reason) => entry.corrupt = Some(reason),
                }
                entry.legal_cache.clear();
                Err(ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    code::STORAGE,
                    "the action could not be stored, so it was not played",
                ))
            }
        }
    }

    /// Starts the bot driver of every game that waits for a bot (at startup).
    pub fn kick_all_bots(&self) {
        let slots: Vec<Arc<GameSlot>> = read_lock(&self.inner.games).values().cloned().collect();
        for slot in slots {
            self.kick_bots(&slot);
        }
    }

    /// Makes sure a bot driver runs for `slot` if it has bot seats.
    pub fn kick_bots(&self, slot: &Arc<GameSlot>) {
        if !slot.has_bots() || slot.bot_running.swap(true, Ordering::SeqCst) {
            return;
        }
        let this = self.clone();
        let slot = slot.clone();
        tokio::spawn(async move { this.drive_bots(slot).await });
    }

    /// Plays bot seats for as long as the game waits for one.
    async fn drive_bots(&self, slot: Arc<GameSlot>) {
        loop {
            // The flag is cleared under the game's lock, so an action that hands the turn to a
            // bot right after always finds the flag clear and starts a new driver.
            let job = {
                let entry = slot.entry.lock().await;
                let job = if self.closing() {
                    None
                } else {
                    bot_job(&slot, &entry, &self.bots())
                };
                match job {
                    Some(job) => job,
                    None => {
                        slot.bot_running.store(false, Ordering::SeqCst);
                        return;
                    }
                }
            };
            let (seat, bot, copy, step) = job;
            let seed = slot.bot_seed(step, seat);
            let delay = self.inner.settings.bot_delay;
            if !delay.is_zero() {
                let mut shutdown = self.shutdown_signal();
                tokio::select! {
                    _ = tokio::time::sleep(delay) => {}
                    _ = shutdown.changed() => {}
                }
                if self.closing() {
                    slot.bot_running.store(false, Ordering::SeqCst);
                    return;
                }
            }
            let choice = match copy {
                Some(copy) => {
                    let thinker = bot.clone();
                    let handle = tokio::task::spawn_blocking(move || {
                        thinker.choose(copy.as_ref(), seat, seed)
                    });
                    match tokio::time::timeout(self.inner.settings.bot_time_limit, handle).await {
                        Ok(Ok(choice)) => choice,
                        Ok(Err(e)) => {
                            tracing::warn!(game = %slot.id, bot = bot.name(), error = %e, "bot failed");
                            None
                        }
                        Err(_) => {
                            tracing::warn!(game = %slot.id, bot = bot.name(), "bot overran its thinking time; playing a random legal action");
                            None
                        }
                    }
                }
                None => None,
            };
            let mut entry = slot.entry.lock().await;
            if entry.game.step_count() != step || entry.over() || entry.corrupt.is_some() {
                // Someone resigned or the game changed while the bot thought: look again.
                continue;
            }
            let mut played = false;
            if let Some(action) = choice {
                match self.apply_locked(&slot, &mut entry, seat, &action).await {
                    Ok(()) => played = true,
                    Err(e) if e.code == code::STORAGE => {
                        slot.bot_running.store(false, Ordering::SeqCst);
                        return;
                    }
                    Err(e) => {
                        tracing::warn!(game = %slot.id, bot = bot.name(), reason = %e, "bot action refused; playing a random legal action")
                    }
                }
            }
            if !played {
                let fallback = RandomBot.choose(entry.game.as_ref(), seat, seed);
                let ok = match fallback {
                    Some(action) => self
                        .apply_locked(&slot, &mut entry, seat, &action)
                        .await
                        .is_ok(),
                    None => false,
                };
                if !ok {
                    tracing::error!(game = %slot.id, %seat, "a bot seat has no action it can play");
                    slot.bot_running.store(false, Ordering::SeqCst);
                    return;
                }
            }
            drop(entry);
            slot.notify();
        }
    }
}

type BotJob = (Seat, Arc<dyn BotPlayer>, Option<Box<dyn AnyGame>>, usize);

fn bot_job(slot: &GameSlot, entry: &GameEntry, bots: &Bots<'_>) -> Option<BotJob> {
    if entry.over() || entry.corrupt.is_some() {
        return None;
    }
    let (seat, bot) = entry
        .game
        .pending_seats()
        .into_iter()
        .find_map(|s| Some((s, slot.bot(s, bots)?)))?;
    let step = entry.game.step_count();
    // The bot thinks on a copy that holds none of the real dice and nothing hidden from its seat.
    let copy = entry.game.blinded(seat, slot.bot_seed(step, seat));
    Some((seat, bot, Some(copy), step))
}

/// The seat an action or resignation is for.
fn choose_seat(entry: &GameEntry, access: &Access, asked: Option<u8>) -> ApiResult<Seat> {
    if access.seats.is_empty() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            code::NO_TOKEN,
            "spectators cannot act: give a seat's token",
        ));
    }
    if let Some(s) = asked {
        let seat = Seat(s);
        if !access.seats.contains(&seat) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                code::WRONG_SEAT,
                format!("your token does not hold {seat}"),
            ));
        }
        return Ok(seat);
    }
    let pending = entry.game.pending_seats();
    Ok(access
        .seats
        .iter()
        .copied()
        .find(|s| pending.contains(s))
        .unwrap_or(access.seats[0]))
}

/// The state hash, stored with each action so that a restarted server can prove it rebuilt the
/// game exactly. It never reaches players during play: a hash of the whole state (hidden
/// things and the dice stream's position included) could be matched against guesses.
fn current_hash(game: &dyn AnyGame) -> String {
    game.state_hash()
}
