//! The hostile input suite: malformed JSON, wrong types, stale and forged tokens, out-of-turn
//! actions, oversized bodies and WebSocket frames, invalid UTF-8, over HTTP and WebSocket. Each
//! request is refused with a code, the game's step count and state hash are the same before and
//! after each one, and nothing in the server panics.

mod common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::*;
use serde_json::json;
use skirmish_server::RunningServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

static PANICS: AtomicUsize = AtomicUsize::new(0);

async fn fingerprint(srv: &RunningServer, id: &str) -> (usize, String, bool) {
    srv.state()
        .fingerprint(id)
        .await
        .expect("the game is in memory")
}

/// Sends `body` to `path` and checks the refusal and that the game did not change.
async fn refused(
    srv: &RunningServer,
    id: &str,
    method: &str,
    path: &str,
    body: &[u8],
    want: (u16, &str),
) {
    let before = fingerprint(srv, id).await;
    let (status, v) = raw(srv.addr(), method, path, body).await;
    assert_eq!(
        (status, v["code"].as_str().unwrap_or("")),
        want,
        "{method} {path} {}: {v}",
        String::from_utf8_lossy(&body[..body.len().min(80)])
    );
    assert!(
        !v["error"].as_str().unwrap_or("").is_empty(),
        "a reason: {v}"
    );
    assert_eq!(
        fingerprint(srv, id).await,
        before,
        "{path} changed the game"
    );
}

/// A WebSocket opened by hand, to send frames no client library would.
async fn raw_socket(addr: SocketAddr, path: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut got = Vec::new();
    let mut byte = [0u8; 1];
    while !got.ends_with(b"\r\n\r\n") {
        s.read_exact(&mut byte).await.unwrap();
        got.push(byte[0]);
    }
    assert!(
        got.starts_with(b"HTTP/1.1 101"),
        "{}",
        String::from_utf8_lossy(&got)
    );
    s
}

