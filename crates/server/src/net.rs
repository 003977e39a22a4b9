//! The accept loop: each connection takes a place per address ([`ConnLimiter`]), must send
//! within [`Limits::first_byte_timeout`], must send each request head within
//! [`Limits::header_timeout`], is closed after [`Limits::idle_timeout`] without traffic, and
//! each request must be answered within [`Limits::request_timeout`]. Without these, connections
//! that send nothing or half a request would stay open forever and a few thousand of them would
//! make the server unreachable for everyone.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::{pin, Pin};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, watch};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::error::{code, ApiError};
use crate::limits::{ConnLimiter, ConnRefusal, ConnSlot, Limits};

/// The address a request came from, put in each request's extensions by the accept loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer(pub SocketAddr);

/// A TCP stream that fails with `TimedOut` when it waits longer than its deadline: the first
/// byte must come within `first`, then each read or write moves the deadline `idle` ahead. It
/// holds the connection's place, so an upgraded WebSocket keeps counting against its address.
struct IdleIo {
    stream: TcpStream,
    deadline: Pin<Box<Sleep>>,
    idle: Duration,
    _slot: ConnSlot,
}

impl IdleIo {
    fn new(stream: TcpStream, slot: ConnSlot, first: Duration, idle: Duration) -> IdleIo {
        IdleIo {
            stream,
            deadline: Box::pin(tokio::time::sleep(first)),
            idle,
            _slot: slot,
        }
    }

    fn moved(&mut self) {
        let at = Instant::now() + self.idle;
        self.deadline.as_mut().reset(at);
    }

    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        self.deadline.as_mut().poll(cx).is_ready()
    }

    /// What a write answers: bytes written push the deadline back; a peer that stops reading
    /// cannot hold the connection either, so a write still pending at the deadline fails.
    fn after_write(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match written {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(timed_out())),
            other => other,
        }
    }
}

fn timed_out() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long")
}

impl AsyncRead for IdleIo {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.moved();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending if this.expired(cx) => Poll::Ready(Err(timed_out())),
            other => other,
        }
    }
}

impl AsyncWrite for IdleIo {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.after_write(cx, written)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.after_write(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Answers a connection over its address's cap at once and closes it, without a task: the
/// answer is small enough for the socket's buffer, and a client that reads nothing does not
/// keep anything of the server's.
fn refuse(stream: TcpStream, why: ConnRefusal) {
    let (status, reason) = match why {
        ConnRefusal::PerAddress(n) => (
            "429 Too Many Requests",
            format!("this address already has {n} connections open to the server, its limit"),
        ),
        ConnRefusal::Total(n) => (
            "503 Service Unavailable",
            format!("the server already has {n} connections open, its limit"),
        ),
    };
    let body = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        code::TOO_MANY_CONNECTIONS,
        reason,
    )
    .body()
    .to_string();
    let answer = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Errors of one connection that do not concern the listener.
fn per_connection(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    )
}

/// Serves `router` on `listener` under `limits` until `stop` fires, then lets open requests
/// finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    stop: oneshot::Receiver<()>,
) -> io::Result<()> {
    let conns = ConnLimiter::new(limits.connections_per_address, limits.max_connections);
    // Connection tasks hold a receiver of `closing` and watch `stopping`: the loop waits for
    // every receiver to be dropped before it returns.
    let (stopping_tx, stopping_rx) = watch::channel(false);
    let (closing_tx, closing_rx) = watch::channel(());
    let mut stop = pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) if per_connection(&e) => continue,
                Err(e) => {
                    // Out of file descriptors, say: wait instead of spinning on the error.
                    tracing::error!(error = %e, "cannot accept connections");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let slot = match conns.acquire(peer.ip()) {
            Ok(s) => s,
            Err(why) => {
                tracing::debug!(%peer, ?why, "connection refused");
                refuse(stream, why);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let io = IdleIo::new(stream, slot, limits.first_byte_timeout, limits.idle_timeout);
        let task = connection(
            io,
            peer,
            router.clone(),
            limits.clone(),
            stopping_rx.clone(),
            closing_rx.clone(),
        );
        tokio::spawn(task);
    }
    drop(listener);
    let _ = stopping_tx.send(true);
    drop(closing_rx);
    closing_tx.closed().await;
    Ok(())
}

async fn connection(
    io: IdleIo,
    peer: SocketAddr,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
    closing: watch::Receiver<()>,
) {
    let request_timeout = limits.request_timeout;
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(Peer(peer));
        let router = router.clone();
        async move {
            let req = req.map(axum::body::Body::new);
            let answer = match tokio::time::timeout(request_timeout, router.oneshot(req)).await {
                Ok(Ok(answer)) => answer,
                Ok(Err(never)) => match never {},
                Err(_) => ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    code::REQUEST_TIMEOUT,
                    format!(
                        "the request was not sent and answered within {} s",
                        request_timeout.as_secs()
                    ),
                )
                .into_response(),
            };
            Ok::<_, std::convert::Infallible>(answer)
        }
    });
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(limits.ws_ping_every)
        .keep_alive_timeout(limits.header_timeout)
        .max_concurrent_streams(64)
        .enable_connect_protocol();
    let mut conn = pin!(builder.serve_connection_with_upgrades(TokioIo::new(io), service));
    let mut asked = false;
    loop {
        tokio::select! {
            done = conn.as_mut() => {
                if let Err(e) = done {
                    tracing::debug!(%peer, error = %e, "connection ended");
                }
                break;
            }
            changed = stopping.changed(), if !asked => {
                if changed.is_err() || *stopping.borrow() {
                    asked = true;
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
    drop(closing);
}
