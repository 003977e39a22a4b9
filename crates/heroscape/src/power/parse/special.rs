//! Special attacks that do more than roll at their targets: a poison die after the wounds
//! (*Poison Sting*, *Venom Ray*), attacks leaping from defender to neighbour (*Arcane Bolt*,
//! *Erupting Earth*), a volley of several figures (*Arrow Volley*), a fire line from the
//! targeted figure (*Burning Breath*), dice for the attacker's wounds (*Withering Breath*), the
//! figures beside both the attacker and its target (*Sweeping Sword*). Played by
//! `game/powers/special/`.

use std::sync::OnceLock;

use super::{rule, special, Rule};
use crate::power::{Area, Chain, Combined, Effect, Venom};

/// The highest roll of the 20-sided die.
const D20_TOP: u16 = 20;

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            // A poison die rolled again while it adds wounds, a 20 destroying.
            rule(
                r"range {N}[.,]? attack {N}[.,]? if [a-z' -]+ special attack would inflict at least (?:1|one) wound, roll the 20-sided die for [a-z]+ damage\. if you roll an? {N}-{N}, add (?:1|one) to the number of wounds inflicted and roll again for [a-z]+ damage\. if you roll an? {N}, destroy the defending figure",
                |c, _| {
                    let (from, to, top) = (c.n(2), c.n(3), c.n(4));
                    // the bands must meet and end at the die's top face
                    if from == 0 || from > to || to + 1 != top || top != D20_TOP {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.venom = Some(Venom {
                        more_from: u8::try_from(from).ok()?,
                        destroy_at: u8::try_from(top).ok()?,
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // From defender to neighbour while each attack wounds.
            rule(
                r"range {N} ?\+ ?special[.,]? attack {N}[.,]? the first target of [a-z' -]+ special attack must be within a range of {N}\. after attacking with [a-z' -]+ special attack, if the defending figure receives at least (?:1|one) wound, you may choose a figure that was adjacent to the defending figure at the beginning of that attack and attack that chosen figure with [a-z' -]+ special attack\. you may continue attacking with [a-z' -]+ special attack in this manner until you fail to inflict a wound\. a figure cannot be attacked more than once in a turn with [a-z' -]+ special attack",
                |c, _| {
                    // the first target's range is the printed one
                    if c.n(0) != c.n(2) {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.distinct_targets = true;
                    a.chain = Some(Chain {
                        on_wound: true,
                        fewer_dice: 0,
                        most: None,
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // From defender to neighbour, a die fewer each time, so many attacks at most.
            rule(
                r"range {N} ?\+ ?special[.,]? attack {N} ?- ?special\.? ?the first target of [a-z' -]+ special attack must be within a range of {N}\. after attacking with [a-z' -]+ special attack, you may choose a figure that was adjacent to the defending figure at the beginning of that attack and attack that chosen figure, rolling one fewer attack die\. you may continue attacking with [a-z' -]+ special attack in this manner, rolling one fewer attack die than the previous, up to a total of {N} attacks\. a figure cannot be attacked more than once in a turn with [a-z' -]+ special attack",
                |c, _| {
                    if c.n(0) != c.n(2) || c.n(3) < 2 {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.distinct_targets = true;
                    a.chain = Some(Chain {
                        on_wound: false,
                        fewer_dice: 1,
                        most: Some(u8::try_from(c.n(3)).ok()?),
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Several unengaged figures of the card side by side, one roll at one target.
            rule(
                r"special attack - range {N}, attack {N}\. {N} unengaged adjacent {S} on the same level may combine their attacks and roll their attack dice as one attack\. all {S} in the [a-z' -]+ must have a clear line of sight on the one target",
                |c, _| {
                    let figures = u8::try_from(c.n(2)).ok()?;
                    if figures < 2 {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.combined = Some(Combined {
                        figures,
                        adjacent_to_target: false,
                        lowest_height: false,
                        others_cannot_attack: false,
                        unengaged: true,
                        adjacent_together: true,
                        same_level: true,
                        each_sees_target: true,
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // A target, and a fire line from it as Mimring's.
            rule(
                r"range {N}[.,]? special attack {N}[.,]? choose a figure to attack, you may also choose {N} spaces in a straight line from the targeted figure\. all figures on those spaces that are within line of sight of {S} are affected by [a-z' -]+ special attack\. roll attack dice once for all affected figures\. each figure rolls defense dice separately, {S} is not affected by [a-z' -]+ special attack\. see mimring for more details",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.line_from_target = Some(c.n(2)).filter(|n| *n > 0);
                    a.line_from_target?;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // A fire line with a die more for each wound of the attacker.
            rule(
                r"line {N}\. attack {N} ?\+ ?special\.? ?roll (?:1|one) additional attack die for each wound on the attacking {S}",
                |c, _| {
                    let mut a = special(None, c.n(1), Area::Line(c.n(0)));
                    a.per_own_wound = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // The target and the figures adjacent to both it and the attacker.
            rule(
                r"range 1[.,]? attack {N}[.,]? choose a figure to attack\. any figures adjacent to both {S} and the chosen figure are also affected by [a-z' -]+ special attack\. roll attack dice once for all affected figures\. each figure rolls defense dice separately",
                |c, _| {
                    let mut a = special(Some(1), c.n(0), Area::Explosion(1));
                    a.beside_attacker = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // A small or medium figure that rolls no defence, never after moving.
            rule(
                r"range {N}[.,]? attack {N}[.,]? choose an? {W} to attack\. the chosen figure cannot roll defense dice when attacked by {S}(?:'s|') [a-z' -]+ special attack\. {S} may not use this special attack if {P} moved this turn",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.targets = Some(lex.filter(c.w(0)).filter(|f| !f.is_any())?);
                    a.no_defence = true;
                    a.not_after_moving = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Only at figures beside one's own, no height advantage for the defender.
            rule(
                r"range {N}[.,]? attack {N}[.,]? [a-z0-9' -]+ special attack can target only figures that are adjacent to one or more figures you control\. figures never have height advantage against [a-z0-9' -]+ special attack",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.target_beside_own = true;
                    a.no_defender_height = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Dice by the size of the figure attacked.
            rule(
                r"range {N}[.,]? attack special\. if {S} is attacking an? {W}, roll {N} attack dice for [a-z' -]+ special attack\. if {S} is attacking a figure of a different size or a destructible object, roll {N} attack dice for [a-z' -]+ special attack",
                |c, lex| {
                    let filter = lex.filter(c.w(0)).filter(|f| !f.is_any())?;
                    // "a different size": the first filter is about sizes only
                    if filter.sizes.is_empty()
                        || filter
                            != (crate::power::Filter {
                                sizes: filter.sizes.clone(),
                                ..crate::power::Filter::default()
                            })
                    {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(2), Area::Single);
                    a.dice_against = Some((filter, c.n(1)));
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::power::SpecialAttack;

    /// The special attack the real card's power reads into (its text as the data prints it).
    fn attack(card: &str, power: &str) -> SpecialAttack {
        let c = crate::game::test_support::real(card);
        let p = c
            .powers
            .iter()
            .find(|p| p.name.starts_with(power))
            .unwrap_or_else(|| panic!("{card} has no power {power}"));
        match read_shared(card, &p.text).as_deref() {
            Ok([Effect::SpecialAttack(a)]) => a.clone(),
            other => panic!("{card}: {power}: {other:?}"),
        }
    }

    #[test]
    fn poison_and_venom_dice() {
        let sting = attack("Sujoah", "POISON STING");
        assert_eq!((sting.range, sting.attack), (Some(1), 4));
        assert_eq!(
            sting.venom,
            Some(Venom {
                more_from: 10,
                destroy_at: 20
            })
        );
        let ray = attack("Estivara", "VENOM RAY");
        assert_eq!((ray.range, ray.attack), (Some(5), 3));
        assert_eq!(
            ray.venom.map(|v| (v.more_from, v.destroy_at)),
            Some((10, 20))
        );
        // bands that leave a gap, or a top that is not the die's, stay text
        assert!(read_shared("Estivara", "Range 5. Attack 3. If Venom Ray Special Attack would inflict at least 1 wound, roll the 20-sided die for Venom Damage.- If you roll a 10–18, add 1 to the number of wounds inflicted and roll again for Venom Damage.- If you roll a 20, destroy the defending figure.").is_err());
        assert!(read_shared("Estivara", "Range 5. Attack 3. If Venom Ray Special Attack would inflict at least 1 wound, roll the 20-sided die for Venom Damage.- If you roll a 10–20, add 1 to the number of wounds inflicted and roll again for Venom Damage.- If you roll a 21, destroy the defending figure.").is_err());
    }

    #[test]
    fn chains_from_defender_to_neighbour() {
        let bolt = attack("Sharwin Wildborn", "Arcane Bolt");
        assert_eq!(
            (bolt.range, bolt.attack, bolt.distinct_targets),
            (Some(5), 3, true)
        );
        assert_eq!(
            bolt.chain,
            Some(Chain {
                on_wound: true,
                fewer_dice: 0,
                most: None
            })
        );
        let earth = attack("Xenithrax the Vinewaver", "Erupting Earth");
        assert_eq!((earth.range, earth.attack), (Some(5), 4));
        assert_eq!(
            earth.chain,
            Some(Chain {
                on_wound: false,
                fewer_dice: 1,
                most: Some(4)
            })
        );
        // a first range that is not the printed one stays text
        assert!(read_shared("Sharwin Wildborn", "Range 5 + Special. Attack 3. The first target of Arcane Bolt Special Attack must be within a Range of 4. After attacking with Arcane Bolt Special Attack, if the defending figure receives at least 1 wound, you may choose a figure that was adjacent to the defending figure at the beginning of that attack and attack that chosen figure with Arcane Bolt Special Attack. You may continue attacking with Arcane Bolt Special Attack in this manner until you fail to inflict a wound. A figure cannot be attacked more than once in a turn with Arcane Bolt Special attack.").is_err());
        // without the last sentence (never the same figure twice) it is not this power
        assert!(read_shared("Sharwin Wildborn", "Range 5 + Special. Attack 3. The first target of Arcane Bolt Special Attack must be within a Range of 5. After attacking with Arcane Bolt Special Attack, if the defending figure receives at least 1 wound, you may choose a figure that was adjacent to the defending figure at the beginning of that attack and attack that chosen figure with Arcane Bolt Special Attack. You may continue attacking with Arcane Bolt Special Attack in this manner until you fail to inflict a wound.").is_err());
    }

    #[test]
    fn rifles_cannons_and_shuriken() {
        use crate::card::Size;
        let rifle = attack("Deadeye Dan", "Ullar Enhanced Rifle");
        assert_eq!((rifle.range, rifle.attack), (Some(10), 1));
        assert_eq!(
            rifle.targets.map(|t| t.sizes),
            Some(vec![Size::Small, Size::Medium])
        );
        assert!(rifle.no_defence && rifle.not_after_moving);
        let cannon = attack("Frizzt Galagan", "RA-1A");
        assert_eq!((cannon.range, cannon.attack), (Some(10), 2));
        assert!(cannon.target_beside_own && cannon.no_defender_height);
        let shuriken = attack("Shiori (SOTM)", "Shuriken");
        assert_eq!((shuriken.range, shuriken.attack), (Some(5), 2));
        assert_eq!(
            shuriken.dice_against.map(|(f, n)| (f.sizes, n)),
            Some((vec![Size::Small, Size::Medium], 3))
        );
        // "a different size" needs a size: a general is not one
        assert!(read_shared("Shiori (SOTM)", "Range 5. Attack Special. If Shiori is attacking a figure who follows Jandar, roll 3 attack dice for Shuriken Special Attack. If Shiori is attacking a figure of a different size or a destructible object, roll 2 attack dice for Shuriken Special Attack.").is_err());
    }

    #[test]
    fn volleys_lines_from_the_target_wound_dice_and_sweeps() {
        let volley = attack("Roman Archers", "ARROW VOLLEY");
        assert_eq!((volley.range, volley.attack), (Some(6), 6));
        assert_eq!(
            volley.combined,
            Some(Combined {
                figures: 3,
                adjacent_to_target: false,
                lowest_height: false,
                others_cannot_attack: false,
                unengaged: true,
                adjacent_together: true,
                same_level: true,
                each_sees_target: true,
            })
        );
        // another card's figures are not the card's own
        assert!(read_shared("Roman Archers", "Special Attack - Range 6, Attack 6. Three unengaged adjacent Ashigaru Yari on the same level may combine their attacks and roll their attack dice as one attack. All Ashigaru Yari in the Arrow Volley must have a clear line of sight on the one target.").is_err());
        let breath = attack("Moltenclaw", "Burning Breath");
        assert_eq!(
            (
                breath.range,
                breath.attack,
                breath.area,
                breath.line_from_target
            ),
            (Some(4), 4, Area::Single, Some(4))
        );
        assert!(!breath.hits_self && !breath.spares_friends);
        let wither = attack("Nuckelavee", "WITHERING BREATH");
        assert_eq!(
            (wither.area, wither.attack, wither.per_own_wound),
            (Area::Line(3), 2, true)
        );
        let sweep = attack("Shurrak", "Sweeping Sword");
        assert_eq!(
            (sweep.range, sweep.attack, sweep.area, sweep.beside_attacker),
            (Some(1), 5, Area::Explosion(1), true)
        );
        // figures adjacent to the chosen one only are a plain explosion's, not this power's text
        assert!(read_shared("Shurrak", "Range 1 Attack 5. Choose a figure to attack. Any figures adjacent to both Grimnak and the chosen figure are also affected by Sweeping Sword Special Attack. Roll attack dice once for all affected figures. Each figure rolls defense dice separately.").is_err());
    }
}
