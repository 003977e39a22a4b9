//! Powers over turns with other cards and control of figures, read as code
//! ([`Effect::Control`]): a turn with another card's hero or squad once this card's marker is
//! revealed (*Kato Katsuro's Command*, *Queen of the Crypt*). Played by
//! `game/powers/control.rs`.

use std::sync::OnceLock;

use regex::Regex;

use super::Ctx;
use crate::card::Kind;
use crate::power::control::{CardTurns, Near, TurnChoice};
use crate::power::{Control, Effect, Filter, MoveMoment};

/// A kind of hero or squad ("samurai hero", "unique undead squad"), read by the lexicon; the
/// kind must be the one said.
fn of_kind(phrase: &str, kind: Kind, ctx: &Ctx) -> Option<Filter> {
    ctx.lex
        .filter(phrase)
        .filter(|f| f.kind == Some(kind) && !f.is_any())
}

/// A squad named by its card ("ashigaru harquebus squad").
fn named_squad(phrase: &str, ctx: &Ctx) -> Option<Filter> {
    let name = ctx.lex.card_name(phrase.strip_suffix(" squad")?)?;
    Some(Filter {
        name: Some(name.to_string()),
        kind: Some(Kind::Squad),
        ..Filter::default()
    })
}

/// *Kato Katsuro's Command*: "after revealing an order marker on kato katsuro, instead of
/// taking a turn with him, you may take a turn with one of the following that you control:- 1
/// samurai hero- 1 samurai squad- 1 ashigaru harquebus squad and/or 1 ashigaru yari squad. you
/// may choose which squad to activate first.any figure in the above list that is taking a turn
/// instead of kato katsuro must be within clear sight of kato katsuro before moving".
pub(super) fn kato_command(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on (?P<a>.+?), instead of taking a turn with (?:him|her|it), you may take a turn with one of the following that you control:- ?1 (?P<hero>[a-z ]+? hero)- ?1 (?P<squad>[a-z ]+? squad)- ?1 (?P<x>[a-z ]+? squad) and/or 1 (?P<y>[a-z ]+? squad)\. you may choose which squad to activate first\. ?any figure in the above list that is taking a turn instead of (?P<b>.+?) must be within clear sight of (?P<c>.+?) before moving$",
        )
        .expect("the kato-command pattern compiles")
    });
    let m = re.captures(text)?;
    if !["a", "b", "c"].iter().all(|k| ctx.me.is_self(&m[*k])) {
        return None;
    }
    let one = |f: Filter| TurnChoice {
        cards: vec![f],
        near: None,
    };
    let choices = vec![
        one(of_kind(&m["hero"], Kind::Hero, ctx)?),
        one(of_kind(&m["squad"], Kind::Squad, ctx)?),
        TurnChoice {
            cards: vec![named_squad(&m["x"], ctx)?, named_squad(&m["y"], ctx)?],
            near: None,
        },
    ];
    Some(vec![Effect::Control(Control::CardTurns(CardTurns {
        choices,
        instead: true,
        in_sight: true,
        within: None,
        command_marker: false,
    }))])
}

/// *Queen of the Crypt*: "after revealing an order marker on and before taking a turn with
/// sudema, you may take a turn with another undead or eisenek hero you control that is on a
/// shadow space or within 5 clear sight spaces. if you do not, you may instead take a turn with
/// an undead or eisenek unique squad you control". The spaces are counted from the card's own
/// figure, the only figure the power names.
pub(super) fn queen_of_the_crypt(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on and before taking a turn with (?P<me>.+?), you may take a turn with another (?P<kinds>[a-z ]+?) hero you control that is on an? (?P<ground>shadow) space or within (?P<n>\d+) clear sight spaces\. if you do not, you may instead take a turn with an? (?P<squads>[a-z ]+?) unique squad you control$",
        )
        .expect("the queen-of-the-crypt pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) || m["kinds"] != m["squads"] {
        return None;
    }
    let near = Near {
        on: vec![m["ground"].to_string()],
        within: m["n"].parse().ok()?,
    };
    let kinds: Vec<&str> = m["kinds"].split(" or ").collect();
    let mut choices = Vec::new();
    for k in &kinds {
        choices.push(TurnChoice {
            cards: vec![of_kind(&format!("{k} hero"), Kind::Hero, ctx)?],
            near: Some(near.clone()),
        });
    }
    for k in &kinds {
        choices.push(TurnChoice {
            cards: vec![of_kind(&format!("unique {k} squad"), Kind::Squad, ctx)?],
            near: None,
        });
    }
    Some(vec![Effect::Control(Control::CardTurns(CardTurns {
        choices,
        instead: false,
        in_sight: false,
        within: None,
        command_marker: false,
    }))])
}

