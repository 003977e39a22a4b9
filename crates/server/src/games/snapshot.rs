//! What a player or spectator is shown of a game: its snapshot (view, board, prompt, legal
//! actions, log, dice), built per socket after every change, with the legal actions computed
//! once per step and language however many sockets look (the per-game cache), and past
//! positions of a replay.

use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::{json, Value};
use skirmish_engine::{Seat, Viewer};
use skirmish_lang::Lang;
use skirmish_platform::{Legal, Presentation};

use super::{undo, Access, AppState, GameEntry, GameSlot};
use crate::error::{code, ApiError, ApiResult};

/// The legal actions of one seat at one step in one language, as the page is sent them.
#[derive(Clone)]
pub(super) struct LegalCache {
    step: usize,
    seat: Seat,
    lang: Lang,
    entries: Vec<Legal>,
}

impl AppState {
    /// The snapshot of a game for `access`, with log entries of steps after `log_from`.
    pub async fn snapshot(
        &self,
        slot: &GameSlot,
        access: &Access,
        lang: Lang,
        log_from: usize,
    ) -> Snapshot {
        let mut entry = slot.entry.lock().await;
        let snap = build_snapshot(slot, &mut entry, access, lang, log_from, Extra::default());
        let cached = !entry.legal_cache.is_empty();
        drop(entry);
        self.note_legal_cache(&slot.id, cached);
        snap
    }

    /// [`AppState::snapshot`] as a socket message (`"type": "snapshot"`).
    pub async fn snapshot_message(
        &self,
        slot: &GameSlot,
        access: &Access,
        lang: Lang,
        log_from: usize,
    ) -> Snapshot {
        let mut entry = slot.entry.lock().await;
        let extra = Extra {
            kind: Some("snapshot"),
            ..Extra::default()
        };
        let snap = build_snapshot(slot, &mut entry, access, lang, log_from, extra);
        let cached = !entry.legal_cache.is_empty();
        drop(entry);
        self.note_legal_cache(&slot.id, cached);
        snap
    }

    /// The spectator snapshot after the first `at` actions, for stepping through a replay (same
    /// access as [`AppState::replay`]); it carries `"at"` and the log of steps `1..=at`.
    pub async fn snapshot_at(
        &self,
        slot: &GameSlot,
        access: &Access,
        at: usize,
        lang: Lang,
    ) -> ApiResult<Snapshot> {
        let (mut entry, over) = self.entry_at(slot, access, at).await?;
        // A position of a game in progress is shown as a spectator sees it (never more than the
        // asker may see) and the dice stay secret until the game itself is over, whatever the
        // position shown.
        let extra = Extra {
            kind: None,
            at: Some(at),
            reveal: Some(over),
        };
        Ok(build_snapshot(
            slot,
            &mut entry,
            &Access::spectator(),
            lang,
            0,
            extra,
        ))
    }

    /// The game rebuilt after its first `at` actions (same access as [`AppState::replay`]), and
    /// whether the game itself is over: a replay's past position, for its snapshot and for the
    /// judge queries asked of it (a battlefield as it was at that step).
    pub(super) async fn entry_at(
        &self,
        slot: &GameSlot,
        access: &Access,
        at: usize,
    ) -> ApiResult<(GameEntry, bool)> {
        let (mut replay, resigned, total, over) = {
            let entry = slot.entry.lock().await;
            if !entry.over() && access.seats.is_empty() {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    code::NO_TOKEN,
                    "the positions of a game in progress are for its players: give your token",
                ));
            }
            let total = entry.game.step_count();
            if at > total {
                return Err(ApiError::bad(
                    code::BAD_REQUEST,
                    format!("the game has {total} action(s); at={at} is past its end"),
                ));
            }
            let replay = entry
                .game
                .replay()
                .map_err(|e| ApiError::internal(e.to_string()))?;
            (replay, entry.resigned, total, entry.over())
        };
        replay.actions.truncate(at);
        let registry = self.inner.platform.registry().clone();
        let game = tokio::task::spawn_blocking(move || registry.run_replay(&replay))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| {
                ApiError::new(
                    StatusCode::CONFLICT,
                    code::CORRUPT,
                    format!("this position cannot be rebuilt: {e}"),
                )
            })?;
        let entry = GameEntry {
            game,
            corrupt: None,
            resigned: if at == total { resigned } else { None },
            legal_cache: Vec::new(),
        };
        Ok((entry, over))
    }
}

/// The viewer a snapshot is built for.
fn viewer(entry: &GameEntry, access: &Access) -> (Viewer, Option<Seat>) {
    let pending = entry.game.pending_seats();
    let seat = access
        .seats
        .iter()
        .copied()
        .find(|s| pending.contains(s))
        .or_else(|| access.seats.first().copied());
    match seat {
        Some(s) => (Viewer::Seat(s), Some(s)),
        None => (Viewer::Spectator, None),
    }
}

