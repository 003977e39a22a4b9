//! The poison die of a special attack ([`Venom`]): *Poison Sting* and *Venom Ray* ("if Venom
//! Ray Special Attack would inflict at least 1 wound, roll the 20-sided die for Venom Damage.
//! If you roll a 10-19, add 1 to the number of wounds inflicted and roll again for Venom
//! Damage. If you roll a 20, destroy the defending figure").
//!
//! The die is rolled (nobody is asked: "roll", not "you may roll") once the defence has left at
//! least one wound on a figure the attack affects, before the powers that answer wounds
//! (*Stealth Armor*...) look at them: the wounds they see are the attack's and the poison's.
//! What is added to the player's 20-sided die rolls (the glyph of Lodin, *Frenzy
//! Enhancement*...) is added to the poison die, as to any of them (*à chaque fois que vous
//! lancez le dé à 20 faces*).

use skirmish_dice::Dice;

use crate::game::Event;
use crate::power::Venom;

/// What the poison does to one defender: its wounds with the poison's, and whether a 20
/// destroys it. `bonus` is added to each die; the pair names the attacker and the power.
pub(super) fn poison(
    venom: Venom,
    (bonus, attacker_malus): (u16, u16),
    (attacker, power): (u32, &str),
    target: u32,
    wounds: u16,
    dice: &mut Dice,
    events: &mut Vec<Event>,
) -> (u16, bool) {
    let mut wounds = wounds;
    if wounds == 0 {
        return (0, false);
    }
    let malus = attacker_malus;
    loop {
        let die = dice.d20();
        let total = (u16::from(die) + bonus).saturating_sub(malus);
        let destroys = total >= u16::from(venom.destroy_at);
        let more = !destroys && total >= u16::from(venom.more_from);
        events.push(Event::VenomRolled {
            attacker,
            power: power.to_string(),
            target,
            die,
            bonus,
            more,
            destroys,
            malus,
        });
        if destroys {
            return (wounds, true);
        }
        if !more {
            return (wounds, false);
        }
        wounds = wounds.saturating_add(1);
    }
}
