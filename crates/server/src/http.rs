//! The HTTP API (see `docs/web-protocol.md`): every handler reads its input defensively and
//! answers a refusal as `{ "error": reason, "code": code }` with a fitting status.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::Value;
use skirmish_lang::Lang;

use crate::error::{code, ApiError, ApiResult};
use crate::games::{AppState, CreateGame, GameSlot, Snapshot};
use crate::{assets, ws};

/// The largest request body or WebSocket message the server reads.
pub const MAX_BODY: usize = 64 * 1024;

/// The router of the whole server: API, WebSocket and page.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/api/rulesets", get(rulesets))
        .route("/api/server", get(server_info))
        .route("/api/content", get(content))
        .route("/api/content/search", get(search))
        .route("/api/teams/check", post(check_team))
        .route("/api/simulations", get(sim_options).post(sim_start))
        .route("/api/simulations/{id}", get(sim_status))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(snapshot))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/judge/{query}", get(judge))
        .route("/api/games/{id}/reach", get(reach))
        .route("/api/games/{id}/los", get(los))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/token", post(rotate_token))
        .route("/api/games/{id}/ws", get(socket))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .fallback(page)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::guard::check,
        ))
        .with_state(state)
}

type Params = Result<Query<HashMap<String, String>>, QueryRejection>;
type GameId = Result<Path<String>, PathRejection>;

fn params(q: Params) -> ApiResult<HashMap<String, String>> {
    q.map(|Query(p)| p)
        .map_err(|e| ApiError::bad(code::BAD_REQUEST, format!("bad query string: {e}")))
}

/// The `lang` parameter: `en` (default) or `fr`.
pub fn lang_param(p: &HashMap<String, String>) -> ApiResult<Lang> {
    match p.get("lang") {
        None => Ok(Lang::En),
        Some(l) => l.parse().map_err(|e: skirmish_lang::UnknownLang| {
            ApiError::bad(code::BAD_REQUEST, e.to_string())
        }),
    }
}

fn num_param<T: std::str::FromStr>(
    p: &HashMap<String, String>,
    name: &str,
) -> ApiResult<Option<T>> {
    match p.get(name) {
        None => Ok(None),
        Some(v) => v.trim().parse().map(Some).map_err(|_| {
            ApiError::bad(code::BAD_REQUEST, format!("{name} must be a whole number"))
        }),
    }
}

async fn slot_of(state: &AppState, id: GameId) -> ApiResult<Arc<GameSlot>> {
    let Path(id) = id.map_err(|_| ApiError::unknown_game("with this id"))?;
    state.slot(&id).await
}

fn body_of(body: Result<Bytes, BytesRejection>) -> ApiResult<Bytes> {
    body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                code::TOO_LARGE,
                format!("the body is larger than {} KiB", MAX_BODY / 1024),
            )
        } else {
            ApiError::bad(code::BAD_REQUEST, format!("cannot read the body: {e}"))
        }
    })
}

fn json_of<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> ApiResult<T> {
    // Derived structs also read JSON arrays, field by field: `[action]` would be played.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(ApiError::bad(
            code::BAD_JSON,
            "the body is not the JSON expected: it must be a JSON object",
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::bad(
            code::BAD_JSON,
            format!("the body is not the JSON expected: {e}"),
        )
    })
}

async fn rulesets(State(state): State<AppState>, q: Params) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let lang = lang_param(&p)?;
    let platform = state.platform();
    Ok(Json(serde_json::json!({
        "rulesets": platform.infos(lang),
        "default": platform.default_id(),
    })))
}

/// `GET /api/server`: how friends on other machines reach this server (see
/// [`AppState::share`]), for the page's friend link.
async fn server_info(State(state): State<AppState>) -> Json<Value> {
    Json(serde_json::json!({ "share": state.share() }))
}

async fn content(State(state): State<AppState>, q: Params) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let lang = lang_param(&p)?;
    let present = state.presentation(p.get("ruleset").map(String::as_str))?;
    let mut content = present.content(lang);
    // Older pages read the ruleset list from here.
    content["rulesets"] = serde_json::json!(state.platform().ids());
    Ok(Json(content))
}

/// `GET /api/content/search?ruleset=ID&...`: the ruleset's search of its content (figures by
/// name, set, keyword, power, points), for catalogues too large to send whole.
async fn search(State(state): State<AppState>, q: Params) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let lang = lang_param(&p)?;
    let present = state.presentation(p.get("ruleset").map(String::as_str))?;
    let pairs: std::collections::BTreeMap<String, String> = p.into_iter().collect();
    Ok(Json(present.search(&pairs, lang)?))
}

