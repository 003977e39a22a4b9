//! Runs the server without the `skirmish` command, for working on the page:
//! `cargo run -p skirmish-server --example serve -- [--port N] [--db PATH] [--web DIR] [--toy]`.
//! With `--web web` the page is read from the folder at each request, so edits show on reload.
//! `--toy` adds the platform's toy ruleset (a 5×5 board, no page module of its own) beside
//! HeroClix: the browser tests play it through the page's generic module.

use std::path::PathBuf;

fn main() -> anyhow::Result<()> {
    let mut config = skirmish_server::ServerConfig::default();
    let heroclix = skirmish_heroclix::present::HeroClixPresentation::embedded()
        .map_err(|e| anyhow::anyhow!("HeroClix content: {e}"))?;
    config.platform = skirmish_platform::Platform::new().with(heroclix);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| anyhow::anyhow!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--port" => {
                config.port = value()?.parse()?;
                config.port_tries = 0;
            }
            "--db" => config.db_path = PathBuf::from(value()?),
            "--web" => config.web_dir = Some(PathBuf::from(value()?)),
            "--host" => config.address = value()?.parse()?,
            "--toy" => {
                config.platform = config
                    .platform
                    .with(skirmish_platform::toy::ToyPresentation);
            }
            other => {
                anyhow::bail!("unknown argument {other}: use --port, --db, --web, --host, --toy")
            }
        }
    }
    skirmish_server::serve_blocking(config)
}
