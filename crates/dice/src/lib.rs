//! Dice for Skirmish: one recorded dice stream per game, either seeded (for
//! real play and replays) or scripted (for scenario tests).
//!
//! Every game in the engine draws all of its randomness from one [`Dice`]
//! value. Because the stream is seeded from a single `u64`, a game is fully
//! reproducible from its scenario, its seed and its list of actions, which is
//! what replays rely on. Every roll is logged as a [`Roll`] so that a client can
//! show the dice and an auditor can check them.
//!
//! Uniform sampling is implemented here by rejection sampling on top of
//! `next_u32()` instead of `rand`'s distributions, so the values a seed yields
//! depend only on ChaCha8 and this file, never on how a future `rand` release
//! chooses to sample ranges. The golden tests at the bottom pin the stream.
//!
//! ```
//! use skirmish_dice::{Dice, Die};
//!
//! let mut dice = Dice::seeded(42);
//! let attack = dice.pool(3, &Die::heroscape_combat());
//! assert_eq!(attack.len(), 3);
//! assert_eq!(dice.roll_count(), 3);
//!
//! let mut scripted = Dice::scripted([4, 6]);
//! assert_eq!(scripted.d6(), 4);
//! assert_eq!(scripted.d6(), 6);
//! assert_eq!(scripted.d6(), 1); // past the end: a fixed value, and a flag
//! assert_eq!(scripted.exhausted(), Some(2));
//! ```

use std::fmt;
use std::sync::Arc;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A kind of die.
///
/// Numbered dice roll `1..=faces`. A custom die (HeroScape combat dice,
/// symbol dice) rolls a face index, reported 1-based like a numbered die so
/// that scripts and logs use one convention; [`Die::face_name`] turns the
/// value back into the face's symbol.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Die {
    /// A six-sided die numbered 1 to 6.
    D6,
    /// A twenty-sided die numbered 1 to 20.
    D20,
    /// A die whose faces carry names, possibly repeated.
    Custom(CustomDie),
}

impl Die {
    /// A HeroScape combat die: three skulls, two shields and one blank.
    ///
    /// Values 1–3 are skulls, 4–5 shields and 6 the blank.
    pub fn heroscape_combat() -> Die {
        Die::Custom(CustomDie {
            name: Arc::from("heroscape combat"),
            faces: ["skull", "skull", "skull", "shield", "shield", "blank"]
                .into_iter()
                .map(String::from)
                .collect(),
        })
    }

    /// Builds a custom die, refusing one with no faces or more than 255.
    pub fn custom(
        name: impl Into<String>,
        faces: impl IntoIterator<Item = impl Into<String>>,
    ) -> Result<Die, DieError> {
        CustomDie::try_from(CustomDieSpec {
            name: name.into(),
            faces: faces.into_iter().map(Into::into).collect(),
        })
        .map(Die::Custom)
    }

    /// How many faces the die has (always at least 1).
    pub fn faces(&self) -> u8 {
        match self {
            Die::D6 => 6,
            Die::D20 => 20,
            Die::Custom(custom) => custom.faces(),
        }
    }

    /// A short name for logs: `d6`, `d20` or the custom die's name.
    pub fn name(&self) -> &str {
        match self {
            Die::D6 => "d6",
            Die::D20 => "d20",
            Die::Custom(custom) => &custom.name,
        }
    }

    /// The symbol on the face a custom die rolled as `value` (1-based).
    ///
    /// Numbered dice have no names beyond their number, so they give `None`,
    /// as does a value the die cannot show.
    pub fn face_name(&self, value: u8) -> Option<&str> {
        match self {
            Die::Custom(custom) => custom.face_name(value),
            Die::D6 | Die::D20 => None,
        }
    }

