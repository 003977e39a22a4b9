//! `skirmish serve` (and `skirmish` alone): the web player.

use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `skirmish serve`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// Port (default 8080, or the next free one).
    #[arg(long)]
    port: Option<u16>,
    /// Saved games (default $XDG_DATA_HOME/skirmish/games.sqlite3).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Address to listen on (default 127.0.0.1).
    #[arg(long)]
    host: Option<std::net::IpAddr>,
    /// Serve the page from this folder instead of the built-in copy.
    #[arg(long)]
    web: Option<PathBuf>,
    /// The most games held in memory at once (default 2000; unused ones are unloaded first).
    #[arg(long, value_name = "N")]
    max_games: Option<usize>,
    /// Connections one address may hold open at once (default 64).
    #[arg(long, value_name = "N")]
    connections_per_address: Option<usize>,
    /// Games one address may create in a burst (default 30).
    #[arg(long, value_name = "N")]
    create_burst: Option<u32>,
    /// Games one address may create per hour after its burst (default 120).
    #[arg(long, value_name = "N")]
    create_per_hour: Option<u32>,
    /// Content to play with besides the built-in starter set, repeatable: a content folder (with
    /// `heroclix/` figure files and teams), a folder of figure files, or hcunits data (its folder
    /// of sets, one set's folder or a set file), imported as it is read; for HeroScape, folders
    /// or files of battlefields (Virtualscape `.hsc`, map-editor `.json`, `.toml`) and an army
    /// card catalogue (the army builder's JSON, or card `.toml` files), offered in the new-game
    /// form. Default: `./content` when it exists.
    #[arg(long, value_name = "PATH")]
    content: Vec<PathBuf>,
    /// Another site whose pages may act on this server (e.g. https://example.org); repeatable.
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<String>,
}

/// Runs the web player until interrupted.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut config = skirmish_server::ServerConfig::default();
    if let Some(port) = args.port {
        config.port = port;
        config.port_tries = 0;
    }
    if let Some(db) = args.db {
        config.db_path = db;
    }
    if let Some(host) = args.host {
        config.address = host;
    }
    if let Some(n) = args.max_games {
        config.max_games = n;
    }
    let limits = &mut config.limits;
    if let Some(n) = args.connections_per_address {
        limits.connections_per_address = n;
    }
    if let Some(n) = args.create_burst {
        limits.create_burst = n;
    }
    if let Some(n) = args.create_per_hour {
        limits.create_per_hour = n;
    }
    limits.allowed_origins = args.allow_origin;
    config.web_dir = args.web;
    // Content files beside the working folder overlay the built-in sample content, unless
    // other content is named.
    let content = if args.content.is_empty() {
        let here = PathBuf::from("content");
        if here.is_dir() {
            vec![here]
        } else {
            Vec::new()
        }
    } else {
        args.content
    };
    config.platform = crate::rulesets::platform(&content, Some(std::path::Path::new("maps")))?;
    skirmish_server::serve_blocking(config)?;
    Ok(ExitCode::SUCCESS)
}
