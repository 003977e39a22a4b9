//! The simulator's reports as text for a terminal, in English or French (the rulebooks'
//! *points de victoire*, *match nul*).

use std::fmt::Write;

use skirmish_lang::Lang;

use crate::sweep::Sweep;
use crate::{Rate, Report};

fn pct(r: &Rate) -> String {
    format!(
        "{:>5.1} %  [{:.1} %, {:.1} %]",
        r.rate * 100.0,
        r.low * 100.0,
        r.high * 100.0
    )
}

/// How many figures the report lists.
const FIGURES_SHOWN: usize = 12;

/// A matchup's report.
pub fn report(r: &Report, lang: Lang) -> String {
    let mut out = String::new();
    let fr = lang == Lang::Fr;
    let _ = writeln!(
        out,
        "{}",
        if fr {
            format!(
                "simulation : {}, {} contre {}, {} parties, graine {}",
                r.ruleset, r.teams[0], r.teams[1], r.games, r.seed
            )
        } else {
            format!(
                "simulate: {}, {} against {}, {} games, seed {}",
                r.ruleset, r.teams[0], r.teams[1], r.games, r.seed
            )
        }
    );
    let _ = writeln!(
        out,
        "{}: {} ({}) · {} ({})\n",
        lang.pick("bots", "bots"),
        r.teams[0],
        r.bots[0],
        r.teams[1],
        r.bots[1]
    );
    let width = r
        .teams
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(8)
        .max(12)
        + 12;
    let _ = writeln!(
        out,
        "{:<width$} {:>5}  {:>7}  {}",
        "",
        lang.pick("games", "parties"),
        lang.pick("rate", "taux"),
        lang.pick("95 % interval", "intervalle à 95 %")
    );
    let rows = [
        (
            format!("{} {}", lang.pick("wins of", "victoires de"), r.teams[0]),
            r.wins,
            r.win_a,
        ),
        (
            lang.pick("draws", "matchs nuls").to_string(),
            r.draws,
            r.draw,
        ),
        (
            format!("{} {}", lang.pick("wins of", "victoires de"), r.teams[1]),
            r.losses,
            r.win_b,
        ),
    ];
    for (name, n, rate) in rows {
        let _ = writeln!(out, "{name:<width$} {n:>5}  {}", pct(&rate));
    }
    let _ = writeln!(
        out,
        "{:<width$} {:>5}  {}",
        format!("{} {}", lang.pick("score of", "score de"), r.teams[0]),
        "",
        pct(&r.score_a)
    );
    if r.unfinished > 0 {
        let _ = writeln!(
            out,
            "{}",
            if fr {
                format!(
                    "({} parties arrêtées à la limite d'actions, comptées nulles)",
                    r.unfinished
                )
            } else {
                format!(
                    "({} games stopped at the action limit, counted as draws)",
                    r.unfinished
                )
            }
        );
    }
    let _ = writeln!(
        out,
        "\n{}",
        lang.pick(
            "victory points    mean   min  median   max",
            "points de victoire moyenne min médiane max"
        )
    );
    for (team, s) in r.teams.iter().zip(&r.vp) {
        let _ = writeln!(
            out,
            "  {:<16}{:>6.1} {:>5.0} {:>7.1} {:>5.0}",
            skirmish_platform::clip(team, 15),
            s.mean,
            s.min,
            s.median,
            s.max
        );
    }
    let a = &r.actions;
    let _ = writeln!(
        out,
        "\n{}",
        if fr {
            format!(
                "durée d'une partie (actions) : moyenne {:.1}, min {:.0}, médiane {:.1}, max {:.0}",
                a.mean, a.min, a.median, a.max
            )
        } else {
            format!(
                "game length (actions): mean {:.1}, min {:.0}, median {:.1}, max {:.0}",
                a.mean, a.min, a.median, a.max
            )
        }
    );
    if !r.figures.is_empty() {
        let _ = writeln!(
            out,
            "\n{}",
            lang.pick(
                "figures that score (victory points per game)",
                "figurines qui marquent (points de victoire par partie)"
            )
        );
        for f in r.figures.iter().take(FIGURES_SHOWN) {
            let _ = writeln!(
                out,
                "  {:<28} {:<16} {:>7.1}",
                skirmish_platform::clip(&f.name, 27),
                skirmish_platform::clip(&r.teams[f.team], 15),
                f.per_game
            );
        }
        if r.figures.len() > FIGURES_SHOWN {
            let _ = writeln!(
                out,
                "  {}",
                if fr {
                    format!("… et {} autres", r.figures.len() - FIGURES_SHOWN)
                } else {
                    format!("… and {} more", r.figures.len() - FIGURES_SHOWN)
                }
            );
        }
    }
    out
}

/// A sweep's table: each row team's score share against each column team, then overall.
pub fn sweep(s: &Sweep, lang: Lang) -> String {
    let mut out = String::new();
    let games = s.pairings.first().map_or(0, |r| r.games);
    let _ = writeln!(
        out,
        "{}\n",
        match lang {
            Lang::En => format!(
                "sweep: {} teams, {} pairings, {} games each; score of the row's team against \
                 the column's (a draw counts half)",
                s.teams.len(),
                s.pairings.len(),
                games
            ),
            Lang::Fr => format!(
                "balayage : {} équipes, {} rencontres, {} parties chacune ; score de l'équipe de \
                 la ligne contre celle de la colonne (un nul compte pour moitié)",
                s.teams.len(),
                s.pairings.len(),
                games
            ),
        }
    );
    let names: Vec<String> = s
        .teams
        .iter()
        .map(|t| skirmish_platform::clip(t, 16))
        .collect();
    let first = names.iter().map(|n| n.chars().count()).max().unwrap_or(4) + 6;
    let _ = write!(out, "{:<first$}", "");
    for (j, _) in names.iter().enumerate() {
        let _ = write!(out, " {:>7}", format!("#{}", j + 1));
    }
    let _ = writeln!(
        out,
        "  {}",
        lang.pick("overall [95 % interval]", "global [intervalle à 95 %]")
    );
    for (i, row) in s.scores.iter().enumerate() {
        let _ = write!(out, "{:<first$}", format!("#{} {}", i + 1, names[i]));
        for rate in row {
            match rate {
                Some(r) => {
                    let _ = write!(out, " {:>5.1} %", r.rate * 100.0);
                }
                None => {
                    let _ = write!(out, " {:>7}", "—");
                }
            }
        }
        let _ = writeln!(out, "  {}", pct(&s.overall[i]));
    }
    out
}
