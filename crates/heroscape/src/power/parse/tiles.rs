//! Tiles a card starts the game with and lays on the battlefield ([`Effect::Tiles`]): "start
//! the game with 3 shadow tiles on this army card. at the end of storm shadow's turn, you may
//! place a shadow tile from this card onto the battlefield within 3 clear sight spaces of storm
//! shadow if the tile fits normally there" (*Nanite Smoke Grenade*), "... starts each game with
//! up to 2 shadow tiles on her army card ... if mika connour ends her turn on an empty land
//! space, you may place a shadow tile from her army card onto the space she occupies ..."
//! (*Blend Into Shadow*), "... place a water tile from this army card on ewashia's space or
//! within 1 space of ewashia, if that water tile fits normally onto that space" (*Create
//! Water*). The tile laid must be one of the card's own ("a shadow tile" of the "shadow
//! tiles").

use std::sync::OnceLock;

use regex::Regex;

use super::pattern;
use super::Ctx;
use crate::battlefield::Ground;
use crate::power::tiles::Tiles;
use crate::power::{Condition, Effect};

fn ground(w: &str) -> Option<Ground> {
    Some(match w {
        "shadow" => Ground::Shadow,
        "water" => Ground::Water,
        _ => return None,
    })
}

/// *Nanite Smoke Grenade*: a tile laid at the end of the card's turn within clear-sight spaces
/// of its figure.
pub(super) fn smoke_grenade(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^start the game with (\d+) ([a-z]+) tiles on this army card\. at the end of (.+?)'s turn, you may place an? ([a-z]+) tile from this card onto the battlefield within (\d+) clear sight spaces of (.+?) if the tile fits normally there$",
    )
    .captures(text)?;
    if m[2] != m[4] || !ctx.me.is_self(&m[3]) || !ctx.me.is_self(&m[6]) {
        return None;
    }
    Some(vec![Effect::Tiles(Tiles::EndOfTurn {
        ground: ground(&m[2])?,
        count: m[1].parse().ok()?,
        within: m[5].parse().ok()?,
        clear_sight: true,
        own_space: false,
    })])
}

/// *Blend Into Shadow*: a tile laid at the end of the card's turn on the space its figure
/// occupies. The card starts with "up to" its tiles: laying one is itself a choice, so
/// starting with all of them allows every play starting with fewer would.
pub(super) fn blend_into_shadow(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?) starts each game with up to (\d+) ([a-z]+) tiles on (?:her|his|its) army card \(included in expansion pack\)\. if (.+?) ends (?:her|his|its) turn on an empty land space, you may place an? ([a-z]+) tile from (?:her|his|its) army card onto the space (?:she|he|it) occupies if the ([a-z]+) tile fits normally onto that space$",
    )
    .captures(text)?;
    if m[3] != m[5] || m[3] != m[6] || !ctx.me.is_self(&m[1]) || !ctx.me.is_self(&m[4]) {
        return None;
    }
    Some(vec![Effect::Tiles(Tiles::EndOfTurn {
        ground: ground(&m[3])?,
        count: m[2].parse().ok()?,
        within: 0,
        clear_sight: false,
        own_space: true,
    })])
}

/// *Create Water*: a tile laid at the end of the card's turn on its figure's space or within
/// spaces of it.
pub(super) fn create_water(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(.+?) starts each game with (\d+) ([a-z]+) tiles on this army card\. at the end of (.+?)'s turn, you may place an? ([a-z]+) tile from this army card on (.+?)'s space or within (\d+) spaces? of (.+?), if that ([a-z]+) tile fits normally onto that space$",
    )
    .captures(text)?;
    let me = |i: usize| ctx.me.is_self(&m[i]);
    if m[3] != m[5] || m[3] != m[9] || !(me(1) && me(4) && me(6) && me(8)) {
        return None;
    }
    Some(vec![Effect::Tiles(Tiles::EndOfTurn {
        ground: ground(&m[3])?,
        count: m[2].parse().ok()?,
        within: m[7].parse().ok()?,
        clear_sight: false,
        own_space: true,
    })])
}

fn count(w: &str) -> Option<u16> {
    Some(match w {
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        _ => w.parse().ok()?,
    })
}

fn tile_ground(w: &str) -> Option<Ground> {
    Some(match w {
        "lava field" => Ground::LavaField,
        "molten lava" => Ground::Lava,
        _ => ground(w)?,
    })
}

/// *Volcanic Carapace*: tiles laid, after a roll, where a figure of the card was destroyed by
/// a normal or leaving-engagement attack. The card prints "being the game" for "begin the
/// game"; the tiles laid must be the two kinds the card starts with, the high roll's kind
/// first.
pub(super) fn volcanic_carapace(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^(?:being|begin) the game with ([a-z0-9]+) 1-hex ([a-z ]+?) tiles and ([a-z0-9]+) 1-hex ([a-z ]+?) tiles? for every squad of (.+?) in your army\. after an? (.+?) you control is destroyed by a normal attack or leaving engagement attack, you must roll the 20-sided die and place one of these tiles onto the space the figure occupied, if the tile fits normally on that space\. if you roll a (\d+) or higher place an? ([a-z ]+?) tile, if able\. otherwise place an? ([a-z ]+?) tile$",
    )
    .captures(text)?;
    let (common, rare) = (tile_ground(&m[2])?, tile_ground(&m[4])?);
    if !(ctx.me.is_self(&m[5]) && ctx.me.is_self(&m[6]))
        || tile_ground(&m[8])? != rare
        || tile_ground(&m[9])? != common
        || common == rare
    {
        return None;
    }
    Some(vec![Effect::Tiles(Tiles::WhenDestroyed {
        common,
        commons: count(&m[1])?,
        rare,
        rares: count(&m[3])?,
        rare_from: m[7].parse().ok()?,
    })])
}

