//! Powers over whose turn it is when this card's order marker comes: turns with other figures
//! before this card's turn or instead of it ([`Effect::TurnsWith`]), and the bondings printed
//! after the marker is revealed.

use std::sync::OnceLock;

use regex::Regex;

use super::{d20, rule, Lexicon, Rule};
use crate::power::{Effect, Filter, Outcome, Target, Trigger, Triggered};

/// Template rules of this family.
pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // *Learn From the Master*: a bonding asked once the squad's marker is revealed.
            rule(
                r"after revealing an order marker on and before taking a turn with this squad, you may first take a turn with (?:a|an|any|one) {W}",
                |c, lex| bonding(c.w(0), lex),
            ),
        ]
    })
}

/// A bonding with one figure of a kind; `None` for a phrase naming any figure.
fn bonding(phrase: &str, lex: &Lexicon) -> Option<Vec<Effect>> {
    let with = lex.filter(phrase)?;
    (!with.is_any()).then(|| vec![Effect::Bonding { with }])
}

/// "2", "two": a count of turns.
fn count(word: &str) -> Option<u8> {
    match word {
        "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        _ => word.parse().ok().filter(|n| (1..=9).contains(n)),
    }
}

/// A kind of figure, the sizes possibly listed with commas ("small, medium, or large beasts"),
/// "heroes" the plural the crude singular misses.
fn kind(phrase: &str, lex: &Lexicon) -> Option<Filter> {
    let phrase = phrase
        .replace("small, medium, or large ", "small or medium or large ")
        .replace("small, medium and large ", "small or medium or large ")
        .replace("small, medium or large ", "small or medium or large ")
        .split(' ')
        .map(|w| if w == "heroes" { "hero" } else { w })
        .collect::<Vec<_>>()
        .join(" ");
    lex.filter(&phrase).filter(|f| !f.is_any())
}

/// Whether a later sentence's kind ("any Elf Wizard", "the 2 Unique Heroes") names the
/// figures the power takes turns with: the same filter, or the same but for the general.
fn names_them(said: &Filter, with: &Filter) -> bool {
    said == with
        || *said
            == Filter {
                general: None,
                ..with.clone()
            }
}

/// *Mind Link*, *Utgar's Orders*, *Command of the Wild*, *Master of the Elements*, *Red Flag
/// of Fury Aura*: turns with up to a number of figures of a kind, before or instead of this
/// card's turn. A reader: its sentences after the first (who cannot be chosen, how near the
/// figures must be) are read one by one, each of them or nothing.
pub(super) fn turns_with(text: &str, ctx: &super::Ctx) -> Option<Vec<Effect>> {
    static HEAD: OnceLock<Regex> = OnceLock::new();
    static NOT_SELF: OnceLock<Regex> = OnceLock::new();
    static NEAR: OnceLock<Regex> = OnceLock::new();
    let head = HEAD.get_or_init(|| {
        Regex::new(
            r"^(?:after revealing an order marker on (?P<on>.+?), |if order marker (?P<marker>[123]) is placed on (?P<placed>.+?), then )?(?:instead of taking (?:a|that) turn with (?P<instead>.+?)|before taking (?P<before>.+?) turn), you may take a turn with (?:up to (?P<n>\w+) (?:other )?|any |an? |one )(?P<with>[a-z][a-z' ,-]*?)(?: that are within (?P<within>\d+) clear sight spaces of (?P<of>.+?))?$",
        )
        .expect("the turns-with pattern compiles")
    });
    let not_self = NOT_SELF.get_or_init(|| {
        Regex::new(r"^(?P<me>.+?) cannot be one of the (?P<n>\w+) (?P<kind>[a-z][a-z ]*)$")
            .expect("the not-self pattern compiles")
    });
    let near = NEAR.get_or_init(|| {
        Regex::new(
            r"^any (?P<kind>[a-z][a-z ]*?) that is taking a turn instead of (?P<me>.+?) must be within (?P<n>\d+) clear sight spaces of (?P<of>.+?) (?:before moving|prior to its movement)$",
        )
        .expect("the near pattern compiles")
    });
    let mut sentences = text.split(". ");
    let m = head.captures(sentences.next()?)?;
    let me = |name: &str| m.name(name).is_none_or(|x| ctx.me.is_self(x.as_str()));
    if !["on", "placed", "instead", "before", "of"]
        .into_iter()
        .all(me)
    {
        return None;
    }
    let instead = m.name("instead").is_some();
    // Before this card's turn, only the form asked once the marker is revealed: the others
    // are bondings of one figure, read by their own rules.
    if !instead && m.name("on").is_none() {
        return None;
    }
    let up_to = match m.name("n") {
        Some(n) => count(n.as_str())?,
        None => 1,
    };
    let with = kind(&m["with"], ctx.lex)?;
    let mut within = match m.name("within") {
        Some(d) => Some(d.as_str().parse().ok()?),
        None => None,
    };
    let marker = match m.name("marker") {
        Some(x) => Some(x.as_str().parse().ok()?),
        None => None,
    };
    for s in sentences {
        if let Some(c) = not_self.captures(s) {
            // this card is never among them: the figures are always other cards' figures
            let said = kind(&c["kind"], ctx.lex)?;
            if !ctx.me.is_self(&c["me"]) || count(&c["n"])? != up_to || !names_them(&said, &with) {
                return None;
            }
        } else if let Some(c) = near.captures(s) {
            let said = kind(&c["kind"], ctx.lex)?;
            if !instead
                || within.is_some()
                || !ctx.me.is_self(&c["me"])
                || !ctx.me.is_self(&c["of"])
                || !names_them(&said, &with)
            {
                return None;
            }
            within = Some(c["n"].parse().ok()?);
        } else {
            return None;
        }
    }
    Some(vec![Effect::TurnsWith {
        with,
        up_to,
        instead,
        within,
        marker,
    }])
}

