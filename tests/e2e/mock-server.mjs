// A tiny stand-in for `skirmish serve`, for working on the page without the Rust server:
//   node tests/e2e/mock-server.mjs [port]
// It speaks docs/web-protocol.md with made-up rules (moves up to the speed value, attacks on
// 2d6 + attack against defence) on a made-up map showing every kind of terrain. The end-to-end
// tests run against the real binary (scripts/e2e.sh), except tests/e2e/powers.test.mjs, which
// uses the hook below to put the page in front of decisions that are hard to reach by playing:
//   POST /mock/games/{id}/decision  { seat, decision, prompt, legal: [{ action, text }], marker? }
// makes `decision` the pending one for `seat` with exactly these legal answers; the answer is
// recorded (GET /mock/games/{id}/answers) and logged. `marker` ("barrier", "smoke") puts that
// marker on the square of an answer that has one.
//
// It also plays a toy ruleset (`toy`, tests/e2e/mock-toy.mjs) in the platform's generic shapes
// (docs/platform.md), listed by `GET /api/rulesets` beside HeroClix, for the page's generic module.

import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TOY_INFO, toyContent, newToy, toyRequest, toySocket, toyGames } from './mock-toy.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const W = 16;
const H = 16;

function makeMap() {
  // [terrain, level, indoor, zone, special, stair, ladder, markers, walls]
  const cells = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) cells.push([0, 0, false, 0, null, null, null, 0, 0]);
  const c = (x, y) => cells[y * W + x];
  for (let x = 3; x < 13; x++) { c(x, 0)[3] = 1; c(x, 1)[3] = 1; c(x, 14)[3] = 2; c(x, 15)[3] = 2; }
  for (const [x, y] of [[2, 5], [3, 5], [3, 6], [2, 6], [4, 6]]) c(x, y)[0] |= 1;
  for (const [x, y] of [[11, 8], [12, 8], [12, 9], [13, 9]]) c(x, y)[0] |= 2;
  for (const [x, y] of [[7, 7], [8, 7], [7, 8]]) c(x, y)[0] |= 4;
  for (let y = 3; y < 6; y++) for (let x = 10; x < 14; x++) c(x, y)[1] = 1;
  c(12, 4)[0] |= 1;
  for (let x = 5; x < 9; x++) { c(x, 11)[8] |= 1; c(x, 10)[8] |= 4; }
  c(4, 11)[8] |= 2; c(5, 11)[8] |= 8;
  c(1, 10)[4] = 0; c(1, 11)[4] = 0; c(2, 10)[4] = 0; c(2, 11)[4] = 0;
  c(9, 3)[5] = [0, 0]; c(10, 3)[5] = [0, 1];
  c(13, 6)[6] = 0; c(13, 5)[6] = 0;
  c(5, 3)[7] = 1; c(6, 12)[7] = 4;
  return {
    name: 'Mock Yard', kind: 'outdoor', width: W, height: H, cells,
    staircases: [{ steps: [{ x: 9, y: 3 }, { x: 10, y: 3 }] }],
    ladders: [{ bottom: { x: 13, y: 6 }, top: { x: 13, y: 5 } }],
    special_zones: [{ name: 'Generator', rules: 'A figure here modifies its attack by +1.' }],
  };
}

const FIGS = [
  { label: 'Captain Ysolde Varga', values: [9, 11, 17, 3], range: 4, targets: 1, points: 120 },
  { label: 'Kestrel Vane', values: [10, 9, 16, 2], range: 6, targets: 2, points: 50 },
  { label: 'Warden Cadet', values: [7, 8, 15, 1], range: 0, targets: 1, points: 20 },
];
const FIGS2 = [
  { label: 'Scrap King', values: [8, 10, 16, 3], range: 5, targets: 1, points: 100 },
  { label: 'Street Tough 1', values: [7, 8, 15, 2], range: 0, targets: 1, points: 25 },
  { label: 'Street Tough 2', values: [7, 8, 15, 2], range: 0, targets: 1, points: 25 },
];

const games = new Map();

