//! Armies (*Rassemblez et placez votre armée*): a points limit, unique cards at most once,
//! common cards as often as the points allow. Each copy of a common card is its own card in the
//! army (its own figures and wounds), but the copies share their figures: one order marker on any copy
//! gives a turn to one card's worth of them, any of them (*Cartes Armée communes*):
//! [`Army::order_groups`].
//!
//! An army file names its cards by id, a common card once per copy:
//!
//! ```toml
//! name = "Emberfall Host"
//! points = 400
//! cards = ["cinder-drake", "ashgrove-spears", "ashgrove-spears"]
//! ```

use std::fmt;
use std::path::Path;

use serde::{Deserialize, Serialize};
use skirmish_lang::Lang;

use crate::card::{Card, Rarity};

/// An army file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyFile {
    /// The army's name.
    pub name: String,
    /// The scenario's points limit the army was built for.
    pub points: u32,
    /// Card ids, a common card once per copy.
    pub cards: Vec<String>,
}

/// One card of an army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyCard {
    /// The card.
    pub card: Card,
    /// 1 for the first copy of a card, 2 for the second copy of a common card...
    pub copy: u8,
}

/// An army that satisfies the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// Its name.
    pub name: String,
    /// The points limit it was checked against.
    pub limit: u32,
    /// Its cards, in the order given.
    pub cards: Vec<ArmyCard>,
}

/// Why an army breaks the rules (or cannot be read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArmyProblem {
    /// The file cannot be read.
    File {
        /// The file.
        source: String,
        /// Why.
        message: String,
    },
    /// An id that is no known card.
    UnknownCard {
        /// The id.
        id: String,
        /// Its place in `cards`.
        index: usize,
    },
    /// A unique card more than once.
    UniqueTwice {
        /// The card's name.
        name: String,
    },
    /// More points than the limit.
    OverLimit {
        /// Points of the cards.
        total: u32,
        /// The limit.
        limit: u32,
    },
    /// No card at all.
    Empty,
}

impl ArmyProblem {
    /// The problem for players.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (ArmyProblem::File { source, message }, _) => format!("{source}: {message}"),
            (ArmyProblem::UnknownCard { id, index }, Lang::En) => {
                format!("cards[{index}]: no Army Card has the id `{id}`")
            }
            (ArmyProblem::UnknownCard { id, index }, Lang::Fr) => {
                format!("cards[{index}] : aucune carte Armée n'a l'identifiant « {id} »")
            }
            (ArmyProblem::UniqueTwice { name }, Lang::En) => {
                format!("{name} is a unique Army Card: an army may hold it only once")
            }
            (ArmyProblem::UniqueTwice { name }, Lang::Fr) => {
                format!("{name} est une carte Armée unique : une armée ne peut l'avoir qu'une fois")
            }
            (ArmyProblem::OverLimit { total, limit }, Lang::En) => {
                format!("the cards total {total} points, over the scenario's {limit}")
            }
            (ArmyProblem::OverLimit { total, limit }, Lang::Fr) => {
                format!("les cartes totalisent {total} points, plus que les {limit} du scénario")
            }
            (ArmyProblem::Empty, Lang::En) => "the army has no Army Card".into(),
            (ArmyProblem::Empty, Lang::Fr) => "l'armée n'a aucune carte Armée".into(),
        }
    }
}

impl fmt::Display for ArmyProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl Army {
    /// Builds an army of `cards` (looked up by id in `catalogue`) under `limit` points, with
    /// every rule it breaks.
    pub fn build(
        name: &str,
        limit: u32,
        ids: &[String],
        catalogue: &[Card],
    ) -> Result<Army, Vec<ArmyProblem>> {
        let mut problems = Vec::new();
        let mut cards: Vec<ArmyCard> = Vec::new();
        for (index, id) in ids.iter().enumerate() {
            let Some(card) = catalogue.iter().find(|c| c.id == *id) else {
                problems.push(ArmyProblem::UnknownCard {
                    id: id.clone(),
                    index,
                });
                continue;
            };
            let copies = cards.iter().filter(|a| a.card.id == card.id).count();
            if copies > 0 && card.rarity == Rarity::Unique {
                let p = ArmyProblem::UniqueTwice {
                    name: card.name.clone(),
                };
                if !problems.contains(&p) {
                    problems.push(p);
                }
                continue;
            }
            cards.push(ArmyCard {
                card: card.clone(),
                copy: u8::try_from(copies + 1).unwrap_or(u8::MAX),
            });
        }
        let army = Army {
            name: name.to_string(),
            limit,
            cards,
        };
        if ids.is_empty() {
            problems.push(ArmyProblem::Empty);
        }
        let total = army.points();
        if total > limit {
            problems.push(ArmyProblem::OverLimit { total, limit });
        }
        if problems.is_empty() {
            Ok(army)
        } else {
            Err(problems)
        }
    }

    /// Builds the army an army file describes.
    pub fn from_file(file: &ArmyFile, catalogue: &[Card]) -> Result<Army, Vec<ArmyProblem>> {
        Army::build(&file.name, file.points, &file.cards, catalogue)
    }

    /// Reads and builds an army file's text; `source` names it in errors.
    pub fn from_toml(
        text: &str,
        source: &str,
        catalogue: &[Card],
    ) -> Result<Army, Vec<ArmyProblem>> {
        let file: ArmyFile = toml::from_str(text).map_err(|e| {
            vec![ArmyProblem::File {
                source: source.to_string(),
                message: e.message().to_string(),
            }]
        })?;
        Army::from_file(&file, catalogue)
    }

