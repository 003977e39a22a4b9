// Talking to the server (docs/web-protocol.md): HTTP for questions and actions, a WebSocket for
// the snapshots the server pushes after every change.

export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.error || body.reason)) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
    this.body = body;
  }
}

async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, { error: String(e && e.message ? e.message : e), code: 'network' });
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (_) {
    data = { error: text };
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const q = (params) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') u.set(k, v);
  const s = u.toString();
  return s ? `?${s}` : '';
};

const enc = encodeURIComponent;

export const api = {
  rulesets: () => request('GET', '/api/rulesets'),
  /** How friends on other machines reach this server (`share`: `network`, `url`). */
  server: () => request('GET', '/api/server'),
  content: (ruleset, lang) => request('GET', `/api/content${q({ ruleset, lang })}`),
  /** The ruleset's search of a catalogue too large to send whole (HeroClix: figures). */
  search: (ruleset, params) => request('GET', `/api/content/search${q({ ruleset, ...params })}`),
  games: () => request('GET', '/api/games'),
  create: (body) => request('POST', '/api/games', body),
  snapshot: (id, token, lang, extra = {}) => request('GET', `/api/games/${enc(id)}${q({ token, lang, ...extra })}`),
  act: (id, token, action, lang, step) =>
    request('POST', `/api/games/${enc(id)}/actions${q({ token, lang })}`, typeof step === 'number' ? { action, step } : { action }),
  /** Where a figure can move; with `to` ({x, y}), whether it can end there and why not. */
  reach: (id, token, figure, to, lang) => request('GET', `/api/games/${enc(id)}/reach${q({ token, figure, to: to ? `${to.x},${to.y}` : undefined, lang })}`),
  los: (id, token, from, to, lang) => request('GET', `/api/games/${enc(id)}/los${q({ token, from, to, lang })}`),
  /** One of the ruleset's judge queries (`/api/rulesets` lists them): `/judge/{query}`, or the
   * older `/{query}` alias on a server without the judge route. */
  judge: async (id, token, query, params = {}) => {
    try {
      return await request('GET', `/api/games/${enc(id)}/judge/${enc(query)}${q({ token, ...params })}`);
    } catch (e) {
      if (e.status !== 404) throw e;
      return request('GET', `/api/games/${enc(id)}/${enc(query)}${q({ token, ...params })}`);
    }
  },
  replay: (id, token) => request('GET', `/api/games/${enc(id)}/replay${q({ token })}`),
  resign: (id, token, lang) => request('POST', `/api/games/${enc(id)}/resign${q({ token, lang })}`),
  /** Takes back the last action of the token's seat, when it rolled nothing and revealed nothing. */
  undo: (id, token, lang) => request('POST', `/api/games/${enc(id)}/undo${q({ token, lang })}`),
  join: (id, invite) => request('POST', `/api/games/${enc(id)}/join`, { invite }),
  checkTeam: (team) => request('POST', '/api/teams/check', team),
};

/**
 * A live connection to one game: calls `onSnapshot(snapshot)` for every snapshot pushed,
 * reconnects with a growing delay, and falls back to polling when WebSockets fail.
 */
export class GameSocket {
  constructor(id, token, lang, { onSnapshot, onError, onStatus }) {
    this.id = id;
    this.token = token;
    this.lang = lang;
    this.onSnapshot = onSnapshot;
    this.onError = onError || (() => {});
    this.onStatus = onStatus || (() => {});
    this.closed = false;
    this.failures = 0;
    this.ws = null;
    this.pollTimer = null;
    this.pingTimer = null;
    this.connect();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/games/${enc(this.id)}/ws${q({ token: this.token, lang: this.lang })}`;
  }

  connect() {
    if (this.closed) return;
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (_) {
      this.fallback();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.failures = 0;
      this.stopPolling();
      this.onStatus(true);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), 25000);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (_) {
        return;
      }
      if (msg.type === 'snapshot') {
        const { type, ...snap } = msg;
        this.onSnapshot(snap);
      } else if (msg.type === 'error') {
        this.onError(msg);
      }
    };
    ws.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.failures += 1;
      this.onStatus(false);
      if (this.failures >= 3) this.fallback();
      const delay = Math.min(500 * 2 ** this.failures, 8000);
      setTimeout(() => this.connect(), delay);
    };
  }

  /** Polls the snapshot while the socket is down. */
  fallback() {
    if (this.pollTimer || this.closed) return;
    this.pollTimer = setInterval(async () => {
      try {
        const { api: a } = await import('./api.js');
        this.onSnapshot(await a.snapshot(this.id, this.token, this.lang));
      } catch (_) { /* try again */ }
    }, 2000);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    this.stopPolling();
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close();
    }
  }
}