function newGame(mode) {
  const id = crypto.randomBytes(6).toString('hex');
  const figures = [];
  [FIGS, FIGS2].forEach((list, owner) => list.forEach((f) => figures.push({
    id: figures.length, label: f.label, owner, square: null, ko: false, tokens: 0, values: [...f.values],
    powers: [null, null, null, null], range: f.range, targets: f.targets, points: f.points, acted: false, hits: 0,
  })));
  const g = {
    id, mode, created: new Date().toISOString(), step: 0, phase: 'choose_zones', round: 1, active: 0, used: 0, total: 3,
    map: makeMap(), figures, vp: [0, 0], log: [], outcome: null, history: [], interrupt: null, actions: [],
    tokens: [crypto.randomBytes(8).toString('hex'), crypto.randomBytes(8).toString('hex')],
    kinds: mode === 'bot' ? ['human', 'bot'] : ['human', 'human'], sockets: new Set(), zones: [], answers: [],
  };
  games.set(id, g);
  g.history.push(JSON.stringify(stateOf(g)));
  return g;
}

function stateOf(g) {
  return { figures: g.figures, map: g.map, phase: g.phase, round: g.round, active: g.active, used: g.used, vp: g.vp, outcome: g.outcome, log: g.log.length };
}

const inMap = (s) => s.x >= 0 && s.y >= 0 && s.x < W && s.y < H;
const cell = (g, s) => g.map.cells[s.y * W + s.x];
const dist = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
const live = (g) => g.figures.filter((f) => !f.ko && f.square);
const at = (g, s) => live(g).find((f) => f.square.x === s.x && f.square.y === s.y);

function pendingSeat(g) {
  if (g.outcome) return null;
  if (g.interrupt) return g.interrupt.seat;
  if (g.phase === 'choose_zones') return g.zones.length === 0 ? 1 : 0;
  if (g.phase === 'deploy') return g.figures.some((f) => f.owner === 0 && !f.square) ? 0 : 1;
  return g.active;
}

function decision(g) {
  if (g.interrupt) return g.interrupt.decision;
  if (g.phase === 'choose_zones') return { type: 'choose_zone', zones: [1, 2].filter((z) => !g.zones.includes(z)) };
  if (g.phase === 'deploy') {
    const s = pendingSeat(g);
    return { type: 'deploy', figures: g.figures.filter((f) => f.owner === s && !f.square).map((f) => f.id) };
  }
  return { type: 'turn', round: g.round, actions_left: g.total - g.used };
}

function legal(g, seat) {
  const out = [];
  if (g.outcome || pendingSeat(g) !== seat) return out;
  if (g.interrupt && g.interrupt.legal) return g.interrupt.legal;
  const d = decision(g);
  const name = (id) => g.figures[id].label;
  if (d.type === 'choose_zone') for (const z of d.zones) out.push({ action: { type: 'choose_zone', zone: z }, text: `Choose deployment zone ${z}` });
  if (d.type === 'deploy') {
    const zone = g.zones[seat] || (seat === 0 ? 1 : 2);
    for (const id of d.figures) {
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
        if (g.map.cells[y * W + x][3] === zone && !at(g, { x, y })) out.push({ action: { type: 'place', figure: id, square: { x, y } }, text: `Place ${name(id)} on ${x},${y}` });
      }
    }
  }
  if (d.type === 'split_damage') {
    for (let a = 0; a <= d.damage; a++) out.push({ action: { type: 'split_damage', amounts: [a, d.damage - a] }, text: `${a} / ${d.damage - a}` });
  }
  if (d.type === 'knockback_line') for (const s of d.options) out.push({ action: { type: 'knockback_via', square: s }, text: `Knock back through ${s.x},${s.y}` });
  if (d.type === 'turn') {
    if (g.used < g.total) {
      for (const f of live(g).filter((f) => f.owner === seat && !f.acted)) {
        for (const s of reach(g, f)) out.push({ action: { type: 'move', figure: f.id, to: s.square }, text: `Move ${f.label} to ${s.square.x},${s.square.y} (${s.cost} squares)` });
        const enemies = live(g).filter((e) => e.owner !== seat);
        for (const e of enemies) if (dist(e.square, f.square) === 1) out.push({ action: { type: 'close_attack', attacker: f.id, target: e.id }, text: `Close combat attack: ${f.label} attacks ${e.label}` });
        const inRange = f.range > 0 ? enemies.filter((e) => dist(e.square, f.square) <= f.range && losOf(g, f.square, e.square).verdict !== 'blocked') : [];
        for (const e of inRange) out.push({ action: { type: 'ranged_attack', attacker: f.id, targets: [e.id] }, text: `Ranged combat attack: ${f.label} attacks ${e.label}` });
        if (f.targets > 1 && inRange.length > 1) out.push({ action: { type: 'ranged_attack', attacker: f.id, targets: [inRange[0].id, inRange[1].id] }, text: `Ranged combat attack: ${f.label} attacks ${inRange[0].label} and ${inRange[1].label}` });
        out.push({ action: { type: 'pass', figure: f.id }, text: `${f.label} passes` });
      }
    }
    out.push({ action: { type: 'end_turn' }, text: 'End the turn' });
  }
  return out;
}