    /// Reads an army file.
    pub fn load(path: &Path, catalogue: &[Card]) -> Result<Army, Vec<ArmyProblem>> {
        let source = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| {
            vec![ArmyProblem::File {
                source: source.clone(),
                message: e.to_string(),
            }]
        })?;
        Army::from_toml(&text, &source, catalogue)
    }

    /// The points of its cards (*Comptez les points* counts the same values).
    pub fn points(&self) -> u32 {
        self.cards.iter().map(|a| a.card.points).sum()
    }

    /// Figures it brings to the battlefield.
    pub fn figures(&self) -> u32 {
        self.cards.iter().map(|a| u32::from(a.card.figures)).sum()
    }

    /// The cards whose figures one order marker draws on, as indices into `cards`: each unique
    /// card alone, every copy of a common card together (one card's worth of them acts).
    pub fn order_groups(&self) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (i, a) in self.cards.iter().enumerate() {
            let same = groups
                .iter_mut()
                .find(|g| a.card.rarity == Rarity::Common && self.cards[g[0]].card.id == a.card.id);
            match same {
                Some(g) => g.push(i),
                None => groups.push(vec![i]),
            }
        }
        groups
    }
}

/// The original sample armies built into the program (`content/heroscape/armies`): file name
/// and text.
pub const SAMPLE_ARMIES: [(&str, &str); 2] = [
    (
        "emberfall-host.toml",
        include_str!("../../../content/heroscape/armies/emberfall-host.toml"),
    ),
    (
        "greywatch-company.toml",
        include_str!("../../../content/heroscape/armies/greywatch-company.toml"),
    ),
];

/// The original sample armies, built from the sample cards.
pub fn sample_armies() -> Vec<Army> {
    let cards = crate::card::sample_cards();
    SAMPLE_ARMIES
        .iter()
        .map(|(file, text)| {
            let source = format!("content/heroscape/armies/{file}");
            Army::from_toml(text, &source, &cards).unwrap_or_else(|p| {
                let why: Vec<String> = p.iter().map(|p| p.to_string()).collect();
                panic!("a built-in army is broken: {source}: {}", why.join("; "))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::sample_cards;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn unique_once_common_as_often_as_the_points_allow() {
        let cat = sample_cards();
        let common = cat
            .iter()
            .find(|c| c.rarity == Rarity::Common)
            .expect("a common sample card");
        let unique = cat
            .iter()
            .find(|c| c.rarity == Rarity::Unique)
            .expect("a unique sample card");
        let army = Army::build(
            "test",
            10_000,
            &ids(&[&common.id, &unique.id, &common.id]),
            &cat,
        )
        .expect("two copies of a common card are allowed");
        assert_eq!(
            army.cards.iter().map(|a| a.copy).collect::<Vec<_>>(),
            [1, 1, 2]
        );
        assert_eq!(army.points(), 2 * common.points + unique.points);
        assert_eq!(army.order_groups(), vec![vec![0, 2], vec![1]]);

        let twice = Army::build("test", 10_000, &ids(&[&unique.id, &unique.id]), &cat).unwrap_err();
        assert_eq!(
            twice,
            vec![ArmyProblem::UniqueTwice {
                name: unique.name.clone()
            }]
        );
        assert!(twice[0].text(Lang::Fr).contains("unique"));
    }

    #[test]
    fn over_the_limit_and_unknown_ids_are_explained() {
        let cat = sample_cards();
        let unique = cat
            .iter()
            .find(|c| c.rarity == Rarity::Unique)
            .expect("a unique card");
        let limit = unique.points - 1;
        let problems = Army::build("test", limit, &ids(&[&unique.id, "nobody"]), &cat).unwrap_err();
        assert_eq!(
            problems,
            vec![
                ArmyProblem::UnknownCard {
                    id: "nobody".into(),
                    index: 1
                },
                ArmyProblem::OverLimit {
                    total: unique.points,
                    limit
                }
            ]
        );
        assert_eq!(
            problems[1].text(Lang::Fr),
            format!(
                "les cartes totalisent {} points, plus que les {limit} du scénario",
                unique.points
            )
        );
        assert_eq!(
            Army::build("e", 400, &[], &cat).unwrap_err(),
            vec![ArmyProblem::Empty]
        );
    }

    #[test]
    fn the_sample_armies_are_400_points() {
        let armies = sample_armies();
        assert_eq!(armies.len(), 2);
        for a in &armies {
            assert_eq!((a.limit, a.points()), (400, 400), "{}", a.name);
        }
        let greywatch = &armies[1];
        // two copies of the common Fenmarsh Longbows, activated by one order marker
        assert_eq!(
            greywatch.order_groups(),
            vec![vec![0], vec![1, 2], vec![3], vec![4]]
        );
        assert_eq!(greywatch.figures(), 1 + 3 + 3 + 1 + 3);
    }

    #[test]
    fn a_broken_army_file_names_itself() {
        let p = Army::from_toml("name = 3", "bad.toml", &sample_cards()).unwrap_err();
        assert!(p[0].text(Lang::En).starts_with("bad.toml: "), "{}", p[0]);
    }
}