/// Makes sure the legal actions of `seat` at this step in `lang` are in the cache: they are
/// computed once per step, however many sockets look.
fn ensure_legal(present: &dyn Presentation, entry: &mut GameEntry, seat: Seat, lang: Lang) {
    let step = entry.game.step_count();
    if entry
        .legal_cache
        .iter()
        .any(|c| c.step == step && c.seat == seat && c.lang == lang)
    {
        return;
    }
    let entries = present.legal(entry.game.as_ref(), seat, lang);
    entry.legal_cache.retain(|c| c.step == step);
    entry.legal_cache.push(LegalCache {
        step,
        seat,
        lang,
        entries,
    });
}

/// A snapshot as written out: borrowed where it can be, since it is built for every socket
/// after every change.
#[derive(Serialize)]
struct SnapshotOut<'a> {
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    game: &'a str,
    ruleset: &'a str,
    mode: &'static str,
    lang: Lang,
    seat: Option<Seat>,
    controls: &'a [Seat],
    step: usize,
    over: bool,
    corrupt: Option<&'a str>,
    view: Box<serde_json::value::RawValue>,
    board: Option<skirmish_platform::Board>,
    dice: Value,
    pending: Value,
    prompt: String,
    legal: Vec<&'a Legal>,
    /// Whether this viewer may take back the last action (`POST /api/games/{id}/undo`).
    undo: bool,
    /// Actions taken back so far ([`GameSlot::undos`]).
    undos: u64,
    log: Vec<skirmish_platform::LogLine>,
    log_from: usize,
    seats: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at: Option<usize>,
}

/// A snapshot's JSON text and the step it shows.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// The JSON text.
    pub json: String,
    /// The game's step.
    pub step: usize,
}

impl axum::response::IntoResponse for Snapshot {
    fn into_response(self) -> axum::response::Response {
        (
            [(
                axum::http::header::CONTENT_TYPE,
                axum::http::HeaderValue::from_static("application/json"),
            )],
            self.json,
        )
            .into_response()
    }
}

/// Options of a snapshot beyond who looks and in which language.
#[derive(Clone, Copy, Debug, Default)]
struct Extra {
    /// `"snapshot"` on sockets, where messages carry a type.
    kind: Option<&'static str>,
    /// The replay position shown, for `?at=K`.
    at: Option<usize>,
    /// Whether to reveal the dice seed, when it is not the shown game's own end that decides
    /// (a past position of a finished game reveals it; one of a game in progress does not).
    reveal: Option<bool>,
}

fn build_snapshot(
    slot: &GameSlot,
    entry: &mut GameEntry,
    access: &Access,
    lang: Lang,
    log_from: usize,
    extra: Extra,
) -> Snapshot {
    let (viewer, seat) = viewer(entry, access);
    let step = entry.game.step_count();
    let log_from = log_from.min(step);
    let mut legal_seats = Vec::new();
    if entry.resigned.is_none() && entry.corrupt.is_none() {
        let pending = entry.game.pending_seats();
        for s in &access.seats {
            if pending.contains(s) {
                ensure_legal(slot.present.as_ref(), entry, *s, lang);
                legal_seats.push(*s);
            }
        }
    }
    let entry = &*entry;
    let present = slot.present.as_ref();
    let game = entry.game.as_ref();
    let view = present.view(game, viewer);
    let board = present.board(game, viewer);
    let (pending, prompt) = if let Some(r) = entry.resigned {
        let winners: Vec<Seat> = Seat::all(slot.seats.len() as u8)
            .filter(|s| *s != r)
            .collect();
        let reason = present.resigned_text(game, r, lang);
        let scores = present.scores(game);
        (
            json!({ "over": { "winners": winners, "scores": scores, "reason": reason, "resigned": r } }),
            reason,
        )
    } else {
        // Only what this viewer may see of the decision: a simultaneous choice, say, must not
        // show the other seat's answer.
        let p = entry
            .game
            .pending_view_json(viewer)
            .unwrap_or_else(|e| json!({ "error": e.to_string() }));
        let p = match p.get("decide") {
            Some(d) => d.clone(),
            None => p,
        };
        let prompt = present.prompt(game, viewer, lang);
        (p, prompt)
    };
    let legal: Vec<&Legal> = legal_seats
        .iter()
        .filter_map(|s| {
            entry
                .legal_cache
                .iter()
                .find(|c| c.step == step && c.seat == *s && c.lang == lang)
        })
        .flat_map(|c| c.entries.iter())
        .collect();
    let log = present.log(game, viewer, log_from, lang);
    let out = SnapshotOut {
        kind: extra.kind,
        game: &slot.id,
        ruleset: &slot.ruleset,
        mode: slot.mode.as_str(),
        lang,
        seat,
        controls: &access.seats,
        step,
        over: entry.over(),
        corrupt: entry.corrupt.as_deref(),
        view,
        board,
        dice: slot.dice.json(extra.reveal.unwrap_or_else(|| entry.over())),
        pending,
        prompt,
        legal,
        undo: entry.resigned.is_none()
            && entry.corrupt.is_none()
            && undo::can_undo(game, &access.seats),
        undos: slot.undos.load(Ordering::SeqCst),
        log,
        log_from,
        seats: slot.seats_json(),
        at: extra.at,
    };
    let json = serde_json::to_string(&out).unwrap_or_else(|e| {
        json!({ "game": slot.id, "step": step, "error": format!("cannot serialize: {e}") })
            .to_string()
    });
    Snapshot { json, step }
}
