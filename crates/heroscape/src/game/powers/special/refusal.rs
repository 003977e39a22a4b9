//! Why a special attack cannot be made, in words for people.

use crate::game::state::State;

/// Why a special attack cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not the attack step, or not a figure of the active card on the battlefield.
    NotNow,
    /// The card has no such special attack.
    NoSuchPower,
    /// The figure made its normal attack and the power does not come besides it.
    AlreadyAttacked,
    /// The figure made all the attacks the power allows this turn.
    UsedUp(u8),
    /// The power never attacks the same figure twice in a turn, and this one it already did.
    SameTarget(u32),
    /// Another special attack of the card must be used by every attacking figure this turn.
    Barred(String),
    /// A once-per-game special attack already used.
    Spent,
    /// Every attacking figure of the card must use the power, and this figure of the card
    /// already made a normal attack this turn.
    OthersAttacked(u32),
    /// The power needs a chosen figure (single target, explosion).
    NeedsTarget,
    /// The power is a line and needs its start and direction.
    NeedsLine,
    /// The power chooses nobody (every adjacent figure), or a line was given to another area.
    NoAim,
    /// The chosen figure is not on the battlefield.
    NotOnField(u32),
    /// The chosen figure is the attacker's own or a teammate's.
    NotOpponent(u32),
    /// The chosen figure does not match the power's target filter.
    Filtered(u32),
    /// The attacker is engaged and the chosen figure is not one it is engaged with.
    Engaged(u32),
    /// The chosen figure is beyond the power's range: (spaces, range).
    OutOfRange(u32, u16),
    /// The thrown attack would have to rise higher than its lob: (height, lob).
    LobTooShort(u16, u16),
    /// No clear line of sight to the chosen figure; true when only an overhang makes it needed.
    NoSight(u32, bool),
    /// The line does not start from one of the attacker's hexes, or runs through it.
    BadLine,
    /// No opponent's figure would be affected.
    NoOpponentAffected,
    /// The power lets the player choose its dice among these, and none was chosen.
    NeedsDice(Vec<u16>),
    /// Dice were chosen for a power whose dice are printed, or not among its choices.
    NotOffered(u16),
    /// The figure's dice for the turn are spent: (rolled, pool).
    PoolSpent(u16, u16),
    /// The dice chosen are more than the figure has left: (chosen, left).
    PoolShort(u16, u16),
    /// Only a figure that moved this turn may use the power.
    NotMoved,
    /// The power places its figure before each of its attacks, and it was not placed since
    /// its last one (*Ninjutsu Mastery*).
    NotPlaced,
    /// The chosen figure is adjacent to the attacker, and the power needs one that is not.
    Adjacent(u32),
    /// The chosen figure's base is too many levels above or below the attacker's: (gap, most).
    LevelGap(u32, u16, u16),
    /// The power cannot be used in a turn in which the card used *Run*.
    AfterRun,
    /// The chosen figure may be targeted only from this many spaces (*Apparition*).
    BeyondReach(u32, u16),
    /// More other figures were chosen than the power allows.
    TooManyAlso(u8),
    /// A figure chosen besides the targeted one is not one the power lets the player choose.
    NotAlso(u32),
    /// A combined attack needs this many figures of the card, the acting one included.
    NeedsPartners(u8),
    /// A figure named to join a combined attack is not another figure of the card on the
    /// battlefield that has not attacked this turn.
    NotPartner(u32),
    /// A figure of a combined attack is not adjacent to the targeted figure.
    PartnerNotAdjacent(u32),
    /// The card made this combined attack this turn: its other figures do not attack.
    CombinedUsed(String),
    /// The chained attack's chosen figure was not adjacent to the last defender when that
    /// attack began (*Arcane Bolt*).
    NotBeside(u32),
    /// A figure of a combined attack is engaged, and the power needs unengaged ones.
    PartnerEngaged(u32),
    /// A figure of a combined attack is not on the acting figure's level.
    PartnerLevel(u32),
    /// The figures of a combined attack do not stand together, each adjacent to another.
    NotTogether,
    /// A figure of a combined attack has the targeted figure out of range or out of sight.
    PartnerNoShot(u32),
    /// The line chosen besides the target does not start from it, or the power has none.
    BadTargetLine,
    /// The figure moved this turn, and the power is not used after moving.
    Moved,
    /// The chosen figure is not adjacent to a figure the attacker's player controls.
    NotBesideOwn(u32),
    /// An adjacent enemy figure's *Combat Challenge* makes the attacker attack it, not this
    /// figure (for an attack choosing nobody: the challenger it must reach).
    Challenged(u32),
    /// The attacker or the chosen figure is under a darkness and they are not adjacent
    /// (*Hanwi's Darkness*).
    Darkness(u32),
    /// The power cannot be used in this additional turn (*Battle Surge*).
    NotThisTurn,
    /// The figure already used this range and attack pair of the power this turn: (range,
    /// attack) (*Full Barrage*).
    PairUsed(u16, u16),
    /// The attacker was adjacent to the chosen figure when the turn began (*Thunder Ram
    /// Assault Special Attack*).
    AdjacentAtStart(u32),
    /// The attacker moved by the power so named this turn (*Thunder Step*).
    AfterPower(String),
}