/// *Healing Word*: once a marker is revealed on a wounded figure of a kind next to this card's
/// figure, before any other power, a roll to remove wound markers from that figure's card. The
/// sentence naming the failing rolls must name exactly the rolls below the threshold.
pub(super) fn healing_word(text: &str, ctx: &super::Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on an? wounded (?P<kind>[a-z][a-z ]*?) you control that is adjacent to (?P<me>.+?), and before using any other special powers on any army card or treasure glyph, you may first roll the 20-sided die\. if you roll an? 1 ?- ?(?P<low>\d+),? nothing happens\. if you roll an? (?P<high>\d+) or higher, remove up to (?P<n>\d+) wound markers? from that hero's army card$",
        )
        .expect("the healing-word pattern compiles")
    });
    let m = re.captures(text)?;
    let low: u8 = m["low"].parse().ok()?;
    let high: u8 = m["high"].parse().ok()?;
    if !ctx.me.is_self(&m["me"]) || low.checked_add(1)? != high {
        return None;
    }
    let filter = kind(&m["kind"], ctx.lex)?;
    if filter.kind != Some(crate::card::Kind::Hero) {
        return None;
    }
    Some(vec![Effect::Triggered(Triggered {
        trigger: Trigger::MarkerRevealedOnTarget,
        target: Some(Target {
            adjacent: true,
            within: None,
            opponents_only: false,
            controlled_only: true,
            friendly_only: false,
            wounded: true,
            filter,
            ..Target::default()
        }),
        roll: Some(d20(high)),
        outcomes: vec![Outcome::HealTarget(m["n"].parse().ok()?)],
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::card::{Kind, Rarity, Size};

    fn kind(species: Option<&str>, class: Option<&str>) -> Filter {
        Filter {
            species: species.map(Into::into),
            class: class.map(Into::into),
            ..Filter::default()
        }
    }

    #[test]
    fn utgars_orders_replaces_the_turn_with_a_kyrie_warrior_of_utgar() {
        let read = read_shared("Minions of Utgar", "Instead of taking a turn with the Minions of Utgar, you may take a turn with any Kyrie Warrior you control who follows Utgar.").expect("Utgar's Orders reads");
        assert_eq!(
            read,
            vec![Effect::TurnsWith {
                with: Filter {
                    general: Some("Utgar".into()),
                    ..kind(Some("Kyrie"), Some("Warrior"))
                },
                up_to: 1,
                instead: true,
                within: None,
                marker: None,
            }]
        );
    }

    #[test]
    fn mind_link_replaces_the_turn_with_two_elf_wizards_within_six_spaces() {
        let read = read_shared("Ulginesh", "After revealing an Order Marker on Ulginesh, instead of taking a turn with him, you may take a turn with up to 2 other Elf Wizards you control. Any Elf Wizard that is taking a turn instead of Ulginesh must be within 6 clear sight spaces of Ulginesh before moving.").expect("Mind Link reads");
        assert_eq!(
            read,
            vec![Effect::TurnsWith {
                with: kind(Some("Elf"), Some("Wizard")),
                up_to: 2,
                instead: true,
                within: Some(6),
                marker: None,
            }]
        );
    }

    #[test]
    fn command_of_the_wild_comes_before_the_turn_with_two_beasts() {
        let read = read_shared("Haluchott", "After revealing an Order Marker on Haluchott, Corruptor of Beasts, before taking Haluchott’s turn, you may take a turn with up to two Small, Medium, or Large Beasts you control.").expect("Command of the Wild reads");
        assert_eq!(
            read,
            vec![Effect::TurnsWith {
                with: Filter {
                    sizes: vec![Size::Small, Size::Medium, Size::Large],
                    ..kind(None, Some("Beast"))
                },
                up_to: 2,
                instead: false,
                within: None,
                marker: None,
            }]
        );
    }

    #[test]
    fn master_of_the_elements_and_red_flag_of_fury_read_their_limits() {
        let read = read_shared("Kurrok", "After revealing an Order Marker on Kurrok the Elementalist, instead of taking that turn with Kurrok, you may take a turn with up to three small or medium Elementals you control that are within 8 clear sight spaces of Kurrok the Elementalist.").expect("Master of the Elements reads");
        assert_eq!(
            read,
            vec![Effect::TurnsWith {
                with: Filter {
                    sizes: vec![Size::Small, Size::Medium],
                    ..kind(Some("Elemental"), None)
                },
                up_to: 3,
                instead: true,
                within: Some(8),
                marker: None,
            }]
        );
        let read = read_shared("Ornak", "If Order Marker 1 is placed on Ornak, then instead of taking that turn with Ornak, you may take a turn with up to 2 Unique Heroes you control who follow Utgar. Ornak cannot be one of the 2 Unique Heroes. Any Unique Hero that is taking a turn instead of Ornak must be within 8 clear sight spaces of Ornak prior to its movement.").expect("Red Flag of Fury Aura reads");
        assert_eq!(
            read,
            vec![Effect::TurnsWith {
                with: Filter {
                    general: Some("Utgar".into()),
                    rarity: Some(Rarity::Unique),
                    kind: Some(Kind::Hero),
                    ..Filter::default()
                },
                up_to: 2,
                instead: true,
                within: Some(8),
                marker: Some(1),
            }]
        );
    }

    #[test]
    fn learn_from_the_master_bonds_with_a_ninja_hero() {
        let read = read_shared("Jinx and Kamakura", "After revealing an Order Marker on and before taking a turn with this Squad, you may first take a turn with a Ninja Hero you control.").expect("Learn From the Master reads");
        assert_eq!(
            read,
            vec![Effect::Bonding {
                with: Filter {
                    kind: Some(Kind::Hero),
                    ..kind(None, Some("Ninja"))
                },
            }]
        );
    }

    #[test]
    fn healing_word_heals_the_hero_whose_marker_is_revealed() {
        let read = read_shared("Ana Karithon", "After revealing an Order Marker on a wounded small or medium Hero figure you control that is adjacent to Ana Karithon, and before using any other special powers on any Army Card or Treasure Glyph, you may first roll the 20-sided die. If you roll a 1 - 12 nothing happens. If you roll a 13 or higher, remove up to 2 wound markers from that Hero's Army Card.").expect("Healing Word reads");
        assert_eq!(
            read,
            vec![Effect::Triggered(Triggered {
                trigger: Trigger::MarkerRevealedOnTarget,
                target: Some(Target {
                    adjacent: true,
                    within: None,
                    opponents_only: false,
                    controlled_only: true,
                    friendly_only: false,
                    wounded: true,
                    filter: Filter {
                        sizes: vec![Size::Small, Size::Medium],
                        kind: Some(Kind::Hero),
                        ..Filter::default()
                    },
                    ..Target::default()
                }),
                roll: Some(d20(13)),
                outcomes: vec![Outcome::HealTarget(2)],
            })]
        );
        // Failing rolls that do not meet the threshold: not this power.
        assert!(read_shared("Ana Karithon", "After revealing an Order Marker on a wounded small or medium Hero figure you control that is adjacent to Ana Karithon, and before using any other special powers on any Army Card or Treasure Glyph, you may first roll the 20-sided die. If you roll a 1 - 10 nothing happens. If you roll a 13 or higher, remove up to 2 wound markers from that Hero's Army Card.").is_err());
    }

    #[test]
    fn a_turn_with_a_kind_the_lexicon_does_not_know_stays_text() {
        assert!(read_shared(
            "Ulginesh",
            "After revealing an Order Marker on Ulginesh, instead of taking a turn with him, you may take a turn with up to 2 other Elf Wizards you control. Any Elf Wizard that is taking a turn instead of Ulginesh must be adjacent to Ulginesh.",
        )
        .is_err());
    }
}