/// *Hive Mind*: "after revealing an order marker on this army card, you may take a turn with
/// any small or medium common marro squad you control before taking a turn with marro hive.
/// any figure that is taking a turn must be within 12 clear sight spaces of marro hive, prior
/// to its movement".
pub(super) fn hive_mind(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on this army card, you may take a turn with any (?P<kind>[a-z ]+? squad) you control before taking a turn with (?P<a>.+?)\. any figure that is taking a turn must be within (?P<n>\d+) clear sight spaces of (?P<b>.+?), prior to its movement$",
        )
        .expect("the hive-mind pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["a"]) || !ctx.me.is_self(&m["b"]) {
        return None;
    }
    // "small or medium common marro squad": the lexicon reads the rarity first
    let kind = m["kind"].replace("small or medium common ", "common small or medium ");
    Some(vec![Effect::Control(Control::CardTurns(CardTurns {
        choices: vec![TurnChoice {
            cards: vec![of_kind(&kind, Kind::Squad, ctx)?],
            near: None,
        }],
        instead: false,
        in_sight: true,
        within: Some(m["n"].parse().ok()?),
        command_marker: false,
    }))])
}

/// *Festering Honor Guard Bonding*: "after revealing an order marker on queen maladrix the
/// conqueror and before taking a turn with her, you may first take a turn with your festering
/// honor guard": the turn of the squad named.
pub(super) fn squad_bonding(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on (?P<a>.+?) and before taking a turn with (?:him|her|it), you may first take a turn with your (?P<squad>[a-z ]+)$",
        )
        .expect("the squad-bonding pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["a"]) {
        return None;
    }
    // the squad's card, named as printed (its figures matched as a squad's)
    let name = ctx.lex.card_name(&m["squad"])?;
    Some(vec![Effect::Control(Control::CardTurns(CardTurns {
        choices: vec![TurnChoice {
            cards: vec![Filter {
                name: Some(name.to_string()),
                kind: Some(Kind::Squad),
                ..Filter::default()
            }],
            near: None,
        }],
        instead: false,
        in_sight: false,
        within: None,
        command_marker: false,
    }))])
}

/// *Pick Up the Trail*: "after a player turn in which 1 or more unique heroes you control were
/// destroyed, you may move all order markers on those heroes' army cards to this army card.
/// then, if any of the destroyed heroes was a lawman, you may reveal the x order marker on
/// this army card to take a turn with cainak, private eye".
pub(super) fn pick_up_the_trail(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after a player turn in which 1 or more unique heroes you control were destroyed, you may move all order markers on those heroes' army cards to this army card\. then, if any of the destroyed heroes was an? (?P<kind>[a-z ]+?), you may reveal the x order marker on this army card to take a turn with (?P<me>.+?)$",
        )
        .expect("the pick-up-the-trail pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) {
        return None;
    }
    let kind = ctx.lex.filter(&m["kind"]).filter(|f| !f.is_any())?;
    Some(vec![Effect::Control(Control::MarkersFromFallen {
        x_turn_if: kind,
    })])
}