impl Refusal {
    /// The reason, for people (explanations of illegal actions are in English).
    pub fn text(&self, state: &State, figure: u32, name: &str) -> String {
        let card = state
            .figure(figure)
            .map_or(String::new(), |f| state.card_of(f).name.clone());
        match self {
            Refusal::NotNow => format!(
                "figure {figure} cannot make a special attack now: special attacks are made in \
                 the attack step, by a figure of the active card on the battlefield"
            ),
            Refusal::NoSuchPower => {
                format!("figure {figure} ({card}) has no such special attack")
            }
            Refusal::AlreadyAttacked => format!(
                "figure {figure} has already made its normal attack this turn, and {name} does \
                 not come besides it"
            ),
            Refusal::UsedUp(n) => format!(
                "figure {figure} has already used {name} {n} time(s) this turn, all it allows"
            ),
            Refusal::SameTarget(t) => format!(
                "figure {figure} has already attacked figure {t} with {name} this turn, and \
                 {name} never attacks the same figure twice"
            ),
            Refusal::Barred(other) => format!(
                "{card} used {other} this turn: every figure of the card that attacks must use it"
            ),
            Refusal::Spent => {
                format!("{name} may be used once per game, and {card} has already used it")
            }
            Refusal::OthersAttacked(other) => format!(
                "every figure of {card} that attacks in a turn must use {name}, and figure \
                 {other} already made a normal attack this turn"
            ),
            Refusal::NeedsTarget => format!("{name} needs a chosen figure to attack"),
            Refusal::NeedsLine => format!(
                "{name} is a line: give the hex of figure {figure} it starts from and its \
                 direction"
            ),
            Refusal::NoAim => format!("{name} takes no chosen figure and no line"),
            Refusal::NotOnField(t) => format!("figure {t} is not on the battlefield"),
            Refusal::NotOpponent(t) => {
                format!("figure {t} is not an opponent's figure: {name} must choose one")
            }
            Refusal::Filtered(t) => format!("{name} cannot be used against figure {t}"),
            Refusal::Engaged(t) => format!(
                "figure {figure} is engaged and may only attack figures it is engaged with, \
                 not figure {t}"
            ),
            Refusal::OutOfRange(d, r) => {
                format!("the chosen figure is {d} spaces away, out of {name}'s range of {r}")
            }
            Refusal::LobTooShort(h, l) => format!(
                "the throw is too short: the highest column between figure {figure} and its \
                 target rises {h} levels above its base, and {name} lobs {l} at most ({l} < {h})"
            ),
            Refusal::NoSight(t, overhang) if *overhang => format!(
                "figure {figure} or figure {t} stands under an overhang, so a clear line of \
                 sight is needed, and figure {figure} does not see figure {t}"
            ),
            Refusal::NoSight(t, _) => {
                format!("figure {figure} has no clear line of sight to figure {t}")
            }
            Refusal::BadLine => {
                format!("the line must start from a hex of figure {figure} and run away from it")
            }
            Refusal::NoOpponentAffected => {
                format!("{name} would affect no opponent's figure there")
            }
            Refusal::NeedsDice(choice) => {
                let list: Vec<String> = choice.iter().map(u16::to_string).collect();
                format!(
                    "{name} rolls {} attack dice: choose how many",
                    list.join(" or ")
                )
            }
            Refusal::NotOffered(n) => format!("{name} cannot roll {n} attack dice"),
            Refusal::PoolSpent(rolled, pool) => format!(
                "figure {figure} has rolled {rolled} of its {pool} attack dice for {name} this \
                 turn: none left"
            ),
            Refusal::NotMoved => {
                format!("only a figure that moved this turn may use {name}")
            }
            Refusal::NotPlaced => format!(
                "figure {figure} must first be placed beside an opponent's figure before each \
                 attack with {name}"
            ),
            Refusal::Adjacent(t) => format!(
                "figure {t} is adjacent to figure {figure}: {name} must choose a figure that is not"
            ),
            Refusal::LevelGap(t, gap, most) => format!(
                "figure {t}'s base is {gap} levels from figure {figure}'s, more than the {most} \
                 {name} allows"
            ),
            Refusal::PoolShort(n, left) => {
                format!("figure {figure} has {left} attack dice left for {name} this turn, not {n}")
            }
            Refusal::AdjacentAtStart(t) => format!(
                "figure {figure} was adjacent to figure {t} when the turn began: {name} can \
                 target only a figure it was not adjacent to at the start of the turn"
            ),
            Refusal::AfterPower(other) => {
                format!("{name} cannot be used in a turn in which {card} used {other}")
            }
            Refusal::AfterRun => {
                format!("{name} cannot be used in a turn in which {card} used Run")
            }
            Refusal::BeyondReach(t, n) => {
                format!("figure {t} can be targeted only by a figure within {n} spaces of it")
            }
            Refusal::NotThisTurn => {
                format!("{name} cannot be used in the additional turn {card} takes now")
            }
            Refusal::PairUsed(range, attack) => format!(
                "figure {figure} ({card}) already attacked with {name}'s pair Range {range}, \
                 Attack {attack} this turn: each attack uses a different range and attack pair"
            ),
            Refusal::Darkness(t) => format!(
                "figure {figure} and figure {t} are not adjacent and a darkness (Hanwi's \
                 Darkness) covers one of them: neither may target the other"
            ),
            Refusal::NeedsPartners(n) => {
                format!("{name} is made by {n} figures of {card} together: name the others")
            }
            Refusal::NotPartner(g) => format!(
                "figure {g} cannot join {name}: it must be another figure of {card} on the \
                 battlefield that has not attacked this turn"
            ),
            Refusal::PartnerNotAdjacent(g) => {
                format!("figure {g} is not adjacent to the figure {name} targets")
            }
            Refusal::NotBeside(t) => format!(
                "figure {t} was not adjacent to the figure {name} last attacked when that attack \
                 began: the next attack must choose such a figure"
            ),
            Refusal::PartnerEngaged(g) => {
                format!("figure {g} is engaged: {name} is made by unengaged figures")
            }
            Refusal::PartnerLevel(g) => format!(
                "figure {g} is not on the level of figure {figure}: {name} is made by figures \
                 on the same level"
            ),
            Refusal::NotTogether => format!(
                "the figures of {name} must stand together, each adjacent to another of them"
            ),
            Refusal::PartnerNoShot(g) => format!(
                "figure {g} does not have the target within range and in clear sight: every \
                 figure of {name} must"
            ),
            Refusal::BadTargetLine => format!(
                "the line of {name} must start from a hex of the targeted figure and run away \
                 from it"
            ),
            Refusal::Moved => {
                format!("figure {figure} moved this turn: {name} cannot be used after moving")
            }
            Refusal::NotBesideOwn(t) => format!(
                "figure {t} is not adjacent to a figure you control: {name} can target only \
                 such figures"
            ),
            Refusal::Challenged(t) => format!(
                "figure {figure} is adjacent to a figure with Combat Challenge: it must attack \
                 that figure (figure {t} is not one it may attack now)"
            ),
            Refusal::CombinedUsed(other) => {
                format!("{card} used {other} this turn: its other figures cannot attack")
            }
            Refusal::TooManyAlso(n) => {
                format!("{name} lets you choose at most {n} other figure(s) besides its target")
            }
            Refusal::NotAlso(g) => format!(
                "figure {g} cannot be chosen besides the target of {name}: it must be a \
                 different figure on the battlefield where the power says, that the attack may \
                 affect"
            ),
        }
    }
}