function reach(g, f) {
  // Breadth-first over clear squares, up to the speed value.
  const speed = f.values[0];
  const seen = new Map([[`${f.square.x},${f.square.y}`, [f.square]]]);
  let frontier = [f.square];
  const out = [];
  for (let step = 1; step <= speed; step++) {
    const next = [];
    for (const s of frontier) {
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
        const n = { x: s.x + dx, y: s.y + dy };
        const k = `${n.x},${n.y}`;
        if (!inMap(n) || seen.has(k) || (cell(g, n)[0] & 4) || at(g, n)) continue;
        seen.set(k, [...seen.get(`${s.x},${s.y}`), n]);
        out.push({ square: n, cost: step, path: seen.get(k) });
        if (!(cell(g, n)[0] & 3)) next.push(n);
      }
    }
    frontier = next;
  }
  return out;
}

function losOf(g, a, b) {
  const squares = [];
  let verdict = 'clear';
  const notes = [];
  const n = Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)) * 4;
  for (let i = 0; i <= n; i++) {
    const s = { x: Math.round(a.x + ((b.x - a.x) * i) / n), y: Math.round(a.y + ((b.y - a.y) * i) / n) };
    if (!squares.some((q) => q.x === s.x && q.y === s.y)) squares.push(s);
  }
  for (const s of squares.slice(1, -1)) {
    const c = cell(g, s);
    if (c[0] & 4) { verdict = 'blocked'; notes.push(`blocking terrain at ${s.x},${s.y}`); }
    else if (c[0] & 1 && verdict === 'clear') { verdict = 'hindered'; notes.push(`hindering terrain at ${s.x},${s.y}`); }
    if (at(g, s)) { verdict = 'blocked'; notes.push(`a figure at ${s.x},${s.y}`); }
  }
  return { verdict, distance: dist(a, b), squares, corners: [], notes };
}

const d6 = () => 1 + Math.floor(Math.random() * 6);

function push(g, text, dice) {
  g.log.push({ step: g.step, text, ...(dice ? { dice } : {}) });
}

