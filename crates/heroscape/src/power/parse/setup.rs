//! Powers that move other figures you control at a given moment ([`Effect::MoveOthers`]):
//! before a turn with this card (*Gladiatron Movement Bonding*), after one of them is attacked
//! (*Scatter*), after this card's attack wounds (*Cover Fire*). Readers, not templates: the
//! figures moved may be named by their card's name, which the lexicon knows.

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::Ctx;
use crate::card::{Kind, Size};
use crate::power::{Effect, Filter, MoveMoment};

/// The figures a phrase names: kinds the lexicon reads ("tricky figure who follows vydar",
/// "deathreavers"), else a card's name ("gladiatrons").
fn figures(ctx: &Ctx, phrase: &str) -> Option<Filter> {
    if let Some(f) = ctx.lex.filter(phrase).filter(|f| !f.is_any()) {
        return Some(f);
    }
    ctx.lex.card_name(phrase).map(|name| Filter {
        name: Some(name.to_string()),
        ..Filter::default()
    })
}

/// "4", "any 2", "up to 6", "one": the most figures moved.
fn count(words: &str) -> Option<u16> {
    let n = words
        .trim()
        .trim_start_matches("any ")
        .trim_start_matches("up to ");
    match n {
        "one" => Some(1),
        "two" => Some(2),
        n => n.parse().ok(),
    }
}

/// Kinds of figures named as alternatives: "small, medium, or large undead or eisenek figures"
/// (each size, each species), "g.i. joe or soldier heroes" (the last word, the noun, belongs to
/// every alternative; a general's name may have several words). Each alternative must read.
fn kinds(ctx: &Ctx, phrase: &str) -> Option<Vec<Filter>> {
    if let Some(f) = figures(ctx, phrase) {
        return Some(vec![f]);
    }
    let mut rest = phrase.trim();
    let mut sizes = Vec::new();
    loop {
        let word = rest.split([' ', ',']).next().unwrap_or_default();
        let size = match word {
            "small" => Size::Small,
            "medium" => Size::Medium,
            "large" => Size::Large,
            "huge" => Size::Huge,
            _ => break,
        };
        sizes.push(size);
        rest = rest[word.len()..].trim_start_matches(',').trim_start();
        for joint in ["or ", "and "] {
            if let Some(r) = rest.strip_prefix(joint) {
                rest = r;
            }
        }
    }
    let parts: Vec<&str> = rest.split(" or ").map(str::trim).collect();
    let last = parts.last()?;
    let noun = last.rsplit(' ').next()?;
    if !matches!(noun, "figures" | "figure" | "heroes" | "hero") {
        return None;
    }
    if parts.len() < 2 && sizes.is_empty() {
        return None;
    }
    let kind = matches!(noun, "heroes" | "hero").then_some(Kind::Hero);
    let mut out = Vec::new();
    for part in &parts {
        let base = part.strip_suffix(noun).unwrap_or(part).trim();
        // a general of several words ("g.i. joe")
        let general = ctx
            .lex
            .generals
            .iter()
            .find(|g| g.contains([' ', '.']) && (base == g.as_str()));
        let mut f = match general {
            Some(g) => Filter {
                general: Some(g.clone()),
                ..Filter::default()
            },
            None => figures(ctx, base)?,
        };
        if kind.is_some() {
            if f.kind.is_some_and(|k| Some(k) != kind) {
                return None;
            }
            f.kind = kind;
        }
        if !sizes.is_empty() {
            if !f.sizes.is_empty() {
                return None;
            }
            f.sizes = sizes.clone();
        }
        out.push(f);
    }
    Some(out)
}

/// *Gladiatron Movement Bonding*: "before taking a turn with blastatrons, you may move 4
/// gladiatrons you control up to 5 spaces each"; *Guide of the Dead* ("after revealing an
/// order marker on and before taking a turn with a grave grim, ..."), *Wherever There's
/// Trouble* ("... up to 2 unengaged g.i. joe or soldier heroes you control up to 2 spaces").
pub(super) fn move_before_turn(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(?:after revealing an order marker on and )?before taking a turn with (.+?), you may move ((?:up to |any )?\d+) (unengaged )?([a-z][a-z' ,.-]*?) you control up to (\d+) spaces(?: each)?$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    Some(vec![Effect::MoveOthers {
        when: MoveMoment::BeforeTurn,
        count: Some(count(&m[2])?),
        filters: kinds(ctx, &m[4])?,
        unengaged: m.get(3).is_some(),
        spaces: m[5].parse().ok()?,
        within: None,
        not_user: false,
    }])
}

