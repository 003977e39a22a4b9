//! Movement powers: moves added by where a figure started its turn (*Tricky Speed*,
//! *Amphibious*, *Ullar's Amulet*), placements instead of the normal move (*Underground
//! Movement*, *Teleportation*, *Shadow Dance*) or after it (*Water Tunnel*) and *Stealth
//! Leap*.

use std::sync::OnceLock;

use super::{ability, modify, rule, Ctx, Rule, Tpl};
use crate::power::{Ability, Condition, Effect, Filter, Stat, Who};

/// The land types these powers name, as [`Condition::StartedTurnOn`] spells them.
fn ground(w: &str) -> Option<String> {
    let g = match w {
        "water" => "water",
        "swamp water" => "swamp_water",
        "shadow" => "shadow",
        _ => return None,
    };
    Some(g.into())
}

/// The fields of an [`Effect::Place`], to build one field by field.
#[derive(Default)]
struct Place {
    within: u16,
    up: Option<u16>,
    down: Option<u16>,
    same_level: bool,
    dry: bool,
    onto: Option<String>,
    started_on: Option<String>,
    disengage: bool,
}

impl Place {
    fn effect(self) -> Effect {
        Effect::Place {
            within: self.within,
            up: self.up,
            down: self.down,
            same_level: self.same_level,
            dry: self.dry,
            onto: self.onto,
            started_on: self.started_on,
            disengage: self.disengage,
        }
    }
}

fn place(within: u16) -> Place {
    Place {
        within,
        ..Place::default()
    }
}

fn tunnel(from: &str, to: &str, within: u16, disengage: bool) -> Option<Vec<Effect>> {
    (from == to).then_some(())?;
    Some(vec![Effect::Tunnel {
        within,
        ground: ground(from)?,
        disengage,
    }])
}

