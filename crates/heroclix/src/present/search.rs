//! Finding figures in a large catalogue (`GET /api/content/search`): thousands of imported
//! figures are too many to send whole with the content, so the team builder asks for the ones
//! matching what the player types and picks — name, set, keyword, team ability, power, points.

use std::collections::{BTreeMap, BTreeSet};

use super::catalogue::msg;
use serde_json::{json, Value};
use skirmish_lang::Lang;
use skirmish_platform::{clip, Problem};

use super::content::Content;
use crate::figure::FigureDef;

/// A catalogue up to this size is sent whole with the content; a larger one is searched.
pub const INLINE_FIGURES: usize = 400;
/// The most figures one search answers with.
pub const MAX_PAGE: usize = 100;
/// The answer's size when the query does not say.
const DEFAULT_PAGE: usize = 40;

/// What a search asks for; every given criterion must hold.
#[derive(Debug, Default)]
struct Query {
    /// Words that must all appear in the name, the id or the set (case and accents ignored).
    words: Vec<String>,
    set: Option<String>,
    keyword: Option<String>,
    team: Option<String>,
    power: Option<String>,
    points_min: Option<u32>,
    points_max: Option<u32>,
    offset: usize,
    limit: usize,
}

/// Lower case without accents, so that "eclair" finds "Éclair".
fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'â' | 'ä' | 'á' | 'ã' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' | 'í' => 'i',
            'ô' | 'ö' | 'ó' | 'õ' => 'o',
            'ù' | 'û' | 'ü' | 'ú' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

fn number(
    params: &BTreeMap<String, String>,
    name: &str,
    lang: Lang,
) -> Result<Option<u32>, Problem> {
    match params.get(name).map(|v| v.trim()).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v.parse::<u32>().map(Some).map_err(|_| {
            Problem::new(
                "bad-query",
                msg!(
                    lang,
                    "search.not_a_number",
                    name = name,
                    value = clip(v, 20)
                ),
            )
        }),
    }
}