/// A masked client frame.
fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mask = [0x37, 0xfa, 0x21, 0x3d];
    let mut out = vec![0x80 | opcode];
    match payload.len() {
        n if n < 126 => out.push(0x80 | n as u8),
        n if n < 65536 => {
            out.push(0x80 | 126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(0x80 | 127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    out.extend_from_slice(&mask);
    out.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    out
}

/// Reads until the server closes; answers whether it did within 20 s.
async fn closes(s: &mut TcpStream) -> bool {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match tokio::time::timeout(Duration::from_secs(20), s.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_changes_nothing_and_panics_nothing() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        default_hook(info);
    }));
    let dir = tempfile::tempdir().unwrap();
    let srv = server(&dir.path().join("g.sqlite3")).await;
    let addr = srv.addr();
    let g = create(addr, json!({ "mode": "friend" })).await;
    let id = g["game"].as_str().unwrap().to_string();
    let tokens = [
        g["token"].as_str().unwrap().to_string(),
        join(addr, &g).await,
    ];
    let other = create(addr, json!({ "mode": "friend" })).await;
    let foreign = other["token"].as_str().unwrap().to_string();
    let (_, base) = get(addr, &format!("/api/games/{id}")).await;
    let pending = base["pending"]["seats"][0].as_u64().unwrap() as usize;
    let (mine, theirs) = (tokens[pending].clone(), tokens[1 - pending].clone());
    let (_, snap) = get(addr, &format!("/api/games/{id}?token={mine}")).await;
    let legal = pick(&snap).unwrap();
    let start = fingerprint(&srv, &id).await;
    let act = |t: &str| format!("/api/games/{id}/actions?token={t}");
    let a = act(&mine);
    let legal_text = legal.to_string();

    // Malformed JSON.
    for body in [
        &b"{not json"[..],
        b"[1,2",
        b"{\"action\":",
        b"",
        b"null",
        b"\"act\"",
    ] {
        refused(&srv, &id, "POST", &a, body, (400, "bad-json")).await;
    }
    // Wrong types.
    for body in [
        json!({ "action": legal, "step": "zero" }),
        json!({ "action": legal, "seat": -1 }),
        json!({ "action": legal, "seat": 300 }),
        json!({ "action": legal, "seat": "0" }),
        json!({ "action": legal, "extra": true }),
        json!([legal]),
    ] {
        let b = body.to_string();
        refused(&srv, &id, "POST", &a, b.as_bytes(), (400, "bad-json")).await;
    }
    for body in [
        json!({ "action": 5 }),
        json!({ "action": { "type": 5 } }),
        json!({ "action": { "type": "move", "figure": "a", "to": { "x": "1", "y": null } } }),
        json!({ "action": { "type": "move", "figure": 99999999999u64, "to": { "x": -1, "y": 1e300 } } }),
    ] {
        let b = body.to_string();
        let (status, v) = raw(addr, "POST", &a, b.as_bytes()).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert_eq!(fingerprint(&srv, &id).await, start);
    }
    let resign = |t: &str| format!("/api/games/{id}/resign?token={t}");
    refused(
        &srv,
        &id,
        "POST",
        &resign(&mine),
        b"{\"seat\":\"1\"}",
        (400, "bad-json"),
    )
    .await;
    let other_seat = json!({ "seat": 1 - pending }).to_string();
    refused(
        &srv,
        &id,
        "POST",
        &resign(&mine),
        other_seat.as_bytes(),
        (403, "wrong-seat"),
    )
    .await;
    let join_path = format!("/api/games/{id}/join");
    refused(
        &srv,
        &id,
        "POST",
        &join_path,
        b"{\"invite\":7}",
        (400, "bad-json"),
    )
    .await;
    refused(
        &srv,
        &id,
        "POST",
        &join_path,
        b"{\"invite\":\"zz\"}",
        (403, "unknown-invite"),
    )
    .await;
    let used = json!({ "invite": g["join"]["invite"] }).to_string();
    refused(
        &srv,
        &id,
        "POST",
        &join_path,
        used.as_bytes(),
        (409, "invite-used"),
    )
    .await;

    // Forged and stale tokens.
    let body = json!({ "action": legal }).to_string();
    for t in [
        "f".repeat(32),
        "0".repeat(31),
        "g".repeat(32),
        "%3Cscript%3E".into(),
        foreign,
    ] {
        refused(
            &srv,
            &id,
            "POST",
            &act(&t),
            body.as_bytes(),
            (403, "unknown-token"),
        )
        .await;
        refused(&srv, &id, "POST", &resign(&t), b"", (403, "unknown-token")).await;
    }
    refused(
        &srv,
        &id,
        "POST",
        &format!("/api/games/{id}/actions"),
        body.as_bytes(),
        (403, "no-token"),
    )
    .await;
    // The player to act replaces its token; the old one is stale from then on.
    let (status, rotated) = post(
        addr,
        &format!("/api/games/{id}/token?token={mine}"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{rotated}");
    assert_eq!(
        fingerprint(&srv, &id).await,
        start,
        "a new token is not a move"
    );
    let stale = mine.clone();
    let mine = rotated["token"].as_str().unwrap().to_string();
    refused(
        &srv,
        &id,
        "POST",
        &act(&stale),
        body.as_bytes(),
        (403, "unknown-token"),
    )
    .await;
    refused(
        &srv,
        &id,
        "POST",
        &resign(&stale),
        b"",
        (403, "unknown-token"),
    )
    .await;
    refused(
        &srv,
        &id,
        "POST",
        &format!("/api/games/{id}/token?token={stale}"),
        b"",
        (403, "unknown-token"),
    )
    .await;

    // Out of turn, and stale steps.
    refused(
        &srv,
        &id,
        "POST",
        &act(&theirs),
        body.as_bytes(),
        (409, "not-your-turn"),
    )
    .await;
    let late = json!({ "action": legal, "step": 7 }).to_string();
    refused(
        &srv,
        &id,
        "POST",
        &act(&mine),
        late.as_bytes(),
        (409, "stale"),
    )
    .await;

    // Oversized bodies.
    let big = vec![b' '; 70 * 1024];
    refused(&srv, &id, "POST", &act(&mine), &big, (413, "too-large")).await;
    // A body announced far over the limit is refused from its length, before it is read.
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST {a} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{{\"action\":{legal_text}",
        3 << 20
    );
    s.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.starts_with("HTTP/1.1 413") && answer.contains("too-large"),
        "{answer}"
    );
    assert_eq!(fingerprint(&srv, &id).await, start);

    // Invalid UTF-8, in the body, the query (read with replacement characters, so a token
    // that matches nothing) and the path.
    let mut bad = b"{\"action\":{\"type\":\"".to_vec();
    bad.extend_from_slice(&[0xff, 0xfe, 0xc3]);
    bad.extend_from_slice(b"\"}}");
    refused(&srv, &id, "POST", &act(&mine), &bad, (400, "bad-json")).await;
    refused(
        &srv,
        &id,
        "POST",
        &format!("/api/games/{id}/actions?token=%FF%FE"),
        body.as_bytes(),
        (403, "unknown-token"),
    )
    .await;
    let (status, _) = raw(addr, "POST", "/api/games/%FF%FE/actions", body.as_bytes()).await;
    assert_eq!(status, 404);
    assert_eq!(fingerprint(&srv, &id).await, start);

    // WebSocket: refusals keep the socket open; the game never moves.
    let mut ws = connect(addr, &format!("/api/games/{id}/ws?token={mine}")).await;
    next_of(&mut ws, "snapshot").await;
    let messages = [
        ("{oops".to_string(), "bad-json"),
        ("[]".into(), "bad-json"),
        (json!({ "type": 5 }).to_string(), "bad-json"),
        (json!({ "type": "act" }).to_string(), "bad-json"),
        (
            json!({ "type": "act", "action": legal, "step": "x" }).to_string(),
            "bad-json",
        ),
        (
            json!({ "type": "act", "action": legal, "seat": "1" }).to_string(),
            "bad-json",
        ),
        (
            json!({ "type": "act", "action": legal, "step": 99 }).to_string(),
            "stale",
        ),
        (
            json!({ "type": "act", "action": { "type": 5 } }).to_string(),
            "malformed-action",
        ),
        (
            json!({ "type": "resign", "seat": 1 - pending }).to_string(),
            "wrong-seat",
        ),
        (json!({ "type": "lang", "lang": 5 }).to_string(), "bad-json"),
        (json!({ "type": "teleport" }).to_string(), "unknown-type"),
        (
            format!("{{\"type\":\"act\",\"pad\":\"{}\"}}", "x".repeat(70 * 1024)),
            "too-large",
        ),
    ];
    for (text, code) in messages {
        send_text(&mut ws, &text).await;
        let e = next_of(&mut ws, "error").await;
        assert_eq!(e["code"], code, "{}: {e}", &text[..text.len().min(80)]);
        assert_eq!(
            fingerprint(&srv, &id).await,
            start,
            "{}",
            &text[..text.len().min(80)]
        );
    }
    // The other seat's socket acting out of turn.
    let mut ws2 = connect(addr, &format!("/api/games/{id}/ws?token={theirs}")).await;
    next_of(&mut ws2, "snapshot").await;
    send(&mut ws2, &json!({ "type": "act", "action": legal })).await;
    assert_eq!(next_of(&mut ws2, "error").await["code"], "not-your-turn");
    // A socket whose token was replaced acts no more.
    let mut old = connect(addr, &format!("/api/games/{id}/ws?token={theirs}")).await;
    next_of(&mut old, "snapshot").await;
    let (status, _) = post(
        addr,
        &format!("/api/games/{id}/token?token={theirs}"),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(next_of(&mut old, "error").await["code"], "unknown-token");
    assert_eq!(fingerprint(&srv, &id).await, start);

    // Frames: invalid UTF-8 in a text frame, then a frame far over the limit, each closing
    // its own connection only.
    let ws_path = format!("/api/games/{id}/ws?token={mine}");
    let mut s = raw_socket(addr, &ws_path).await;
    s.write_all(&frame(1, &[b'{', 0xff, 0xfe, b'}']))
        .await
        .unwrap();
    assert!(closes(&mut s).await, "invalid UTF-8 closes the socket");
    let mut s = raw_socket(addr, &ws_path).await;
    let _ = s.write_all(&frame(1, &vec![b'y'; 2 << 20])).await;
    assert!(closes(&mut s).await, "an oversized frame closes the socket");
    assert_eq!(fingerprint(&srv, &id).await, start);

    // The first socket still works, and so does the game.
    send(&mut ws, &json!({ "type": "ping" })).await;
    assert_eq!(next_of(&mut ws, "pong").await["type"], "pong");
    let ok = json!({ "action": legal, "step": start.0 }).to_string();
    let (status, v) = raw(addr, "POST", &act(&mine), ok.as_bytes()).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(fingerprint(&srv, &id).await.0, start.0 + 1);
    assert_eq!(PANICS.load(Ordering::SeqCst), 0, "nothing panicked");
    srv.stop().await.unwrap();
}

async fn send_text(ws: &mut Socket, text: &str) {
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::Text(
        text.to_string().into(),
    ))
    .await
    .expect("send");
}