pub(super) fn rules() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        vec![
            rule(
                r"if {S} starts? {P} turn on an? {W} space, add {N} to {P} (?:movement|move value|move) for that turn",
                |c, _| {
                    Some(vec![modify(
                        Stat::Move,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::StartedTurnOn(ground(c.w(0))?)],
                    )])
                },
            ),
            rule(
                r"if {S} starts? {P} turn adjacent to any figure you control with an? {W} personality, {P} may move {N} additional spaces",
                |c, lex| {
                    let filter = Filter {
                        personality: Some(lex.personality(c.w(0))?),
                        ..Filter::default()
                    };
                    Some(vec![modify(
                        Stat::Move,
                        c.i8(0),
                        Who::Bearer,
                        Filter::default(),
                        vec![Condition::StartedTurnNextTo(filter)],
                    )])
                },
            ),
            rule(
                r"all friendly figures who follow {W} and start their turn adjacent to {S} may move {N} additional spaces",
                |c, lex| {
                    let filter = lex.filter(&format!("figures who follow {}", c.w(0)))?;
                    filter.general.as_ref()?;
                    Some(vec![modify(
                        Stat::Move,
                        c.i8(0),
                        Who::OtherFriendly,
                        filter,
                        vec![Condition::StartedTurnAdjacent],
                    )])
                },
            ),
            rule(
                r"instead of moving normally with {S}, you may place {P} onto an empty non-water space within {N} spaces of {S} that is no higher than {N} levels above or {N} levels below {S} level\. if {S} is engaged when {P} starts {P} underground movement, {P} will take any leaving engagement attacks",
                |c, _| {
                    Some(vec![Place {
                        up: Some(c.n(1)),
                        down: Some(c.n(2)),
                        dry: true,
                        ..place(c.n(0))
                    }.effect()])
                },
            ),
            rule(
                r"instead of moving {S} normally, you may choose any empty space that is on the same level and within {N} spaces of {S}\. place {S} on the chosen space\. when {S} starts to teleport, if {P} is engaged {P} will not take any leaving engagement attacks",
                |c, _| {
                    Some(vec![Place {
                        same_level: true,
                        disengage: true,
                        ..place(c.n(0))
                    }.effect()])
                },
            ),
            rule(
                r"if {S} starts {P} turn on an? {W} space, instead of moving normally, you may place {P} on any other empty {W} space within {N} spaces of {P} current location\. if {S} is engaged when {P} starts {P} [a-z ]+, {P} will take any leaving engagement attacks",
                |c, _| {
                    let from = ground(c.w(0))?;
                    (c.w(0) == c.w(1)).then(|| {
                        vec![Place {
                            onto: Some(from.clone()),
                            started_on: Some(from),
                            ..place(c.n(0))
                        }.effect()]
                    })
                },
            ),
            rule(
                r"instead of their normal move, any or all {S} may stealth leap\. stealth leap has a move {N}\. when counting spaces for a {S} leaping movement, ignore elevations\. a {S} may leap over water without stopping, pass over figures without becoming engaged, and leap over obstacles such as ruins\. a {S} may not leap more than {N} levels up or down in a single leap\. if a {S} is engaged when he starts to leap, he does not take any leaving engagement attacks",
                |c, _| {
                    Some(vec![Effect::Leap {
                        spaces: c.n(0),
                        levels: c.n(1),
                    }])
                },
            ),
            rule(
                r"instead of his normal move, {S} may use stealth leap {N}\. stealth leap {N} has a move of {N}\. when counting spaces for stealth leap {N}, ignore elevations\. {S} may leap over water without stopping, leap over figures without becoming engaged, and leap over obstacles such as ruins\. {S} may not leap more than {N} levels up or down in a single leap\. if {S} is engaged when he starts his stealth leap, he will not take any leaving engagement attacks",
                |c, _| {
                    let named = c.n(0);
                    (c.n(1) == named && c.n(3) == named && c.n(4) == named).then(|| {
                        vec![Effect::Leap {
                            spaces: c.n(2),
                            levels: named,
                        }]
                    })
                },
            ),
            rule(
                r"if {S} ends {P} normal movement on an? {W} space, you may immediately place {P} on any empty same-level {W} space (?:that is )?within {N} spaces\. if {S} is engaged when {P} starts (?:{P} [a-z ]+|to [a-z ]+), {P} will not take any leaving engagement attacks",
                |c, _| tunnel(c.w(0), c.w(1), c.n(0), true),
            ),
            rule(
                r"if {S} ends {P} normal movement on an? {W} space, you may immediately place {P} on any empty same-level {W} space (?:that is )?within {N} spaces\. if {S} is engaged when {P} starts (?:{P} [a-z ]+|to [a-z ]+), {P} will take any leaving engagement attacks",
                |c, _| tunnel(c.w(0), c.w(1), c.n(0), false),
            ),
            rule(
                r"if all of your order markers are on {W} army cards, you may add (?:1|one) to your initiative roll for every order marker on {S} army card, up to a maximum of \+{N} for [a-z ]+",
                |c, lex| {
                    let filter = lex.filter(c.w(0))?;
                    (!filter.is_any()).then(|| {
                        vec![Effect::InitiativeBonus {
                            by: 1,
                            per_marker: true,
                            max: Some(c.n(0)),
                            markers_on: Some(filter),
                        }]
                    })
                },
            ),
            rule(
                r"if at least one order marker is on {S}, you may add {N} to your initiative roll",
                |c, _| {
                    Some(vec![Effect::InitiativeBonus {
                        by: c.n(0),
                        per_marker: false,
                        max: None,
                        markers_on: None,
                    }])
                },
            ),
            // The Einar Imperium's Stealth Flying as the data prints it: the standard text with
            // "pass over figures without becoming engaged, and fly over" dropped in the middle
            // of its list. The power is named Stealth Flying, the special power every other
            // card prints whole (and that a name alone reads as, see `by_name`).
            rule(
                r"when counting spaces for {S} movement, ignore elevations\. {S} may fly over water without stopping, pass over obstacles such as ruins\. when a member of {S} starts to fly, if he is engaged he will not take any leaving engagement attacks",
                |_, _| Some(ability(Ability::StealthFlying)),
            ),
        ]
    })
}

