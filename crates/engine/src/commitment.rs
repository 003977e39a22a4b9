//! Fair dice between players who do not trust each other: the seed is committed to before the
//! game and revealed after it.
//!
//! Whoever runs a game with several people (the server) draws the seed and a random salt, and
//! publishes only [`SeedCommitment`]: a SHA-256 of both. Nobody can predict a roll from it, and
//! the salt keeps a seed that is small enough to enumerate (the server's are below 2^53) from
//! being found by hashing every candidate. When the game ends the [`SeedReveal`] is published;
//! anyone can then check it against the commitment and replay the whole game with it.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The commitment scheme's name, written into commitments so that a later scheme can be told
/// apart.
pub const COMMITMENT_SCHEME: &str = "sha256(skirmish-dice-v1:<seed>:<salt>)";

/// What players see of the dice before the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedCommitment {
    /// How `hash` was made: [`COMMITMENT_SCHEME`].
    pub scheme: String,
    /// Lower-case hex SHA-256 of `skirmish-dice-v1:<seed in decimal>:<salt>`.
    pub hash: String,
}

/// What is published once the game is over, to check the commitment and replay the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedReveal {
    /// The dice seed.
    pub seed: u64,
    /// The salt hashed with it (random text, typically 32 hex digits).
    pub salt: String,
}

impl SeedReveal {
    /// The commitment this seed and salt make.
    pub fn commitment(&self) -> SeedCommitment {
        commit_seed(self.seed, &self.salt)
    }

    /// True if this seed and salt are the ones `commitment` was made from.
    pub fn verifies(&self, commitment: &SeedCommitment) -> bool {
        verify_seed(commitment, self.seed, &self.salt)
    }
}

/// The commitment to `seed` with `salt`.
pub fn commit_seed(seed: u64, salt: &str) -> SeedCommitment {
    let digest = Sha256::digest(format!("skirmish-dice-v1:{seed}:{salt}").as_bytes());
    let mut hash = String::with_capacity(64);
    for byte in digest {
        let _ = write!(hash, "{byte:02x}");
    }
    SeedCommitment {
        scheme: COMMITMENT_SCHEME.to_string(),
        hash,
    }
}

/// True if `commitment` was made from `seed` and `salt` under the scheme this build knows.
pub fn verify_seed(commitment: &SeedCommitment, seed: u64, salt: &str) -> bool {
    commitment.scheme == COMMITMENT_SCHEME && commit_seed(seed, salt).hash == commitment.hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reveal_verifies_its_commitment_only() {
        let reveal = SeedReveal {
            seed: 42,
            salt: "00ff".into(),
        };
        let commitment = reveal.commitment();
        assert!(reveal.verifies(&commitment));
        assert_eq!(commitment.hash.len(), 64);
        // Another seed, another salt, or another scheme name do not verify.
        assert!(!verify_seed(&commitment, 43, "00ff"));
        assert!(!verify_seed(&commitment, 42, "00fe"));
        let mut renamed = commitment.clone();
        renamed.scheme = "md5".into();
        assert!(!reveal.verifies(&renamed));
    }

    #[test]
    fn commitment_is_the_documented_sha256() {
        // sha256("skirmish-dice-v1:1:a"), computed independently with coreutils' sha256sum.
        let c = commit_seed(1, "a");
        let expected = "7bf6ebd72040ae87b18d0ca0c9baad40569c195d2edd04c489e1ab55f6ec21c2";
        assert_eq!(c.hash, expected);
    }
}
