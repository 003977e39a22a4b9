//! Scenarios for bot games: read from a map file and team files, or with teams built at random
//! from a list of figures.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::builtin;
use crate::content::{load_figure_folder, Catalogue};
use crate::figure::FigureDef;
use crate::game::{Options, Scenario, TeamFigure, TeamSetup};
use crate::team::{check_team, load_team, DEFAULT_BUILD_TOTAL};
use skirmish_board::square::load_square_map;
use skirmish_engine::Picker;
use skirmish_lang::Lang;

/// The files a scenario is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioFiles {
    /// The folder of figure files the teams' figure ids refer to (`content/heroclix`).
    pub content: PathBuf,
    /// The map file.
    pub map: PathBuf,
    /// One team file per seat, in seat order.
    pub teams: Vec<PathBuf>,
    /// The game ends after this many rounds and victory points decide.
    pub round_limit: Option<u32>,
}

/// Reads a scenario from files and checks each team against the team-building rules at the
/// build total its file gives (300 points when it gives none; the largest of the teams'
/// totals is the game's). The error says which file is wrong and why.
pub fn load_scenario(files: &ScenarioFiles) -> Result<Scenario, String> {
    // Paths that do not exist but name a built-in item (the defaults, run from another folder)
    // fall back to the copies built into the binary.
    let builtin_id = |p: &Path| {
        (!p.exists())
            .then(|| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
            .flatten()
    };
    let catalogue = if !files.content.exists() && files.content.ends_with("content/heroclix") {
        builtin::catalogue().map_err(|e| e.to_string())?
    } else {
        Catalogue::new(
            load_figure_folder(&files.content)
                .map_err(|e| format!("{}: {e}", files.content.display()))?,
        )
    };
    let map = match builtin_id(&files.map).and_then(|id| builtin::map(&id)) {
        Some(m) => m.map_err(|e| e.to_string())?,
        None => load_square_map(&files.map).map_err(|e| e.to_string())?,
    };
    let mut teams = Vec::new();
    let mut build_total = 0;
    for path in &files.teams {
        let team = match builtin_id(path).and_then(|id| builtin::team(&id)) {
            Some(t) => t,
            None => load_team(path),
        }
        .map_err(|e| format!("{}: {e}", path.display()))?;
        let total = team.build_total.unwrap_or(DEFAULT_BUILD_TOTAL);
        let report = check_team(&team, &catalogue, total);
        if !report.is_legal() {
            return Err(format!(
                "{}: the team breaks the team-building rules:\n{}",
                path.display(),
                report.explain(Lang::En)
            ));
        }
        build_total = build_total.max(total);
        teams.push(
            team.to_setup(&catalogue)
                .map_err(|e| format!("{}: {}", path.display(), e.text(Lang::En)))?,
        );
    }
    Ok(Scenario {
        maps: vec![map],
        teams,
        options: Options {
            build_total,
            round_limit: files.round_limit,
            powers: Default::default(),
            theme_teams: false,
        },
        position: None,
        objects: Vec::new(),
        event: None,
    })
}

/// A team of at most `build_total` points drawn at random from `figures`: 1×1 bases only (the
/// game places every figure on one square), each figure on its first starting line, unique
/// figures at most once, until nothing more fits.
///
/// Returns a team with no figure when no figure fits at all.
pub fn random_team(
    name: &str,
    figures: &[Arc<FigureDef>],
    build_total: u32,
    picker: &mut Picker,
) -> TeamSetup {
    let playable: Vec<&Arc<FigureDef>> = figures
        .iter()
        .filter(|f| f.base.width == 1 && f.base.depth == 1 && !f.dial.is_empty())
        .filter(|f| f.points_for_line(0).is_some_and(|p| p > 0))
        .collect();
    let mut left = build_total;
    let mut chosen: Vec<TeamFigure> = Vec::new();
    loop {
        let fits: Vec<&&Arc<FigureDef>> = playable
            .iter()
            .filter(|f| f.points_for_line(0).is_some_and(|p| p <= left))
            .filter(|f| !f.unique || !chosen.iter().any(|c| c.def.id == f.id))
            .collect();
        let Some(def) = picker.choose(&fits) else {
            break;
        };
        left -= def.points_for_line(0).unwrap_or(0);
        chosen.push(TeamFigure {
            def: Arc::clone(def),
            line: 0,
            label: None,
        });
    }
    TeamSetup {
        name: name.to_string(),
        alliance: None,
        figures: chosen,
        tactics: Default::default(),
    }
}
