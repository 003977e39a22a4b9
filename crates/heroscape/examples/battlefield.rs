//! Reads battlefield files (`.hsc`, editor `.json`, our `.toml`) and prints what they hold, or
//! their errors; with `--svg DIR`, also writes a picture of each:
//! `cargo run -p skirmish-heroscape --example battlefield -- FILE... [--svg DIR]`.

use std::path::{Path, PathBuf};

use skirmish_heroscape::battlefield::{load, render_svg};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let svg_dir = args.iter().position(|a| a == "--svg").map(|i| {
        args.remove(i);
        PathBuf::from(args.remove(i))
    });
    for file in &args {
        match load(file) {
            Ok(field) => {
                let players: Vec<String> = (1..=field.start_zone_count())
                    .map(|p| field.start_zone(p).count().to_string())
                    .collect();
                println!(
                    "{file}: {:?}, {} hexes, highest level {}, {} glyphs, {} edge pieces, start zones [{}]",
                    field.name,
                    field.len(),
                    field.top(),
                    field.glyphs().len(),
                    field.edge_pieces().len(),
                    players.join(", ")
                );
                if let Some(dir) = &svg_dir {
                    let stem = Path::new(file).file_stem().unwrap_or_default();
                    let out = dir.join(stem).with_extension("svg");
                    std::fs::write(&out, render_svg(&field)).expect("write the picture");
                }
            }
            Err(e) => println!("{e}"),
        }
    }
}
