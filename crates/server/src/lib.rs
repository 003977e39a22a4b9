//! The Skirmish web player's server: it holds every game, checks every action with the engine,
//! stores games in SQLite, plays bot seats, and pushes each seat its own view over WebSocket.
//! The page (`web/`, embedded at build time) only shows views and sends actions; the protocol
//! is `docs/web-protocol.md`.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let config = skirmish_server::ServerConfig::default();
//! skirmish_server::serve(config).await // until Ctrl-C
//! # }
//! ```

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::oneshot;

/// The server's allocator. A server holding thousands of games builds and drops large lists of
/// legal actions on every worker thread; glibc's allocator keeps an arena per thread and gives
/// little of it back: 2,000 live games weighed 477 MiB with it (422 MiB when forced to one
/// arena, which would serialise the threads) and 453 MiB with mimalloc
/// (`hold_up::memory_of_two_thousand_live_games`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod assets;
pub mod bots;
pub mod error;
pub mod games;
pub mod guard;
pub mod http;
pub mod limits;
pub mod net;
pub mod sims;
pub mod store;
pub mod tokens;
pub mod ws;

pub use games::{AppState, Settings};
pub use limits::Limits;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Address to listen on; loopback by default, so games are not open to the network unless
    /// asked.
    pub address: IpAddr,
    /// Port; 0 picks a free one.
    pub port: u16,
    /// When the port is taken, try this many following ports before giving up (the one-click
    /// `skirmish` start uses this; an explicit `--port` does not).
    pub port_tries: u16,
    /// The SQLite database.
    pub db_path: PathBuf,
    /// The rulesets the server plays, with their content; the first is the default. The
    /// `skirmish` command registers every ruleset it knows (`crates/cli/src/rulesets.rs`).
    pub platform: skirmish_platform::Platform,
    /// Serve the page from this folder instead of the embedded copy.
    pub web_dir: Option<PathBuf>,
    /// How long a bot may think before a random legal action is played for it.
    pub bot_time_limit: Duration,
    /// Pause before each bot action.
    pub bot_delay: Duration,
    /// The most games held in memory at once (games nobody uses are unloaded to make room).
    pub max_games: usize,
    /// What one client may take of the server (connections, time, creations, memory).
    pub limits: Limits,
    /// Bots offered besides each ruleset's own.
    pub bots: bots::BotRoster,
    /// Print the address on start (`serve` does; tests turn it off).
    pub announce: bool,
}

impl Default for ServerConfig {
    fn default() -> Self {
        let s = Settings::default();
        ServerConfig {
            address: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            port_tries: 10,
            db_path: default_db_path(),
            platform: skirmish_platform::Platform::new(),
            web_dir: None,
            bot_time_limit: s.bot_time_limit,
            bot_delay: s.bot_delay,
            max_games: s.max_games,
            bots: s.bots,
            limits: s.limits,
            announce: true,
        }
    }
}

/// `$XDG_DATA_HOME/skirmish/games.sqlite3`, else `~/.local/share/skirmish/games.sqlite3`, else
/// `skirmish-games.sqlite3` in the working folder.
pub fn default_db_path() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        });
    match base {
        Some(b) => b.join("skirmish").join("games.sqlite3"),
        None => PathBuf::from("skirmish-games.sqlite3"),
    }
}

/// Opens the database (stored games are rebuilt when first opened).
pub fn open_state(config: &ServerConfig) -> anyhow::Result<AppState> {
    let store = store::Store::open(&config.db_path)?;
    AppState::open(
        Settings {
            bot_time_limit: config.bot_time_limit,
            bot_delay: config.bot_delay,
            max_games: config.max_games,
            web_dir: config.web_dir.clone(),
            bots: config.bots.clone(),
            limits: config.limits.clone(),
            listen: config.address,
        },
        config.platform.clone(),
        store,
    )
}

