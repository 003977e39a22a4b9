//! State hashing: SHA-256 over a canonical JSON form.
//!
//! Object keys are sorted here rather than trusting serde_json's `Value` map
//! order, because any crate in the build enabling serde_json's
//! `preserve_order` feature would silently change that order, and with it
//! every hash in every stored replay.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::Error;

/// Writes `value` as compact JSON with object keys sorted, so equal values
/// always give equal text.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                // `Value`'s Display escapes strings exactly as JSON requires.
                let _ = write!(out, "{}", Value::String(key.clone()));
                out.push(':');
                write_canonical(item, out);
            }
            out.push('}');
        }
        leaf => {
            let _ = write!(out, "{leaf}");
        }
    }
}

/// Lower-case hex SHA-256 of the canonical JSON of `value`.
pub fn hash_json(value: &Value) -> String {
    let digest = Sha256::digest(canonical_json(value).as_bytes());
    let mut hex = String::with_capacity(64);
    for byte in digest {
        let _ = write!(hex, "{byte:02x}");
    }
    hex
}

/// Lower-case hex SHA-256 of the JSON serialization of `state`, streamed straight into the
/// hasher.
///
/// Streaming skips building a `Value` (the dominant cost of a playout when states are large).
/// It is canonical for the types states are made of: struct fields serialize in declaration
/// order, sequences in order, `BTreeMap`s sorted; `HashMap`s are not allowed in states (their
/// order varies from run to run), as the [`crate::Ruleset`] docs say.
pub fn hash_state<T: Serialize>(state: &T) -> Result<String, Error> {
    struct HashWriter(Sha256);
    impl std::io::Write for HashWriter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.update(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    // serde_json writes token by token; buffering hands the hasher whole blocks.
    let mut w = std::io::BufWriter::with_capacity(16 * 1024, HashWriter(Sha256::new()));
    let ser_err = |e: String| Error::Serialize {
        what: "state".into(),
        message: e,
    };
    serde_json::to_writer(&mut w, state).map_err(|e| ser_err(e.to_string()))?;
    let hasher = w.into_inner().map_err(|e| ser_err(e.to_string()))?;
    let mut hex = String::with_capacity(64);
    for byte in hasher.0.finalize() {
        let _ = write!(hex, "{byte:02x}");
    }
    Ok(hex)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn canonical_json_sorts_keys_and_escapes() {
        let value = json!({"b": [1, 2.5, null], "a": {"z": "q\"x", "y": true}});
        assert_eq!(
            canonical_json(&value),
            r#"{"a":{"y":true,"z":"q\"x"},"b":[1,2.5,null]}"#
        );
    }

    #[test]
    fn hash_is_sha256_hex() {
        // SHA-256 of the two bytes `{}`.
        assert_eq!(
            hash_json(&json!({})),
            "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"
        );
    }
}