/// *Lurk In Shadows*: only adjacent opponents attack the figure normally while it stands on a
/// land type.
pub(super) fn lurk(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^if (.+?) is on an? ([a-z]+) space, opponents' figures must be adjacent to attack (him|her|it) with a normal attack$",
    )
    .captures(text)?;
    if !(ctx.me.is_self(&m[1]) && ctx.me.is_self(&m[3])) {
        return None;
    }
    Some(vec![Effect::Tiles(Tiles::AdjacentOnlyOn {
        ground: ground(&m[2])?,
    })])
}

/// *Shadow Assassin*: skulls count one more against a figure standing on a land type ("a hero
/// or squad figure": every figure is one or the other).
pub(super) fn shadow_assassin(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let m = pattern(
        &RE,
        r"^while (.+?) is attacking a hero or squad figure that is on an? ([a-z]+) tile, all skulls in the attack roll count for one additional skull$",
    )
    .captures(text)?;
    if !ctx.me.is_self(&m[1]) {
        return None;
    }
    ground(&m[2])?;
    Some(vec![Effect::SkullsCountDouble {
        when: vec![
            Condition::Attacking,
            Condition::OpponentOnGround(m[2].to_string()),
        ],
    }])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared_as;
    use crate::battlefield::Ground;
    use crate::game::test_support::printed;
    use crate::power::tiles::Tiles;
    use crate::power::{Condition, Effect};

    #[test]
    fn nanite_smoke_grenade_reads_as_shadow_tiles_laid_in_clear_sight() {
        let text = printed("Storm Shadow", "NANITE SMOKE GRENADE");
        assert_eq!(
            read_shared_as("Storm Shadow", "NANITE SMOKE GRENADE", &text),
            Ok(vec![Effect::Tiles(Tiles::EndOfTurn {
                ground: Ground::Shadow,
                count: 3,
                within: 3,
                clear_sight: true,
                own_space: false,
            })])
        );
        // the tile laid must be one of the card's
        let other = text.replace("place a shadow tile", "place a water tile");
        assert!(read_shared_as("Storm Shadow", "", &other).is_err());
        let other = text.replace("of Storm Shadow if", "of Destro if");
        assert!(read_shared_as("Storm Shadow", "", &other).is_err());
    }

    #[test]
    fn blend_into_shadow_reads_as_a_shadow_tile_on_her_own_space() {
        let text = printed("Mika Connour", "Blend Into Shadow");
        assert_eq!(
            read_shared_as("Mika Connour", "Blend Into Shadow", &text),
            Ok(vec![Effect::Tiles(Tiles::EndOfTurn {
                ground: Ground::Shadow,
                count: 2,
                within: 0,
                clear_sight: false,
                own_space: true,
            })])
        );
        let other = text.replace("the shadow tile fits", "the water tile fits");
        assert!(read_shared_as("Mika Connour", "", &other).is_err());
    }

    #[test]
    fn create_water_reads_as_water_tiles_on_or_next_to_her_space() {
        let text = printed("Ewashia, Master of Tides", "Create Water");
        assert_eq!(
            read_shared_as("Ewashia", "Create Water", &text),
            Ok(vec![Effect::Tiles(Tiles::EndOfTurn {
                ground: Ground::Water,
                count: 3,
                within: 1,
                clear_sight: false,
                own_space: true,
            })])
        );
    }

    #[test]
    fn volcanic_carapace_reads_as_lava_laid_where_a_crustacean_falls() {
        let text = printed("Molten Crustaceans", "Volcanic Carapace");
        assert_eq!(
            read_shared_as("Molten Crustaceans", "Volcanic Carapace", &text),
            Ok(vec![Effect::Tiles(Tiles::WhenDestroyed {
                common: Ground::LavaField,
                commons: 3,
                rare: Ground::Lava,
                rares: 1,
                rare_from: 19,
            })])
        );
        // the high roll's tile must be the one the card holds one of
        let other = text.replace("place a molten lava tile", "place a lava field tile");
        assert!(read_shared_as("Molten Crustaceans", "", &other).is_err());
        let other = text.replace("normal attack or leaving", "special attack or leaving");
        assert!(read_shared_as("Molten Crustaceans", "", &other).is_err());
    }

    #[test]
    fn lurk_in_shadows_reads_as_adjacent_attacks_only_on_shadow() {
        let text = printed("Pelloth", "Lurk In Shadows");
        assert_eq!(
            read_shared_as("Pelloth", "Lurk In Shadows", &text),
            Ok(vec![Effect::Tiles(Tiles::AdjacentOnlyOn {
                ground: Ground::Shadow
            })])
        );
        let other = text.replace("If Pelloth is", "If Mika Connour is");
        assert!(read_shared_as("Pelloth", "", &other).is_err());
    }

    #[test]
    fn shadow_assassin_reads_as_skulls_doubled_against_a_figure_on_shadow() {
        let text = printed("Agent SI-4X", "SHADOW ASSASSIN");
        assert_eq!(
            read_shared_as("Agent SI-4X", "SHADOW ASSASSIN", &text),
            Ok(vec![Effect::SkullsCountDouble {
                when: vec![
                    Condition::Attacking,
                    Condition::OpponentOnGround("shadow".into())
                ],
            }])
        );
    }
}