/// The router for `state`: the API, the WebSocket and the page.
pub fn app(state: AppState) -> axum::Router {
    http::router(state)
}

/// A server running in the background (see [`start`]).
#[derive(Debug)]
pub struct RunningServer {
    addr: SocketAddr,
    state: AppState,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://ADDR/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The server's state (games, rulesets).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Stops accepting, closes sockets, and waits for the server to finish.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        self.state.begin_shutdown();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        (&mut self.task).await??;
        Ok(())
    }

    /// Waits until the server stops (it stops on [`RunningServer::stop`] only).
    pub async fn wait(mut self) -> anyhow::Result<()> {
        (&mut self.task).await??;
        Ok(())
    }
}

/// A listener with a deep accept queue: hundreds of pages (re)connecting at once, after a
/// restart say, would overflow the usual 1024 and see refused connections.
fn listen(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // Lets a restarted server listen again at once, while the old connections linger.
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)
}

async fn bind(config: &ServerConfig) -> anyhow::Result<TcpListener> {
    let tries = if config.port == 0 {
        0
    } else {
        config.port_tries
    };
    let mut last = None;
    for k in 0..=tries {
        let Some(port) = config.port.checked_add(k) else {
            break;
        };
        match listen(SocketAddr::new(config.address, port)) {
            Ok(l) => return Ok(l),
            Err(e) => last = Some((port, e)),
        }
    }
    match last {
        Some((port, e)) => Err(anyhow::anyhow!(
            "cannot listen on {}:{}{}: {e}",
            config.address,
            config.port,
            if tries > 0 {
                format!(" (nor the ports up to {port})")
            } else {
                String::new()
            }
        )),
        None => Err(anyhow::anyhow!("no port to listen on")),
    }
}

/// Opens everything, binds, and serves in the background.
pub async fn start(config: ServerConfig) -> anyhow::Result<RunningServer> {
    let opened = config.clone();
    let state = tokio::task::spawn_blocking(move || open_state(&opened)).await??;
    let listener = bind(&config).await?;
    let addr = listener.local_addr()?;
    state.set_bound(addr);
    let (stop, stopped) = oneshot::channel::<()>();
    let router = app(state.clone());
    let task = tokio::spawn(net::serve(listener, router, config.limits.clone(), stopped));
    state.start_sweeper();
    if config.announce {
        let games = state.stored_count();
        if games > 0 {
            println!("{games} saved game(s); each is loaded when someone opens it");
        }
        println!("Skirmish is ready: http://{addr}/");
        if let Some(url) = state.share().get("url").and_then(serde_json::Value::as_str) {
            if addr.ip().is_unspecified() {
                println!("On your network: {url}");
            }
        }
        if !config.address.is_loopback() {
            println!(
                "WARNING: listening on {}, so the game is reachable from the network: anyone \
                 who can reach this machine on port {} can open the page, create games and \
                 watch them. Use --host 127.0.0.1 to keep it on this machine.",
                config.address,
                addr.port()
            );
        }
        println!("Games are kept in {}", config.db_path.display());
        if !assets::has_page() && config.web_dir.is_none() {
            println!("(this build has no web page: web/ was empty when it was compiled)");
        }
    }
    tracing::info!(%addr, stored = state.stored_count(), "listening");
    Ok(RunningServer {
        addr,
        state,
        stop: Some(stop),
        task,
    })
}

/// Waits for Ctrl-C (or, on Unix, SIGTERM).
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    // Without a way to hear signals the server runs until killed; every action is already
    // stored when it is announced, so nothing is lost either way.
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// Runs the server until Ctrl-C (or SIGTERM).
pub async fn serve(config: ServerConfig) -> anyhow::Result<()> {
    let server = start(config).await?;
    stop_requested().await;
    println!("Stopping; games are saved.");
    server.stop().await
}

/// [`serve`] on a runtime of its own, for callers without one (the `skirmish` command).
pub fn serve_blocking(config: ServerConfig) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(config))
}
