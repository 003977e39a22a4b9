//! A new game's set-up as the page and the terminal ask for it: the battlefield (built in or
//! read from the user's files), the players and sides, and the armies — pre-built (*Utiliser
//! une armée pré-constituée*: a sample army, an army built from the catalogue, or a list of
//! card ids) or drafted (*Constituer son armée en « Draft »*) from a pool within a points
//! limit. A battlefield whose start zones cannot hold the armies is refused, saying which zone
//! and how many hexes; one that marks no start zone gets zones at its edges
//! ([`crate::battlefield::zones`]).

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value};
use skirmish_lang::Lang;
use skirmish_platform::{clip, Problem};

use crate::battlefield::Battlefield;
use crate::card::Card;
use crate::game::drafting::DraftSetup;
use crate::game::{Options, PlayerSetup, Scenario};

use super::content::Content;
use super::samples;
use super::{DEFAULT_ARMIES, DEFAULT_BATTLEFIELD, DEFAULT_ROUNDS};

/// The default points limit (*le nombre de points*; the rulebook's example battle is 400).
pub const DEFAULT_POINTS: u32 = 400;

/// Hexes each start zone gets when a battlefield marks none and the armies are drafted (their
/// size is not known yet).
pub const DRAFT_ZONE_HEXES: usize = 16;

/// An army as a set-up names it: an army's id, or its cards' ids.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum ArmyChoice {
    /// A sample or catalogue army.
    Id(String),
    /// Card ids, a common card once per copy.
    Cards(Vec<String>),
}

/// The set-up fields of a create request.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SetupFields {
    #[serde(default)]
    battlefield: Option<String>,
    #[serde(default)]
    players: Option<u8>,
    /// `prebuilt` (the default) or `draft`. (`mode` is the server's: bot, friend, hotseat.)
    #[serde(default)]
    army_mode: Option<String>,
    #[serde(default)]
    army_1: Option<ArmyChoice>,
    #[serde(default)]
    army_2: Option<ArmyChoice>,
    #[serde(default)]
    army_3: Option<ArmyChoice>,
    #[serde(default)]
    army_4: Option<ArmyChoice>,
    /// Points per player: the draft's budget, and the most a pre-built army may cost.
    #[serde(default)]
    points: Option<u32>,
    /// The draft's cards: `samples` or `catalogue`.
    #[serde(default)]
    pool: Option<String>,
    /// `free_for_all` or `teams` (two against two).
    #[serde(default)]
    teams: Option<String>,
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    markers_in_d20_order: Option<bool>,
}

fn bad(message: impl Into<String>) -> Problem {
    Problem::new("bad-setup", message)
}

/// Every army a pre-built game may take: the samples, then those built from the catalogue.
pub(crate) fn armies(content: &Content, points: u32) -> Vec<(String, String, Vec<Card>)> {
    let mut out = samples::armies();
    out.extend(content.catalogue_armies(points));
    out
}