    /// Whether `value` is something this die can show.
    pub fn can_show(&self, value: u8) -> bool {
        (1..=self.faces()).contains(&value)
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The faces of a custom die.
///
/// Fields are private so that every `CustomDie`, including deserialized ones,
/// has between 1 and 255 faces and rolling never has to cope with an empty
/// die. Faces sit behind an `Arc` because every logged roll carries its die.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "CustomDieSpec")]
pub struct CustomDie {
    name: Arc<str>,
    faces: Arc<[String]>,
}

impl CustomDie {
    /// The die's name, used in logs.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many faces the die has (1 to 255).
    pub fn faces(&self) -> u8 {
        u8::try_from(self.faces.len()).unwrap_or(u8::MAX)
    }

    /// Every face symbol, in value order (value 1 first).
    pub fn face_names(&self) -> &[String] {
        &self.faces
    }

    /// The symbol for a 1-based value, if the die has that face.
    pub fn face_name(&self, value: u8) -> Option<&str> {
        let index = usize::from(value).checked_sub(1)?;
        self.faces.get(index).map(String::as_str)
    }
}

/// The unchecked form of a [`CustomDie`], as it appears in data files.
#[derive(Deserialize)]
struct CustomDieSpec {
    name: String,
    faces: Vec<String>,
}

impl TryFrom<CustomDieSpec> for CustomDie {
    type Error = DieError;

    fn try_from(spec: CustomDieSpec) -> Result<Self, Self::Error> {
        match spec.faces.len() {
            0 => Err(DieError::NoFaces { name: spec.name }),
            1..=255 => Ok(CustomDie {
                name: Arc::from(spec.name),
                faces: Arc::from(spec.faces),
            }),
            count => Err(DieError::TooManyFaces {
                name: spec.name,
                count,
            }),
        }
    }
}

/// Why a custom die could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DieError {
    /// A die must have at least one face to be rolled.
    #[error("custom die '{name}' has no faces")]
    NoFaces {
        /// The die's name.
        name: String,
    },
    /// Roll values are `u8`, so a die can have at most 255 faces.
    #[error("custom die '{name}' has {count} faces; at most 255 are allowed")]
    TooManyFaces {
        /// The die's name.
        name: String,
        /// How many faces were given.
        count: usize,
    },
}

/// One recorded roll of one die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// Position of this roll in the stream, counting from 0 at the first roll
    /// the stream ever made (it keeps counting across [`Dice::take_log`]).
    pub index: u64,
    /// The die that was rolled.
    pub die: Die,
    /// The value shown, 1-based (a face index + 1 for custom dice).
    pub value: u8,
}

impl Roll {
    /// The face symbol for custom dice, `None` for numbered dice.
    pub fn face_name(&self) -> Option<&str> {
        self.die.face_name(self.value)
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.face_name() {
            Some(face) => write!(f, "{}: {face}", self.die),
            None => write!(f, "{}: {}", self.die, self.value),
        }
    }
}

/// Where a dice stream's values come from; enough to rebuild the stream from
/// its start, which is what replays store.
///
/// Serialized as `{"seed": 42}` or `{"script": [4, 6, 1]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceSource {
    /// A ChaCha8 stream seeded with `ChaCha8Rng::seed_from_u64`.
    Seed(u64),
    /// Fixed values handed out in order, for tests and scenarios.
    Script(Vec<u8>),
}

/// A problem with scripted dice, kept instead of panicking so that a scenario
/// runner can report it after the game has run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScriptError {
    /// A roll was asked for after the script ran out.
    #[error("the scenario ran out of scripted dice at roll {} (only {roll} values were scripted)", roll + 1)]
    Exhausted {
        /// 0-based index of the first roll that had no scripted value; equal
        /// to the script's length.
        roll: u64,
    },
    /// A scripted value cannot be shown by the die it was used for.
    #[error("scripted value {value} at roll {} cannot be shown by a {die} ({} faces)", roll + 1, die.faces())]
    OutOfRange {
        /// 0-based index of the offending roll.
        roll: u64,
        /// The scripted value.
        value: u8,
        /// The die it was used for.
        die: Die,
    },
}

