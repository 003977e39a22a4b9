//! Taking back the last action (`POST /api/games/{id}/undo`): a player who misclicked a move
//! may have it back, as long as nothing random or hidden came of it. The engine takes the last
//! action back ([`AnyGame::set_undo_limit`] 1) by replaying the game without it
//! ([`AnyGame::set_undo_by_replay`]: no earlier state is kept in memory) and says whether the
//! action may be undone: one that rolled dice or revealed something cannot be, since the player
//! has seen what it would have been.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::http::StatusCode;
use skirmish_engine::{AnyGame, Rejection};

use super::{AppState, GameSlot};
use crate::error::{code, ApiError, ApiResult};

/// How many actions in a row a player may take back: one, the last action only.
pub const UNDO_DEPTH: usize = 1;

/// Whether a viewer holding `seats` may take back the last action of `game` now.
pub fn can_undo(game: &dyn AnyGame, seats: &[skirmish_engine::Seat]) -> bool {
    game.outcome().is_none()
        && game.can_undo()
        && game.last_seat().is_some_and(|s| seats.contains(&s))
}

impl AppState {
    /// Takes back the last action of the game, for the seat that played it (the one `access`
    /// holds), and removes it from the store. Refused when the game is over or read-only,
    /// when the last action was another seat's, and when it rolled dice or revealed
    /// something (the engine's reason). Answers the step the game is back at.
    pub async fn undo(&self, slot: &Arc<GameSlot>, access: &super::Access) -> ApiResult<usize> {
        let step = {
            let mut entry = slot.entry.lock().await;
            if let Some(reason) = &entry.corrupt {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    code::CORRUPT,
                    format!("this game is read-only: {reason}"),
                ));
            }
            if entry.over() {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    Rejection::GAME_OVER,
                    "the game is over: its last action cannot be taken back",
                ));
            }
            if access.seats.is_empty() {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    code::NO_TOKEN,
                    "only a player can take back an action: give your token",
                ));
            }
            match entry.game.last_seat() {
                None => {
                    return Err(Rejection::new(
                        Rejection::CANNOT_UNDO,
                        "there is no action to take back",
                    )
                    .into())
                }
                Some(s) if !access.seats.contains(&s) => {
                    return Err(ApiError::new(
                        StatusCode::FORBIDDEN,
                        code::WRONG_SEAT,
                        format!(
                            "the last action was played by {s}: only its player can take it back"
                        ),
                    ))
                }
                Some(_) => {}
            }
            if !entry.game.can_undo() {
                // The engine's reason: dice rolled or something revealed.
                return Err(entry.game.undo().err().map_or_else(
                    || ApiError::internal("the engine could not say why"),
                    ApiError::from,
                ));
            }
            let idx = entry.game.step_count() - 1;
            let store = self.inner.store.clone();
            let id = slot.id.clone();
            tokio::task::spawn_blocking(move || store.remove_action(&id, idx))
                .await
                .map_err(|e| ApiError::internal(e.to_string()))?
                .map_err(|e| {
                    tracing::error!(game = %slot.id, error = %e, "cannot remove an action");
                    ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        code::STORAGE,
                        "the action could not be taken back from storage; nothing changed",
                    )
                })?;
            entry.game.undo()?;
            entry.legal_cache.clear();
            slot.finished.store(false, Ordering::SeqCst);
            slot.undos.fetch_add(1, Ordering::SeqCst);
            entry.game.step_count()
        };
        slot.notify();
        Ok(step)
    }
}
