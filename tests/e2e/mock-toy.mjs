// A toy ruleset for the mock server (tests/e2e/mock-server.mjs), speaking only the platform's
// generic shapes (docs/platform.md): `board` in snapshots, `legal` entries with `figure`,
// `cells`, `targets` and `group`, `setup` fields in the content. It has no page module, so the
// page plays it through its generic fallback (web/rulesets/generic/).
//
// Rules: a 5×5 board (square, or hex with the `board` set-up field); North (seat 0) and South
// (seat 1) have two pieces each. On its turn a side moves one piece to a neighbouring free cell
// (orthogonally on squares), captures a neighbouring enemy piece (taking its cell), or passes. A
// side with no pieces loses; after `steps` steps (set-up field, default 24) the side with more
// pieces wins (equal: a draw).

import crypto from 'node:crypto';

export const TOY_INFO = {
  id: 'toy', name: 'Toy', names: { en: 'Toy', fr: 'Jouet' }, board: 'square', module: null, judge: [], bots: ['random'],
};

const W = 5;
const H = 5;
const WORDS = {
  en: { move: 'Move', attack: 'Attack', other: 'Other', moves: '{p} moves to {x},{y}', captures: '{p} captures {q}', pass: 'Pass', passes: '{seat} passes', turn: '{seat}: your move', north: 'North', south: 'South', steps: 'Step limit', over_steps: 'step limit reached', over_wiped: 'no pieces left' },
  fr: { move: 'Déplacement', attack: 'Attaque', other: 'Autre', moves: '{p} se déplace en {x},{y}', captures: '{p} prend {q}', pass: 'Passer', passes: '{seat} passe', turn: '{seat} : à vous de jouer', north: 'Nord', south: 'Sud', steps: 'Limite d’étapes', over_steps: 'limite d’étapes atteinte', over_wiped: 'plus aucune pièce' },
};
const say = (lang, k, p = {}) => (WORDS[lang] || WORDS.en)[k].replace(/\{(\w+)\}/g, (m, n) => (n in p ? String(p[n]) : m));

export const toyGames = new Map();

export function toyContent(lang = 'en') {
  return {
    ruleset: 'toy',
    setup: [
      { field: 'steps', kind: 'choice', name: say(lang, 'steps'), choices: [{ id: 12, name: '12' }, { id: 24, name: '24' }, { id: 40, name: '40' }], default: 24 },
      { field: 'hill', kind: 'bool', name: 'Hill', default: true },
      { field: 'board', kind: 'choice', name: 'Board', choices: [{ id: 'square', name: 'Square' }, { id: 'hex', name: 'Hex' }], default: 'square' },
    ],
  };
}

export function newToy(body) {
  const id = `toy${crypto.randomBytes(5).toString('hex')}`;
  const mode = body.mode || 'hotseat';
  const g = {
    id, mode, created: new Date().toISOString(), step: 0, turn: 0, limit: Number(body.steps) || 24, hill: body.hill !== false, kind: body.board === 'hex' ? 'hex' : 'square',
    pieces: [
      { id: 1, at: [1, 0], seat: 0, label: 'N1', name: 'North scout' },
      { id: 2, at: [3, 0], seat: 0, label: 'N2', name: 'North guard' },
      { id: 3, at: [1, 4], seat: 1, label: 'S1', name: 'South scout' },
      { id: 4, at: [3, 4], seat: 1, label: 'S2', name: 'South guard' },
    ],
    log: [], outcome: null, actions: [], sockets: new Set(),
    tokens: [crypto.randomBytes(8).toString('hex'), crypto.randomBytes(8).toString('hex')],
    kinds: mode === 'bot' ? ['human', 'bot'] : ['human', 'human'],
    history: [],
  };
  g.history.push(JSON.stringify(g.pieces));
  toyGames.set(id, g);
  return g;
}

const same = (a, b) => a[0] === b[0] && a[1] === b[1];