function apply(g, seat, a) {
  const ok = legal(g, seat).some((e) => JSON.stringify(e.action) === JSON.stringify(a));
  if (!ok) return 'this action is not legal now';
  g.step += 1;
  g.actions.push({ seat, action: a });
  if (g.interrupt && g.interrupt.legal) {
    // An answer to a decision put there by the test hook.
    const it = g.interrupt;
    const entry = it.legal.find((e) => JSON.stringify(e.action) === JSON.stringify(a));
    g.answers.push({ seat, action: a });
    push(g, `answered: ${entry.text}`);
    const sq = a.square || a.to;
    if (it.marker && sq) cell(g, sq)[7] |= { debris: 1, barrier: 2, smoke: 4 }[it.marker] || 0;
    g.interrupt = null;
    g.history.push(JSON.stringify(stateOf(g)));
    return null;
  }
  const f = a.figure !== undefined ? g.figures[a.figure] : a.attacker !== undefined ? g.figures[a.attacker] : null;
  switch (a.type) {
    case 'choose_zone':
      g.zones[seat] = a.zone;
      push(g, `player ${seat + 1} chooses deployment zone ${a.zone}`);
      if (g.zones.filter((z) => z).length === 2) g.phase = 'deploy';
      break;
    case 'place':
      f.square = a.square;
      push(g, `${f.label} is placed on ${a.square.x},${a.square.y}`);
      if (g.figures.every((x) => x.square)) { g.phase = 'play'; push(g, '— Round 1 —'); push(g, "player 1's turn (3 action(s))"); }
      break;
    case 'move': {
      const p = reach(g, f).find((r) => r.square.x === a.to.x && r.square.y === a.to.y);
      f.square = a.to;
      push(g, `${f.label} moves: ${p.path.map((s) => `${s.x},${s.y}`).join(' → ')}`);
      token(g, f);
      break;
    }
    case 'close_attack':
    case 'ranged_attack': {
      const targets = a.type === 'close_attack' ? [a.target] : a.targets;
      const dice = [d6(), d6()];
      const total = dice[0] + dice[1] + f.values[1];
      push(g, `${f.label}: ${a.type === 'close_attack' ? 'close attack' : 'ranged attack'}, 2d6 = ${dice[0]}+${dice[1]}, attack ${f.values[1]}, total ${total}`, dice);
      const hits = [];
      for (const id of targets) {
        const tf = g.figures[id];
        const l = losOf(g, f.square, tf.square);
        const def = tf.values[2] + (a.type === 'ranged_attack' && l.verdict === 'hindered' ? 1 : 0);
        const hit = total >= def || (dice[0] === 6 && dice[1] === 6);
        push(g, `  ${tf.label} (defence ${tf.values[2]}${def > tf.values[2] ? ' +1 hindered' : ''} = ${def}): ${hit ? 'hit' : 'miss'}`);
        if (hit) hits.push(id);
      }
      token(g, f);
      if (hits.length === 2) {
        g.interrupt = { seat, decision: { type: 'split_damage', attacker: f.id, targets: hits, damage: f.values[3] } };
      } else {
        for (const id of hits) damage(g, g.figures[id], f.values[3]);
        if (dice[0] === dice[1] && hits.length === 1 && !g.outcome && !g.figures[hits[0]].ko) {
          const t0 = g.figures[hits[0]];
          const options = [{ x: t0.square.x + 1, y: t0.square.y }, { x: t0.square.x, y: t0.square.y + 1 }].filter(inMap);
          if (options.length === 2) g.interrupt = { seat, decision: { type: 'knockback_line', figure: t0.id, options } };
        }
      }
      break;
    }
    case 'split_damage': {
      const d = g.interrupt.decision;
      g.interrupt = null;
      d.targets.forEach((id, i) => damage(g, g.figures[id], a.amounts[i]));
      break;
    }
    case 'knockback_via': {
      const fig = g.figures[g.interrupt.decision.figure];
      g.interrupt = null;
      if (!at(g, a.square) && !(cell(g, a.square)[0] & 4)) {
        push(g, `${fig.label} is knocked back: ${fig.square.x},${fig.square.y} → ${a.square.x},${a.square.y}`);
        fig.square = a.square;
      }
      break;
    }
    case 'pass':
      f.acted = true;
      push(g, `${f.label} passes`);
      break;
    case 'end_turn':
      push(g, `End of player ${seat + 1}'s turn`);
      for (const x of g.figures) if (x.owner === seat && !x.tokenThisTurn) x.tokens = 0;
      for (const x of g.figures) { x.acted = false; x.tokenThisTurn = false; }
      g.active = 1 - g.active;
      g.used = 0;
      if (g.active === 0) { g.round += 1; push(g, `— Round ${g.round} —`); }
      push(g, `player ${g.active + 1}'s turn (3 action(s))`);
      break;
    default:
      return 'unknown action';
  }
  g.history.push(JSON.stringify(stateOf(g)));
  return null;
}

function token(g, f) {
  f.acted = true;
  f.tokens += 1;
  f.tokenThisTurn = true;
  g.used += 1;
  push(g, `${f.label} gets an action token (${f.tokens})`);
  if (f.tokens >= 2) { push(g, `${f.label} takes 1 pushing damage`); damage(g, f, 1); }
}

