//! One WebSocket connection: a snapshot on connect and after every change of the game (with the
//! log entries this socket has not seen yet), and the client's messages (`act`, `resign`,
//! `ping`, `lang`, `snapshot`), each refused with an error message when it cannot be carried
//! out. The server pings every socket and closes those it hears nothing from, and a socket
//! whose token was replaced is closed.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use serde_json::{json, Value};
use skirmish_lang::Lang;
use tokio::sync::broadcast::error::RecvError;

use crate::error::{code, ApiError, ApiResult};
use crate::games::{Access, AppState, GameSlot};
use crate::http::MAX_BODY;

/// A socket's game, access and language, checked before the upgrade.
pub struct Ready {
    /// The game.
    pub slot: Arc<GameSlot>,
    /// The seats the token holds.
    pub access: Access,
    /// Language of texts.
    pub lang: Lang,
    /// The token, checked again on every change (it may be replaced meanwhile).
    pub token: Option<String>,
}

/// What a socket knows about its game.
struct Conn {
    state: AppState,
    slot: Arc<GameSlot>,
    access: Access,
    token: Option<String>,
    lang: Lang,
    /// Log entries of steps up to this one have been sent.
    sent: usize,
}

async fn send(socket: &mut WebSocket, v: &Value) -> bool {
    socket
        .send(Message::Text(v.to_string().into()))
        .await
        .is_ok()
}

async fn refuse(socket: &mut WebSocket, e: &ApiError) -> bool {
    send(socket, &e.message()).await
}

impl Conn {
    /// The token is checked again: a token replaced since the socket opened acts no more.
    fn recheck(&mut self) -> ApiResult<()> {
        self.access = self.slot.access(self.token.as_deref())?;
        Ok(())
    }

    async fn push_snapshot(&mut self, socket: &mut WebSocket, full: bool) -> bool {
        let from = if full { 0 } else { self.sent };
        let mut snap = self
            .state
            .snapshot_message(&self.slot, &self.access, self.lang, from)
            .await;
        if snap.step < self.sent {
            // An action was taken back: the log the page holds runs past the game's.
            snap = self
                .state
                .snapshot_message(&self.slot, &self.access, self.lang, 0)
                .await;
        }
        self.sent = snap.step;
        socket.send(Message::Text(snap.json.into())).await.is_ok()
    }

    /// Carries out one client message; a refusal is returned to be sent back.
    async fn handle(&mut self, socket: &mut WebSocket, text: &str) -> ApiResult<bool> {
        if text.len() > MAX_BODY {
            return Err(ApiError::bad(
                code::TOO_LARGE,
                format!("messages are limited to {} KiB", MAX_BODY / 1024),
            ));
        }
        let msg: Value = serde_json::from_str(text)
            .map_err(|e| ApiError::bad(code::BAD_JSON, format!("the message is not JSON: {e}")))?;
        let kind = msg.get("type").and_then(Value::as_str).ok_or_else(|| {
            ApiError::bad(
                code::BAD_JSON,
                "a message is an object with a \"type\": act, resign, ping, lang or snapshot",
            )
        })?;
        let seat = match msg.get("seat") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or_else(|| ApiError::bad(code::BAD_JSON, "\"seat\" is a seat number"))?,
            ),
        };
        if matches!(kind, "act" | "resign") {
            self.recheck()?;
        }
        match kind {
            "act" => {
                let action = msg.get("action").ok_or_else(|| {
                    ApiError::bad(code::BAD_JSON, "an act message needs an \"action\"")
                })?;
                let step = match msg.get("step") {
                    None | Some(Value::Null) => None,
                    Some(v) => Some(v.as_u64().map(|s| s as usize).ok_or_else(|| {
                        ApiError::bad(code::BAD_JSON, "\"step\" is a step number")
                    })?),
                };
                // The new snapshot reaches this socket like every other, through the notice.
                self.state
                    .act(&self.slot, &self.access, seat, step, action)
                    .await?;
                Ok(true)
            }
            "resign" => {
                self.state.resign(&self.slot, &self.access, seat).await?;
                Ok(true)
            }
            "ping" => Ok(send(socket, &json!({ "type": "pong" })).await),
            "lang" => {
                let lang = msg
                    .get("lang")
                    .and_then(Value::as_str)
                    .ok_or_else(|| ApiError::bad(code::BAD_JSON, "give \"lang\": en or fr"))?;
                self.lang = lang.parse().map_err(|e: skirmish_lang::UnknownLang| {
                    ApiError::bad(code::BAD_REQUEST, e.to_string())
                })?;
                Ok(self.push_snapshot(socket, true).await)
            }
            "snapshot" => Ok(self.push_snapshot(socket, true).await),
            other => Err(ApiError::bad(
                code::UNKNOWN_TYPE,
                format!(
                    "unknown message type '{}': use act, resign, ping, lang or snapshot",
                    crate::error::clip(other)
                ),
            )),
        }
    }
}