/// *Tidal Advance*: "at the start of each round, after placing order markers, you may move each
/// fierce and unfathomable figure you control up to 1 space for each each of your order
/// markers on the gelryie vanguards" (the data doubles "each").
pub(super) fn tidal_advance(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^at the start of each round, after placing order markers, you may move each (?P<kinds>[a-z ]+?) figure you control up to (?P<n>\d+|one) spaces? for each (?:each )?of your order markers on (?P<me>.+?)$",
        )
        .expect("the tidal-advance pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) {
        return None;
    }
    let filters = ctx.lex.filters(&m["kinds"])?;
    let spaces = match &m["n"] {
        "one" => 1,
        n => n.parse().ok()?,
    };
    Some(vec![Effect::MoveOthers {
        when: MoveMoment::EachRoundPerMarker,
        count: None,
        filters,
        unengaged: false,
        spaces,
        within: None,
        not_user: false,
    }])
}

/// *Ragtag Armada*: "after revealing an order marker on and before taking a turn with thormun,
/// you may place a gold command marker on the army card of another hero you control to
/// immediately take a turn with that hero. you may not place a command marker on the army card
/// of a figure with the same affiliation as a hero you control that already has a command
/// marker. at the end of the round, remove all of your command markers".
pub(super) fn ragtag_armada(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on and before taking a turn with (?P<me>.+?), you may place a gold command marker on the army card of another hero you control to immediately take a turn with that hero\. you may not place a command marker on the army card of a figure with the same affiliation as a hero you control that already has a command marker\. at the end of the round, remove all of your command markers$",
        )
        .expect("the ragtag-armada pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["me"]) {
        return None;
    }
    Some(vec![Effect::Control(Control::CardTurns(CardTurns {
        choices: vec![TurnChoice {
            cards: vec![Filter {
                kind: Some(Kind::Hero),
                ..Filter::default()
            }],
            near: None,
        }],
        instead: false,
        in_sight: false,
        within: None,
        command_marker: true,
    }))])
}

/// *Eternal Hatred*: "after revealing an order marker on this card, you must roll the
/// 20-sided die. if you roll a 17 or higher, choose an opponent. that opponent will now control
/// marcu esenwein for the remainder of your turn, but will not be able to view any unrevealed
/// order markers on his card. at the end of that turn, control of marcu returns to you. all
/// order markers and figures that were on marcu's army card will stay on his army card".
pub(super) fn eternal_hatred(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^after revealing an order marker on this card, you must roll the 20-sided die\. if you roll an? (?P<n>\d+) or higher, choose an opponent\. that opponent will now control (?P<a>.+?) for the remainder of your turn, but will not be able to view any unrevealed order markers on (?:his|her|its) card\. at the end of that turn, control of (?P<b>.+?) returns to you\. all order markers and figures that were on (?P<c>.+?)'s army card will stay on (?:his|her|its) army card$",
        )
        .expect("the eternal-hatred pattern compiles")
    });
    let m = re.captures(text)?;
    if !["a", "b", "c"].iter().all(|k| ctx.me.is_self(&m[*k])) {
        return None;
    }
    let at_least: u8 = m["n"].parse().ok().filter(|n| (2..=20).contains(n))?;
    Some(vec![Effect::Control(Control::LentForTurn { at_least })])
}

/// *Marachott's Whisper* (the data splits its name: "mar" and a text starting "achott's
/// whisper"): "after revealing an order marker on this army card and taking a turn with
/// marachott, you may choose a unique hero within 2 spaces of marachott. roll the 20-sided
/// die, adding 3 to the roll if you control that hero. if you roll a 16 or higher, take
/// temporary control of that hero and immediately take a turn with that hero. after taking
/// that turn, control of the chosen hero returns to its previous owner. any order markers that
/// were on the chosen figure's army card stay on that card".
pub(super) fn whisper(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^(?:achott's whisper )?after revealing an order marker on this army card and taking a turn with (?P<a>.+?), you may choose a unique hero within (?P<w>\d+) spaces of (?P<b>.+?)\. roll the 20-sided die, adding (?P<own>\d+) to the roll if you control that hero\. if you roll an? (?P<n>\d+) or higher, take temporary control of that hero and immediately take a turn with that hero\. after taking that turn, control of the chosen hero returns to its previous owner\. any order markers that were on the chosen figure's army card stay on that card$",
        )
        .expect("the whisper pattern compiles")
    });
    let m = re.captures(text)?;
    if !ctx.me.is_self(&m["a"]) || !ctx.me.is_self(&m["b"]) {
        return None;
    }
    Some(vec![Effect::Control(Control::HeroTurnAfter {
        within: m["w"].parse().ok()?,
        clear_sight: false,
        at_least: m["n"].parse().ok().filter(|n| (2..=20).contains(n))?,
        own_bonus: m["own"].parse().ok()?,
        except: None,
    })])
}