/** Neighbours: orthogonal on squares; on pointy-top hexes with odd rows shifted right, six. */
function steps(g, at) {
  if (g.kind !== 'hex') return [[0, 1], [1, 0], [0, -1], [-1, 0]];
  return at[1] % 2
    ? [[1, 0], [-1, 0], [0, -1], [1, -1], [0, 1], [1, 1]]
    : [[1, 0], [-1, 0], [-1, -1], [0, -1], [-1, 1], [0, 1]];
}

function legal(g, seat, lang) {
  if (g.outcome || seat !== g.turn) return [];
  const out = [];
  for (const p of g.pieces.filter((x) => x.seat === seat)) {
    for (const [dx, dy] of steps(g, p.at)) {
      const to = [p.at[0] + dx, p.at[1] + dy];
      if (to[0] < 0 || to[1] < 0 || to[0] >= W || to[1] >= H) continue;
      const there = g.pieces.find((q) => same(q.at, to));
      if (!there) {
        out.push({ seat, action: { type: 'move', piece: p.id, to }, text: say(lang, 'moves', { p: p.label, x: to[0], y: to[1] }), figure: p.id, cells: [to], group: say(lang, 'move') });
      } else if (there.seat !== seat) {
        out.push({ seat, action: { type: 'capture', piece: p.id, target: there.id }, text: say(lang, 'captures', { p: p.label, q: there.label }), figure: p.id, cells: [to], targets: [there.id], group: say(lang, 'attack') });
      }
    }
  }
  out.push({ seat, action: { type: 'pass' }, text: say(lang, 'pass'), group: say(lang, 'other') });
  return out;
}

function apply(g, seat, action, lang) {
  const l = legal(g, seat, 'en');
  const e = l.find((x) => JSON.stringify(x.action) === JSON.stringify(action));
  if (!e) return 'illegal action';
  const a = e.action;
  g.step += 1;
  g.actions.push(a);
  const p = g.pieces.find((x) => x.id === a.piece);
  if (a.type === 'move') {
    p.at = a.to;
    g.log.push({ step: g.step, key: ['moves', { p: p.label, x: a.to[0], y: a.to[1] }] });
  } else if (a.type === 'capture') {
    const q = g.pieces.find((x) => x.id === a.target);
    p.at = q.at;
    g.pieces = g.pieces.filter((x) => x.id !== q.id);
    g.log.push({ step: g.step, key: ['captures', { p: p.label, q: q.label }] });
  } else {
    g.log.push({ step: g.step, key: ['passes', { seat: seat === 0 ? 'North' : 'South' }] });
  }
  g.turn = 1 - g.turn;
  const count = [0, 1].map((s) => g.pieces.filter((x) => x.seat === s).length);
  if (count[0] === 0 || count[1] === 0) {
    g.outcome = { winners: [count[0] ? 0 : 1], scores: [[0, count[0]], [1, count[1]]], reasonKey: 'over_wiped' };
  } else if (g.step >= g.limit) {
    g.outcome = { winners: count[0] === count[1] ? [] : [count[0] > count[1] ? 0 : 1], scores: [[0, count[0]], [1, count[1]]], reasonKey: 'over_steps' };
  }
  g.history.push(JSON.stringify(g.pieces));
  return null;
}

export function toySnapshot(g, seat, lang = 'en', at = null) {
  const pieces = at === null ? g.pieces : JSON.parse(g.history[Math.min(at, g.history.length - 1)]);
  const names = [say(lang, 'north'), say(lang, 'south')];
  const over = at === null && g.outcome ? { winners: g.outcome.winners, scores: g.outcome.scores, reason: say(lang, g.outcome.reasonKey) } : null;
  return {
    game: g.id, ruleset: 'toy', mode: g.mode, lang, seat, controls: seat === null ? [] : [seat], step: at === null ? g.step : at, ...(at !== null ? { at } : {}),
    over: !!over,
    view: {},
    board: {
      kind: g.kind, width: W, height: H,
      cells: g.hill ? [{ at: [2, 2], terrain: 'hill', height: 1, label: 'Hill' }, { at: [0, 2], terrain: 'water', height: 0 }] : [],
      pieces: pieces.map((p) => ({ ...p, cells: [p.at] })),
    },
    pending: over ? { over } : { seats: [g.turn], decision: { type: 'turn' } },
    prompt: over ? '' : say(lang, 'turn', { seat: names[g.turn] }),
    legal: seat === null || at !== null ? [] : legal(g, seat, lang),
    log: g.log.slice(0, at === null ? undefined : at).map((e) => ({ step: e.step, text: say(lang, ...e.key) })),
    seats: [0, 1].map((s) => ({ seat: s, name: names[s], kind: g.kinds[s], connected: true })),
  };
}

