//! The project's own sample content, built into the binary so that `skirmish` plays and serves
//! from any folder: the starter figures, the two sample teams and the two sample maps. Files
//! on disk (the `content/` and `maps/` folders) take precedence where the caller looks for them.

use skirmish_board::square::SquareMap;

use crate::content::{figures_from_toml_str, Catalogue, ContentError};
use crate::team::{team_from_toml_str, Team};

/// The starter figures (`content/heroclix/starter.toml`).
pub const STARTER: &str = include_str!("../../../content/heroclix/starter.toml");

/// The sample teams by id (`content/heroclix/teams/*.toml`).
pub const TEAMS: [(&str, &str); 2] = [
    (
        "wardens",
        include_str!("../../../content/heroclix/teams/wardens.toml"),
    ),
    (
        "ravagers",
        include_str!("../../../content/heroclix/teams/ravagers.toml"),
    ),
];

/// The sample maps by id (`maps/*.toml`).
pub const MAPS: [(&str, &str); 2] = [
    (
        "harbour-district",
        include_str!("../../../maps/harbour-district.toml"),
    ),
    (
        "abandoned-lab",
        include_str!("../../../maps/abandoned-lab.toml"),
    ),
];

/// The starter figures as a catalogue.
pub fn catalogue() -> Result<Catalogue, ContentError> {
    Ok(Catalogue::new(figures_from_toml_str(
        STARTER,
        "built-in content/heroclix/starter.toml",
    )?))
}

/// A sample team by id.
pub fn team(id: &str) -> Option<Result<Team, ContentError>> {
    TEAMS.iter().find(|(k, _)| *k == id).map(|(k, text)| {
        team_from_toml_str(text, &format!("built-in content/heroclix/teams/{k}.toml"))
    })
}

/// A sample map by id.
pub fn map(id: &str) -> Option<Result<SquareMap, skirmish_board::square::MapFileError>> {
    MAPS.iter()
        .find(|(k, _)| *k == id)
        .map(|(k, text)| SquareMap::from_toml_str(text, &format!("built-in maps/{k}.toml")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_content_loads() {
        let cat = catalogue().unwrap();
        for (id, _) in TEAMS {
            let t = team(id).unwrap().unwrap();
            assert!(t.to_setup(&cat).is_ok(), "{id}");
        }
        for (id, _) in MAPS {
            assert!(map(id).unwrap().is_ok(), "{id}");
        }
        assert!(team("nobody").is_none());
    }

    /// The starter set is the showcase of the rules: every standard power of the card, every
    /// combat symbol and the common team abilities appear on at least one figure.
    #[test]
    fn starter_set_covers_every_power_symbol_and_team_ability() {
        use crate::figure::{
            AttackSymbol, BaseSize, DamageSymbol, DefenseSymbol, DialPower, Power, SpeedSymbol,
        };

        let cat = catalogue().unwrap();
        let figs = cat.figures();
        let missing: Vec<&str> = Power::ALL
            .iter()
            .filter(|p| {
                !figs
                    .iter()
                    .any(|f| f.dial_powers().contains(&DialPower::Standard(**p)))
            })
            .map(|p| p.id())
            .collect();
        assert!(
            missing.is_empty(),
            "powers on no starter figure: {missing:?}"
        );

        for s in [
            SpeedSymbol::Boot,
            SpeedSymbol::Wing,
            SpeedSymbol::Dolphin,
            SpeedSymbol::TransportBoot,
            SpeedSymbol::TransportWing,
            SpeedSymbol::TransportDolphin,
        ] {
            assert!(figs.iter().any(|f| f.symbols.speed == s), "{s:?}");
        }
        for s in [
            AttackSymbol::Fist,
            AttackSymbol::Duo,
            AttackSymbol::Sharpshooter,
        ] {
            assert!(figs.iter().any(|f| f.symbols.attack == s), "{s:?}");
        }
        for s in [DefenseSymbol::Shield, DefenseSymbol::Indomitable] {
            assert!(figs.iter().any(|f| f.symbols.defense == s), "{s:?}");
        }
        for s in [
            DamageSymbol::Starburst,
            DamageSymbol::Giant,
            DamageSymbol::Colossal,
        ] {
            assert!(figs.iter().any(|f| f.symbols.damage == s), "{s:?}");
        }
        assert!(figs
            .iter()
            .any(|f| f.base == BaseSize { width: 2, depth: 2 }));

        // The Sentinels' old abilities come from character cards (rulebook Partie 3 *Capture*).
        for a in [
            crate::game::powers::Ability::Capture,
            crate::game::powers::Ability::MultiAttack,
        ] {
            assert!(
                figs.iter().any(|f| f.special_powers.iter().any(|s| s.runs()
                    && s.effects
                        .iter()
                        .any(|e| e.change == crate::card_effect::Change::Uses { ability: a }))),
                "{a:?} on no starter figure's card"
            );
        }
        for t in crate::game::powers::TEAM_ABILITIES_RUN {
            assert!(
                figs.iter().any(|f| f.team_abilities.iter().any(|x| x == t)),
                "team ability {t}"
            );
        }
    }
}
