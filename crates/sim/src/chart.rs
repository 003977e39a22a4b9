//! The simulator's charts, drawn with plotters as SVG (for the web page and files) and PNG
//! (files): team A's score share as games accumulate, with its 95 % interval; the victory
//! points of both teams as a histogram; a sweep's heat map.
//!
//! Text is laid out with a font compiled in (`fonts/DejaVuSans-subset.ttf`, see
//! `fonts/LICENSE`): plotters' own text needs system fonts, which a bare machine lacks.

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle};
use skirmish_bots::stats::{wilson, Tally};
use skirmish_lang::Lang;

use crate::sweep::Sweep;
use crate::Report;

/// The font plotters lays text out with.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");
/// The family name charts ask for, bound to [`FONT`].
const FAMILY: &str = "sans-serif";
/// Chart size in pixels.
pub const SIZE: (u32, u32) = (900, 520);

/// Team A's colour (blue), team B's (orange).
const COLOURS: [RGBColor; 2] = [RGBColor(31, 119, 180), RGBColor(230, 126, 34)];

fn font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and known good; a failure would show as missing text.
        let _ = register_font(FAMILY, FontStyle::Normal, FONT);
    });
}

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("chart: {e:?}")
}

/// A count's axis label: whole numbers only, so that ticks plotters puts between two counts
/// do not repeat a rounded neighbour.
fn whole(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{v:.0}")
    } else {
        String::new()
    }
}

/// The first `max` characters of a name, for labels.
fn short(name: &str, max: usize) -> String {
    skirmish_platform::clip(name, max)
}

/// Draws team A's score share after each game with its 95 % Wilson interval.
pub fn draw_winrate<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &Report,
    lang: Lang,
) -> Result<(), String> {
    font();
    root.fill(&WHITE).map_err(err)?;
    let n = r.records.len().max(1);
    let mut t = Tally::default();
    let mut band = Vec::with_capacity(n);
    for (k, rec) in r.records.iter().enumerate() {
        match rec.winner {
            Some(0) => t.wins += 1,
            Some(_) => t.losses += 1,
            None => t.draws += 1,
        }
        let (low, high) = wilson(t.score(), f64::from(t.games()));
        band.push((k as f64 + 1.0, low * 100.0, high * 100.0, t.rate() * 100.0));
    }
    let caption = match lang {
        Lang::En => format!(
            "{} vs {}: score of {} as games accumulate",
            short(&r.teams[0], 24),
            short(&r.teams[1], 24),
            short(&r.teams[0], 24)
        ),
        Lang::Fr => format!(
            "{} contre {} : score de {} au fil des parties",
            short(&r.teams[0], 24),
            short(&r.teams[1], 24),
            short(&r.teams[0], 24)
        ),
    };
    let mut chart = ChartBuilder::on(root)
        .caption(caption, (FAMILY, 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(1f64..(n as f64).max(2.0), 0f64..100f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(lang.pick("games", "parties"))
        .y_desc(lang.pick(
            "score (%, a draw counts half)",
            "score (%, un nul compte pour moitié)",
        ))
        .x_labels(n.clamp(2, 10))
        .x_label_formatter(&whole)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 15))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(err)?;
    let fill = COLOURS[0].mix(0.18);
    chart
        .draw_series(std::iter::once(Polygon::new(
            band.iter()
                .map(|b| (b.0, b.2))
                .chain(band.iter().rev().map(|b| (b.0, b.1)))
                .collect::<Vec<_>>(),
            fill.filled(),
        )))
        .map_err(err)?
        .label(lang.pick("95 % interval", "intervalle à 95 %"))
        .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], fill.filled()));
    chart
        .draw_series(LineSeries::new(
            [(1.0, 50.0), ((n as f64).max(2.0), 50.0)],
            BLACK.mix(0.5).stroke_width(1),
        ))
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(
            band.iter().map(|b| (b.0, b.3)),
            COLOURS[0].stroke_width(2),
        ))
        .map_err(err)?
        .label(format!(
            "{} {}",
            short(&r.teams[0], 30),
            lang.pick("(score)", "(score)")
        ))
        .legend(|(x, y)| PathElement::new([(x, y), (x + 18, y)], COLOURS[0].stroke_width(2)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FAMILY, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Draws the victory points of both teams as side-by-side bars per bin.
pub fn draw_vp<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &Report,
    lang: Lang,
) -> Result<(), String> {
    font();
    root.fill(&WHITE).map_err(err)?;
    let (from, to) = match (r.vp_bins.first(), r.vp_bins.last()) {
        (Some(a), Some(b)) => (a.from as f64, b.to as f64),
        _ => (0.0, 1.0),
    };
    let top = r
        .vp_bins
        .iter()
        .flat_map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1);
    let caption = match lang {
        Lang::En => format!("Victory points at the end of {} games", r.games),
        Lang::Fr => format!("Points de victoire à la fin de {} parties", r.games),
    };
    let mut chart = ChartBuilder::on(root)
        .caption(caption, (FAMILY, 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(56)
        .build_cartesian_2d(from..to, 0f64..f64::from(top) * 1.15)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(lang.pick("victory points", "points de victoire"))
        .y_desc(lang.pick("games", "parties"))
        .y_labels((top as usize + 1).clamp(2, 10))
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 15))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(err)?;
    for (team, &colour) in COLOURS.iter().enumerate() {
        chart
            .draw_series(r.vp_bins.iter().filter(|b| b.games[team] > 0).map(|b| {
                let w = (b.to - b.from) as f64;
                let x0 = b.from as f64 + w * (0.05 + 0.45 * team as f64);
                Rectangle::new(
                    [(x0, 0.0), (x0 + w * 0.45, f64::from(b.games[team]))],
                    colour.filled(),
                )
            }))
            .map_err(err)?
            .label(short(&r.teams[team], 30))
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font((FAMILY, 14))
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// The colour of a score share: red for 0, white for one half, blue for 1.
fn heat(rate: f64) -> RGBColor {
    let t = rate.clamp(0.0, 1.0);
    let mix = |a: u8, b: u8, f: f64| (f64::from(a) + (f64::from(b) - f64::from(a)) * f) as u8;
    let (white, red, blue) = ((250, 250, 250), (214, 69, 65), (31, 119, 180));
    let (from, to, f) = if t < 0.5 {
        (red, white, t * 2.0)
    } else {
        (white, blue, (t - 0.5) * 2.0)
    };
    RGBColor(
        mix(from.0, to.0, f),
        mix(from.1, to.1, f),
        mix(from.2, to.2, f),
    )
}

/// Draws a sweep's heat map: row team's score share against the column team.
pub fn draw_heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    s: &Sweep,
    lang: Lang,
) -> Result<(), String> {
    font();
    root.fill(&WHITE).map_err(err)?;
    let n = s.teams.len().max(1) as i32;
    let (w, h) = root.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let title = lang.pick(
        "Score of the row's team against the column's (a draw counts half)",
        "Score de l'équipe de la ligne contre celle de la colonne (un nul compte pour moitié)",
    );
    root.draw(&Text::new(title, (16, 12), (FAMILY, 20).into_font()))
        .map_err(err)?;
    let (left, top) = (190, 80);
    let cell = ((w - left - 20) / n).min((h - top - 20) / n).max(10);
    let label = |x: i32, y: i32, text: String, size: i32| {
        Text::new(
            text,
            (x, y),
            (FAMILY, size)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Center, VPos::Center)),
        )
    };
    for (i, name) in s.teams.iter().enumerate() {
        let i = i as i32;
        root.draw(&Text::new(
            short(name, 22),
            (left - 8, top + i * cell + cell / 2),
            (FAMILY, 14)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Right, VPos::Center)),
        ))
        .map_err(err)?;
        root.draw(&label(
            left + i * cell + cell / 2,
            top - 14,
            short(name, (cell / 8).max(4) as usize),
            13,
        ))
        .map_err(err)?;
    }
    for (i, row) in s.scores.iter().enumerate() {
        for (j, rate) in row.iter().enumerate() {
            let (x, y) = (left + j as i32 * cell, top + i as i32 * cell);
            let colour = rate.map_or(RGBColor(200, 200, 200), |r| heat(r.rate));
            root.draw(&Rectangle::new(
                [(x, y), (x + cell - 2, y + cell - 2)],
                colour.filled(),
            ))
            .map_err(err)?;
            if let Some(r) = rate {
                root.draw(&label(
                    x + cell / 2,
                    y + cell / 2,
                    format!("{:.0} %", r.rate * 100.0),
                    (cell / 5).clamp(10, 22),
                ))
                .map_err(err)?;
            }
        }
    }
    root.present().map_err(err)
}

