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
    config.web_dir = args.web;
    // Content files beside the working folder overlay the built-in sample content.
    config.platform = crate::rulesets::platform(
        Some(std::path::Path::new("content")),
        Some(std::path::Path::new("maps")),
    )?;
    skirmish_server::serve_blocking(config)?;
    Ok(ExitCode::SUCCESS)
}