/// `GET /api/simulations?ruleset=ID`: what the Simulate page offers for a ruleset: its teams,
/// its bots and the server's limits.
async fn sim_options(State(state): State<AppState>, q: Params) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let lang = lang_param(&p)?;
    let present = state.presentation(p.get("ruleset").map(String::as_str))?;
    let bots: Vec<String> = state
        .platform()
        .bots(present.id())
        .iter()
        .map(|b| b.name().to_string())
        .collect();
    Ok(Json(serde_json::json!({
        "ruleset": present.id(),
        "teams": present.team_choices(lang),
        "bots": bots,
        "limits": crate::sims::limits(),
    })))
}

/// `POST /api/simulations`: starts a simulation (see [`crate::sims`]); `{"id"}`.
async fn sim_start(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let req: crate::sims::SimRequest = json_of(&body_of(body)?)?;
    let id = state.simulations().start(state.platform(), req)?;
    Ok((StatusCode::ACCEPTED, Json(serde_json::json!({ "id": id }))))
}

/// `GET /api/simulations/{id}`: a simulation's progress, then its report and charts.
async fn sim_status(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> ApiResult<Json<Value>> {
    let Path(id) = id.map_err(|e| ApiError::bad(code::BAD_REQUEST, e.to_string()))?;
    Ok(Json(state.simulations().status(&id)?))
}

/// `POST /api/teams/check`: `{"ruleset"?, "team", "points"?, "lang"?}`; the ruleset's
/// presentation reads the rest.
async fn check_team(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let mut body: Value = json_of(&body_of(body)?)?;
    let ruleset = match body.as_object_mut().map(|o| o.remove("ruleset")) {
        Some(Some(Value::String(r))) => Some(r),
        Some(None) => None,
        Some(Some(_)) => {
            return Err(ApiError::bad(
                code::BAD_REQUEST,
                "ruleset must be a ruleset's id",
            ))
        }
        None => {
            return Err(ApiError::bad(
                code::BAD_JSON,
                "the body must be a JSON object",
            ))
        }
    };
    let lang = body
        .get("lang")
        .and_then(|l| serde_json::from_value::<Lang>(l.clone()).ok())
        .unwrap_or_default();
    let present = state.presentation(ruleset.as_deref())?;
    Ok(Json(present.check_team(&body, lang)?))
}

async fn create(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let body = body_of(body)?;
    let req: CreateGame = if body.iter().all(u8::is_ascii_whitespace) {
        CreateGame::default()
    } else {
        json_of(&body)?
    };
    Ok((StatusCode::CREATED, Json(state.create(req).await?)))
}

async fn list(State(state): State<AppState>) -> Json<Value> {
    Json(Value::Array(state.list(100).await))
}

async fn snapshot(State(state): State<AppState>, id: GameId, q: Params) -> ApiResult<Snapshot> {
    let p = params(q)?;
    let slot = slot_of(&state, id).await?;
    let access = slot.access(p.get("token").map(String::as_str))?;
    let lang = lang_param(&p)?;
    if let Some(at) = num_param::<usize>(&p, "at")? {
        return state.snapshot_at(&slot, &access, at, lang).await;
    }
    let since = num_param::<usize>(&p, "since")?.unwrap_or(0);
    Ok(state.snapshot(&slot, &access, lang, since).await)
}

/// `POST /api/games/{id}/actions` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    action: Value,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    step: Option<usize>,
}

async fn act(
    State(state): State<AppState>,
    id: GameId,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Snapshot> {
    let p = params(q)?;
    let slot = slot_of(&state, id).await?;
    let access = slot.access(p.get("token").map(String::as_str))?;
    let lang = lang_param(&p)?;
    let body: ActBody = json_of(&body_of(body)?)?;
    let before = state
        .act(&slot, &access, body.seat, body.step, &body.action)
        .await?;
    Ok(state.snapshot(&slot, &access, lang, before).await)
}

type JudgePath = Result<Path<(String, String)>, PathRejection>;

/// `GET /api/games/{id}/judge/{query}?…`: one of the ruleset's judge queries.
async fn judge(
    State(state): State<AppState>,
    path: JudgePath,
    q: Params,
) -> ApiResult<Json<Value>> {
    let Path((id, query)) = path.map_err(|_| ApiError::unknown_game("with this id"))?;
    let slot = state.slot(&id).await?;
    run_judge(&state, &slot, &query, q).await
}

async fn run_judge(
    state: &AppState,
    slot: &GameSlot,
    query: &str,
    q: Params,
) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let access = slot.access(p.get("token").map(String::as_str))?;
    let lang = lang_param(&p)?;
    let at = num_param::<usize>(&p, "at")?;
    let p: std::collections::BTreeMap<String, String> = p
        .into_iter()
        .filter(|(k, _)| k != "token" && k != "lang" && k != "at")
        .collect();
    Ok(Json(state.judge(slot, &access, at, query, &p, lang).await?))
}

