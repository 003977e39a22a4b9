//! Powers that choose a figure at the start of the game ([`Effect::StartChoice`]) and the
//! sentences naming that chosen figure: a bonded turn with it ([`Effect::ChosenBonding`]), a
//! bonus while it is near ([`Condition::ChosenWithin`]). The chosen figure's title ("Liege",
//! "Lizard King") must be the one the choice gives, on this card.

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::{normalize, Ctx};
use crate::power::{Condition, Count, Effect, Filter, Stat, Who};

const SIZES: [&str; 4] = ["small", "medium", "large", "huge"];

/// The kinds of figures a choice may name, as alternatives: "an archmage, dragon, king, or
/// queen unique hero" (the last alternative's "unique hero" belongs to each), "a unique
/// lizardfolk hero or unique large or huge dragon" ("large or huge" is one alternative's
/// sizes). Each alternative must read.
fn choosable(ctx: &Ctx, phrase: &str) -> Option<Vec<Filter>> {
    let strip = |t: &str| -> String {
        let mut t = t.trim();
        for art in ["or ", "a ", "an "] {
            t = t.strip_prefix(art).unwrap_or(t);
        }
        t.to_string()
    };
    let pieces: Vec<String> = phrase
        .split(", ")
        .flat_map(|p| p.split(" or "))
        .map(strip)
        .filter(|p| !p.is_empty())
        .collect();
    // "unique large" + "huge dragon": sizes joined back into one alternative
    let mut tokens: Vec<String> = Vec::new();
    let mut joining = false;
    for p in pieces {
        match tokens.last_mut() {
            Some(last) if joining => *last = format!("{last} or {p}"),
            _ => tokens.push(p.clone()),
        }
        joining = p.rsplit(' ').next().is_some_and(|w| SIZES.contains(&w));
    }
    if joining {
        return None;
    }
    let noun = |t: &str| {
        t.rsplit(' ')
            .next()
            .is_some_and(|w| matches!(w, "hero" | "heroes" | "figure" | "figures"))
    };
    let last = tokens.last()?.clone();
    // a bare alternative takes the last one's words after its head ("queen unique hero")
    let suffix = last.split_once(' ').map(|(_, s)| s.to_string());
    let mut out = Vec::new();
    for t in &tokens {
        let phrase = match (&suffix, t.contains(' ') || noun(t)) {
            (Some(s), false) if noun(&last) => match s.strip_prefix("unique ") {
                Some(rest) => format!("unique {t} {rest}"),
                None => format!("{t} {s}"),
            },
            _ if t == &last && noun(t) && tokens.len() > 1 && !t.starts_with("unique ") => {
                // "queen unique hero": the same words, "unique" first
                match t.split_once(" unique ") {
                    Some((head, rest)) => format!("unique {head} {rest}"),
                    None => t.clone(),
                }
            }
            _ => t.clone(),
        };
        let f = ctx.lex.filter(&phrase).filter(|f| !f.is_any())?;
        out.push(f);
    }
    Some(out)
}

/// The choice sentence: "at the start of the game, choose KINDS (in your army | you control)
/// to be TITLE", TITLE being "the liege for all scions of icaria you control" or "the
/// greenscale warriors' lizard king" (this card's figures named). The kinds and the title.
fn choice(ctx: &Ctx, text: &str) -> Option<(Vec<Filter>, String)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    static FOR: OnceLock<Regex> = OnceLock::new();
    static OWN: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^at the start of the game, choose (.+?) (?:in your army|you control) to be (?:the )?(.+)$",
    )
    .captures(text)?;
    let role = &m[2];
    let title = if let Some(t) = pattern(&FOR, r"^([a-z' ]+?) for all (.+?) you control$")
        .captures(role)
        .filter(|t| ctx.me.is_self(&t[2]))
    {
        t[1].to_string()
    } else {
        let t = pattern(&OWN, r"^(.+?)'s? ([a-z ]+)$")
            .captures(role)
            .filter(|t| ctx.me.is_self(&t[1]))?;
        t[2].to_string()
    };
    Some((choosable(ctx, &m[1])?, title))
}

/// The title this card's start-of-game choice gives its chosen figure, read from the card's
/// own powers.
fn card_title(ctx: &Ctx) -> Option<String> {
    ctx.card.powers.iter().find_map(|p| {
        let text = normalize(&p.text);
        let first = text.split(". ").next()?;
        choice(ctx, first).map(|(_, t)| t)
    })
}

