//! Dice.
