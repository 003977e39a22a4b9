//! Checks every request passes before it reaches a handler: the `Origin` of state-changing
//! requests and WebSocket upgrades, and the rate of game creations per address.
//!
//! A browser sends `Origin` with every POST and WebSocket upgrade, so a page of another site
//! (or a site whose name was pointed at this machine, *DNS rebinding*) is refused before it can
//! create games, act or resign with tokens it found; programs that send no `Origin` (curl, bots,
//! the tests) are not browsers and pass.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{code, ApiError};
use crate::games::AppState;
use crate::limits::{Limits, RateLimiter};
use crate::net::Peer;

/// The request checks of one server.
#[derive(Debug)]
pub struct Guard {
    creations: RateLimiter,
    per_hour: u32,
    burst: u32,
    allowed_origins: Vec<String>,
    loopback_only: bool,
}

impl Guard {
    /// Checks for a server listening on `listen` under `limits`.
    pub fn new(limits: &Limits, listen: IpAddr) -> Guard {
        Guard {
            creations: RateLimiter::new(limits.create_burst, limits.create_per_hour),
            per_hour: limits.create_per_hour,
            burst: limits.create_burst,
            allowed_origins: limits
                .allowed_origins
                .iter()
                .map(|o| o.trim_end_matches('/').to_ascii_lowercase())
                .collect(),
            loopback_only: listen.is_loopback(),
        }
    }

    /// Forgets addresses whose creation allowance is whole again.
    pub fn prune(&self) {
        self.creations.prune(Instant::now());
    }

    /// Refuses a request whose `Origin` is another site's; `None` lets it through.
    pub fn origin_refusal(&self, headers: &HeaderMap) -> Option<ApiError> {
        let origin = headers.get(header::ORIGIN)?;
        let text = origin.to_str().unwrap_or("").trim_end_matches('/');
        let lower = text.to_ascii_lowercase();
        if self.allowed_origins.contains(&lower) {
            return None;
        }
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let authority = lower
            .strip_prefix("http://")
            .or_else(|| lower.strip_prefix("https://"));
        let same = authority.is_some_and(|a| !a.is_empty() && a == host);
        // On loopback, a same-origin page must also be named as loopback: another name that
        // resolves here is DNS rebinding, a foreign page reaching a server it should not see.
        if same && (!self.loopback_only || is_loopback_name(&host)) {
            return None;
        }
        Some(ApiError::new(
            StatusCode::FORBIDDEN,
            code::BAD_ORIGIN,
            format!(
                "requests from pages of another site are refused (Origin: {}); this server takes \
                 only its own page's, and those of the origins it is told to allow",
                crate::error::clip(text)
            ),
        ))
    }

    /// Takes one creation from `ip`'s allowance, or answers the refusal to send.
    pub fn creation_refusal(&self, ip: Option<IpAddr>) -> Option<Response> {
        // Without a peer (the router served by other means) every request shares one allowance.
        let ip = ip.unwrap_or(IpAddr::from([0, 0, 0, 0]));
        let wait = self.creations.take(ip, Instant::now()).err()?;
        Some(rate_limited(self.burst, self.per_hour, wait))
    }
}

/// `429 rate-limited` with `Retry-After`.
fn rate_limited(burst: u32, per_hour: u32, wait: Duration) -> Response {
    let secs = wait.as_secs().max(1);
    let e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        code::RATE_LIMITED,
        format!(
            "this address created games faster than the server allows ({burst} at once, then \
             {per_hour} per hour); try again in {secs} s"
        ),
    );
    let mut answer = e.into_response();
    answer
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    answer
}

/// `localhost`, `*.localhost` and loopback addresses, with or without a port.
fn is_loopback_name(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or(""),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    name == "localhost"
        || name.ends_with(".localhost")
        || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn changes_state(req: &Request) -> bool {
    let upgrade = req
        .headers()
        .get(header::UPGRADE)
        .is_some_and(|u| u.as_bytes().eq_ignore_ascii_case(b"websocket"));
    upgrade || !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The middleware: origin first, then the creation allowance.
pub async fn check(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let guard = state.guard();
    // A body announced over the limit is refused before it is read, rather than waited for.
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > crate::http::MAX_BODY as u64) {
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            code::TOO_LARGE,
            format!(
                "the body is larger than {} KiB",
                crate::http::MAX_BODY / 1024
            ),
        )
        .into_response();
    }
    if changes_state(&req) {
        if let Some(e) = guard.origin_refusal(req.headers()) {
            return e.into_response();
        }
    }
    if req.method() == Method::POST && req.uri().path() == "/api/games" {
        let ip = req.extensions().get::<Peer>().map(|p| p.0.ip());
        if let Some(refusal) = guard.creation_refusal(ip) {
            return refusal;
        }
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_str(host).unwrap());
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_str(o).unwrap());
        }
        h
    }

    #[test]
    fn origins() {
        let limits = Limits {
            allowed_origins: vec!["https://friends.example/".into()],
            ..Limits::default()
        };
        let local = Guard::new(&limits, "127.0.0.1".parse().unwrap());
        let ok = |g: &Guard, o: Option<&str>, h: &str| g.origin_refusal(&headers(o, h)).is_none();
        assert!(ok(&local, None, "127.0.0.1:8080"));
        assert!(ok(&local, Some("http://127.0.0.1:8080"), "127.0.0.1:8080"));
        assert!(ok(&local, Some("http://localhost:8080"), "localhost:8080"));
        assert!(ok(&local, Some("http://[::1]:8080"), "[::1]:8080"));
        assert!(ok(
            &local,
            Some("https://friends.example"),
            "127.0.0.1:8080"
        ));
        assert!(!ok(&local, Some("http://evil.example"), "127.0.0.1:8080"));
        assert!(!ok(&local, Some("null"), "127.0.0.1:8080"));
        // DNS rebinding: the page's name and Host agree, but it is not a loopback name.
        assert!(!ok(
            &local,
            Some("http://evil.example:8080"),
            "evil.example:8080"
        ));
        let public = Guard::new(&limits, "0.0.0.0".parse().unwrap());
        assert!(ok(&public, Some("http://game.lan:8080"), "game.lan:8080"));
        assert!(!ok(&public, Some("http://evil.example"), "game.lan:8080"));
    }
}