/// "before taking a turn with X, you may (first) take a turn with their chosen TITLE (if it
/// is still under your control)": the title.
fn chosen_bonding(ctx: &Ctx, text: &str) -> Option<String> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^before taking a turn with (.+?), you may (?:first )?take a turn with their chosen ([a-z ]+?)(?: if it is still under your control)?$",
    )
    .captures(text)?;
    ctx.me.is_self(&m[1]).then(|| m[2].to_string())
}

/// *Cleave to the Mighty*: "at the start of the game, choose an archmage, dragon, king, or
/// queen unique hero you control to be the liege for all scions of icaria you control. before
/// taking a turn with the scions of icaria, you may take a turn with their chosen liege".
pub(super) fn choose_and_bond(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    let (first, second) = text.split_once(". ")?;
    let (choose, title) = choice(ctx, first)?;
    (chosen_bonding(ctx, second)? == title)
        .then_some(vec![Effect::StartChoice { choose }, Effect::ChosenBonding])
}

/// *Lizard King Bonding*: "before taking a turn with the greenscale warriors, you may first take
/// a turn with their chosen lizard king if it is still under your control", the title the
/// card's own choice gives.
pub(super) fn bond_with_chosen(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    let title = chosen_bonding(ctx, text)?;
    (card_title(ctx)? == title).then_some(vec![Effect::ChosenBonding])
}

/// *Loyalty to the Lizard King*: "at the start of the game, choose a unique lizardfolk hero or
/// unique large or huge dragon in your army to be the greenscale warriors' lizard king. a
/// greenscale warrior adds 1 to its attack and defense values while its chosen lizard king is
/// within 2 clear sight spaces".
pub(super) fn choose_and_near(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let (first, second) = text.split_once(". ")?;
    let (choose, title) = choice(ctx, first)?;
    let m = pattern(
        &RE,
        r"^an? (.+?) adds (\d) to its attack and defense values while its chosen ([a-z ]+?) is within (\d+) clear sight spaces$",
    )
    .captures(second)?;
    if !ctx.me.is_self(&m[1]) || m[3] != *title {
        return None;
    }
    let by: i8 = m[2].parse().ok()?;
    let when = vec![Condition::ChosenWithin(m[4].parse().ok()?)];
    let modify = |stat| Effect::Modify {
        stat,
        by,
        who: Who::Bearer,
        filter: Filter::default(),
        when: when.clone(),
    };
    Some(vec![
        Effect::StartChoice { choose },
        modify(Stat::Attack),
        modify(Stat::Defense),
    ])
}