function botPlays(g, broadcast) {
  if (g.kinds[1] !== 'bot') return;
  setTimeout(() => {
    if (g.outcome || g.turn !== 1) return;
    const l = legal(g, 1, 'en');
    const pick = l.find((e) => e.action.type === 'capture') || l.find((e) => e.action.type === 'move') || l[0];
    apply(g, 1, pick.action);
    broadcast(g);
  }, 150);
}

/** Answers `/api/games/{id}...` for a toy game; false when `id` is not one. */
export function toyRequest(req, res, parts, url, json, sendJson) {
  const g = toyGames.get(parts[2]);
  if (!g) return false;
  const lang = url.searchParams.get('lang') || 'en';
  const token = url.searchParams.get('token') || json.token;
  const seat = token ? (g.tokens.indexOf(token) < 0 ? -1 : g.tokens.indexOf(token)) : null;
  if (seat === -1) { sendJson(res, 403, { error: 'bad token', code: 'bad-token' }); return true; }
  const what = parts[3];
  if (!what) {
    const at = url.searchParams.get('at');
    sendJson(res, 200, toySnapshot(g, seat, lang, at === null ? null : Number(at)));
  } else if (what === 'actions') {
    const err = seat === null ? 'no seat' : apply(g, seat, json.action);
    if (err) { sendJson(res, 400, { error: err, code: 'illegal' }); return true; }
    toyBroadcast(g);
    botPlays(g, toyBroadcast);
    sendJson(res, 200, toySnapshot(g, seat, lang));
  } else if (what === 'resign') {
    g.step += 1;
    g.outcome = { winners: [1 - seat], scores: [], reasonKey: 'over_wiped' };
    toyBroadcast(g);
    sendJson(res, 200, toySnapshot(g, seat, lang));
  } else if (what === 'replay') {
    sendJson(res, 200, { format: 1, ruleset: 'toy', actions: g.actions });
  } else {
    sendJson(res, 404, { error: 'not found', code: 'not-found' });
  }
  return true;
}

let wsSendFn = null;

export function toyBroadcast(g) {
  if (!wsSendFn) return;
  for (const s of g.sockets) wsSendFn(s.socket, { type: 'snapshot', ...toySnapshot(g, s.seat, s.lang) });
}

/** A socket on a toy game: snapshots pushed after every change; `act` messages played. */
export function toySocket(g, socket, url, wsSend, wsFrames) {
  wsSendFn = wsSend;
  const token = url.searchParams.get('token');
  const i = g.tokens.indexOf(token);
  const entry = { socket, seat: i < 0 ? null : i, lang: url.searchParams.get('lang') || 'en' };
  g.sockets.add(entry);
  wsSend(socket, { type: 'snapshot', ...toySnapshot(g, entry.seat, entry.lang) });
  socket.on('data', (buf) => {
    for (const f of wsFrames(buf)) {
      if (f.op === 8) { socket.end(); return; }
      if (f.op !== 1) continue;
      let m;
      try { m = JSON.parse(f.text); } catch (_) { continue; }
      if (m.type === 'act' && entry.seat !== null) {
        const err = apply(g, entry.seat, m.action);
        if (err) wsSend(socket, { type: 'error', reason: err, code: 'illegal' });
        else { toyBroadcast(g); botPlays(g, toyBroadcast); }
      }
    }
  });
  const drop = () => g.sockets.delete(entry);
  socket.on('close', drop);
  socket.on('error', drop);
}