/// *Underground Movement* counted from the figure's height: "no higher than 1 level above
/// that Earth Elemental's height or 3 levels below that Earth Elemental's base".
pub(super) fn underground_by_height(text: &str, ctx: &Ctx) -> Option<Vec<Effect>> {
    static TPL: OnceLock<Tpl<Vec<Effect>>> = OnceLock::new();
    let tpl = TPL.get_or_init(|| {
        rule(
            r"instead of moving normally with {S}, you may immediately place it on any empty non-water space that is within {N} spaces of {S} and is no higher than {N} levels? above {S} height or {N} levels? below {S} base\. if {S} is engaged when it starts its underground movement, it will take any leaving engagement attacks",
            |c, _| {
                Some(vec![Place {
                    up: Some(c.n(1)),
                    down: Some(c.n(2)),
                    dry: true,
                    ..place(c.n(0))
                }.effect()])
            },
        )
    });
    let mut effects = tpl.apply(text, ctx.me, ctx.lex)?;
    for e in &mut effects {
        if let Effect::Place { up: Some(up), .. } = e {
            // above its height: its base, plus its height, plus the levels printed
            *up += ctx.card.height;
        }
    }
    Some(effects)
}

#[cfg(test)]
mod tests {
    use super::super::read_shared;
    use super::*;

    #[test]
    fn start_of_turn_moves() {
        assert_eq!(
            read_shared("Sahuagin Raider", "While a Sahuagin Raider is on a water space, add 2 to its defense. If a Sahuagin Raider starts its turn on a water space, add 1 to its movement for that turn. A Sahuagin Raider does not have to stop its movement when entering a water space.").map(|e| e[1..].to_vec()),
            Ok(vec![
                modify(Stat::Move, 1, Who::Bearer, Filter::default(), vec![Condition::StartedTurnOn("water".into())]),
                ability(Ability::WaterWalk)[0].clone(),
            ])
        );
        assert_eq!(
            read_shared("Otonashi", "If Otonashi starts her turn adjacent to any figure you control with a \"Tricky\" personality, she may move 4 additional spaces."),
            Ok(vec![modify(
                Stat::Move,
                4,
                Who::Bearer,
                Filter::default(),
                vec![Condition::StartedTurnNextTo(Filter {
                    personality: Some("Tricky".into()),
                    ..Filter::default()
                })]
            )])
        );
        assert_eq!(
            read_shared("Acolarh", "All friendly figures who follow Ullar and start their turn adjacent to Acolarh may move 2 additional spaces."),
            Ok(vec![modify(
                Stat::Move,
                2,
                Who::OtherFriendly,
                Filter {
                    general: Some("Ullar".into()),
                    ..Filter::default()
                },
                vec![Condition::StartedTurnAdjacent]
            )])
        );
    }

    #[test]
    fn placements_instead_of_moving() {
        assert_eq!(
            read_shared("Decker", "Instead of moving normally with the Decker the Burrowbreaker, you may place him onto an empty non-water space within 4 spaces of Decker that is no higher than 6 levels above or 3 levels below Decker's level. If Decker is engaged when he starts his Underground Movement, he will take any leaving engagement attacks."),
            Ok(vec![Place { up: Some(6), down: Some(3), dry: true, ..place(4) }.effect()])
        );
        // The Earth Elemental is 5 high: 1 level above its height is 6 above its base.
        assert_eq!(
            read_shared("Earth Elemental", "Instead of moving normally with an Earth Elemental, you may immediately place it on any empty non-water space that is within 4 spaces of that Earth Elemental and is no higher than 1 level above that Earth Elemental's height or 3 levels below that Earth Elemental's base. If an Earth Elemental is engaged when it starts its Underground Movement, it will take any leaving engagement attacks."),
            Ok(vec![Place { up: Some(6), down: Some(3), dry: true, ..place(4) }.effect()])
        );
        assert_eq!(
            read_shared("Tul-Bak-Ra", "Instead of moving Tul-Bak-Ra normally, you may choose any empty space that is on the same level and within 10 spaces of Tul-Bak-Ra. Place Tul-Bak-Ra on the chosen space. When Tul-Bak-Ra starts to teleport, if he is engaged he will not take any leaving engagement attacks."),
            Ok(vec![Place { same_level: true, disengage: true, ..place(10) }.effect()])
        );
        assert_eq!(
            read_shared("Mika Connour", "If Mika Connour starts her turn on a shadow space, instead of moving normally, you may place her on any other empty shadow space within 8 spaces of her current location. If Mika Connour is engaged when she starts her Shadow Dance, she will take any leaving engagement attacks."),
            Ok(vec![Place {
                onto: Some("shadow".into()),
                started_on: Some("shadow".into()),
                ..place(8)
            }.effect()])
        );
        // Disengaging is not read into a power that says it takes the attacks.
        assert!(read_shared("Mika Connour", "If Mika Connour starts her turn on a shadow space, instead of moving normally, you may place her on any other empty water space within 8 spaces of her current location. If Mika Connour is engaged when she starts her Shadow Dance, she will take any leaving engagement attacks.").is_err());
    }