/// Serves one socket until either side closes it or the server stops.
pub async fn run(state: AppState, ready: ApiResult<Ready>, mut socket: WebSocket) {
    let Ready {
        slot,
        access,
        lang,
        token,
    } = match ready {
        Ok(r) => r,
        Err(e) => {
            refuse(&mut socket, &e).await;
            let close = CloseFrame {
                code: 4000 + e.status.as_u16(),
                reason: e.code.clone().into(),
            };
            let _ = socket.send(Message::Close(Some(close))).await;
            return;
        }
    };
    let mut shutdown = state.shutdown_signal();
    slot.connect(&access, true);
    let mut changes = slot.subscribe();
    let (ping_every, idle_limit) = (state.limits().ws_ping_every, state.limits().ws_idle_timeout);
    let mut conn = Conn {
        state,
        slot,
        access,
        token,
        lang,
        sent: 0,
    };
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
    let mut heard = Instant::now();
    let mut open = conn.push_snapshot(&mut socket, true).await;
    while open {
        tokio::select! {
            _ = pings.tick() => {
                if heard.elapsed() >= idle_limit {
                    let close = CloseFrame { code: 1001, reason: "nothing heard from the client".into() };
                    let _ = socket.send(Message::Close(Some(close))).await;
                    open = false;
                } else {
                    open = socket.send(Message::Ping(Default::default())).await.is_ok();
                }
            }
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(text))) => {
                    heard = Instant::now();
                    open = match conn.handle(&mut socket, text.as_str()).await {
                        Ok(still) => still,
                        Err(e) => refuse(&mut socket, &e).await,
                    };
                }
                Some(Ok(Message::Binary(_))) => {
                    heard = Instant::now();
                    let e = ApiError::bad(code::BAD_JSON, "binary messages are not read: send JSON text");
                    open = refuse(&mut socket, &e).await;
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => heard = Instant::now(),
                Some(Ok(Message::Close(_))) | None => open = false,
                Some(Err(e)) => {
                    tracing::debug!(error = %e, "socket error");
                    open = false;
                }
            },
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => {
                    // Several changes in a row make one snapshot.
                    while changes.try_recv().is_ok() {}
                    open = match conn.recheck() {
                        Ok(()) => conn.push_snapshot(&mut socket, false).await,
                        Err(e) => {
                            refuse(&mut socket, &e).await;
                            let close = CloseFrame {
                                code: 4000 + e.status.as_u16(),
                                reason: e.code.clone().into(),
                            };
                            let _ = socket.send(Message::Close(Some(close))).await;
                            false
                        }
                    };
                }
                Err(RecvError::Closed) => open = false,
            },
            _ = shutdown.changed() => {
                let close = CloseFrame { code: 1001, reason: "the server is stopping".into() };
                let _ = socket.send(Message::Close(Some(close))).await;
                open = false;
            }
        }
    }
    conn.slot.connect(&conn.access, false);
}