/// Why [`Dice::reroll`] refused to reroll.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RerollError {
    /// A chosen position is outside the pool.
    #[error("cannot reroll die {index}: the pool has only {len} dice")]
    OutOfPool {
        /// The 0-based position asked for.
        index: usize,
        /// The pool's size.
        len: usize,
    },
}

/// The value a scripted stream hands out when it cannot hand out the scripted
/// one. It is a legal value on every die, so rules code keeps running.
const FALLBACK_VALUE: u8 = 1;

// Real games are seeded; scripted streams are for tests, so boxing the common
// variant would only add an allocation to every per-action clone.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Source {
    Seeded {
        seed: u64,
        rng: ChaCha8Rng,
    },
    Scripted {
        script: Arc<[u8]>,
        next: usize,
        // Where values come from once the script has run out, for search (which must let the
        // rules run on, and loops such as "reroll ties" end only on random values); none for
        // tests and scenarios, which get the fallback value and an error.
        then: Option<Box<ChaCha8Rng>>,
    },
}

/// A game's dice stream: seeded or scripted, logging every roll.
///
/// `Clone` is cheap enough to clone per action (the script is shared and the
/// log is expected to be drained by the game after each action), which lets
/// the engine try an action on a copy and discard it on rejection.
#[derive(Clone, Debug)]
pub struct Dice {
    source: Source,
    log: Vec<Roll>,
    count: u64,
    exhausted: Option<u64>,
    error: Option<ScriptError>,
}