/// The army of player `i` (0-based) as chosen.
fn army_of(
    content: &Content,
    i: usize,
    choice: Option<&ArmyChoice>,
    points: u32,
) -> Result<(String, Vec<Card>), Problem> {
    let field = format!("army_{}", i + 1);
    let (name, cards) = match choice {
        None => samples::army(DEFAULT_ARMIES[i]).ok_or_else(|| bad("no default army"))?,
        Some(ArmyChoice::Id(id)) => armies(content, points)
            .into_iter()
            .find(|(a, _, _)| a == id)
            .map(|(_, name, cards)| (name, cards))
            .ok_or_else(|| {
                Problem::new(
                    "unknown-army",
                    format!(
                        "{field}: unknown army '{}'; there are: {}",
                        clip(id, 40),
                        armies(content, points)
                            .into_iter()
                            .map(|(id, _, _)| id)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?,
        Some(ArmyChoice::Cards(ids)) => {
            if ids.is_empty() {
                return Err(bad(format!("{field}: an army needs at least one card")));
            }
            let mut cards = Vec::new();
            for (k, id) in ids.iter().enumerate() {
                let card = content.card(id).ok_or_else(|| {
                    Problem::new(
                        "unknown-card",
                        format!("{field}[{k}]: no army card '{}'", clip(id, 60)),
                    )
                })?;
                cards.push(card.clone());
            }
            (format!("Army {}", i + 1), cards)
        }
    };
    let total: u32 = cards.iter().map(|c| c.points).sum();
    if total > points {
        return Err(bad(format!(
            "{field}: {name} costs {total} points, more than the {points} allowed (points)"
        )));
    }
    Ok((name, cards))
}

/// Hexes of start zone `zone` a figure may be placed on: a footing, no glyph.
fn usable(field: &Battlefield, zone: u8) -> usize {
    let glyphs: Vec<_> = field.glyphs().iter().map(|g| g.hex).collect();
    field
        .start_zone(zone)
        .filter(|h| !glyphs.contains(h))
        .filter(|h| field.column(*h).and_then(|c| c.top_footing()).is_some())
        .count()
}

/// Hexes an army's figures cover (a double-space figure two).
fn hexes_needed(cards: &[Card]) -> usize {
    cards
        .iter()
        .map(|c| usize::from(c.figures) * usize::from(c.base.clamp(1, 2)))
        .sum()
}

/// Reads the set-up fields into a scenario and the seats' names.
pub(crate) fn scenario(
    content: &Content,
    f: SetupFields,
) -> Result<(Scenario, Vec<String>), Problem> {
    let field_id = f.battlefield.as_deref().unwrap_or(DEFAULT_BATTLEFIELD);
    let entry = content.battlefield(field_id).ok_or_else(|| {
        Problem::new(
            "unknown-battlefield",
            format!(
                "battlefield: unknown battlefield '{}'; there are: {}",
                clip(field_id, 40),
                content
                    .battlefields
                    .iter()
                    .map(|b| b.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })?;
    let players = f.players.unwrap_or(2);
    if !(2..=4).contains(&players) {
        return Err(bad("players: 2 to 4"));
    }
    let teams = match f.teams.as_deref().unwrap_or("free_for_all") {
        "free_for_all" => false,
        "teams" if players == 4 => true,
        "teams" => return Err(bad("teams: two against two needs 4 players")),
        other => {
            return Err(bad(format!(
                "teams: free_for_all or teams, not '{}'",
                clip(other, 40)
            )))
        }
    };
    let draft = match f.army_mode.as_deref().unwrap_or("prebuilt") {
        "prebuilt" => false,
        "draft" => true,
        other => {
            return Err(bad(format!(
                "army_mode: prebuilt or draft, not '{}'",
                clip(other, 40)
            )))
        }
    };
    let points = f.points.unwrap_or(DEFAULT_POINTS);
    if !(10..=5000).contains(&points) {
        return Err(bad("points: 10 to 5000"));
    }
    let rounds = f.rounds.unwrap_or(DEFAULT_ROUNDS);
    if !(1..=99).contains(&rounds) {
        return Err(bad("rounds: 1 to 99"));
    }
    let chosen = [&f.army_1, &f.army_2, &f.army_3, &f.army_4];
    let mut setups = Vec::new();
    for (i, wanted) in chosen.iter().enumerate().take(usize::from(players)) {
        let team = if teams {
            (i % 2) as u8 + 1
        } else {
            i as u8 + 1
        };
        if draft {
            setups.push(PlayerSetup {
                name: format!("Player {}", i + 1),
                team,
                army: Vec::new(),
            });
            continue;
        }
        let (name, army) = army_of(content, i, wanted.as_ref(), points)?;
        setups.push(PlayerSetup { name, team, army });
    }
    let sides = if teams { 2 } else { players };
    // What each side's zone must hold: its armies' hexes, or one hex per player in a draft.
    let needs: Vec<usize> = (1..=sides)
        .map(|side| {
            setups
                .iter()
                .filter(|p| p.team == side)
                .map(|p| if draft { 1 } else { hexes_needed(&p.army) })
                .sum()
        })
        .collect();
    let field = if entry.field.start_zone_count() == 0 {
        let size = if draft {
            DRAFT_ZONE_HEXES
        } else {
            needs.iter().copied().max().unwrap_or(1).max(8)
        };
        crate::battlefield::zones::derive(&entry.field, sides, size)
            .map_err(|e| bad(format!("battlefield: {e}")))?
    } else {
        (*entry.field).clone()
    };
    if field.start_zone_count() < sides {
        return Err(bad(format!(
            "battlefield '{}': it has {} start zone(s) and this game has {sides} sides; choose \
             fewer players (or two teams) or another battlefield",
            entry.name,
            field.start_zone_count()
        )));
    }
    for (side, need) in (1..=sides).zip(&needs) {
        let room = usable(&field, side);
        if room < *need {
            let who: Vec<&str> = setups
                .iter()
                .filter(|p| p.team == side)
                .map(|p| p.name.as_str())
                .collect();
            return Err(bad(format!(
                "battlefield '{}': start zone {side} has {room} free hex(es) and {} need(s) {need}; \
                 choose smaller armies or another battlefield",
                entry.name,
                who.join(" and ")
            )));
        }
    }
    let names = setups.iter().map(|p| p.name.clone()).collect();
    let draft = if draft {
        let pool =
            match f.pool.as_deref().unwrap_or("samples") {
                "samples" => Content::pool(&content.sample_cards),
                "catalogue" if !content.catalogue.is_empty() => Content::pool(&content.catalogue),
                "catalogue" => return Err(bad(
                    "pool: no card catalogue was given to the program (skirmish serve --content \
                     heroscape-cards.json)",
                )),
                other => {
                    return Err(bad(format!(
                        "pool: samples or catalogue, not '{}'",
                        clip(other, 40)
                    )))
                }
            };
        Some(DraftSetup { points, pool })
    } else {
        None
    };
    Ok((
        Scenario {
            battlefield: Arc::new(field),
            players: setups,
            rounds,
            options: Options {
                markers_in_d20_order: f.markers_in_d20_order.unwrap_or(false),
                ..Default::default()
            },
            draft,
        },
        names,
    ))
}

/// The content and set-up fields the page's new-game form shows.
pub(crate) fn content_json(content: &Content, lang: Lang) -> Value {
    let armies: Vec<Value> = armies(content, DEFAULT_POINTS)
        .into_iter()
        .map(|(id, name, cards)| {
            let points: u32 = cards.iter().map(|c| c.points).sum();
            // A catalogue army is built when the game is made, to the points chosen then: its
            // label cannot promise the points of the default limit.
            let name = if let Some(general) = id
                .strip_prefix("catalogue-")
                .and(name.rsplit_once(" (").map(|(g, _)| g))
            {
                match lang {
                    Lang::En => format!("{general}: the catalogue's cards, to the points per army"),
                    Lang::Fr => {
                        format!("{general} : les cartes du catalogue, selon les points par armée")
                    }
                }
            } else if name.ends_with(')') {
                name
            } else {
                format!("{name} ({points})")
            };
            json!({
                "id": id,
                "name": name,
                "points": points,
                "cards": cards.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let fields: Vec<Value> = content
        .battlefields
        .iter()
        .map(|b| {
            let zones = b.field.start_zone_count();
            let label = if zones == 0 {
                lang.pick(
                    "no start zones: zones at its edges",
                    "sans zone de départ : zones sur ses bords",
                )
                .to_string()
            } else {
                match lang {
                    Lang::En => format!("{zones} start zones: up to {} players", zones.min(4)),
                    Lang::Fr => {
                        format!("{zones} zones de départ : jusqu'à {} joueurs", zones.min(4))
                    }
                }
            };
            json!({
                "id": b.id,
                "name": format!("{} ({label})", b.name),
                "players": zones,
                "hexes": b.field.len(),
                "source": b.source.as_ref().map(|p| p.display().to_string()),
            })
        })
        .collect();
    let army_field = |i: usize, default: &str| {
        json!({
            "field": format!("army_{i}"),
            "kind": "choice",
            "name": format!("{} {i}", lang.pick("Army", "Armée")),
            "choices": armies,
            "default": default,
        })
    };
    let mut pools = vec![json!({
        "id": "samples",
        "name": match lang {
            Lang::En => format!("The sample cards ({})", content.sample_cards.len()),
            Lang::Fr => format!("Les cartes d'exemple ({})", content.sample_cards.len()),
        },
    })];
    if !content.catalogue.is_empty() {
        pools.push(json!({
            "id": "catalogue",
            "name": match lang {
                Lang::En => format!("The card catalogue ({} cards)", content.catalogue.len()),
                Lang::Fr => format!("Le catalogue de cartes ({} cartes)", content.catalogue.len()),
            },
        }));
    }
    let default_pool = if content.catalogue.is_empty() {
        "samples"
    } else {
        "catalogue"
    };
    json!({
        "ruleset": <crate::game::HeroScape as skirmish_engine::Ruleset>::ID,
        "battlefields": fields,
        "armies": armies,
        "catalogue": content.catalogue.len(),
        "setup": [
            {
                "field": "battlefield", "kind": "choice",
                "name": lang.pick("Battlefield", "Champ de bataille"),
                "choices": fields,
                "default": DEFAULT_BATTLEFIELD,
            },
            {
                "field": "players", "kind": "number",
                "name": lang.pick("Players", "Joueurs"),
                "default": 2, "min": 2, "max": 4,
            },
            {
                "field": "army_mode", "kind": "choice",
                "name": lang.pick("Armies", "Armées"),
                "choices": [
                    { "id": "prebuilt", "name": lang.pick("Pre-built armies", "Armées pré-constituées") },
                    { "id": "draft", "name": lang.pick("Draft (pick cards in turn)", "Draft (choisir les cartes à tour de rôle)") },
                ],
                "default": "prebuilt",
            },
            {
                "field": "points", "kind": "number",
                "name": lang.pick("Points per army", "Points par armée"),
                "default": DEFAULT_POINTS, "min": 10, "max": 5000,
            },
            army_field(1, DEFAULT_ARMIES[0]),
            army_field(2, DEFAULT_ARMIES[1]),
            army_field(3, DEFAULT_ARMIES[2]),
            army_field(4, DEFAULT_ARMIES[3]),
            {
                "field": "pool", "kind": "choice",
                "name": lang.pick("Draft: the cards on the table", "Draft : les cartes sur la table"),
                "choices": pools,
                "default": default_pool,
            },
            {
                "field": "teams", "kind": "choice",
                "name": lang.pick("Sides", "Camps"),
                "choices": [
                    { "id": "free_for_all", "name": lang.pick("Every player for themselves", "Chacun pour soi") },
                    { "id": "teams", "name": lang.pick("Two teams of two (4 players)", "Deux équipes de deux (4 joueurs)") },
                ],
                "default": "free_for_all",
            },
            {
                "field": "rounds", "kind": "number",
                "name": lang.pick("Rounds", "Temps de jeu"),
                "default": DEFAULT_ROUNDS, "min": 1, "max": 99,
            },
            {
                "field": "markers_in_d20_order", "kind": "bool",
                "name": lang.pick("Place order markers in d20 order (advanced)", "Poser les marqueurs d'ordre dans l'ordre du d20 (confirmés)"),
                "default": false,
            },
        ],
    })
}