/// `GET /api/games/{id}/reach`: the `reach` judge query (HeroClix).
async fn reach(State(state): State<AppState>, id: GameId, q: Params) -> ApiResult<Json<Value>> {
    let slot = slot_of(&state, id).await?;
    run_judge(&state, &slot, "reach", q).await
}

/// `GET /api/games/{id}/los`: the `los` judge query (HeroClix).
async fn los(State(state): State<AppState>, id: GameId, q: Params) -> ApiResult<Json<Value>> {
    let slot = slot_of(&state, id).await?;
    run_judge(&state, &slot, "los", q).await
}

async fn replay(State(state): State<AppState>, id: GameId, q: Params) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let slot = slot_of(&state, id).await?;
    let access = slot.access(p.get("token").map(String::as_str))?;
    Ok(Json(state.replay(&slot, &access).await?))
}

/// `POST /api/games/{id}/resign` body (optional).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ResignBody {
    #[serde(default)]
    seat: Option<u8>,
}

async fn resign(
    State(state): State<AppState>,
    id: GameId,
    q: Params,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Snapshot> {
    let p = params(q)?;
    let slot = slot_of(&state, id).await?;
    let access = slot.access(p.get("token").map(String::as_str))?;
    let lang = lang_param(&p)?;
    let body = body_of(body)?;
    let body: ResignBody = if body.iter().all(u8::is_ascii_whitespace) {
        ResignBody::default()
    } else {
        json_of(&body)?
    };
    state.resign(&slot, &access, body.seat).await?;
    Ok(state.snapshot(&slot, &access, lang, 0).await)
}

/// `POST /api/games/{id}/undo`: takes back the last action, for the seat that played it, when
/// it rolled no dice and revealed nothing; answers the snapshot.
async fn undo(State(state): State<AppState>, id: GameId, q: Params) -> ApiResult<Snapshot> {
    let p = params(q)?;
    let slot = slot_of(&state, id).await?;
    let access = slot.access(p.get("token").map(String::as_str))?;
    let lang = lang_param(&p)?;
    state.undo(&slot, &access).await?;
    Ok(state.snapshot(&slot, &access, lang, 0).await)
}

/// `POST /api/games/{id}/join` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    invite: String,
}

async fn join(
    State(state): State<AppState>,
    id: GameId,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Value>> {
    let slot = slot_of(&state, id).await?;
    let body: JoinBody = json_of(&body_of(body)?)?;
    Ok(Json(state.join(&slot, &body.invite).await?))
}

async fn rotate_token(
    State(state): State<AppState>,
    id: GameId,
    q: Params,
) -> ApiResult<Json<Value>> {
    let p = params(q)?;
    let slot = slot_of(&state, id).await?;
    let token = p.get("token").map(String::as_str).unwrap_or("");
    Ok(Json(state.rotate_token(&slot, token).await?))
}

async fn socket(
    State(state): State<AppState>,
    id: GameId,
    q: Params,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(e) => {
            return ApiError::bad(
                code::BAD_REQUEST,
                format!("this address takes WebSocket connections: {e}"),
            )
            .into_response()
        }
    };
    // Refusals are sent over the socket, where the page can read them, then it is closed.
    let ready = match params(q) {
        Ok(p) => match slot_of(&state, id).await {
            Ok(slot) => {
                let token = p.get("token").cloned();
                slot.access(token.as_deref()).and_then(|access| {
                    let lang = lang_param(&p)?;
                    Ok(ws::Ready {
                        slot,
                        access,
                        lang,
                        token,
                    })
                })
            }
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    };
    upgrade
        // Frames up to 1 MiB are read so that anything over the 64 KiB limit can be refused
        // with a message; beyond that the connection is dropped.
        .max_message_size(1 << 20)
        .max_frame_size(1 << 20)
        .on_upgrade(move |socket| ws::run(state, ready, socket))
}

async fn api_not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        code::NOT_FOUND,
        format!(
            "no API at {}: see docs/web-protocol.md",
            crate::error::clip(uri.path())
        ),
    )
}

async fn page(State(state): State<AppState>, uri: Uri) -> Response {
    assets::serve(state.web_dir(), uri.path())
}
