//! Special attacks (*attaques spéciales*): range, dice, area, and the sentences that limit
//! them (targets, sight, attacks per turn).

use std::sync::OnceLock;

use regex::Regex;

use super::{rule, special, Ctx, Rule};
use crate::power::{Area, Effect, Filter};

/// The grenades' lob height in the Expert rulebook (*Les grenades des unités d'élites
/// Aéroportées*).
const GRENADE_LOB: u16 = 12;

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            rule(r"range:? {N}[.,]? attack:? {N}", |c, _| {
                Some(vec![Effect::SpecialAttack(special(
                    Some(c.n(0)),
                    c.n(1),
                    Area::Single,
                ))])
            }),
            rule(r"attack {N}[,.] line {N}", |c, _| {
                Some(vec![Effect::SpecialAttack(special(
                    None,
                    c.n(0),
                    Area::Line(c.n(1)),
                ))])
            }),
            rule(r"line {N}\. attack {N}\.? ?friendly figures are not affected by [a-z ]+", |c, _| {
                let mut a = special(None, c.n(1), Area::Line(c.n(0)));
                a.spares_friends = true;
                Some(vec![Effect::SpecialAttack(a)])
            }),
            rule(
                r"range {N}\. attack {N}\. explosion {N}\. {S} may only use grenade special attack once per game\. if they do, all attacking {S} must use grenade special attack\. if neither the attacking {S} nor the targeted figure are under an overhang, no line of sight is needed",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Explosion(c.n(2)));
                    a.once_per_game = true;
                    a.all_attackers_must_use = true;
                    a.no_sight_unless_overhang = true;
                    // The card's reprint leaves out the lob height the Expert rulebook gives
                    // the grenades (*une hauteur de 12 ou moins*, example A1: 16 > 12).
                    a.lob = Some(GRENADE_LOB);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range 1\. attack {N}\. all figures adjacent to {S} are affected by [a-z ]+ special attack\. roll attack dice once for all affected figures\. each figure rolls defense dice separately",
                |c, _| {
                    Some(vec![Effect::SpecialAttack(special(
                        Some(1),
                        c.n(0),
                        Area::AllAdjacent,
                    ))])
                },
            ),
            rule(r"range {N}\. explosion {N}\. attack {N}", |c, _| {
                Some(vec![Effect::SpecialAttack(special(
                    Some(c.n(0)),
                    c.n(2),
                    Area::Explosion(c.n(1)),
                ))])
            }),
            rule(r"range {N}\. attack {N}\. explosion {N}", |c, _| {
                Some(vec![Effect::SpecialAttack(special(
                    Some(c.n(0)),
                    c.n(1),
                    Area::Explosion(c.n(2)),
                ))])
            }),
            rule(
                r"range {N}[.,]? attack {N}[.,]? (?:the )?[a-z' -]+ special attack cannot be used (?:on|against) {W}",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.targets = Some(Filter {
                        except: Some(Box::new(lex.filter(c.w(0))?)),
                        ..Filter::default()
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? (?:the )?[a-z' -]+ special attack can (?:be used only|only be used) to attack {W}",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.targets = Some(lex.filter(c.w(0))?);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? {S} does not need (?:a )?clear line of sight to attack with the [a-z' -]+ special attack",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.no_sight = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? (?:you|{S}) may attack (?:one additional time|up to {N} times) with [a-z' -]+ special attack",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.attacks = if c.nums.len() > 2 { c.u8(2) } else { 2 };
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? ?you may use the [a-z' -]+ special attack before or after using {S} normal attack",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.with_normal_attack = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Several attacks, never the same figure twice.
            rule(
                r"range {N}[.,]? attack {N}[.,]? {S} may attack up to {N} times with [a-z' -]+ special attack\. {S} cannot attack the same (?:target|figure) more than once(?: each turn| per turn| this turn)?",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.attacks = c.u8(2);
                    a.distinct_targets = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? when {S} attacks with (?:his |her |its |their |the )?[a-z' -]+ special attack, {S} may attack {N} additional times?\. {S} cannot attack the same (?:target|figure) more than once(?: each turn| per turn| this turn)?",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.attacks = c.u8(2).saturating_add(1);
                    a.distinct_targets = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Several attacks, at the same figure or others.
            rule(
                r"range {N}[.,]? attack {N}[.,]? {S} may use this special attack {N} times in the same turn\. {S} may target the same figure or a different figure with each attack",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.attacks = c.u8(2);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? when {S} attacks with (?:his |her |its |their |the )?[a-z' -]+ special attack, {S} may attack {N} additional times?, targeting the same or different figures with each attack",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.attacks = c.u8(2).saturating_add(1);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? {S} may not use [a-z' -]+ special attack to attack {W}",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.targets = Some(Filter {
                        except: Some(Box::new(lex.filter(c.w(0))?)),
                        ..Filter::default()
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
        ]
    })
}

/// The explosion special attacks printed in full: "Range 5. Attack 3. Choose a figure to
/// attack. Any figures adjacent to the chosen figure are also affected by the Shotgun Blast
/// Special Attack. [X only needs a clear sight shot at the chosen figure.] Roll attack dice once
/// for all affected figures. Each figure rolls defense dice separately. [X can / cannot be
/// affected by his own ... Special Attack.]" The bracketed sentences set their flags only when
/// printed.
pub(super) fn explosion(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^range (\d+)[.,]? attack (\d+)[.,]? choose a figure to attack[.,] any figures adjacent to the (?:chosen|targeted) figures? are also affected by (?:the )?[a-z' -]+ special attack\.(?: (.+?) only needs a clear sight shot at the chosen figure\.)? roll (?:(\d+) )?attack dice once for all affected figures\. each figure rolls defense dice separately(?:\. (.+?) (can|cannot) be affected by (?:his|her|its|their) own [a-z' -]+ special attack)?$",
        )
        .expect("the explosion pattern compiles")
    });
    let m = re.captures(text)?;
    let num = |i: usize| m.get(i).and_then(|g| g.as_str().parse::<u16>().ok());
    let attack = num(2)?;
    if num(4).is_some_and(|a| a != attack) {
        return None;
    }
    for i in [3, 5] {
        if m.get(i).is_some_and(|g| !ctx.me.is_self(g.as_str())) {
            return None;
        }
    }
    let mut a = special(num(1), attack, Area::Explosion(1));
    a.sight_to_target_only = m.get(3).is_some();
    a.hits_self = m.get(6).is_some_and(|g| g.as_str() == "can");
    Some(vec![Effect::SpecialAttack(a)])
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;
    use crate::power::SpecialAttack;

    fn attack(text: &str, card: &str) -> SpecialAttack {
        match read_shared(card, text).as_deref() {
            Ok([Effect::SpecialAttack(a)]) => a.clone(),
            other => panic!("{card}: {other:?}"),
        }
    }

    #[test]
    fn explosions_set_only_the_flags_they_print() {
        let sullivan = attack("Range 5. Attack 3. Choose a figure to attack. Any figures adjacent to the chosen figure are also affected by the Shotgun Blast Special Attack. Johnny only needs a clear sight shot at the chosen figure. Roll attack dice once for all affected figures. Each figure rolls defense dice separately. Johnny cannot be affected by his own Shotgun Blast Special Attack.", "Johnny");
        assert_eq!(
            (sullivan.range, sullivan.attack, sullivan.area),
            (Some(5), 3, Area::Explosion(1))
        );
        assert!(sullivan.sight_to_target_only && !sullivan.hits_self);
        let vane = attack("Range 4. Attack 3. Choose a figure to attack. Any figures adjacent to the chosen figure are also affected by Blunderbuss Special Attack. Roll attack dice once for all affected figures. Each figure rolls defense dice separately. Killian Vane cannot be affected by his own Blunderbuss Special Attack.", "Killian");
        assert!(!vane.sight_to_target_only && !vane.hits_self);
        // another card's name in the sight sentence is not this card's
        assert!(read_shared("Killian", "Range 5. Attack 3. Choose a figure to attack. Any figures adjacent to the chosen figure are also affected by the Shotgun Blast Special Attack. Johnny only needs a clear sight shot at the chosen figure. Roll attack dice once for all affected figures. Each figure rolls defense dice separately.").is_err());
    }

    #[test]
    fn several_special_attacks_in_a_turn() {
        let roadblock = attack("Range 5. Attack 3.Roadblock may attack up to 3 times with Machine Gun Special Attack. He cannot attack the same target more than once each turn.", "Roadblock");
        assert_eq!((roadblock.attacks, roadblock.distinct_targets), (3, true));
        let nilfheim = attack("Range 5. Attack 4. When Nilfheim attacks with his Ice Shard Breath Special Attack, he may attack 2 additional times. He cannot attack the same figure more than once.", "Nilfheim");
        assert_eq!((nilfheim.attacks, nilfheim.distinct_targets), (3, true));
        let q10 = attack("Range 7 Attack 2 Major Q10 may use this special attack 4 times in the same turn. Q10 may target the same figure or a different figure with each attack.", "Major Q10");
        assert_eq!(
            (q10.range, q10.attacks, q10.distinct_targets),
            (Some(7), 4, false)
        );
        let drake = attack("Range 5 Attack 3 Drake may not use Pistol Fire Special Attack to attack a figure who follows Jandar.", "Sgt. Drake Alexander (SOTM)");
        assert_eq!(
            drake.targets.and_then(|t| t.except).and_then(|e| e.general),
            Some("Jandar".into())
        );
    }
}
