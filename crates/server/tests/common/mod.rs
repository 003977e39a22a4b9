//! Helpers for tests over real loopback HTTP and WebSocket: a server on a free port, a tiny
//! HTTP/1.1 client (one connection per request, so tests can also send broken requests), and a
//! WebSocket client.

#![allow(dead_code, missing_docs)]

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use skirmish_server::{start, Limits, RunningServer, ServerConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// HeroClix with its built-in content (the default ruleset), and the toy ruleset of the
/// platform's tests as a second one.
pub fn platform() -> skirmish_platform::Platform {
    skirmish_platform::Platform::new()
        .with(
            skirmish_heroclix::present::HeroClixPresentation::embedded().expect("built-in content"),
        )
        .with(skirmish_platform::toy::ToyPresentation)
}

/// Limits no test of the game itself meets: hundreds of games and connections from one
/// address (the limits have tests of their own).
pub fn roomy() -> Limits {
    Limits {
        connections_per_address: 100_000,
        create_burst: 100_000,
        ..Limits::default()
    }
}

/// A server on 127.0.0.1 and a free port, with instant bots, over the database `db`.
pub async fn server(db: &Path) -> RunningServer {
    start(config(db)).await.expect("server starts")
}

/// The configuration [`server`] starts with.
pub fn config(db: &Path) -> ServerConfig {
    ServerConfig {
        port: 0,
        db_path: db.to_path_buf(),
        // The built-in content: tests do not depend on the working folder.
        platform: platform(),
        bot_delay: Duration::ZERO,
        announce: false,
        limits: roomy(),
        ..ServerConfig::default()
    }
}

/// Uses the invite of the friend game `g` (a create answer); answers the friend's token.
pub async fn join(addr: SocketAddr, g: &Value) -> String {
    let id = g["game"].as_str().expect("game id");
    let (status, v) = post(
        addr,
        &format!("/api/games/{id}/join"),
        &serde_json::json!({ "invite": g["join"]["invite"] }),
    )
    .await;
    assert_eq!(status, 200, "join: {v}");
    v["token"].as_str().expect("a token").to_string()
}

/// One HTTP request with a raw body; answers the status and the body as JSON (or as a JSON
/// string when it is not JSON).
pub async fn raw(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    // The server may answer and close before reading a refused body: write errors are fine.
    let _ = s.write_all(head.as_bytes()).await;
    let _ = s.write_all(body).await;
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf).await;
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let value = serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()));
    (status, value)
}

pub async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    raw(addr, "GET", path, b"").await
}

pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    raw(addr, "POST", path, body.to_string().as_bytes()).await
}

/// Creates a game and answers the creation reply.
pub async fn create(addr: SocketAddr, req: Value) -> Value {
    let (status, v) = post(addr, "/api/games", &req).await;
    assert_eq!(status, 201, "create: {v}");
    v
}

pub async fn connect(addr: SocketAddr, path: &str) -> Socket {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("websocket connects");
    ws
}

/// The next JSON text message, within 20 s.
pub async fn next(ws: &mut Socket) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a message within 20 s")
            .expect("socket open")
            .expect("socket ok");
        match msg {
            Message::Text(t) => return serde_json::from_str(t.as_str()).expect("JSON message"),
            Message::Close(_) => return Value::Null,
            _ => continue,
        }
    }
}

/// The next message of type `kind`.
pub async fn next_of(ws: &mut Socket, kind: &str) -> Value {
    loop {
        let v = next(ws).await;
        if v.is_null() || v["type"] == kind {
            return v;
        }
    }
}

pub async fn send(ws: &mut Socket, v: &Value) {
    ws.send(Message::Text(v.to_string().into()))
        .await
        .expect("send");
}

/// Follows snapshots on `ws` until `pred` holds; answers that snapshot.
pub async fn until(ws: &mut Socket, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = next(ws).await;
        assert!(!v.is_null(), "socket closed while waiting");
        if v["type"] == "snapshot" && pred(&v) {
            return v;
        }
    }
}

/// The first legal action of a snapshot that is not "end the turn", if any, else the first.
pub fn pick(snapshot: &Value) -> Option<Value> {
    let legal = snapshot["legal"].as_array()?;
    legal
        .iter()
        .find(|l| l["action"]["type"] != "end_turn")
        .or(legal.first())
        .map(|l| l["action"].clone())
}