function damage(g, f, n) {
  if (n <= 0) return;
  push(g, `${f.label} takes ${n} damage`);
  f.hits += n;
  f.values = f.values.map((v, i) => (i === 3 ? v : Math.max(v - n, 1)));
  if (f.hits >= 4) {
    f.ko = true;
    const other = 1 - f.owner;
    g.vp[other] += f.points;
    push(g, `${f.label} is knocked out: ${f.points} victory points to player ${other + 1}`);
  }
  for (const s of [0, 1]) {
    if (!live(g).some((x) => x.owner === s)) finish(g, 1 - s, 'last team standing');
  }
}

function finish(g, winner, reason) {
  if (g.outcome) return;
  g.outcome = { winners: winner === null ? [] : [winner], scores: [[0, g.vp[0]], [1, g.vp[1]]], reason };
  g.phase = 'over';
  push(g, `Game over (${reason}): winner(s) player ${winner + 1}`);
}

function snapshot(g, seat, at = null) {
  let st = { figures: g.figures, map: g.map, phase: g.phase, round: g.round, active: g.active, used: g.used, vp: g.vp, outcome: g.outcome, log: g.log.length };
  if (at !== null) st = JSON.parse(g.history[Math.min(at, g.history.length - 1)]);
  const pseat = at === null ? pendingSeat(g) : null;
  return {
    game: g.id, ruleset: 'heroclix', seat, step: at === null ? g.step : at, ...(at !== null ? { at } : {}),
    view: {
      phase: { phase: st.phase }, round: st.round, active: st.active, actions: [st.used, g.total],
      seats: [['Wardens', st.vp[0]], ['Ravagers', st.vp[1]]],
      figures: st.figures.map(({ hits, tokenThisTurn, ...f }) => f), map: st.map, first_player_rolls: [], outcome: st.outcome,
      viewer: seat === null ? 'spectator' : { seat },
    },
    pending: st.outcome ? { over: st.outcome } : { seats: [pseat], decision: decision(g) },
    ...(at === null && g.interrupt && g.interrupt.prompt ? { prompt: g.interrupt.prompt } : {}),
    legal: seat === null || at !== null ? [] : legal(g, seat),
    log: g.log.slice(0, at === null ? undefined : st.log),
    seats: [0, 1].map((s) => ({ seat: s, name: ['Wardens', 'Ravagers'][s], kind: g.kinds[s], connected: g.kinds[s] === 'bot' || [...g.sockets].some((x) => x.seat === s) })),
  };
}

function seatOf(g, token) {
  const i = g.tokens.indexOf(token);
  return i < 0 ? null : i;
}

function broadcast(g) {
  for (const s of g.sockets) wsSend(s.socket, { type: 'snapshot', ...snapshot(g, s.seat) });
}

function botPlays(g) {
  if (g.kinds[1] !== 'bot') return;
  let guard = 0;
  const step = () => {
    if (pendingSeat(g) !== 1 || g.outcome || guard++ > 60) return;
    const l = legal(g, 1);
    const pick = l.find((e) => e.action.type === 'choose_zone' || e.action.type === 'place' || e.action.type === 'close_attack' || e.action.type === 'ranged_attack' || e.action.type === 'split_damage' || e.action.type === 'knockback_via')
      || (g.used < 1 && l.find((e) => e.action.type === 'move')) || l.find((e) => e.action.type === 'end_turn');
    if (!pick) return;
    apply(g, 1, pick.action);
    broadcast(g);
    setTimeout(step, 120);
  };
  setTimeout(step, 150);
}

// --- WebSocket, the bare minimum (text frames, no fragmentation). ---
function wsSend(socket, obj) {
  const data = Buffer.from(JSON.stringify(obj));
  let head;
  if (data.length < 126) head = Buffer.from([0x81, data.length]);
  else if (data.length < 65536) { head = Buffer.alloc(4); head[0] = 0x81; head[1] = 126; head.writeUInt16BE(data.length, 2); }
  else { head = Buffer.alloc(10); head[0] = 0x81; head[1] = 127; head.writeBigUInt64BE(BigInt(data.length), 2); }
  try { socket.write(Buffer.concat([head, data])); } catch (_) { /* closed */ }
}