    #[test]
    fn initiative_bonuses() {
        assert_eq!(
            read_shared("Capuan Gladiators", "If all of your Order Markers are on Gladiator Army Cards, you may add 1 to your initiative roll for every Order Marker on the Capuan Gladiators' Army Card, up to a maximum of +3 for Initiative Advantage."),
            Ok(vec![Effect::InitiativeBonus {
                by: 1,
                per_marker: true,
                max: Some(3),
                markers_on: Some(Filter { class: Some("Gladiator".into()), ..Filter::default() }),
            }])
        );
        assert_eq!(
            read_shared("Mogrimm Forgehammer", "If at least one order marker is on Mogrimm Forgehammer, you may add 3 to your initiative roll."),
            Ok(vec![Effect::InitiativeBonus { by: 3, per_marker: false, max: None, markers_on: None }])
        );
    }

    #[test]
    fn tunnels() {
        assert_eq!(
            read_shared("Water Elemental", "If a Water Elemental ends its normal movement on a water space, you may immediately place it on any empty same-level water space that is within 5 spaces. If a Water Elemental is engaged when it starts its Water Tunnel, it will not take any leaving engagement attacks."),
            Ok(vec![Effect::Tunnel { within: 5, ground: "water".into(), disengage: true }])
        );
        assert_eq!(
            read_shared("Marro Drudge", "If a Marro Drudge ends its normal movement on a swamp water space, you may immediately place it on any empty same-level swamp water space within 5 spaces. If a Marro Drudge is engaged when it starts to tunnel, it will take any leaving engagement attacks."),
            Ok(vec![Effect::Tunnel { within: 5, ground: "swamp_water".into(), disengage: false }])
        );
    }

    #[test]
    fn stealth_leaps() {
        assert_eq!(
            read_shared("Shaolin Monks", "Instead of their normal move, any or all Shaolin Monks may Stealth Leap. Stealth Leap has a move 3. When counting spaces for a Monk's leaping movement, ignore elevations. A Monk may leap over water without stopping, pass over figures without becoming engaged, and leap over obstacles such as ruins. A Monk may not leap more than 12 levels up or down in a single leap. If a Monk is engaged when he starts to leap, he does not take any leaving engagement attacks."),
            Ok(vec![Effect::Leap { spaces: 3, levels: 12 }])
        );
        assert_eq!(
            read_shared("Master Win Chiu Woo", "Instead of his normal move, Master Woo may use Stealth Leap 25. Stealth Leap 25 has a move of 3. When counting spaces for Stealth Leap 25, ignore elevations. Master Woo may leap over water without stopping, leap over figures without becoming engaged, and leap over obstacles such as ruins. Master Woo may not leap more than 25 levels up or down in a single leap. If Master Woo is engaged when he starts his Stealth Leap, he will not take any leaving engagement attacks."),
            Ok(vec![Effect::Leap { spaces: 3, levels: 25 }])
        );
        assert_eq!(
            read_shared("The Einar Imperium", "When counting spaces for the Einar Imperium's movement, ignore elevations. The Einar Imperium may fly over water without stopping, pass over obstacles such as ruins. When a member of the Einar Imperium starts to fly, if he is engaged he will not take any leaving engagement attacks."),
            Ok(ability(Ability::StealthFlying))
        );
    }
}