impl Query {
    fn read(params: &BTreeMap<String, String>, lang: Lang) -> Result<Query, Problem> {
        const KNOWN: [&str; 10] = [
            "ruleset",
            "lang",
            "q",
            "set",
            "keyword",
            "team",
            "power",
            "points_min",
            "points_max",
            "offset",
        ];
        if let Some(unknown) = params
            .keys()
            .find(|k| !KNOWN.contains(&k.as_str()) && k.as_str() != "limit")
        {
            return Err(Problem::new(
                "bad-query",
                msg!(lang, "search.unknown_criterion", name = clip(unknown, 30)),
            ));
        }
        let text = |name: &str| {
            params
                .get(name)
                .map(|v| fold(v.trim()))
                .filter(|v| !v.is_empty())
        };
        Ok(Query {
            words: text("q")
                .map(|q| q.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default(),
            set: text("set"),
            keyword: text("keyword"),
            team: text("team"),
            power: text("power"),
            points_min: number(params, "points_min", lang)?,
            points_max: number(params, "points_max", lang)?,
            offset: number(params, "offset", lang)?.unwrap_or(0) as usize,
            limit: (number(params, "limit", lang)?.unwrap_or(DEFAULT_PAGE as u32) as usize)
                .clamp(1, MAX_PAGE),
        })
    }

    fn matches(&self, f: &FigureDef) -> bool {
        let haystack = || fold(&format!("{} {} {}", f.name, f.id, f.set));
        if !self.words.is_empty() {
            let hay = haystack();
            if !self.words.iter().all(|w| hay.contains(w.as_str())) {
                return false;
            }
        }
        if self.set.as_ref().is_some_and(|s| fold(&f.set) != *s) {
            return false;
        }
        if let Some(k) = &self.keyword {
            if !f.keywords.iter().any(|x| fold(x) == *k) {
                return false;
            }
        }
        if let Some(t) = &self.team {
            if !f.team_abilities.iter().any(|x| fold(x) == *t) {
                return false;
            }
        }
        if let Some(p) = &self.power {
            if !f.dial_powers().iter().any(|x| x.id() == p) {
                return false;
            }
        }
        // Some starting line's cost falls in the range.
        if self.points_min.is_some() || self.points_max.is_some() {
            let lo = self.points_min.unwrap_or(0);
            let hi = self.points_max.unwrap_or(u32::MAX);
            if !f.points.iter().any(|p| (lo..=hi).contains(p)) {
                return false;
            }
        }
        true
    }
}

/// The figures matching `params`, a page of them: `{"total", "offset", "figures": [...]}`, in
/// the catalogue's order (by id).
pub fn search(
    content: &Content,
    params: &BTreeMap<String, String>,
    lang: Lang,
) -> Result<Value, Problem> {
    let query = Query::read(params, lang)?;
    let mut total = 0usize;
    let mut page: Vec<&FigureDef> = Vec::new();
    for f in content.catalogue.figures() {
        if !query.matches(f) {
            continue;
        }
        if total >= query.offset && page.len() < query.limit {
            page.push(f);
        }
        total += 1;
    }
    Ok(json!({ "total": total, "offset": query.offset, "figures": page }))
}

/// What the builder's filters offer: every set, keyword, team ability and dial power with the
/// number of figures carrying it, and the catalogue's size.
pub fn filters(content: &Content) -> Value {
    let mut sets: BTreeMap<&str, usize> = BTreeMap::new();
    let mut keywords: BTreeMap<&str, usize> = BTreeMap::new();
    let mut teams: BTreeMap<&str, usize> = BTreeMap::new();
    let mut powers: BTreeMap<String, usize> = BTreeMap::new();
    for f in content.catalogue.figures() {
        *sets.entry(f.set.as_str()).or_default() += 1;
        let unique: BTreeSet<&str> = f.keywords.iter().map(String::as_str).collect();
        for k in unique {
            *keywords.entry(k).or_default() += 1;
        }
        for t in &f.team_abilities {
            *teams.entry(t.as_str()).or_default() += 1;
        }
        for p in f.dial_powers() {
            *powers.entry(p.id().to_string()).or_default() += 1;
        }
    }
    json!({
        "total": content.catalogue.figures().len(),
        "sets": sets,
        "keywords": keywords,
        "teams": teams,
        "powers": powers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect()
    }

    #[test]
    fn words_criteria_and_pages_narrow_the_starter_set() {
        let c = Content::embedded().unwrap();
        let all = search(&c, &params(&[]), Lang::En).unwrap();
        let total = all["total"].as_u64().unwrap();
        assert_eq!(total as usize, c.catalogue.figures().len());
        assert_eq!(
            all["figures"].as_array().unwrap().len(),
            DEFAULT_PAGE.min(total as usize)
        );

        let first = &c.catalogue.figures()[0];
        let word = first.name.split_whitespace().next().unwrap().to_uppercase();
        let by_name = search(&c, &params(&[("q", &word)]), Lang::En).unwrap();
        assert!(by_name["figures"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["id"] == first.id.as_str()));

        let cheap = search(&c, &params(&[("points_max", "20")]), Lang::En).unwrap();
        for f in cheap["figures"].as_array().unwrap() {
            let points: Vec<u64> = f["points"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(Value::as_u64)
                .collect();
            assert!(points.iter().any(|p| *p <= 20), "{f}");
        }

        let second_page =
            search(&c, &params(&[("offset", "1"), ("limit", "1")]), Lang::En).unwrap();
        assert_eq!(
            second_page["figures"][0]["id"],
            c.catalogue.figures()[1].id.as_str()
        );
    }

    #[test]
    fn a_bad_criterion_is_named() {
        let c = Content::embedded().unwrap();
        let e = search(&c, &params(&[("points_min", "lots")]), Lang::En).unwrap_err();
        assert!(e.message.contains("points_min"), "{}", e.message);
        let e = search(&c, &params(&[("colour", "red")]), Lang::Fr).unwrap_err();
        assert!(e.message.contains("colour"), "{}", e.message);
    }

    #[test]
    fn accents_and_case_are_ignored() {
        assert_eq!(fold("Éclair Ça"), "eclair ca");
    }
}
