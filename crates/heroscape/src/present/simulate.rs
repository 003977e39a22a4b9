//! What the matchup simulator asks of HeroScape: armies named on a command line or a form (a
//! sample or catalogue army's id, a comma list of card ids, or a file listing card ids) and
//! which figures destroyed the enemy's points (*COMPTEZ LES POINTS*: the points a side loses
//! are those of its destroyed figures).

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use skirmish_engine::Game;
use skirmish_lang::Lang;
use skirmish_platform::{clip, FigureScore, Problem, TeamArg, TeamChoice};

use super::content::Content;
use super::setup::{armies, DEFAULT_POINTS};
use crate::game::{Event, HeroScape};

/// The most armies a game seats (`army_1` … `army_4`).
const MAX_ARMIES: usize = 4;

/// The `army_N` fields (and `players`) seating `teams` in order; each army is checked on its
/// own so that the error names the one that is wrong.
pub(crate) fn teams_fields(
    content: &Content,
    teams: &[TeamArg],
    lang: Lang,
) -> Result<Map<String, Value>, Problem> {
    if !(2..=MAX_ARMIES).contains(&teams.len()) {
        return Err(Problem::new(
            "bad-team",
            match lang {
                Lang::En => format!("a game seats 2 to 4 armies ({} given)", teams.len()),
                Lang::Fr => format!("une partie réunit 2 à 4 armées ({} données)", teams.len()),
            },
        ));
    }
    let known = armies(content, DEFAULT_POINTS);
    let mut fields = Map::new();
    for (i, team) in teams.iter().enumerate() {
        let words = match team {
            TeamArg::Text(t) => t.trim().to_string(),
            // A file lists card ids, separated by commas, spaces or lines.
            TeamArg::File { text, .. } => text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(","),
        };
        let value =
            if matches!(team, TeamArg::Text(_)) && known.iter().any(|(id, _, _)| *id == words) {
                json!(words)
            } else {
                let ids: Vec<&str> = words
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .collect();
                if let Some(bad) = ids.iter().find(|id| content.card(id).is_none()) {
                    let list: Vec<&str> = known.iter().map(|(id, _, _)| id.as_str()).collect();
                    let why = match lang {
                        Lang::En => format!(
                        "no army and no army card '{}' (the armies are: {}; an army may also be \
                         card ids separated by commas)",
                        clip(bad, 60),
                        list.join(", ")
                    ),
                        Lang::Fr => format!(
                        "ni armée ni carte d'armée « {} » (les armées sont : {} ; une armée peut \
                         aussi être des identifiants de cartes séparés par des virgules)",
                        clip(bad, 60),
                        list.join(", ")
                    ),
                    };
                    return Err(bad_team(team, &why, lang));
                }
                if ids.is_empty() {
                    let why = lang.pick(
                        "an army needs at least one card",
                        "une armée demande au moins une carte",
                    );
                    return Err(bad_team(team, why, lang));
                }
                json!(ids)
            };
        fields.insert(format!("army_{}", i + 1), value);
    }
    fields.insert("players".into(), json!(teams.len()));
    Ok(fields)
}

/// The problem naming an army that cannot be read.
fn bad_team(team: &TeamArg, why: &str, lang: Lang) -> Problem {
    let label = clip(team.label(), 60);
    Problem::new(
        "bad-team",
        match lang {
            Lang::En => format!("army '{label}': {why}"),
            Lang::Fr => format!("armée « {label} » : {why}"),
        },
    )
}

/// The sample and catalogue armies.
pub(crate) fn team_choices(content: &Content) -> Vec<TeamChoice> {
    armies(content, DEFAULT_POINTS)
        .into_iter()
        .map(|(id, name, _)| TeamChoice { id, name })
        .collect()
}

/// The points of every destroyed figure (its card's points shared among the card's figures),
/// credited to the enemy that attacked it last in the step that destroyed it: a normal attack,
/// a special attack or the swipe at a figure leaving an engagement. Figures destroyed by a
/// fall or a glyph are nobody's.
pub(crate) fn figure_scores(game: &Game<HeroScape>) -> Vec<FigureScore> {
    let state = game.state();
    let mut points: HashMap<u32, f64> = HashMap::new();
    for step in game.steps() {
        let mut hit_by: HashMap<u32, u32> = HashMap::new();
        for event in &step.events {
            match event {
                Event::Attacked {
                    attacker, target, ..
                } => {
                    hit_by.insert(*target, *attacker);
                }
                Event::SpecialAttacked { attacker, hits, .. } => {
                    for h in hits {
                        hit_by.insert(h.figure, *attacker);
                    }
                }
                Event::LeftEngagement { figure, enemy, .. } => {
                    hit_by.insert(*figure, *enemy);
                }
                Event::Destroyed { figure } => {
                    let (Some(victim), Some(by)) = (
                        state.figure(*figure),
                        hit_by.get(figure).and_then(|b| state.figure(*b)),
                    ) else {
                        continue;
                    };
                    if victim.owner == by.owner {
                        continue;
                    }
                    if let Some(unit) = state.unit(victim.unit) {
                        let share =
                            f64::from(unit.card.points) / f64::from(unit.card.figures.max(1));
                        *points.entry(by.id).or_default() += share;
                    }
                }
                _ => {}
            }
        }
    }
    let mut out: Vec<FigureScore> = points
        .into_iter()
        .filter_map(|(id, p)| {
            let f = state.figure(id)?;
            Some(FigureScore {
                seat: f.owner,
                name: state.unit(f.unit)?.card.name.clone(),
                points: p,
            })
        })
        .collect();
    out.sort_by(|a, b| (a.seat, &a.name).cmp(&(b.seat, &b.name)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use skirmish_platform::Presentation;

    #[test]
    fn armies_are_ids_or_card_lists_and_a_bad_one_is_named() {
        let p = super::super::HeroScapePresentation::default();
        let choices = p.team_choices(Lang::En);
        assert!(choices.len() >= 2);
        let cards: Vec<String> = p
            .content
            .cards()
            .iter()
            .take(2)
            .map(|c| c.id.clone())
            .collect();
        let fields = p
            .teams_fields(
                &[
                    TeamArg::Text(choices[1].id.clone()),
                    TeamArg::File {
                        name: "army.txt".into(),
                        text: format!("{}\n{}\n", cards[0], cards[1]),
                    },
                ],
                Lang::En,
            )
            .unwrap();
        assert_eq!(fields["army_1"], json!(choices[1].id));
        assert_eq!(fields["army_2"], json!(cards));
        assert_eq!(fields["players"], json!(2));
        p.setup(&fields, Lang::En).unwrap();

        let err = p
            .teams_fields(
                &[
                    TeamArg::Text(choices[0].id.clone()),
                    TeamArg::Text("nobody".into()),
                ],
                Lang::En,
            )
            .unwrap_err();
        assert!(err.message.starts_with("army 'nobody':"), "{}", err.message);
        assert!(err.message.contains(&choices[0].id), "{}", err.message);
        let one = p
            .teams_fields(&[TeamArg::Text("x".into())], Lang::Fr)
            .unwrap_err();
        assert!(one.message.contains("2 à 4"), "{}", one.message);
    }
}