/// *Enslave*: "when revealing an order marker on this mind flayer mastermind, after taking
/// this mind flayer mastermind's turn, you may choose any unique hero figure within 4 clear
/// sight spaces of this mind flayer mastermind. roll the 20-sided die. if you roll a 17 or
/// higher, take temporary control of the chosen hero and immediately take a turn with that
/// hero. at the end of that turn, control of the chosen hero returns to its previous owner.
/// all order markers that were on the figure's army card will stay on the army card. enslave
/// does not affect mindflayers".
pub(super) fn enslave(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^when revealing an order marker on (?P<a>.+?), after taking (?P<b>.+?)'s turn, you may choose any unique hero figure within (?P<w>\d+) clear sight spaces of (?P<c>.+?)\. roll the 20-sided die\. if you roll an? (?P<n>\d+) or higher, take temporary control of the chosen hero and immediately take a turn with that hero\. at the end of that turn, control of the chosen hero returns to its previous owner\. all order markers that were on the figure's army card will stay on the army card\. (?P<name>[a-z]+) does not affect (?P<spared>[a-z ]+)$",
        )
        .expect("the enslave pattern compiles")
    });
    let m = re.captures(text)?;
    if !["a", "b", "c"].iter().all(|k| ctx.me.is_self(&m[*k]))
        || ctx.name.split(' ').next() != Some(&m["name"])
    {
        return None;
    }
    // "mindflayers": the card's own species, "Mind Flayer", written as one word
    let species = &ctx.card.species;
    let one_word = species.to_lowercase().replace(' ', "");
    if super::singular(&m["spared"]) != one_word {
        return None;
    }
    let spared = Filter {
        species: Some(species.clone()),
        ..Filter::default()
    };
    Some(vec![Effect::Control(Control::HeroTurnAfter {
        within: m["w"].parse().ok()?,
        clear_sight: true,
        at_least: m["n"].parse().ok().filter(|n| (2..=20).contains(n))?,
        own_bonus: 0,
        except: Some(spared),
    })])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::card::Rarity;
    use crate::game::test_support::printed;

    fn filter(species: Option<&str>, class: Option<&str>, kind: Kind) -> Filter {
        Filter {
            species: species.map(Into::into),
            class: class.map(Into::into),
            kind: Some(kind),
            ..Filter::default()
        }
    }

    #[test]
    fn kato_katsuros_command_reads_three_choices_in_his_sight() {
        let text = printed("Kato Katsuro", "KATO KATSURO’S COMMAND");
        let read = read_shared("Kato Katsuro", &text).expect("Kato Katsuro's Command reads");
        let named = |n: &str| Filter {
            name: Some(n.into()),
            kind: Some(Kind::Squad),
            ..Filter::default()
        };
        let one = |f| TurnChoice {
            cards: vec![f],
            near: None,
        };
        assert_eq!(
            read,
            vec![Effect::Control(Control::CardTurns(CardTurns {
                choices: vec![
                    one(filter(None, Some("Samurai"), Kind::Hero)),
                    one(filter(None, Some("Samurai"), Kind::Squad)),
                    TurnChoice {
                        cards: vec![named("Ashigaru Harquebus"), named("Ashigaru Yari")],
                        near: None,
                    },
                ],
                instead: true,
                in_sight: true,
                within: None,
                command_marker: false,
            }))]
        );
        // the sight sentence is part of it
        let cut = text.split("Any figure").next().unwrap();
        assert!(read_shared("Kato Katsuro", cut).is_err());
        // another card's name is not Kato's
        assert!(read_shared("Sudema (SotC)", &text).is_err());
    }

    #[test]
    fn queen_of_the_crypt_reads_heroes_near_sudema_then_unique_squads() {
        let text = printed("Sudema (SotC)", "QUEEN OF THE CRYPT");
        let read = read_shared("Sudema (SotC)", &text).expect("Queen of the Crypt reads");
        let near = Near {
            on: vec!["shadow".into()],
            within: 5,
        };
        let hero = |s| TurnChoice {
            cards: vec![filter(Some(s), None, Kind::Hero)],
            near: Some(near.clone()),
        };
        let squad = |s| TurnChoice {
            cards: vec![Filter {
                rarity: Some(Rarity::Unique),
                ..filter(Some(s), None, Kind::Squad)
            }],
            near: None,
        };
        assert_eq!(
            read,
            vec![Effect::Control(Control::CardTurns(CardTurns {
                choices: vec![
                    hero("Undead"),
                    hero("Eisenek"),
                    squad("Undead"),
                    squad("Eisenek")
                ],
                instead: false,
                in_sight: false,
                within: None,
                command_marker: false,
            }))]
        );
        // without the squads' sentence the power says more than the effect would
        let cut = text.split(" If you do not").next().unwrap();
        assert!(read_shared("Sudema (SotC)", cut).is_err());
    }

    #[test]
    fn eternal_hatred_reads_as_marcu_lent_for_the_turn_on_seventeen() {
        let text = printed("Marcu Esenwein", "Eternal Hatred");
        let read = read_shared("Marcu Esenwein", &text).expect("Eternal Hatred reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::LentForTurn { at_least: 17 })]
        );
        // the return of control is part of it
        let cut = text.replace(
            " At the end of that turn, control of Marcu returns to you.",
            "",
        );
        assert!(read_shared("Marcu Esenwein", &cut).is_err());
        assert!(read_shared("Sudema (SotC)", &text).is_err());
    }

    #[test]
    fn marachotts_whisper_reads_a_unique_hero_within_two_spaces_on_sixteen() {
        let text = printed("Marachott, Mind Whisperer", "MAR");
        let read = read_shared("Marachott", &text).expect("Marachott's Whisper reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::HeroTurnAfter {
                within: 2,
                clear_sight: false,
                at_least: 16,
                own_bonus: 3,
                except: None,
            })]
        );
        // the return of control is part of it
        let cut = text.replace(
            " After taking that turn, control of the chosen Hero returns to its previous owner.",
            "",
        );
        assert!(read_shared("Marachott", &cut).is_err());
    }

    #[test]
    fn enslave_reads_a_unique_hero_in_clear_sight_but_no_mind_flayer() {
        let text = printed("Mind Flayer Mastermind", "Enslave 17");
        let read = super::super::read_shared_as("Mind Flayer Mastermind", "Enslave 17", &text)
            .expect("Enslave reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::HeroTurnAfter {
                within: 4,
                clear_sight: true,
                at_least: 17,
                own_bonus: 0,
                except: Some(Filter {
                    species: Some("Mind Flayer".into()),
                    ..Filter::default()
                }),
            })]
        );
        let cut = text.replace(" Enslave does not affect Mindflayers.", "");
        assert!(
            super::super::read_shared_as("Mind Flayer Mastermind", "Enslave 17", &cut).is_err()
        );
    }

    #[test]
    fn control_effects_read_back_as_written() {
        let kato = read_shared(
            "Kato Katsuro",
            &printed("Kato Katsuro", "KATO KATSURO’S COMMAND"),
        )
        .expect("Kato Katsuro's Command reads");
        let effects = [
            kato[0].clone(),
            Effect::Control(Control::LentForTurn { at_least: 17 }),
            Effect::Control(Control::HeroTurnAfter {
                within: 4,
                clear_sight: true,
                at_least: 17,
                own_bonus: 0,
                except: Some(Filter {
                    species: Some("Mind Flayer".into()),
                    ..Filter::default()
                }),
            }),
        ];
        for e in effects {
            let json = serde_json::to_string(&e).expect("writes");
            let back: Effect = serde_json::from_str(&json).expect("reads");
            assert_eq!(back, e, "{json}");
        }
        let toml = r#"effect = "control"
control = "lent_for_turn"
at_least = 17"#;
        let read: Effect = toml::from_str(toml).expect("a card file's table reads");
        assert_eq!(read, Effect::Control(Control::LentForTurn { at_least: 17 }));
    }

    #[test]
    fn hive_mind_reads_a_marro_squad_within_twelve_spaces_before_the_hive() {
        let text = printed("Marro Hive", "Hive Mind");
        let read = read_shared("Marro Hive", &text).expect("Hive Mind reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::CardTurns(CardTurns {
                choices: vec![TurnChoice {
                    cards: vec![Filter {
                        sizes: vec![crate::card::Size::Small, crate::card::Size::Medium],
                        rarity: Some(Rarity::Common),
                        ..filter(Some("Marro"), None, Kind::Squad)
                    }],
                    near: None,
                }],
                instead: false,
                in_sight: true,
                within: Some(12),
                command_marker: false,
            }))]
        );
    }

    #[test]
    fn festering_honor_guard_bonding_reads_a_turn_with_the_squad() {
        let text = printed(
            "Queen Maladrix The Conqueror",
            "Festering Honor Guard Bonding",
        );
        let read = read_shared("Queen Maladrix", &text).expect("the bonding reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::CardTurns(CardTurns {
                choices: vec![TurnChoice {
                    cards: vec![Filter {
                        name: Some("Festering Honor Guard".into()),
                        kind: Some(Kind::Squad),
                        ..Filter::default()
                    }],
                    near: None,
                }],
                instead: false,
                in_sight: false,
                within: None,
                command_marker: false,
            }))]
        );
    }

    #[test]
    fn pick_up_the_trail_reads_markers_from_fallen_heroes_and_a_lawmans_x_turn() {
        let text = printed("Cainak, Private Eye", "PICK UP THE TRAIL");
        let read = read_shared("Cainak", &text).expect("Pick Up the Trail reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::MarkersFromFallen {
                x_turn_if: Filter {
                    class: Some("Lawman".into()),
                    ..Filter::default()
                },
            })]
        );
        let cut = text.split(" Then,").next().unwrap();
        assert!(read_shared("Cainak", cut).is_err());
    }

    #[test]
    fn tidal_advance_moves_fierce_and_unfathomable_figures_a_space_per_marker() {
        let text = printed("Gelryie Vanguards", "TIDAL ADVANCE");
        let read = read_shared("Gelryie Vanguards", &text).expect("Tidal Advance reads");
        let personality = |p: &str| Filter {
            personality: Some(p.into()),
            ..Filter::default()
        };
        assert_eq!(
            read,
            vec![Effect::MoveOthers {
                when: MoveMoment::EachRoundPerMarker,
                count: None,
                filters: vec![personality("Fierce"), personality("Unfathomable")],
                unengaged: false,
                spaces: 1,
                within: None,
                not_user: false,
            }]
        );
    }

    #[test]
    fn ragtag_armada_reads_a_hero_turn_for_a_command_marker() {
        let text = printed("Thormun", "RAGTAG ARMADA");
        let read = read_shared("Thormun", &text).expect("Ragtag Armada reads");
        assert_eq!(
            read,
            vec![Effect::Control(Control::CardTurns(CardTurns {
                choices: vec![TurnChoice {
                    cards: vec![Filter {
                        kind: Some(Kind::Hero),
                        ..Filter::default()
                    }],
                    near: None,
                }],
                instead: false,
                in_sight: false,
                within: None,
                command_marker: true,
            }))]
        );
        let cut = text.split(" You may not").next().unwrap();
        assert!(read_shared("Thormun", cut).is_err());
    }
}