/// *Scatter*: "after a deathreaver you control is attacked by an opponent's figure with a
/// normal attack, you may move any 2 deathreavers you control up to 4 spaces each".
pub(super) fn move_when_attacked(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after an? ([a-z][a-z' -]*?) you control is attacked by an opponent's figure with a normal attack, you may move ((?:up to |any )?\d+) ([a-z][a-z' -]*?) you control up to (\d+) spaces each$",
    )
    .captures(text)?;
    Some(vec![Effect::MoveOthers {
        when: MoveMoment::AttackedByOpponent(figures(ctx, &m[1])?),
        count: Some(count(&m[2])?),
        filters: vec![figures(ctx, &m[3])?],
        unengaged: false,
        spaces: m[4].parse().ok()?,
        within: None,
        not_user: false,
    }])
}

/// *Cover Fire*: "after agent skahen attacks with a normal attack, if she inflicted one or
/// more wounds, you may move one tricky figure you control who follows vydar and is within 8
/// clear sight spaces of agent skahen up to 4 spaces. you cannot use cover fire to move agent
/// skahen".
pub(super) fn move_after_wounding(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^after (.+?) attacks with a normal attack, if (?:he|she|it|they) inflicted one or more wounds, you may move (one|1) ([a-z][a-z' -]*?) you control who follows ([a-z]+) and is within (\d+) clear sight spaces of (.+?) up to (\d+) spaces\. you cannot use (.+?) to move (.+)$",
    )
    .captures(text)?;
    let selves = [&m[1], &m[6], &m[9]];
    if !selves.iter().all(|p| ctx.me.is_self(p)) || m[8] != *ctx.name {
        return None;
    }
    Some(vec![Effect::MoveOthers {
        when: MoveMoment::WoundsWithNormalAttack,
        count: Some(count(&m[2])?),
        filters: vec![figures(ctx, &format!("{} who follows {}", &m[3], &m[4]))?],
        unengaged: false,
        spaces: m[7].parse().ok()?,
        within: Some(m[5].parse().ok()?),
        not_user: true,
    }])
}

/// *Orc Battle Rush*: "at the start of the first round of a game, after all order markers have
/// been placed, you may move all death chasers of thesk you control up to 5 spaces each. they
/// must end their orc battle rush movement on an empty space". A move ends on an empty space
/// (no figure there) by the movement rules themselves: the last sentence is what the moves
/// already do, read only when it names this power.
pub(super) fn move_first_round(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^at the start of the first round of (?:a|the) game, after all order markers have been placed, you may move all ([a-z][a-z' -]*?) you control up to (\d+) spaces each\. they must end their (.+?) movement on an empty space$",
    )
    .captures(text)?;
    if m[3] != *ctx.name {
        return None;
    }
    Some(vec![Effect::MoveOthers {
        when: MoveMoment::FirstRoundAfterMarkers,
        count: None,
        filters: vec![figures(ctx, &m[1])?],
        unengaged: false,
        spaces: m[2].parse().ok()?,
        within: None,
        not_user: false,
    }])
}

/// *Glider Landing*: "vorid glide strikers do not start the game on the battlefield. before
/// revealing an order marker on this army card, you may palce on glide striker from this card
/// that has not been destroyed onto an empty space. you cannont place that figure adjacent to
/// other figures. the placed figure cannot move normally this turn" (the data's misprints
/// "palce on" for "place one" and "cannont" read as printed).
pub(super) fn land_before_reveal(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?) (?:do|does) not start the game on the battlefield\. before revealing an order marker on this army card, you may (?:place|palce) (?:one|1|on) (.+?) from this card that has not been destroyed onto an empty space\. you (?:cannot|cannont) place that figure adjacent to other figures\. the placed figure cannot move normally this turn$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m[1]) && ctx.me.is_self(&m[2])) {
        return None;
    }
    Some(vec![Effect::StartsOffBattlefield, Effect::LandBeforeReveal])
}

/// *Ullar's Pact*: "if an elite of ullar receives a wound from a normal attack by an enemy
/// figure, after that attack you may move 1 unengaged kyrie figure you control who follows ullar
/// up to 4 spaces, even if all of your elites of ullar are destroyed" (the import mends the
/// name the shared data cuts after "ULL").
pub(super) fn wounded_move(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if an? (?P<wounded>[a-z][a-z' -]*?) receives a wound from a normal attack by an enemy figure, after that attack you may move (?P<n>one|1) unengaged (?P<kind>[a-z][a-z' -]*?) you control who follows (?P<general>[a-z]+) up to (?P<spaces>\d+) spaces, even if all of your (?P<all>[a-z][a-z' -]*?) are destroyed$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m["wounded"]) || !ctx.me.is_self(&m["all"]) {
        return None;
    }
    Some(vec![Effect::MoveOthers {
        when: MoveMoment::WoundedByOpponent(Filter {
            name: Some(ctx.card.name.clone()),
            ..Filter::default()
        }),
        count: Some(count(&m["n"])?),
        filters: vec![figures(
            ctx,
            &format!("{} who follows {}", &m["kind"], &m["general"]),
        )?],
        unengaged: true,
        spaces: m["spaces"].parse().ok()?,
        within: None,
        not_user: false,
    }])
}

#[cfg(test)]
mod tests {
    use super::super::{read_shared, read_shared_as};
    use crate::card::{Kind, Size};
    use crate::power::{Effect, Filter, MoveMoment};

    #[test]
    fn movement_bonding_moves_another_cards_figures_before_the_turn() {
        let read = read_shared(
            "Blastatrons",
            "Before taking a turn with Blastatrons, you may move 4 Gladiatrons you control up to 5 spaces each.",
        )
        .expect("Gladiatron Movement Bonding reads");
        assert_eq!(
            read,
            vec![Effect::MoveOthers {
                when: MoveMoment::BeforeTurn,
                count: Some(4),
                filters: vec![Filter {
                    name: Some("Gladiatrons".into()),
                    ..Filter::default()
                }],
                unengaged: false,
                spaces: 5,
                within: None,
                not_user: false,
            }]
        );
        let read = read_shared(
            "Nakita Agents",
            "Before taking a turn with Nakita Agents, you may move 3 Gorillinators you control up to 7 spaces each.",
        )
        .expect("Gorillinator Movement Bonding reads");
        assert!(matches!(
            &read[..],
            [Effect::MoveOthers { count: Some(3), spaces: 7, filters, .. }]
                if filters[0].name.as_deref() == Some("Gorillinators") && filters.len() == 1
        ));
        // another card's turn is not this power's moment
        assert!(read_shared(
            "Blastatrons",
            "Before taking a turn with Nakita Agents, you may move 4 Gladiatrons you control up to 5 spaces each.",
        )
        .is_err());
    }

    #[test]
    fn guide_of_the_dead_and_wherever_theres_trouble_move_kinds_of_figures() {
        let read = read_shared(
            "Grave Grim",
            "After revealing an Order Marker on and before taking a turn with a Grave Grim, you may move up to 6 Small, Medium, or Large Undead or Eisenek figures you control up to 3 spaces each.",
        )
        .expect("Guide of the Dead reads");
        let sizes = vec![Size::Small, Size::Medium, Size::Large];
        let species = |s: &str| Filter {
            species: Some(s.into()),
            sizes: sizes.clone(),
            ..Filter::default()
        };
        assert_eq!(
            read,
            vec![Effect::MoveOthers {
                when: MoveMoment::BeforeTurn,
                count: Some(6),
                filters: vec![species("Undead"), species("Eisenek")],
                unengaged: false,
                spaces: 3,
                within: None,
                not_user: false,
            }]
        );
        let read = read_shared(
            "Greenshirts",
            "Before taking a turn with Greenshirts, you may move up to 2 unengaged G.I. JOE or Soldier Heroes you control up to 2 spaces.",
        )
        .expect("Wherever There's Trouble reads");
        let Effect::MoveOthers {
            count,
            filters,
            unengaged,
            spaces,
            ..
        } = &read[0]
        else {
            panic!("{read:?}");
        };
        assert_eq!((*count, *unengaged, *spaces), (Some(2), true, 2));
        assert_eq!(
            filters
                .iter()
                .map(|f| (f.general.clone(), f.class.clone(), f.kind))
                .collect::<Vec<_>>(),
            vec![
                (Some("g.i. joe".into()), None, Some(Kind::Hero)),
                (None, Some("Soldier".into()), Some(Kind::Hero)),
            ]
        );
    }

    #[test]
    fn scatter_moves_deathreavers_after_one_is_attacked() {
        let read = read_shared(
            "Deathreavers",
            "After a Deathreaver you control is attacked by an opponent's figure with a normal attack, you may move any 2 Deathreavers you control up to 4 spaces each.",
        )
        .expect("Scatter reads");
        let deathreaver = Filter {
            class: Some("Deathreaver".into()),
            ..Filter::default()
        };
        assert_eq!(
            read,
            vec![Effect::MoveOthers {
                when: MoveMoment::AttackedByOpponent(deathreaver.clone()),
                count: Some(2),
                filters: vec![deathreaver],
                unengaged: false,
                spaces: 4,
                within: None,
                not_user: false,
            }]
        );
    }

    #[test]
    fn cover_fire_moves_one_tricky_vydar_figure_but_not_skahen() {
        let text = "After Agent Skahen attacks with a normal attack, if she inflicted one or more wounds, you may move one Tricky figure you control who follows Vydar and is within 8 clear sight spaces of Agent Skahen up to 4 spaces. You cannot use Cover Fire to move Agent Skahen.";
        let read = read_shared_as("Agent Skahen", "COVER FIRE", text).expect("Cover Fire reads");
        assert_eq!(
            read,
            vec![Effect::MoveOthers {
                when: MoveMoment::WoundsWithNormalAttack,
                count: Some(1),
                filters: vec![Filter {
                    personality: Some("Tricky".into()),
                    general: Some("Vydar".into()),
                    ..Filter::default()
                }],
                unengaged: false,
                spaces: 4,
                within: Some(8),
                not_user: true,
            }]
        );
        // the last sentence must name this power
        assert!(read_shared_as("Agent Skahen", "SNIPER", text).is_err());
    }

    #[test]
    fn glider_landing_keeps_the_glide_strikers_off_until_a_marker_is_revealed() {
        let read = read_shared(
            "Vorid Glide Strikers",
            "Vorid Glide Strikers do not start the game on the battlefield. Before revealing an Order Marker on this Army Card, you may palce on Glide Striker from this card that has not been destroyed onto an empty space. You cannont place that figure adjacent to other figures. The placed figure cannot move normally this turn.",
        )
        .expect("Glider Landing reads");
        assert_eq!(
            read,
            vec![Effect::StartsOffBattlefield, Effect::LandBeforeReveal]
        );
        // without its last clause it stays text
        assert!(read_shared(
            "Vorid Glide Strikers",
            "Vorid Glide Strikers do not start the game on the battlefield. Before revealing an Order Marker on this Army Card, you may palce on Glide Striker from this card that has not been destroyed onto an empty space. You cannont place that figure adjacent to other figures.",
        )
        .map_or(true, |e| !e.contains(&Effect::LandBeforeReveal)));
    }

    #[test]
    fn orc_battle_rush_moves_every_death_chaser_before_the_first_initiative() {
        let text = "At the start of the first round of a game, after all order markers have been placed, you may move all Death Chasers of Thesk you control up to 5 spaces each. They must end their Orc Battle Rush movement on an empty space.";
        let read = read_shared_as("Death Chasers of Thesk", "Orc Battle Rush", text)
            .expect("Orc Battle Rush reads");
        assert_eq!(
            read,
            vec![Effect::MoveOthers {
                when: MoveMoment::FirstRoundAfterMarkers,
                count: None,
                filters: vec![Filter {
                    name: Some("Death Chasers of Thesk".into()),
                    ..Filter::default()
                }],
                unengaged: false,
                spaces: 5,
                within: None,
                not_user: false,
            }]
        );
    }

    #[test]
    fn ullars_pact_moves_an_unengaged_kyrie_of_ullar_4_spaces_after_an_elite_is_wounded() {
        let text = crate::game::test_support::printed("Elites of Ullar", "ULLAR'S PACT");
        let read = super::super::read_shared_as("Elites of Ullar", "ULLAR'S PACT", &text)
            .expect("Ullar's Pact reads");
        let [Effect::MoveOthers {
            when,
            count: Some(1),
            filters,
            unengaged: true,
            spaces: 4,
            within: None,
            not_user: false,
        }] = read.as_slice()
        else {
            panic!("{read:?}")
        };
        assert_eq!(
            when,
            &MoveMoment::WoundedByOpponent(Filter {
                name: Some("Elites of Ullar".into()),
                ..Filter::default()
            })
        );
        assert_eq!(filters[0].species.as_deref(), Some("Kyrie"));
        assert_eq!(filters[0].general.as_deref(), Some("Ullar"));
        // the wounded figures and the fallen ones must be the card's own
        let other = text.replace("If an Elite of Ullar", "If a Protector of Ullar");
        assert!(super::super::read_shared_as("Elites of Ullar", "ULLAR'S PACT", &other).is_err());
    }
}
