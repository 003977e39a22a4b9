//! What one client may take of the server: connections, time, game creations, memory. Every
//! limit has a default that a person playing never meets, so that one misbehaving client (or a
//! crowd of them behind one address) cannot make the server unreachable for the others.
//!
//! The limits are configured with [`Limits`] (`ServerConfig::limits`, and `skirmish serve` flags
//! for the main ones); their refusals are listed in `docs/web-protocol.md`.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The server's limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections open at once from one address (an IPv6 /64 counts as one address, since one
    /// machine usually holds a whole /64). Further connections get `429 too-many-connections`.
    pub connections_per_address: usize,
    /// Connections open at once in all (`503 too-many-connections` beyond).
    pub max_connections: usize,
    /// A connection must send its first byte within this time.
    pub first_byte_timeout: Duration,
    /// A request's head (line and headers) must arrive within this time; it also closes
    /// keep-alive connections that wait this long for their next request.
    pub header_timeout: Duration,
    /// A connection on which nothing is read or written for this long is closed.
    pub idle_timeout: Duration,
    /// A request must be read and answered within this time (`408 request-timeout`).
    pub request_timeout: Duration,
    /// The server pings each WebSocket this often.
    pub ws_ping_every: Duration,
    /// A WebSocket from which nothing (pongs included) is heard for this long is closed.
    pub ws_idle_timeout: Duration,
    /// Games one address may create in a burst.
    pub create_burst: u32,
    /// Games one address may create per hour once its burst is spent.
    pub create_per_hour: u32,
    /// A game not used for this long is unloaded from memory (it stays stored and is loaded
    /// again when someone opens it).
    pub unload_after: Duration,
    /// A game in progress with no action for this long is marked abandoned (it stays stored
    /// and playable; it is listed as abandoned and holds no memory).
    pub abandon_after: Duration,
    /// Games whose legal actions are cached at once (each cache is the legal actions of the
    /// current step only).
    pub legal_caches: usize,
    /// How often unused games are unloaded and abandoned ones marked.
    pub sweep_every: Duration,
    /// Origins besides the server's own whose pages may act (`https://example.org`).
    pub allowed_origins: Vec<String>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            connections_per_address: 64,
            max_connections: 8192,
            first_byte_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            request_timeout: Duration::from_secs(30),
            ws_ping_every: Duration::from_secs(20),
            ws_idle_timeout: Duration::from_secs(60),
            create_burst: 30,
            create_per_hour: 120,
            unload_after: Duration::from_secs(10 * 60),
            abandon_after: Duration::from_secs(7 * 24 * 3600),
            legal_caches: 64,
            sweep_every: Duration::from_secs(30),
            allowed_origins: Vec::new(),
        }
    }
}

/// The address a limit counts against: IPv4 addresses as they are (IPv4-mapped IPv6 ones
/// included), IPv6 ones by their /64.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Counters stay meaningful whatever panicked while holding them.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// A token bucket per address: `burst` at once, refilled at `per_hour`.
#[derive(Debug)]
pub struct RateLimiter {
    burst: f64,
    per_sec: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl RateLimiter {
    /// A limiter allowing `burst` at once and `per_hour` after that.
    pub fn new(burst: u32, per_hour: u32) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst.max(1)),
            per_sec: f64::from(per_hour) / 3600.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one from `ip`'s bucket, or answers how long until one is there.
    pub fn take(&self, ip: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut buckets = lock(&self.buckets);
        let b = buckets.entry(address_key(ip)).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let since = now.saturating_duration_since(b.at).as_secs_f64();
        b.tokens = (b.tokens + since * self.per_sec).min(self.burst);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            return Ok(());
        }
        if self.per_sec <= 0.0 {
            return Err(Duration::from_secs(3600));
        }
        let wait = (1.0 - b.tokens) / self.per_sec;
        Err(Duration::from_secs_f64(wait.ceil().max(1.0)))
    }

    /// Forgets the buckets that are full again, so that the map holds only recent addresses.
    pub fn prune(&self, now: Instant) {
        let (burst, per_sec) = (self.burst, self.per_sec);
        lock(&self.buckets).retain(|_, b| {
            let since = now.saturating_duration_since(b.at).as_secs_f64();
            b.tokens + since * per_sec < burst
        });
    }

    /// How many addresses are remembered.
    pub fn len(&self) -> usize {
        lock(&self.buckets).len()
    }

    /// True when no address is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Why a connection was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnRefusal {
    /// Its address holds as many connections as it may.
    PerAddress(usize),
    /// The server holds as many connections as it may.
    Total(usize),
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Counts open connections per address; a [`ConnSlot`] holds one place until dropped.
#[derive(Clone, Debug)]
pub struct ConnLimiter {
    per_address: usize,
    max_total: usize,
    counts: Arc<Mutex<Counts>>,
}

