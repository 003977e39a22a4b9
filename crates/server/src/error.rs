//! Refusals: every request or message the server does not carry out gets one, with a sentence
//! for people and a stable code for programs, and changes nothing.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use skirmish_engine::Rejection;

/// A refused request: `{ "error": reason, "code": code }` over HTTP (with `status`), or
/// `{ "type": "error", "reason": ..., "code": ... }` over a WebSocket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Stable kebab-case tag (the engine's rejection codes, or one of this module's).
    pub code: String,
    /// What was wrong, for people.
    pub reason: String,
}

impl From<skirmish_platform::Problem> for ApiError {
    /// A ruleset's refusal of a request (a bad set-up, an unknown team, a bad judge query).
    fn from(p: skirmish_platform::Problem) -> ApiError {
        ApiError::bad(&p.code, p.message)
    }
}

/// The first 80 characters of `s`, to quote untrusted input in messages.
pub fn clip(s: &str) -> &str {
    match s.char_indices().nth(80) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// Codes of refusals that do not come from the engine.
pub mod code {
    /// The body or message is not JSON of the expected shape.
    pub const BAD_JSON: &str = "bad-json";
    /// The body or message exceeds the size limit.
    pub const TOO_LARGE: &str = "too-large";
    /// No game has this id.
    pub const UNKNOWN_GAME: &str = "unknown-game";
    /// The token is not one of this game's.
    pub const UNKNOWN_TOKEN: &str = "unknown-token";
    /// A token is needed and none was given.
    pub const NO_TOKEN: &str = "no-token";
    /// The message names a seat the token does not hold.
    pub const WRONG_SEAT: &str = "wrong-seat";
    /// The message was written for an earlier step of the game (a replayed or late message).
    pub const STALE: &str = "stale";
    /// The game's stored actions did not replay to their stored hashes: it is read-only.
    pub const CORRUPT: &str = "corrupt";
    /// A WebSocket message of a type the server does not know.
    pub const UNKNOWN_TYPE: &str = "unknown-type";
    /// A create request chose the dice seed of a game with more than one side that is not
    /// played at one screen (only `hotseat` games take `seed`).
    pub const SEED_REFUSED: &str = "seed-not-allowed";
    /// A query parameter or field is missing or out of range.
    pub const BAD_REQUEST: &str = "bad-request";
    /// The database refused to store the action; the game was rolled back to what is stored.
    pub const STORAGE: &str = "storage-failed";
    /// The server holds as many games as it is allowed.
    pub const FULL: &str = "server-full";
    /// This address created games faster than the server allows; `Retry-After` says when.
    pub const RATE_LIMITED: &str = "rate-limited";
    /// This address (or everyone) holds as many connections as the server allows.
    pub const TOO_MANY_CONNECTIONS: &str = "too-many-connections";
    /// The request was not sent and answered in time.
    pub const REQUEST_TIMEOUT: &str = "request-timeout";
    /// A page of another site tried to act (its `Origin` is not the server's).
    pub const BAD_ORIGIN: &str = "bad-origin";
    /// The invite is not this game's.
    pub const UNKNOWN_INVITE: &str = "unknown-invite";
    /// The invite was already used: its seat has a token of its own now.
    pub const INVITE_USED: &str = "invite-used";
    /// No route here.
    pub const NOT_FOUND: &str = "not-found";
    /// Something broke inside the server.
    pub const INTERNAL: &str = "internal";
}

impl ApiError {
    /// A refusal with a status, code and reason.
    pub fn new(status: StatusCode, code: &str, reason: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code: code.to_string(),
            reason: reason.into(),
        }
    }

    /// 400 with a code.
    pub fn bad(code: &str, reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, code, reason)
    }

    /// 404 for a game id that names no game.
    pub fn unknown_game(id: &str) -> ApiError {
        // Ids are checked for shape before they get here, so echoing one is safe.
        ApiError::new(
            StatusCode::NOT_FOUND,
            code::UNKNOWN_GAME,
            format!("there is no game {id}"),
        )
    }

    /// 403 for a token this game does not know.
    pub fn unknown_token() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            code::UNKNOWN_TOKEN,
            "this token does not hold a seat in this game",
        )
    }

    /// 500 for failures of the server itself.
    pub fn internal(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, code::INTERNAL, reason)
    }

    /// The refusal as the JSON body of an HTTP answer.
    pub fn body(&self) -> serde_json::Value {
        serde_json::json!({ "error": self.reason, "code": self.code })
    }

    /// The refusal as a WebSocket message.
    pub fn message(&self) -> serde_json::Value {
        serde_json::json!({ "type": "error", "reason": self.reason, "code": self.code })
    }
}

impl From<Rejection> for ApiError {
    fn from(r: Rejection) -> ApiError {
        let status = match r.code.as_str() {
            Rejection::NOT_YOUR_TURN | Rejection::GAME_OVER | Rejection::CANNOT_UNDO => {
                StatusCode::CONFLICT
            }
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError {
            status,
            code: r.code,
            reason: r.reason,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.reason, self.code)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

/// A JSON answer or a refusal.
pub type ApiResult<T> = Result<T, ApiError>;

/// Serializes for an answer; a failure here is a bug, reported rather than panicking.
pub fn to_json<T: Serialize>(value: &T) -> ApiResult<serde_json::Value> {
    serde_json::to_value(value).map_err(|e| ApiError::internal(format!("cannot serialize: {e}")))
}
