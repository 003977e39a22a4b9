//! Secrets and ids: seat tokens, game ids, seeds and the salts of seed commitments come from the
//! operating system's random source, never from a game's dice, so that knowing a game's seed or
//! replay reveals nothing about who may act in it, and nothing players see reveals the seed.

use sha2::{Digest, Sha256};

/// 128 random bits as 32 lowercase hex digits: a seat's secret.
pub fn new_token() -> anyhow::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("the system random source failed: {e}"))?;
    Ok(hex(&bytes))
}

/// 64 random bits as 16 hex digits: a game id, public (spectators use it), so shorter than a
/// token.
pub fn new_game_id() -> anyhow::Result<String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("the system random source failed: {e}"))?;
    Ok(hex(&bytes))
}

/// A random seed for a game's dice, below 2^53 ([`MAX_SEED`]) so that JavaScript reads it
/// exactly when it is revealed at the end and the page checks it against the commitment.
pub fn new_seed() -> anyhow::Result<u64> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("the system random source failed: {e}"))?;
    Ok(u64::from_le_bytes(bytes) & MAX_SEED)
}

/// The largest seed a game may have (2^53 - 1): pages read JSON numbers as doubles.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// 128 random bits as 32 hex digits: the salt hashed with the seed into its commitment, so
/// that the commitment of a seed small enough to enumerate cannot be reversed by hashing every
/// candidate.
pub fn new_salt() -> anyhow::Result<String> {
    new_token()
}

/// What the database keeps of a token: its SHA-256, so that a copy of the database does not
/// hand out the right to act in every game.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Compares two strings in time independent of where they first differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.bytes()
        .zip(b.bytes())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// True for text shaped like a game id (16 hex digits), checked before any lookup so that odd
/// ids never reach logs or the database.
pub fn looks_like_game_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_distinct_and_hex() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert!(looks_like_game_id(&new_game_id().unwrap()));
        assert!(!looks_like_game_id("../../etc/passwd"));
        assert_eq!(token_hash("x").len(), 64);
        assert!(new_seed().unwrap() <= MAX_SEED);
        assert_ne!(new_salt().unwrap(), new_salt().unwrap());
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "ab"));
    }
}