impl ConnLimiter {
    /// A limiter with these caps.
    pub fn new(per_address: usize, max_total: usize) -> ConnLimiter {
        ConnLimiter {
            per_address: per_address.max(1),
            max_total: max_total.max(1),
            counts: Arc::new(Mutex::new(Counts::default())),
        }
    }

    /// Takes a place for a connection from `ip`.
    pub fn acquire(&self, ip: IpAddr) -> Result<ConnSlot, ConnRefusal> {
        let key = address_key(ip);
        let mut c = lock(&self.counts);
        if c.total >= self.max_total {
            return Err(ConnRefusal::Total(self.max_total));
        }
        let n = c.by_address.entry(key).or_insert(0);
        if *n >= self.per_address {
            return Err(ConnRefusal::PerAddress(self.per_address));
        }
        *n += 1;
        c.total += 1;
        Ok(ConnSlot {
            counts: self.counts.clone(),
            key,
        })
    }

    /// Connections open now from `ip`'s address, and in all.
    pub fn open(&self, ip: IpAddr) -> (usize, usize) {
        let c = lock(&self.counts);
        (
            c.by_address.get(&address_key(ip)).copied().unwrap_or(0),
            c.total,
        )
    }
}

/// One connection's place; given back when dropped, however the connection ends (an upgraded
/// WebSocket keeps it until it closes).
#[derive(Debug)]
pub struct ConnSlot {
    counts: Arc<Mutex<Counts>>,
    key: IpAddr,
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        let mut c = lock(&self.counts);
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.by_address.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                c.by_address.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_refill_and_say_when() {
        let r = RateLimiter::new(2, 3600);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let t = Instant::now();
        assert!(r.take(ip, t).is_ok());
        assert!(r.take(ip, t).is_ok());
        assert_eq!(r.take(ip, t), Err(Duration::from_secs(1)));
        // Another address has its own bucket.
        assert!(r.take("10.0.0.2".parse().unwrap(), t).is_ok());
        assert!(r.take(ip, t + Duration::from_secs(1)).is_ok());
        r.prune(t + Duration::from_secs(10));
        assert!(r.is_empty());
    }

    #[test]
    fn connections_are_counted_per_address_and_given_back() {
        let l = ConnLimiter::new(2, 3);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let s1 = l.acquire(a).unwrap();
        let _s2 = l.acquire(a).unwrap();
        assert_eq!(l.acquire(a).unwrap_err(), ConnRefusal::PerAddress(2));
        let _s3 = l.acquire(b).unwrap();
        assert_eq!(l.acquire(b).unwrap_err(), ConnRefusal::Total(3));
        drop(s1);
        assert!(l.acquire(a).is_ok());
        assert_eq!(l.open(a), (1, 2));
    }

    #[test]
    fn ipv6_counts_by_its_64() {
        let a = address_key("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = address_key("2001:db8:1:2:bbbb::9".parse().unwrap());
        assert_eq!(a, b);
        assert_eq!(
            address_key("::ffff:10.1.2.3".parse().unwrap()),
            "10.1.2.3".parse::<IpAddr>().unwrap()
        );
    }
}
