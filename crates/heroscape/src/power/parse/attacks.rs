//! Special attacks (*attaques spéciales*): range, dice, area, and the sentences that limit
//! them (targets, sight, attacks per turn).

use std::sync::OnceLock;

use regex::Regex;

use super::{rule, special, Ctx, Rule};
use crate::power::{Again, Also, Area, Bonus, Combined, Condition, Effect, Filter, Stat, Who};

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
            // Attack again after an attack that did something, as long as each one does it.
            rule(
                r"range {N}[.,]? attack {N}[.,]? if {S}'s [a-z' -]+ special attack inflicts a wound, {S} may attack again with (?:his |her |its )?[a-z' -]+ special attack\. {S} may continue attacking with (?:his |her |its )?[a-z' -]+ special attack until {P} does not inflict a wound",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.again = Some(Again::Wounds);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? if {S}'s [a-z' -]+ special attack destroys a figure, {S} may attack again with (?:his |her |its )?[a-z' -]+ special attack\. {S} may continue attacking with (?:his |her |its )?[a-z' -]+ special attack until {P} does not destroy a figure",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.again = Some(Again::Destroys);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? if {S} rolls at least {N} skulls with (?:his |her |its )?[a-z' -]+ special attack, {S} may attack again with (?:his |her |its )?[a-z' -]+ special attack\. {S} may continue to attack with (?:his |her |its )?[a-z' -]+ special attack until {P} rolls fewer than {N} skulls",
                |c, _| {
                    if c.n(2) != c.n(3) {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.again = Some(Again::Skulls(c.n(2)));
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // A pool of dice for the turn, spent 1, 2 or 3 at a time.
            rule(
                r"range 1\. attack {N}, {N} or {N}\.? {S} starts each turn with {N} attack dice\. choose any adjacent figure and attack by rolling {N}, {N} or {N} attack dice\. {S} may keep making special attacks with {N}, {N} or {N} attack dice until {P} has rolled all {N} attack dice\. {S} may target the same or different figures with each attack",
                |c, _| pool(1, c, 0),
            ),
            rule(
                r"range {N}\. attack {N}, {N} or {N}\.? {S} starts each turn with {N} attack dice\. choose any figure within range and attack by rolling {N}, {N} or {N} attack dice\. {S} may keep making special attacks with {N}, {N} or {N} attack dice until {P} has rolled all {N} attack dice\. {S} may target the same or different figures with each attack",
                |c, _| pool(c.n(0), c, 1),
            ),
            // The dice chosen for each attack, again after a skull on every die.
            rule(
                r"range {N}, attack special\. each time you attack with {S}(?:'s|') [a-z' -]+ special attack, you may choose to roll {N}, {N},? or {N} attack dice\. if a skull is rolled on every die, you may attack again with {S}(?:'s|') [a-z' -]+ special attack\. you may continue attacking with {S}(?:'s|') [a-z' -]+ special attack until you do not roll a skull on every die",
                |c, _| {
                    let choice = vec![c.n(1), c.n(2), c.n(3)];
                    let mut a = special(Some(c.n(0)), *choice.iter().max()?, Area::Single);
                    a.dice_choice = choice;
                    a.again = Some(Again::AllSkulls);
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range {N}[.,]? attack {N}[.,]? {S} that moved but did not attack normally may use [a-z' -]+ special attack\. to pounce, choose a non-adjacent {W} whose base is not higher or lower than {N} levels from the base of {S}\. if the figure is destroyed, immediately place {S} on the space the figure occupied\. if the figure is not destroyed, destroy {S}",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.targets = Some(lex.filter(c.w(0)).filter(|f| !f.is_any())?);
                    a.after_moving = true;
                    a.non_adjacent = true;
                    a.level_gap = Some(c.n(2));
                    a.pounce = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Extra dice for other figures near the attacker.
            rule(
                r"range {N}[.,]? attack {N} ?\+ ?special[.,]? when {S} attacks with [a-z' -]+ special attack, add (?:1|one) to {S}(?:'s|') attack dice for every additional {W} you control within {N} clear sight spaces of {S}, up to a maximum of \+{N} dice",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.bonus = Some(Bonus {
                        per: lex.filter(c.w(0)).filter(|f| !f.is_any())?,
                        within: c.n(2),
                        max: c.n(3),
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"range 1\.? attack {N}\.? any non-flying figures adjacent to {S} are affected by [a-z' -]+ special attack\. roll attack dice once for all affected figures\. each figure rolls defense (?:dice )?separately",
                |c, _| {
                    let mut a = special(Some(1), c.n(0), Area::AllAdjacent);
                    a.targets = Some(Filter {
                        flying: Some(false),
                        ..Filter::default()
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Every adjacent figure, each attack rolled on its own.
            rule(
                r"range 1\. attack {N}\. ?if a {S} attacks with [a-z' -]+ special attack, {P} must attack all adjacent figures\. roll each attack separately",
                |c, _| {
                    let mut a = special(Some(1), c.n(0), Area::AllAdjacent);
                    a.separately = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // Fewer defence dice for the figures it names.
            rule(
                r"range {N}[.,]? attack {N}[.,]? {W} roll {N} (?:fewer|less) defense dice against [a-z' -]+ special attack",
                |c, lex| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.weaker_defence = Some((lex.filter(c.w(0)).filter(|f| !f.is_any())?, c.n(2)));
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
            // Twice, a die more when the second attack is at the same figure, never after Run.
            rule(
                r"range {N}[.,]? attack {N} ?\+ ?special[.,]? you may attack twice with [a-z' -]+ special attack\. if you attack the same figure a second time, you may roll an additional attack die for the second attack\. you may not use [a-z' -]+ special attack if you used the run special power this turn",
                |c, _| {
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.attacks = 2;
                    // "+ Special" is the additional die of the second attack.
                    a.same_target_extra = Some(1);
                    a.not_after_run = true;
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            rule(
                r"figures must be within {N} spaces of {S} to target {P} with a normal or special attack",
                |c, _| Some(vec![Effect::TargetedOnlyWithin { spaces: c.n(0) }]),
            ),
            // Three figures of the card around one enemy, one roll; the fourth does not attack.
            rule(
                r"range {N}[.,]? attack {N}[.,]? if {N} {S} you control are adjacent to the same enemy figure, {P} may roll their attack dice as one combined attack\. the defending figure compares height to the lowest {S} to determine any height advantage\. if [a-z' -]+ special attack is used, the {N}th figure that moved this turn cannot attack",
                |c, _| {
                    let figures = c.u8(2);
                    // "the 4th figure" is the one left out of the three.
                    if figures < 2 || c.n(3) != c.n(2) + 1 {
                        return None;
                    }
                    let mut a = special(Some(c.n(0)), c.n(1), Area::Single);
                    a.combined = Some(Combined {
                        figures,
                        adjacent_to_target: true,
                        lowest_height: true,
                        others_cannot_attack: true,
                        unengaged: false,
                        adjacent_together: false,
                        same_level: false,
                        each_sees_target: false,
                    });
                    Some(vec![Effect::SpecialAttack(a)])
                },
            ),
            // A bonus from one range on, a larger one instead from a farther range.
            rule(
                r"when {S} that has not moved this turn attacks a figure at range {N} or greater, add {N} to {P} attack value\. if the target figure is at range {N} or greater, instead add {N} to {P} attack value",
                |c, _| {
                    let (near, far) = (c.n(0), c.n(2));
                    if far <= near {
                        return None;
                    }
                    // The Attack Value is the normal attack's: special attacks print their own.
                    let when = |at_least, below| {
                        vec![
                            Condition::Attacking,
                            Condition::NormalAttack,
                            Condition::NotMovedThisTurn,
                            Condition::OpponentRange { at_least, below },
                        ]
                    };
                    let bonus = |by, when| Effect::Modify {
                        stat: Stat::Attack,
                        by,
                        who: Who::Bearer,
                        filter: Filter::default(),
                        when,
                    };
                    Some(vec![
                        bonus(c.i8(1), when(near, Some(far))),
                        bonus(c.i8(3), when(far, None)),
                    ])
                },
            ),
        ]
    })
}

/// A pool of attack dice for the turn (Moriko, Major Q9): the numbers from `at` are the dice
/// choices (printed three times: they must agree) and the pool, printed twice.
fn pool(range: u16, c: &super::Caps, at: usize) -> Option<Vec<Effect>> {
    let choice = vec![c.n(at), c.n(at + 1), c.n(at + 2)];
    let again = [
        vec![c.n(at + 4), c.n(at + 5), c.n(at + 6)],
        vec![c.n(at + 7), c.n(at + 8), c.n(at + 9)],
    ];
    let total = c.n(at + 3);
    if again.iter().any(|a| *a != choice) || c.n(at + 10) != total {
        return None;
    }
    let mut a = special(Some(range), *choice.iter().max()?, Area::Single);
    a.dice_choice = choice;
    a.dice_pool = Some(total);
    Some(vec![Effect::SpecialAttack(a)])
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
            r"^range (?P<range>\d+)[.,]? attack (?P<attack>\d+)(?P<plus> ?\+ ?special)?[.,]? (?:choose a figure to attack[.,] any figures adjacent to the (?:chosen|targeted) figures? are|(?P<opp>choose an opponent's figure to attack\. each opponent's figure adjacent to the chosen figure is)) also affected by (?:the )?[a-z' -]+ special attack\.(?: (?P<weak>[a-z ]+?) roll (?P<fewer>\d+) (?:fewer|less) defense dice against (?:the )?[a-z' -]+ special attack\.)?(?: add (?:1|one) to (?P<bself>.+?)(?:'s|') attack dice for every additional (?P<bper>[a-z ]+?) you control within (?P<bn>\d+) clear sight spaces of (?P<bself2>.+?), up to a maximum of \+(?P<bmax>\d+) dice\.)?(?: (?P<sight>.+?) only needs a clear sight shot at the chosen figure\.)? roll (?:(?P<again>\d+) )?attack dice once for all affected figures\. each (?:affected )?figure rolls defense dice separately(?:\. (?P<own>.+?) (?P<can>can|cannot) be affected by (?:his|her|its|their) own [a-z' -]+ special attack)?$",
        )
        .expect("the explosion pattern compiles")
    });
    let m = re.captures(text)?;
    let num = |i: &str| m.name(i).and_then(|g| g.as_str().parse::<u16>().ok());
    let attack = num("attack")?;
    if num("again").is_some_and(|a| a != attack) {
        return None;
    }
    for i in ["sight", "own", "bself", "bself2"] {
        if m.name(i).is_some_and(|g| !ctx.me.is_self(g.as_str())) {
            return None;
        }
    }
    let mut a = special(num("range"), attack, Area::Explosion(1));
    a.sight_to_target_only = m.name("sight").is_some();
    a.hits_self = m.name("can").is_some_and(|g| g.as_str() == "can");
    // "each opponent's figure adjacent to the chosen figure": friends are spared.
    a.spares_friends = m.name("opp").is_some();
    // "Attack 1 + Special": the special part is the bonus, which must be printed.
    if m.name("plus").is_some() != m.name("bper").is_some() {
        return None;
    }
    if let Some(w) = m.name("bper") {
        a.bonus = Some(Bonus {
            per: ctx.lex.filter(w.as_str()).filter(|f| !f.is_any())?,
            within: num("bn")?,
            max: num("bmax")?,
        });
    }
    if let Some(w) = m.name("weak") {
        let filter = ctx.lex.filter(w.as_str()).filter(|f| !f.is_any())?;
        a.weaker_defence = Some((filter, num("fewer")?));
    }
    Some(vec![Effect::SpecialAttack(a)])
}

/// A targeted figure and others the player may choose near it, one roll for all ([`Also`]):
/// "choose a figure to attack. you may also choose one figure adjacent to the targeted figure
/// to be attacked by ... as well", "... one other figure within 3 clear sight spaces of the
/// targeted figure to be affected by ...", "... up to two other figures adjacent to ...".
/// "+ Special" on the range is the farther reach of figures chosen by clear sight from the
/// targeted figure, so it is printed with those and only with those; "both figures" goes with
/// one other figure, "all affected figures" with several.
pub(super) fn also(text: &str, _: &Ctx) -> Option<Vec<Effect>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"^range:? (?P<range>\d+)(?P<plus> ?\+ ?special)?[.,]? attack:? (?P<attack>\d+)[.,]? choose a figure to attack\. you may (?:also )?choose (?P<most>one|up to two) (?:other )?figures? (?:(?P<adj>adjacent to)|within (?P<within>\d+) clear sight spaces of) the targeted figured? to be (?P<how>attacked|affected) by (?:the )?(?P<n1>[a-z' -]+) special attack(?: as well)?\. roll attack dice once for (?P<all>both|all affected) figures\. each figure rolls defense dice separately(?:\. (?P<n2>[a-z' -]+) special attack does not affect destructible objects)?$",
        )
        .expect("the chosen-figures pattern compiles")
    });
    let m = re.captures(text)?;
    let num = |i: &str| m.name(i).and_then(|g| g.as_str().parse::<u16>().ok());
    let most: u8 = if &m["most"] == "one" { 1 } else { 2 };
    if (most == 1) != (&m["all"] == "both") {
        return None;
    }
    let clear_sight = m.name("adj").is_none();
    if m.name("plus").is_some() != clear_sight {
        return None;
    }
    // The game has no destructible objects: "does not affect destructible objects" holds as
    // printed, about this power only.
    if m.name("n2").is_some_and(|n| n.as_str() != &m["n1"]) {
        return None;
    }
    let mut a = special(num("range"), num("attack")?, Area::Single);
    a.also = Some(Also {
        most,
        within: if clear_sight { num("within")? } else { 1 },
        clear_sight,
        opponents_only: &m["how"] == "attacked",
    });
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
    fn attack_again_riders() {
        let dw = attack("Range 7 Attack 3 If Deathwalker's Rapid Fire Special Attack inflicts a wound, he may attack again with his Rapid Fire Special Attack. Deathwalker may continue attacking with his Rapid Fire Special Attack until he does not inflict a wound.", "Deathwalker 8000");
        assert_eq!(
            (dw.range, dw.attack, dw.again, dw.attacks),
            (Some(7), 3, Some(Again::Wounds), 1)
        );
        let brunak = attack("Range 1 Attack 4 If Brunak's Blood Hungry Special Attack destroys a figure, Brunak may attack again with his Blood Hungry Special Attack. Brunak may continue attacking with his Blood Hungry Special Attack until he does not destroy a figure.", "Brunak");
        assert_eq!(brunak.again, Some(Again::Destroys));
        let sir = attack("Range 1 Attack 3 If Sir Hawthorne rolls at least 2 skulls with his Blind Rage Special Attack, Sir Hawthorne may attack again with his Blind Rage Special Attack. Sir Hawthorne may continue to attack with his Blind Rage Special Attack until he rolls fewer than 2 skulls.", "Sir Hawthorne");
        assert_eq!(sir.again, Some(Again::Skulls(2)));
        // the two numbers of skulls must agree
        assert!(read_shared("Sir Hawthorne", "Range 1 Attack 3 If Sir Hawthorne rolls at least 2 skulls with his Blind Rage Special Attack, Sir Hawthorne may attack again with his Blind Rage Special Attack. Sir Hawthorne may continue to attack with his Blind Rage Special Attack until he rolls fewer than 3 skulls.").is_err());
        // another card's name is not this card's
        assert!(read_shared("Brunak", "Range 7 Attack 3 If Deathwalker's Rapid Fire Special Attack inflicts a wound, he may attack again with his Rapid Fire Special Attack. Deathwalker may continue attacking with his Rapid Fire Special Attack until he does not inflict a wound.").is_err());
    }

    #[test]
    fn fewer_defence_dice_and_opponents_only_explosions() {
        let common_squad = Filter {
            kind: Some(crate::card::Kind::Squad),
            rarity: Some(crate::card::Rarity::Common),
            ..Filter::default()
        };
        let red = attack("Range 5 Attack 3 Common Squad figures roll 2 fewer defense dice against Fledgling Fires Special Attack.", "Red Wyrmling");
        assert_eq!(
            (red.range, red.attack, red.area),
            (Some(5), 3, Area::Single)
        );
        assert_eq!(red.weaker_defence, Some((common_squad.clone(), 2)));
        let zelrig = attack("Range 7 Attack 3 Choose a figure to attack. Any figures adjacent to the targeted figure are also affected by Majestic Fires Special Attack. Common Squad figures roll 2 less defense dice against Majestic Fires Special Attack. Roll attack dice once for all affected figures. Each figure rolls defense dice separately. Zelrig cannot be affected by his own Majestic Fires Special Attack.", "Zelrig");
        assert_eq!(
            (
                zelrig.range,
                zelrig.area,
                zelrig.hits_self,
                zelrig.spares_friends
            ),
            (Some(7), Area::Explosion(1), false, false)
        );
        assert_eq!(zelrig.weaker_defence, Some((common_squad, 2)));
        let orb = attack("Range 5 Attack 3 Choose an opponent's figure to attack. Each opponent's figure adjacent to the chosen figure is also affected by Force Orb Special Attack. Roll attack dice once for all affected figures. Each figure rolls defense dice separately.", "Heirloom");
        assert_eq!(
            (
                orb.range,
                orb.attack,
                orb.area,
                orb.spares_friends,
                orb.hits_self
            ),
            (Some(5), 3, Area::Explosion(1), true, false)
        );
        assert_eq!(orb.weaker_defence, None);
        // a word the lexicon does not know leaves the power text
        assert!(read_shared("Red Wyrmling", "Range 5 Attack 3 Purple figures roll 2 fewer defense dice against Fledgling Fires Special Attack.").is_err());
    }

    #[test]
    fn chosen_dice_pools_and_bonuses() {
        let moriko = attack("Range 1. Attack 1, 2 or 3 Moriko starts each turn with 6 attack dice. Choose any adjacent figure and attack by rolling 1, 2 or 3 attack dice. Moriko may keep making special attacks with 1, 2 or 3 attack dice until she has rolled all 6 attack dice. Moriko may target the same or different figures with each attack.", "Moriko");
        assert_eq!(
            (moriko.range, moriko.dice_choice, moriko.dice_pool),
            (Some(1), vec![1, 2, 3], Some(6))
        );
        let q9 = attack("Range 6. Attack 1, 2 or 3. Major Q9 starts each turn with 9 attack dice. Choose any figure within range and attack by rolling 1, 2 or 3 attack dice. Major Q9 may keep making special attacks with 1, 2 or 3 attack dice until he has rolled all 9 attack dice. Major Q9 may target the same or different figures with each attack.", "Major Q9");
        assert_eq!((q9.range, q9.dice_pool), (Some(6), Some(9)));
        // the pool printed twice must agree
        assert!(read_shared("Major Q9", "Range 6. Attack 1, 2 or 3. Major Q9 starts each turn with 9 attack dice. Choose any figure within range and attack by rolling 1, 2 or 3 attack dice. Major Q9 may keep making special attacks with 1, 2 or 3 attack dice until he has rolled all 8 attack dice. Major Q9 may target the same or different figures with each attack.").is_err());
        let erevan = attack("Range 5, Attack Special. Each time you attack with Erevan Sunshadow's Fire Blast Special Attack, you may choose to roll 2, 3, or 4 attack dice. If a skull is rolled on every die, you may attack again with Erevan Sunshadow' Fire Blast Special Attack. You may continue attacking with Erevan Sunshadow's Fire Blast Special Attack until you do not roll a skull on every die.", "Erevan");
        assert_eq!(
            (erevan.range, erevan.dice_choice, erevan.again),
            (Some(5), vec![2, 3, 4], Some(Again::AllSkulls))
        );
        let elf_wizard = Filter {
            species: Some("Elf".into()),
            class: Some("Wizard".into()),
            ..Filter::default()
        };
        let chardris = attack("Range 6. Attack 2 + Special. When Chardris attacks with Fire Strike Special Attack, add 1 to Chardris’ attack dice for every additional Elf Wizard you control within 3 clear sight spaces of Chardris, up to a maximum of +3 dice.", "Chardris");
        assert_eq!((chardris.range, chardris.attack), (Some(6), 2));
        assert_eq!(
            chardris.bonus,
            Some(Bonus {
                per: elf_wizard.clone(),
                within: 3,
                max: 3
            })
        );
        let jorhdawn = attack("Range 7 Attack 1+ Special Choose a figure to attack. Any figures adjacent to the chosen figure are also affected by the Rain of Flame Special Attack. Add 1 to Jorhdawn's attack dice for every additional Elf Wizard you control within 3 clear sight spaces of Jorhdawn, up to a maximum of +3 dice. Roll attack dice once for all affected figures. Each affected figure rolls defense dice separately. Jorhdawn cannot be affected by her own Rain of Flame Special Attack.", "Jorhdawn");
        assert_eq!(
            (jorhdawn.range, jorhdawn.attack, jorhdawn.area),
            (Some(7), 1, Area::Explosion(1))
        );
        assert_eq!(jorhdawn.bonus.map(|b| b.per), Some(elf_wizard));
        // "+ Special" with no bonus printed leaves the power text
        assert!(read_shared("Jorhdawn", "Range 7 Attack 1+ Special Choose a figure to attack. Any figures adjacent to the chosen figure are also affected by the Rain of Flame Special Attack. Roll attack dice once for all affected figures. Each affected figure rolls defense dice separately.").is_err());
        let pounce = attack("Range 3 Attack 5 A Wolf of Badru that moved but did not attack normally may use Pounce Special Attack. To pounce, choose a non-adjacent small or medium figure whose base is not higher or lower than 5 levels from the base of the attacking Wolf. If the figure is destroyed, immediately place the attacking Wolf on the space the figure occupied. If the figure is not destroyed, destroy the attacking Wolf.", "Wolves of Badru");
        assert_eq!(
            (pounce.range, pounce.attack, pounce.level_gap),
            (Some(3), 5, Some(5))
        );
        assert!(pounce.after_moving && pounce.non_adjacent && pounce.pounce);
        assert_eq!(
            pounce.targets.map(|t| t.sizes),
            Some(vec![crate::card::Size::Small, crate::card::Size::Medium])
        );
        let spin = attack("Range 1. Attack 4.If a Necrotech Ghastblade attacks with Wild Spin Special Attack, it must attack all adjacent figures. Roll each attack separately.", "Necrotech Ghastblade");
        assert_eq!((spin.area, spin.separately), (Area::AllAdjacent, true));
        let slam = attack("Range 1 Attack 3 Any non-flying figures adjacent to this Earth Elemental are affected by Earth Slam Special Attack. Roll attack dice once for all affected figures. Each figure rolls defense separately.", "Earth Elemental");
        assert_eq!(
            (slam.area, slam.targets.and_then(|t| t.flying)),
            (Area::AllAdjacent, Some(false))
        );
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
    #[test]
    fn overwhelm_apparition_and_longshot_read_every_clause() {
        let irene = attack("Range 1. Attack 3 + Special. You may attack twice with Overwhelm Special Attack. If you attack the same figure a second time, you may roll an additional attack die for the second attack. You may not use Overwhelm Special Attack if you used the Run Special Power this turn.", "Knight Irene");
        assert_eq!(
            (
                irene.range,
                irene.attack,
                irene.attacks,
                irene.same_target_extra,
                irene.not_after_run,
                irene.distinct_targets
            ),
            (Some(1), 3, 2, Some(1), true, false)
        );
        // without the Run sentence the power is not this one
        assert!(read_shared("Knight Irene", "Range 1. Attack 3 + Special. You may attack twice with Overwhelm Special Attack. If you attack the same figure a second time, you may roll an additional attack die for the second attack.").is_err());
        assert_eq!(
            read_shared("Kita the Springrunner", "Figures must be within two spaces of Kita the Springrunner to target her with a normal or special attack."),
            Ok(vec![Effect::TargetedOnlyWithin { spaces: 2 }])
        );
        // another card's name is not Kita's
        assert!(read_shared("Kita the Springrunner", "Figures must be within two spaces of Sir Denrick to target her with a normal or special attack.").is_err());
        let when = |at_least, below| {
            vec![
                Condition::Attacking,
                Condition::NormalAttack,
                Condition::NotMovedThisTurn,
                Condition::OpponentRange { at_least, below },
            ]
        };
        let modify = |by, when| Effect::Modify {
            stat: Stat::Attack,
            by,
            who: Who::Bearer,
            filter: Filter::default(),
            when,
        };
        assert_eq!(
            read_shared("Greatbow Archers", "When a Greatbow Archer that has not moved this turn attacks a figure at Range 4 or greater, add 1 to her Attack Value. If the target figure is at Range 7 or greater, instead add 2 to her Attack Value."),
            Ok(vec![modify(1, when(4, Some(7))), modify(2, when(7, None))])
        );
        // "instead" from a nearer range than the first bonus makes no sense: text
        assert!(read_shared("Greatbow Archers", "When a Greatbow Archer that has not moved this turn attacks a figure at Range 4 or greater, add 1 to her Attack Value. If the target figure is at Range 3 or greater, instead add 2 to her Attack Value.").is_err());
    }
    #[test]
    fn other_figures_chosen_near_the_target() {
        let gurei = attack("Range 1. Attack 3. Choose a figure to attack. You may also choose one figure adjacent to the targeted figured to be attacked by the Tetsubo Special Attack as well. Roll attack dice once for both figures. Each figure rolls defense dice separately.", "Gurei-Oni");
        assert_eq!(
            (gurei.range, gurei.attack, gurei.area),
            (Some(1), 3, Area::Single)
        );
        assert_eq!(
            gurei.also,
            Some(Also {
                most: 1,
                within: 1,
                clear_sight: false,
                opponents_only: true
            })
        );
        let blue = attack("Range: 4+ Special, Attack: 2 Choose a figure to attack. You may choose one other figure within 3 clear sight spaces of the targeted figure to be affected by Fledgling Lightning Breath Special Attack. Roll attack dice once for both figures. Each figure rolls defense dice separately. Fledgling Lightning Breath Special Attack does not affect destructible objects.", "Blue Wyrmling");
        assert_eq!((blue.range, blue.attack), (Some(4), 2));
        assert_eq!(
            blue.also,
            Some(Also {
                most: 1,
                within: 3,
                clear_sight: true,
                opponents_only: false
            })
        );
        let acid = attack("Range 4. Attack 4. Choose a figure to attack. You may also choose up to two other figures adjacent to the targeted figure to be affected by Acid Spray Special Attack. Roll attack dice once for all affected figures. Each figure rolls defense dice separately.", "Othkurik");
        assert_eq!(acid.also.map(|a| (a.most, a.within)), Some((2, 1)));
        // "both figures" with two others, "+ Special" without a farther reach: text
        assert!(read_shared("Othkurik", "Range 4. Attack 4. Choose a figure to attack. You may also choose up to two other figures adjacent to the targeted figure to be affected by Acid Spray Special Attack. Roll attack dice once for both figures. Each figure rolls defense dice separately.").is_err());
        assert!(read_shared("Gurei-Oni", "Range 1 + Special. Attack 3. Choose a figure to attack. You may also choose one figure adjacent to the targeted figured to be attacked by the Tetsubo Special Attack as well. Roll attack dice once for both figures. Each figure rolls defense dice separately.").is_err());
    }
    #[test]
    fn combined_attacks() {
        let yari = attack("Range 1 Attack 6 If 3 Ashigaru Yari you control are adjacent to the same enemy figure, they may roll their attack dice as one combined attack. The defending figure compares height to the lowest Ashgaru Yari to determine any height advantage. If Encircle Special Attack is used, the 4th figure that moved this turn cannot attack.", "Ashigaru Yari");
        assert_eq!(
            (yari.range, yari.attack, yari.area),
            (Some(1), 6, Area::Single)
        );
        assert_eq!(
            yari.combined,
            Some(Combined {
                figures: 3,
                adjacent_to_target: true,
                lowest_height: true,
                others_cannot_attack: true,
                unengaged: false,
                adjacent_together: false,
                same_level: false,
                each_sees_target: false,
            })
        );
        // "the 5th figure" does not follow from three: text
        assert!(read_shared("Ashigaru Yari", "Range 1 Attack 6 If 3 Ashigaru Yari you control are adjacent to the same enemy figure, they may roll their attack dice as one combined attack. The defending figure compares height to the lowest Ashgaru Yari to determine any height advantage. If Encircle Special Attack is used, the 5th figure that moved this turn cannot attack.").is_err());
        // another card's figures are not this card's
        assert!(read_shared("Ashigaru Yari", "Range 1 Attack 6 If 3 Roman Archers you control are adjacent to the same enemy figure, they may roll their attack dice as one combined attack. The defending figure compares height to the lowest Roman Archer to determine any height advantage. If Encircle Special Attack is used, the 4th figure that moved this turn cannot attack.").is_err());
    }
}