/// *Highland Fury*: "at the start of the game, choose a human champion in your army. while
/// that champion is in play, macdirk warriors increase their attack value by 1 for each wound
/// marker on the chosen hero. macdirk warriors cannot attack their chosen human champion" (the
/// kind chosen named again by its last word and in full).
pub(super) fn choose_and_fury(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static CHOICE: OnceLock<Regex> = OnceLock::new();
    static FURY: OnceLock<Regex> = OnceLock::new();
    static SPARE: OnceLock<Regex> = OnceLock::new();
    let mut sentences = text.split(". ");
    let (first, second, third) = (sentences.next()?, sentences.next()?, sentences.next()?);
    if sentences.next().is_some() {
        return None;
    }
    let kind = pattern(
        &CHOICE,
        r"^at the start of the game, choose an? ([a-z ]+?) in your army$",
    )
    .captures(first)?[1]
        .to_string();
    let choose = choosable(ctx, &kind)?;
    let fury = pattern(
        &FURY,
        r"^while that ([a-z]+) is in play, (.+?) increase their attack value by 1 for each wound marker on the chosen (hero|[a-z]+)$",
    )
    .captures(second)?;
    let last = kind.rsplit(' ').next()?;
    // "that champion", "the chosen hero": the figure chosen
    if !(fury[1] == *last && (fury[3] == *last || &fury[3] == "hero") && ctx.me.is_self(&fury[2])) {
        return None;
    }
    let spare = pattern(&SPARE, r"^(.+?) cannot attack their chosen ([a-z ]+)$").captures(third)?;
    if !(ctx.me.is_self(&spare[1]) && spare[2] == *kind) {
        return None;
    }
    Some(vec![
        Effect::StartChoice { choose },
        Effect::PerCount {
            stat: Stat::Attack,
            count: Count::ChosenWounds,
            max: None,
            when: Vec::new(),
        },
        Effect::SpareChosen,
    ])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use crate::card::{Kind, Rarity, Size};
    use crate::power::{Condition, Count, Effect, Filter, Stat, Who};

    fn unique_hero(species: Option<&str>, class: Option<&str>) -> Filter {
        Filter {
            species: species.map(Into::into),
            class: class.map(Into::into),
            kind: Some(Kind::Hero),
            rarity: Some(Rarity::Unique),
            ..Filter::default()
        }
    }

    #[test]
    fn cleave_to_the_mighty_chooses_a_liege_and_bonds_with_it() {
        let text = "At the start of the game, choose an Archmage, Dragon, King, or Queen Unique Hero you control to be the Liege for all Scions of Icaria you control. Before taking a turn with the Scions of Icaria, you may take a turn with their chosen Liege.";
        let read = read_shared_as("Scions of Icaria", "CLEAVE TO THE MIGHTY", text)
            .expect("Cleave to the Mighty reads");
        assert_eq!(
            read,
            vec![
                Effect::StartChoice {
                    choose: vec![
                        unique_hero(None, Some("Archmage")),
                        unique_hero(Some("Dragon"), None),
                        unique_hero(None, Some("King")),
                        unique_hero(None, Some("Queen")),
                    ]
                },
                Effect::ChosenBonding,
            ]
        );
        // the bonded figure must be the one the choice names
        assert!(read_shared_as(
            "Scions of Icaria",
            "CLEAVE TO THE MIGHTY",
            "At the start of the game, choose an Archmage, Dragon, King, or Queen Unique Hero you control to be the Liege for all Scions of Icaria you control. Before taking a turn with the Scions of Icaria, you may take a turn with their chosen Champion.",
        )
        .is_err());
    }

    #[test]
    fn highland_fury_chooses_a_human_champion_whose_wounds_fire_the_warriors() {
        let text = "At the start of the game, choose a Human Champion in your Army. While that Champion is in play, MacDirk Warriors increase their Attack Value by 1 for each Wound Marker on the chosen Hero. MacDirk Warriors cannot attack their chosen Human Champion.";
        let read =
            read_shared_as("MacDirk Warriors", "HIGHLAND FURY", text).expect("Highland Fury reads");
        assert_eq!(
            read,
            vec![
                Effect::StartChoice {
                    choose: vec![Filter {
                        species: Some("Human".into()),
                        class: Some("Champion".into()),
                        ..Filter::default()
                    }]
                },
                Effect::PerCount {
                    stat: Stat::Attack,
                    count: Count::ChosenWounds,
                    max: None,
                    when: Vec::new(),
                },
                Effect::SpareChosen,
            ]
        );
        // without its last sentence it stays text
        assert!(read_shared_as(
            "MacDirk Warriors",
            "HIGHLAND FURY",
            "At the start of the game, choose a Human Champion in your Army. While that Champion is in play, MacDirk Warriors increase their Attack Value by 1 for each Wound Marker on the chosen Hero.",
        )
        .is_err());
    }

    #[test]
    fn loyalty_to_the_lizard_king_chooses_a_king_whose_nearness_helps() {
        let text = "At the start of the game, choose a Unique Lizardfolk Hero or Unique Large or Huge Dragon in your Army to be the Greenscale Warriors\u{2019} Lizard King. A Greenscale Warrior adds 1 to its Attack and Defense Values while its chosen Lizard King is within 2 clear sight spaces.";
        let read = read_shared_as("Greenscale Warriors", "LOYALTY TO THE LIZARD KING", text)
            .expect("Loyalty to the Lizard King reads");
        let near = |stat| Effect::Modify {
            stat,
            by: 1,
            who: Who::Bearer,
            filter: Filter::default(),
            when: vec![Condition::ChosenWithin(2)],
        };
        assert_eq!(
            read,
            vec![
                Effect::StartChoice {
                    choose: vec![
                        unique_hero(Some("Lizardfolk"), None),
                        Filter {
                            species: Some("Dragon".into()),
                            sizes: vec![Size::Large, Size::Huge],
                            rarity: Some(Rarity::Unique),
                            ..Filter::default()
                        },
                    ]
                },
                near(Stat::Attack),
                near(Stat::Defense),
            ]
        );
        let bonding = read_shared_as(
            "Greenscale Warriors",
            "Lizard King Bonding",
            "Before taking a turn with the Greenscale Warriors, you may first take a turn with their chosen Lizard King if it is still under your control.",
        )
        .expect("Lizard King Bonding reads");
        assert_eq!(bonding, vec![Effect::ChosenBonding]);
        // a title no choice of the card gives stays text
        assert!(read_shared_as(
            "Greenscale Warriors",
            "Lizard King Bonding",
            "Before taking a turn with the Greenscale Warriors, you may first take a turn with their chosen Liege if it is still under your control.",
        )
        .is_err());
    }
}
