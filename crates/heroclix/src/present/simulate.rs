//! What the matchup simulator asks of HeroClix: teams named on a command line or a form
//! (a team id, a team file, a comma list of figure ids) and which figures scored the victory
//! points of a game (rulebook *Déterminer les points de victoire*).

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use skirmish_engine::AnyGame;
use skirmish_lang::Lang;
use skirmish_platform::{FigureScore, Problem, TeamArg, TeamChoice};

use super::content::{clip, Content};
use crate::game::Event;
use skirmish_board::FigureId;

/// The `teams` field seating `teams` in order; each team is checked on its own so that the
/// error names the one that is wrong.
pub(crate) fn teams_fields(
    content: &Content,
    teams: &[TeamArg],
    lang: Lang,
) -> Result<Map<String, Value>, Problem> {
    let mut specs = Vec::new();
    for team in teams {
        let spec = match team {
            TeamArg::File { text, .. } => json!({ "toml": text }),
            TeamArg::Text(t) if content.teams.contains_key(t.trim()) => json!(t.trim()),
            TeamArg::Text(t) if t.contains(',') || content.catalogue.get(t.trim()).is_some() => {
                let ids: Vec<&str> = t
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .collect();
                if let Some(bad) = ids.iter().find(|id| content.catalogue.get(id).is_none()) {
                    return Err(bad_team(team, &format!("no figure '{}'", clip(bad)), lang));
                }
                json!({ "name": t.trim(), "figures": ids })
            }
            TeamArg::Text(_) => {
                let known: Vec<&str> = content.teams.keys().map(String::as_str).collect();
                let why = match lang {
                    Lang::En => format!(
                        "neither a team nor a figure id (the teams are: {}; a team may also be \
                         a team file or figure ids separated by commas)",
                        known.join(", ")
                    ),
                    Lang::Fr => format!(
                        "ni une équipe ni un identifiant de personnage (les équipes sont : {} ; \
                         une équipe peut aussi être un fichier d'équipe ou des identifiants de \
                         personnages séparés par des virgules)",
                        known.join(", ")
                    ),
                };
                return Err(bad_team(team, &why, lang));
            }
        };
        content
            .team_from_request(&spec)
            .map_err(|p| bad_team(team, &p.message, lang))?;
        specs.push(spec);
    }
    let mut fields = Map::new();
    fields.insert("teams".into(), Value::Array(specs));
    Ok(fields)
}

/// The problem naming a team that cannot be read.
fn bad_team(team: &TeamArg, why: &str, lang: Lang) -> Problem {
    let label = skirmish_platform::clip(team.label(), 60);
    Problem::new(
        "bad-team",
        match lang {
            Lang::En => format!("team '{label}': {why}"),
            Lang::Fr => format!("équipe « {label} » : {why}"),
        },
    )
}

/// The content's teams.
pub(crate) fn team_choices(content: &Content) -> Vec<TeamChoice> {
    content
        .teams
        .iter()
        .map(|(id, t)| TeamChoice {
            id: id.clone(),
            name: t.name.clone(),
        })
        .collect()
}

/// Who scored the points of each knocked-out figure and released captive: the attacker of
/// the step's last attack roll when it is on the scoring side, else the figure that last hit
/// the one knocked out (a figure knocked out by its own side's damage, Poison...). Points
/// scored without a figure (objects, feats) are nobody's here.
pub(crate) fn figure_scores(
    game: &skirmish_engine::Game<crate::game::HeroClix>,
) -> Vec<FigureScore> {
    let state = game.state();
    let mut points: HashMap<FigureId, f64> = HashMap::new();
    for step in game.steps() {
        let mut attacker: Option<FigureId> = None;
        for event in &step.events {
            match event {
                Event::AttackRoll { attacker: a, .. } => attacker = Some(*a),
                Event::KnockedOut {
                    figure,
                    scored_by: Some(seat),
                    points: p,
                    ..
                } => {
                    let on_side = |id: &FigureId| {
                        state.fig(*id).is_some_and(|f| state.allied(f.owner, *seat))
                    };
                    let by = attacker.filter(on_side).or_else(|| {
                        state
                            .fig(*figure)
                            .and_then(|f| f.last_hit_by)
                            .filter(on_side)
                    });
                    if let Some(by) = by {
                        *points.entry(by).or_default() += f64::from(*p);
                    }
                }
                Event::CaptiveReleased {
                    figure, points: p, ..
                } => *points.entry(*figure).or_default() += f64::from(*p),
                _ => {}
            }
        }
    }
    let mut out: Vec<FigureScore> = points
        .into_iter()
        .filter_map(|(id, p)| {
            let f = state.fig(id)?;
            Some(FigureScore {
                seat: f.owner,
                name: f.def.name.clone(),
                points: p,
            })
        })
        .collect();
    out.sort_by(|a, b| (a.seat, &a.name).cmp(&(b.seat, &b.name)));
    out
}

/// The figure scores of a dynamic game, empty for another ruleset's.
pub(crate) fn figure_scores_any(game: &dyn AnyGame) -> Vec<FigureScore> {
    super::downcast(game).map_or_else(Vec::new, figure_scores)
}

#[cfg(test)]
mod tests {
    use super::*;
    use skirmish_platform::Presentation;

    fn present() -> super::super::HeroClixPresentation {
        super::super::HeroClixPresentation::embedded().unwrap()
    }

    #[test]
    fn teams_are_ids_files_or_figure_lists_and_a_bad_one_is_named() {
        let p = present();
        let file = TeamArg::File {
            name: "mine.toml".into(),
            text: "name = \"Mine\"\n[[figure]]\nid = \"sk016\"\n".into(),
        };
        let fields = p
            .teams_fields(&[TeamArg::Text("wardens".into()), file], Lang::En)
            .unwrap();
        assert_eq!(fields["teams"][0], json!("wardens"));
        assert!(fields["teams"][1]["toml"]
            .as_str()
            .unwrap()
            .contains("Mine"));
        p.setup(&fields, Lang::En).unwrap();

        let list = p
            .teams_fields(&[TeamArg::Text("sk016, sk016".into())], Lang::En)
            .unwrap();
        assert_eq!(list["teams"][0]["figures"], json!(["sk016", "sk016"]));

        let err = p
            .teams_fields(
                &[
                    TeamArg::Text("wardens".into()),
                    TeamArg::Text("nobody".into()),
                ],
                Lang::En,
            )
            .unwrap_err();
        assert!(err.message.starts_with("team 'nobody':"), "{}", err.message);
        assert!(err.message.contains("ravagers"), "{}", err.message);
        let err = p
            .teams_fields(&[TeamArg::Text("sk016,zz999".into())], Lang::Fr)
            .unwrap_err();
        assert!(err.message.contains("zz999"), "{}", err.message);
        assert!(err.message.starts_with("équipe"), "{}", err.message);
        assert!(p.team_choices(Lang::En).iter().any(|t| t.id == "ravagers"));
    }
}