/// A chart drawn to SVG text.
pub fn svg(
    draw: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        draw(&root)?;
    }
    Ok(out)
}

/// A chart drawn to a PNG file.
pub fn png(
    path: &Path,
    draw: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<(), String> {
    let root = BitMapBackend::new(path, SIZE).into_drawing_area();
    draw(&root)
}

/// Writes `NAME.svg` and `NAME.png` in `dir` for one chart; the files written.
fn both(
    dir: &Path,
    name: &str,
    draw_svg: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), String>,
    draw_png: impl FnOnce(&DrawingArea<BitMapBackend<'_>, Shift>) -> Result<(), String>,
) -> Result<Vec<PathBuf>, String> {
    let svg_path = dir.join(format!("{name}.svg"));
    std::fs::write(&svg_path, svg(draw_svg)?)
        .map_err(|e| format!("{}: {e}", svg_path.display()))?;
    let png_path = dir.join(format!("{name}.png"));
    png(&png_path, draw_png)?;
    Ok(vec![svg_path, png_path])
}

/// Writes a matchup's charts in `dir`: `winrate.svg/png` and `vp.svg/png`.
pub fn write_report_charts(dir: &Path, r: &Report, lang: Lang) -> Result<Vec<PathBuf>, String> {
    let mut out = both(
        dir,
        "winrate",
        |a| draw_winrate(a, r, lang),
        |a| draw_winrate(a, r, lang),
    )?;
    out.extend(both(
        dir,
        "vp",
        |a| draw_vp(a, r, lang),
        |a| draw_vp(a, r, lang),
    )?);
    Ok(out)
}

/// Writes a sweep's heat map in `dir`: `heatmap.svg/png`.
pub fn write_sweep_charts(dir: &Path, s: &Sweep, lang: Lang) -> Result<Vec<PathBuf>, String> {
    both(
        dir,
        "heatmap",
        |a| draw_heatmap(a, s, lang),
        |a| draw_heatmap(a, s, lang),
    )
}