function wsFrames(buf) {
  const out = [];
  let i = 0;
  while (i + 2 <= buf.length) {
    const op = buf[i] & 0x0f;
    let len = buf[i + 1] & 0x7f;
    let p = i + 2;
    if (len === 126) { len = buf.readUInt16BE(p); p += 2; } else if (len === 127) { len = Number(buf.readBigUInt64BE(p)); p += 8; }
    const mask = buf.slice(p, p + 4);
    p += 4;
    if (p + len > buf.length) break;
    const data = Buffer.from(buf.slice(p, p + len));
    for (let k = 0; k < data.length; k++) data[k] ^= mask[k % 4];
    out.push({ op, text: data.toString() });
    i = p + len;
  }
  return out;
}

function sendJson(res, status, obj) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(obj));
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };

export function startMock(port = 0) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = body ? JSON.parse(body) : {};
    if (parts[0] === 'mock' && parts[1] === 'games') {
      const g = games.get(parts[2]);
      if (!g) return sendJson(res, 404, { error: 'no such game' });
      if (parts[3] === 'decision' && req.method === 'POST') {
        g.interrupt = { seat: json.seat, decision: json.decision, prompt: json.prompt || '', legal: json.legal || [], marker: json.marker || null };
        g.step += 1;
        g.history.push(JSON.stringify(stateOf(g)));
        broadcast(g);
        return sendJson(res, 200, { ok: true, step: g.step });
      }
      if (parts[3] === 'answers') return sendJson(res, 200, g.answers);
      return sendJson(res, 404, { error: 'not found' });
    }
    if (parts[0] !== 'api') {
      const file = path.join(ROOT, url.pathname === '/' ? 'index.html' : url.pathname);
      if (!file.startsWith(ROOT) || !fs.existsSync(file)) return sendJson(res, 404, { error: 'not found' });
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
      return res.end(fs.readFileSync(file));
    }
    if (parts[1] === 'rulesets') {
      return sendJson(res, 200, {
        rulesets: [
          { id: 'heroclix', name: 'HeroClix', names: { en: 'HeroClix', fr: 'HeroClix' }, board: 'square', module: '/rulesets/heroclix/index.js', judge: ['reach', 'los'], bots: ['greedy', 'random'] },
          TOY_INFO,
        ],
        default: 'heroclix',
      });
    }
    if (parts[1] === 'content' && url.searchParams.get('ruleset') === 'toy') return sendJson(res, 200, toyContent(url.searchParams.get('lang') || 'en'));
    if (parts[1] === 'content') {
      return sendJson(res, 200, {
        ruleset: 'heroclix',
        rulesets: ['heroclix', 'toy'],
        maps: [{ id: 'mock-yard', name: 'Mock Yard' }],
        teams: [{ id: 'wardens', name: 'Wardens', points: 190 }, { id: 'ravagers', name: 'Ravagers', points: 150 }],
        figures: [...FIGS, ...FIGS2].map((f, i) => ({ id: `sk00${i + 1}`, name: f.label.replace(/ \d$/, ''), points: i === 0 ? [120, 90] : [f.points], unique: i === 0 || i === 3, range: f.range, targets: f.targets })),
      });
    }
    if (parts[1] === 'teams' && parts[2] === 'check') {
      const team = json.team || {};
      const pts = (team.figures || []).reduce((a, f) => a + (f.id === 'sk001' ? [120, 90][(f.starting_line || 1) - 1] : 25), 0);
      const v = [];
      if (pts > (team.build_total || 300)) v.push(`over the build total: ${pts} > ${team.build_total || 300}`);
      return sendJson(res, 200, { points: pts, violations: v });
    }
    if (parts[1] !== 'games') return sendJson(res, 404, { error: 'not found' });
    if (parts.length === 2 && req.method === 'POST' && json.ruleset === 'toy') {
      const g = newToy(json);
      const seats = [{ seat: 0, token: g.tokens[0], kind: 'human' }];
      if (g.mode === 'hotseat') seats.push({ seat: 1, token: g.tokens[1], kind: 'human' });
      else seats.push({ seat: 1, kind: g.mode === 'bot' ? 'bot' : 'human' });
      return sendJson(res, 200, { game: g.id, seats });
    }
    if (parts.length >= 3 && toyRequest(req, res, parts, url, json, sendJson)) return undefined;
    if (parts.length === 2 && req.method === 'POST') {
      const g = newGame(json.mode || 'bot');
      const seats = [{ seat: 0, token: g.tokens[0], kind: 'human' }];
      if (g.mode === 'hotseat') seats.push({ seat: 1, token: g.tokens[1], kind: 'human' });
      else seats.push({ seat: 1, kind: g.mode === 'bot' ? 'bot' : 'human' });
      botPlays(g);
      // As the real server: the friend's seat comes with an invite, exchanged for its token.
      return sendJson(res, 200, { game: g.id, seats, ...(g.mode === 'friend' ? { join: { seat: 1, invite: g.tokens[1] } } : {}) });
    }
    if (parts.length === 2) return sendJson(res, 200, [...games.values()].map((g) => ({ id: g.id, ruleset: 'heroclix', created: g.created, over: !!g.outcome, seats: snapshot(g, null).seats })));
    const g = games.get(parts[2]);
    if (!g) return sendJson(res, 404, { error: 'no such game', code: 'not_found' });
    if (parts[3] === 'join' && req.method === 'POST') return sendJson(res, 200, { game: g.id, seat: 1, token: json.invite });
    const token = url.searchParams.get('token');
    const seat = token ? seatOf(g, token) : null;
    if (token && seat === null) return sendJson(res, 403, { error: 'bad token', code: 'bad_token' });
    const what = parts[3];
    if (!what) {
      const atq = url.searchParams.get('at');
      return sendJson(res, 200, snapshot(g, seat, atq === null ? null : Number(atq)));
    }
    if (what === 'actions') {
      const err = apply(g, seat, json.action);
      if (err) return sendJson(res, 400, { error: err, code: 'illegal' });
      broadcast(g);
      botPlays(g);
      return sendJson(res, 200, snapshot(g, seat));
    }
    if (what === 'resign') {
      g.step += 1;
      finish(g, 1 - seat, 'resignation');
      g.history.push(JSON.stringify(stateOf(g)));
      broadcast(g);
      return sendJson(res, 200, snapshot(g, seat));
    }
    if (what === 'reach') {
      const f = g.figures[Number(url.searchParams.get('figure'))];
      return sendJson(res, 200, { allowance: f.values[0], halved: false, needs_breakaway: false, destinations: reach(g, f) });
    }
    if (what === 'los') {
      const a = g.figures[Number(url.searchParams.get('from'))];
      const b = g.figures[Number(url.searchParams.get('to'))];
      return sendJson(res, 200, losOf(g, a.square, b.square));
    }
    if (what === 'replay') return sendJson(res, 200, { format: 1, ruleset: 'heroclix', scenario: {}, dice: { seed: 1 }, actions: g.actions, final_hash: '' });
    return sendJson(res, 404, { error: 'not found' });
  });
  server.on('upgrade', (req, socket) => {
    const url = new URL(req.url, 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    const g = games.get(parts[2]);
    const toy = toyGames.get(parts[2]);
    if (!g && !toy) { socket.destroy(); return; }
    const key = req.headers['sec-websocket-key'];
    const accept = crypto.createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    if (toy) { toySocket(toy, socket, url, wsSend, wsFrames); return; }
    const entry = { socket, seat: seatOf(g, url.searchParams.get('token')) };
    g.sockets.add(entry);
    wsSend(socket, { type: 'snapshot', ...snapshot(g, entry.seat) });
    broadcast(g);
    socket.on('data', (buf) => {
      for (const f of wsFrames(buf)) {
        if (f.op === 8) { socket.end(); return; }
        if (f.op !== 1) continue;
        let m;
        try { m = JSON.parse(f.text); } catch (_) { wsSend(socket, { type: 'error', reason: 'bad json', code: 'bad_json' }); continue; }
        if (m.type === 'act') {
          const err = apply(g, entry.seat, m.action);
          if (err) wsSend(socket, { type: 'error', reason: err, code: 'illegal' });
          else { broadcast(g); botPlays(g); }
        }
      }
    });
    const drop = () => { g.sockets.delete(entry); broadcast(g); };
    socket.on('close', drop);
    socket.on('error', drop);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const s = await startMock(Number(process.argv[2] || 8099));
  console.log(`mock server on http://127.0.0.1:${s.address().port}/`);
}
