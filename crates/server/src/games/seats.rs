//! Who holds which seat: invites to seats nobody holds yet, and changing a seat's token.
//!
//! The creator of a friend game gets a token for its own seat and an invite for the friend's:
//! the friend's token is drawn when the friend uses the invite, so the creator never holds it
//! and cannot act or resign for the friend. An invite works once. A token's holder can replace
//! it (`POST /api/games/{id}/token`), which revokes the old one everywhere, open sockets
//! included.

use std::sync::Arc;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use skirmish_engine::Seat;

use super::{read_lock, write_lock, AppState, GameSlot, SeatsRecord, TokenRecord};
use crate::error::{code, ApiError, ApiResult};
use crate::tokens;

/// An invite as stored: its hash and the seats it hands out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InviteRecord {
    /// SHA-256 of the invite code.
    pub hash: String,
    /// Seats the invite hands out.
    pub seats: Vec<Seat>,
    /// Whether it was used (a used invite is refused with `invite-used`).
    #[serde(default)]
    pub used: bool,
}

impl InviteRecord {
    /// An unused invite to `seats` for the code `code`.
    pub fn new(code: &str, seats: Vec<Seat>) -> InviteRecord {
        InviteRecord {
            hash: tokens::token_hash(code),
            seats,
            used: false,
        }
    }
}

fn unknown_invite() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        code::UNKNOWN_INVITE,
        "this invite is not one of this game's",
    )
}

fn well_formed(secret: &str) -> bool {
    secret.len() == 32 && secret.bytes().all(|b| b.is_ascii_hexdigit())
}

impl AppState {
    /// Stores `slot`'s seats with `tokens` and `invites`, then makes them the slot's. Called
    /// with the game's lock held, so that seat changes of one game happen one at a time.
    async fn store_seats(
        &self,
        slot: &GameSlot,
        tokens: Vec<TokenRecord>,
        invites: Vec<InviteRecord>,
    ) -> ApiResult<()> {
        let record = SeatsRecord {
            seats: slot.seats.clone(),
            tokens,
            invites,
        };
        let text = serde_json::to_string(&record).map_err(|e| ApiError::internal(e.to_string()))?;
        let store = self.inner.store.clone();
        let id = slot.id.clone();
        tokio::task::spawn_blocking(move || store.set_seats_json(&id, &text))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| {
                tracing::error!(game = %slot.id, error = %e, "cannot store seats");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    code::STORAGE,
                    "the change could not be stored; nothing changed",
                )
            })?;
        *write_lock(&slot.tokens) = record.tokens;
        *write_lock(&slot.invites) = record.invites;
        Ok(())
    }

    /// Uses an invite: draws a token for its seats and answers it (once; the invite is spent).
    pub async fn join(&self, slot: &Arc<GameSlot>, invite: &str) -> ApiResult<Value> {
        if !well_formed(invite) {
            return Err(unknown_invite());
        }
        let hash = tokens::token_hash(invite);
        let token = {
            let _entry = slot.entry.lock().await;
            let mut invites = read_lock(&slot.invites).clone();
            let found = invites
                .iter_mut()
                .find(|i| tokens::same_secret(&i.hash, &hash))
                .ok_or_else(unknown_invite)?;
            if found.used {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    code::INVITE_USED,
                    "this invite was already used: its seat has its own token now",
                ));
            }
            found.used = true;
            let seats = found.seats.clone();
            let token = tokens::new_token().map_err(|e| ApiError::internal(e.to_string()))?;
            let mut held = read_lock(&slot.tokens).clone();
            held.push(TokenRecord {
                hash: tokens::token_hash(&token),
                seats: seats.clone(),
            });
            self.store_seats(slot, held, invites).await?;
            (token, seats)
        };
        slot.notify();
        let (token, seats) = token;
        tracing::info!(game = %slot.id, "invite used");
        Ok(json!({
            "game": slot.id,
            "seat": seats.first().map(|s| s.0),
            "seats": seats,
            "token": token,
            "url": format!("/#game={}&token={token}", slot.id),
        }))
    }

    /// Replaces the token `token` by a new one holding the same seats; the old one stops
    /// working at once (its open sockets are closed).
    pub async fn rotate_token(&self, slot: &Arc<GameSlot>, token: &str) -> ApiResult<Value> {
        let access = slot.access(Some(token))?;
        if access.seats.is_empty() {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                code::NO_TOKEN,
                "give the token to replace",
            ));
        }
        let hash = tokens::token_hash(token);
        let fresh = tokens::new_token().map_err(|e| ApiError::internal(e.to_string()))?;
        {
            let _entry = slot.entry.lock().await;
            let mut held = read_lock(&slot.tokens).clone();
            let found = held
                .iter_mut()
                .find(|t| tokens::same_secret(&t.hash, &hash))
                // Replaced by someone else meanwhile.
                .ok_or_else(ApiError::unknown_token)?;
            found.hash = tokens::token_hash(&fresh);
            let invites = read_lock(&slot.invites).clone();
            self.store_seats(slot, held, invites).await?;
        }
        // Sockets check their token again on this notice.
        slot.notify();
        tracing::info!(game = %slot.id, "token replaced");
        Ok(json!({
            "game": slot.id,
            "seats": access.seats,
            "token": fresh,
            "url": format!("/#game={}&token={fresh}", slot.id),
        }))
    }
}