impl Dice {
    /// A stream seeded from `seed` with `ChaCha8Rng::seed_from_u64`.
    pub fn seeded(seed: u64) -> Dice {
        Dice::with_source(Source::Seeded {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    /// A stream that hands out `values` in order, whatever die is rolled.
    ///
    /// Rolling past the end returns 1 and sets [`Dice::exhausted`]; a value
    /// the die cannot show also returns 1 and sets [`Dice::script_error`].
    pub fn scripted(values: impl IntoIterator<Item = u8>) -> Dice {
        Dice::with_source(Source::Scripted {
            script: values.into_iter().collect(),
            next: 0,
            then: None,
        })
    }

    /// A stream that hands out `values` in order, then random values seeded
    /// with `seed`: what search uses to explore the outcomes of an action one
    /// scripted prefix at a time. [`Dice::exhausted`] still tells where the
    /// script ran out (the log tells which die was rolled there), but
    /// running out is not an error.
    pub fn prefixed(values: impl IntoIterator<Item = u8>, seed: u64) -> Dice {
        Dice::with_source(Source::Scripted {
            script: values.into_iter().collect(),
            next: 0,
            then: Some(Box::new(ChaCha8Rng::seed_from_u64(seed))),
        })
    }

    /// Rebuilds a stream from its start.
    pub fn from_source(source: &DiceSource) -> Dice {
        match source {
            DiceSource::Seed(seed) => Dice::seeded(*seed),
            DiceSource::Script(values) => Dice::scripted(values.iter().copied()),
        }
    }

    fn with_source(source: Source) -> Dice {
        Dice {
            source,
            log: Vec::new(),
            count: 0,
            exhausted: None,
            error: None,
        }
    }

    /// Where this stream's values come from, as it was when created (not the
    /// current position).
    pub fn source(&self) -> DiceSource {
        match &self.source {
            Source::Seeded { seed, .. } => DiceSource::Seed(*seed),
            Source::Scripted { script, .. } => DiceSource::Script(script.to_vec()),
        }
    }

    /// Whether the values come from a script rather than a seed.
    pub fn is_scripted(&self) -> bool {
        matches!(self.source, Source::Scripted { .. })
    }

    /// Rolls one die and returns its 1-based value.
    pub fn roll(&mut self, die: &Die) -> u8 {
        let index = self.count;
        let faces = die.faces();
        let value = match &mut self.source {
            Source::Seeded { rng, .. } => {
                let drawn = uniform_u32(rng, u32::from(faces));
                // `drawn < faces <= 255`, so the conversion cannot fail; the
                // fallback only keeps the code free of panics.
                u8::try_from(drawn).map_or(FALLBACK_VALUE, |v| v + 1)
            }
            Source::Scripted { script, next, then } => match script.get(*next) {
                Some(&value) => {
                    *next += 1;
                    if die.can_show(value) {
                        value
                    } else {
                        if self.error.is_none() {
                            self.error = Some(ScriptError::OutOfRange {
                                roll: index,
                                value,
                                die: die.clone(),
                            });
                        }
                        FALLBACK_VALUE
                    }
                }
                None => {
                    if self.exhausted.is_none() {
                        self.exhausted = Some(index);
                        if self.error.is_none() && then.is_none() {
                            self.error = Some(ScriptError::Exhausted { roll: index });
                        }
                    }
                    match then {
                        Some(rng) => u8::try_from(uniform_u32(rng, u32::from(faces)))
                            .map_or(FALLBACK_VALUE, |v| v + 1),
                        None => FALLBACK_VALUE,
                    }
                }
            },
        };
        self.count += 1;
        self.log.push(Roll {
            index,
            die: die.clone(),
            value,
        });
        value
    }

    /// Rolls a d6.
    pub fn d6(&mut self) -> u8 {
        self.roll(&Die::D6)
    }

    /// Rolls two d6 (HeroClix attack and break-away rolls), in roll order.
    pub fn two_d6(&mut self) -> (u8, u8) {
        let first = self.d6();
        (first, self.d6())
    }

    /// Rolls a d20.
    pub fn d20(&mut self) -> u8 {
        self.roll(&Die::D20)
    }

    /// Rolls `n` identical dice, in order.
    pub fn pool(&mut self, n: usize, die: &Die) -> Vec<u8> {
        (0..n).map(|_| self.roll(die)).collect()
    }

    /// Rerolls the dice of `values` at the positions in `which`, in the order
    /// given, replacing their values.
    ///
    /// All positions are checked before anything is rolled, so an error
    /// leaves both the pool and the stream untouched.
    pub fn reroll(
        &mut self,
        die: &Die,
        values: &mut [u8],
        which: &[usize],
    ) -> Result<(), RerollError> {
        if let Some(&index) = which.iter().find(|&&index| index >= values.len()) {
            return Err(RerollError::OutOfPool {
                index,
                len: values.len(),
            });
        }
        for &index in which {
            let value = self.roll(die);
            if let Some(slot) = values.get_mut(index) {
                *slot = value;
            }
        }
        Ok(())
    }

    /// Rolls `n` dice, then one more die for every die that shows its highest
    /// face (extra dice explode too), adding at most `max_extra` dice so the
    /// pool stays bounded.
    pub fn exploding_pool(&mut self, n: usize, die: &Die, max_extra: usize) -> Vec<u8> {
        let top = die.faces();
        let mut values = self.pool(n, die);
        let mut owed = values.iter().filter(|&&v| v == top).count();
        let mut extra = 0;
        while owed > 0 && extra < max_extra {
            owed -= 1;
            extra += 1;
            let value = self.roll(die);
            if value == top {
                owed += 1;
            }
            values.push(value);
        }
        values
    }

    /// The rolls made since the log was last taken, oldest first.
    pub fn rolls(&self) -> &[Roll] {
        &self.log
    }

    /// Takes the rolls made since the log was last taken, leaving it empty.
    ///
    /// The roll counter and roll indices keep counting.
    pub fn take_log(&mut self) -> Vec<Roll> {
        std::mem::take(&mut self.log)
    }

    /// How many dice this stream has rolled in all.
    pub fn roll_count(&self) -> u64 {
        self.count
    }

    /// For a scripted stream that ran out: the 0-based index of the first roll
    /// that had no scripted value.
    pub fn exhausted(&self) -> Option<u64> {
        self.exhausted
    }

    /// The first problem met by a scripted stream (running out, or a value the
    /// die cannot show), if any. Seeded streams never have one.
    pub fn script_error(&self) -> Option<&ScriptError> {
        self.error.as_ref()
    }
}

/// A uniform value in `0..n` (`n >= 1`), by rejection sampling.
///
/// Values of `next_u32()` at or above the largest multiple of `n` are thrown
/// away so every residue is equally likely; at most `n - 1` of the 2^32
/// outcomes are rejected, so the loop almost never repeats.
fn uniform_u32(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    let n = u64::from(n.max(1));
    let zone = (1u64 << 32) / n * n;
    loop {
        let x = u64::from(rng.next_u32());
        if x < zone {
            // `x % n < n <= u32::MAX`.
            return u32::try_from(x % n).unwrap_or(0);
        }
    }
}

/// A seeded chooser for things that are not dice: random playouts, test
/// drivers, simple AIs.
///
/// It is kept apart from [`Dice`] so that how a driver picks actions never
/// shifts the game's own dice stream. Like `Dice`, it samples by hand so its
/// choices for a seed stay stable.
#[derive(Clone, Debug)]
pub struct Picker {
    rng: ChaCha8Rng,
}

impl Picker {
    /// A chooser seeded with `ChaCha8Rng::seed_from_u64(seed)`.
    pub fn new(seed: u64) -> Picker {
        Picker {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A uniform index in `0..n`, or `None` when `n` is 0.
    pub fn below(&mut self, n: usize) -> Option<usize> {
        let n = u128::try_from(n).ok().filter(|&n| n > 0)?;
        let zone = (1u128 << 64) / n * n;
        loop {
            let x = u128::from(self.rng.next_u64());
            if x < zone {
                return usize::try_from(x % n).ok();
            }
        }
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        self.below(items.len()).and_then(|i| items.get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixed_dice_run_on_without_error_and_say_where_the_script_ended() {
        let mut dice = Dice::prefixed([6, 2], 9);
        assert_eq!(dice.d6(), 6);
        assert_eq!(dice.d20(), 2);
        assert_eq!(dice.exhausted(), None);
        let later: Vec<u8> = (0..40).map(|_| dice.d6()).collect();
        assert_eq!(dice.exhausted(), Some(2));
        assert!(dice.script_error().is_none());
        assert!(later.iter().all(|v| (1..=6).contains(v)));
        // Random, not the fallback value, so that "roll again on a tie" loops end.
        assert!(later.iter().any(|&v| v != 1));
    }

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Dice::seeded(7);
        let mut b = Dice::seeded(7);
        let xs: Vec<u8> = (0..200).map(|_| a.d6()).collect();
        let ys: Vec<u8> = (0..200).map(|_| b.d6()).collect();
        assert_eq!(xs, ys);
        assert_eq!(a.rolls(), b.rolls());
    }

    #[test]
    fn different_seeds_differ() {
        let mut a = Dice::seeded(1);
        let mut b = Dice::seeded(2);
        let xs: Vec<u8> = (0..50).map(|_| a.d20()).collect();
        let ys: Vec<u8> = (0..50).map(|_| b.d20()).collect();
        assert_ne!(xs, ys);
    }

    #[test]
    fn d6_distribution_is_sane() {
        let mut dice = Dice::seeded(123);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let v = dice.d6();
            assert!((1..=6).contains(&v));
            counts[usize::from(v - 1)] += 1;
        }
        // Expected 10 000 each with a standard deviation of about 91.
        for (face, &count) in counts.iter().enumerate() {
            assert!(
                (9_500..=10_500).contains(&count),
                "face {} came up {count} times",
                face + 1
            );
        }
    }

    #[test]
    fn d20_and_custom_stay_in_range_and_cover_all_faces() {
        let mut dice = Dice::seeded(5);
        let mut seen = [false; 20];
        for _ in 0..2_000 {
            let v = dice.d20();
            assert!((1..=20).contains(&v));
            seen[usize::from(v - 1)] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let combat = Die::heroscape_combat();
        let mut skulls = 0;
        for _ in 0..6_000 {
            let v = dice.roll(&combat);
            assert!(combat.can_show(v));
            if combat.face_name(v) == Some("skull") {
                skulls += 1;
            }
        }
        assert!((2_700..=3_300).contains(&skulls), "{skulls} skulls");
    }

    #[test]
    fn golden_seed_42() {
        let mut dice = Dice::seeded(42);
        let d6: Vec<u8> = (0..10).map(|_| dice.d6()).collect();
        let d20: Vec<u8> = (0..10).map(|_| dice.d20()).collect();
        assert_eq!(d6, GOLDEN_D6);
        assert_eq!(d20, GOLDEN_D20);
    }

    #[test]
    fn golden_picker() {
        let mut picker = Picker::new(42);
        let picks: Vec<usize> = (0..10).filter_map(|_| picker.below(1000)).collect();
        assert_eq!(picks, GOLDEN_PICKER);
        assert_eq!(picker.below(0), None);
        assert_eq!(picker.choose::<u8>(&[]), None);
    }

    const GOLDEN_D6: [u8; 10] = [4, 4, 5, 1, 3, 3, 5, 4, 1, 3];
    const GOLDEN_D20: [u8; 10] = [11, 4, 5, 10, 13, 6, 9, 11, 13, 8];
    const GOLDEN_PICKER: [usize; 10] = [737, 312, 20, 866, 744, 838, 708, 612, 888, 944];

    #[test]
    fn scripted_values_come_in_order() {
        let mut dice = Dice::scripted([4, 6, 1, 20]);
        assert_eq!(dice.d6(), 4);
        assert_eq!(dice.two_d6(), (6, 1));
        assert_eq!(dice.d20(), 20);
        assert_eq!(dice.exhausted(), None);
        assert_eq!(dice.script_error(), None);
        assert_eq!(dice.roll_count(), 4);
        let values: Vec<u8> = dice.rolls().iter().map(|r| r.value).collect();
        assert_eq!(values, [4, 6, 1, 20]);
    }

    #[test]
    fn scripted_exhaustion_is_flagged_not_a_panic() {
        let mut dice = Dice::scripted([3, 5]);
        dice.pool(2, &Die::D6);
        assert_eq!(dice.d6(), FALLBACK_VALUE);
        assert_eq!(dice.d20(), FALLBACK_VALUE);
        assert_eq!(dice.exhausted(), Some(2));
        let error = dice.script_error().cloned();
        assert_eq!(error, Some(ScriptError::Exhausted { roll: 2 }));
        let message = error.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.contains("ran out of scripted dice at roll 3"),
            "{message}"
        );
        assert_eq!(dice.roll_count(), 4);
    }

    #[test]
    fn scripted_value_out_of_range_is_flagged() {
        let mut dice = Dice::scripted([7, 2]);
        assert_eq!(dice.d6(), FALLBACK_VALUE);
        assert_eq!(dice.d6(), 2);
        assert_eq!(
            dice.script_error(),
            Some(&ScriptError::OutOfRange {
                roll: 0,
                value: 7,
                die: Die::D6
            })
        );
        // The first error is kept even when the script later runs out.
        dice.d6();
        assert_eq!(dice.exhausted(), Some(2));
        assert!(matches!(
            dice.script_error(),
            Some(ScriptError::OutOfRange { .. })
        ));
        let mut zero = Dice::scripted([0]);
        assert_eq!(zero.d20(), FALLBACK_VALUE);
        assert!(zero.script_error().is_some());
    }

    #[test]
    fn log_is_drained_but_counter_keeps_going() {
        let mut dice = Dice::seeded(9);
        dice.pool(3, &Die::D6);
        let first = dice.take_log();
        assert_eq!(first.len(), 3);
        assert!(dice.rolls().is_empty());
        dice.d20();
        assert_eq!(dice.roll_count(), 4);
        assert_eq!(dice.rolls()[0].index, 3);
        assert_eq!(dice.rolls()[0].die, Die::D20);
    }

    #[test]
    fn reroll_replaces_chosen_dice_only() {
        let mut dice = Dice::scripted([1, 2, 3, 6, 5]);
        let mut pool = dice.pool(3, &Die::D6);
        assert_eq!(pool, [1, 2, 3]);
        assert_eq!(
            dice.reroll(&Die::D6, &mut pool, &[0, 3]),
            Err(RerollError::OutOfPool { index: 3, len: 3 })
        );
        assert_eq!(dice.roll_count(), 3);
        assert_eq!(dice.reroll(&Die::D6, &mut pool, &[2, 0]), Ok(()));
        assert_eq!(pool, [5, 2, 6]);
    }

    #[test]
    fn exploding_pool_adds_dice_for_top_faces_up_to_a_cap() {
        // Two sixes owe two dice; the first of those shows a six and owes one more.
        let mut dice = Dice::scripted([6, 2, 6, 6, 3, 4, 6]);
        assert_eq!(dice.exploding_pool(3, &Die::D6, 10), [6, 2, 6, 6, 3, 4]);
        assert_eq!(dice.exhausted(), None);
        let mut capped = Dice::scripted([6, 6, 6, 6]);
        assert_eq!(capped.exploding_pool(1, &Die::D6, 2), [6, 6, 6]);
    }

    #[test]
    fn custom_dice_are_validated() {
        assert!(matches!(
            Die::custom("empty", Vec::<String>::new()),
            Err(DieError::NoFaces { .. })
        ));
        assert!(matches!(
            Die::custom("huge", (0..300).map(|i| i.to_string())),
            Err(DieError::TooManyFaces { count: 300, .. })
        ));
        let die = Die::custom("coin", ["heads", "tails"]).unwrap();
        assert_eq!(die.faces(), 2);
        assert_eq!(die.face_name(2), Some("tails"));
        assert_eq!(die.face_name(3), None);
        assert_eq!(die.to_string(), "coin");
    }

    #[test]
    fn dice_serialize_and_validate_on_the_way_in() {
        let die = Die::heroscape_combat();
        let json = serde_json::to_string(&die).unwrap();
        let back: Die = serde_json::from_str(&json).unwrap();
        assert_eq!(back, die);
        assert_eq!(serde_json::to_string(&Die::D6).unwrap(), "\"d6\"");
        let bad = serde_json::from_str::<Die>(r#"{"custom":{"name":"x","faces":[]}}"#);
        assert!(bad.is_err());
        let source = serde_json::to_string(&DiceSource::Seed(42)).unwrap();
        assert_eq!(source, r#"{"seed":42}"#);
    }

    #[test]
    fn from_source_restarts_the_stream() {
        let mut dice = Dice::seeded(77);
        let first: Vec<u8> = dice.pool(5, &Die::D20);
        let mut again = Dice::from_source(&dice.source());
        assert_eq!(again.pool(5, &Die::D20), first);
        let scripted = Dice::scripted([2, 3]);
        assert_eq!(scripted.source(), DiceSource::Script(vec![2, 3]));
        assert!(scripted.is_scripted());
    }

    #[test]
    fn roll_display_uses_face_names() {
        let mut dice = Dice::scripted([4, 5]);
        dice.roll(&Die::heroscape_combat());
        dice.d6();
        let shown: Vec<String> = dice.rolls().iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["heroscape combat: shield", "d6: 5"]);
    }
}
