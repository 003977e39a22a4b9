// The game being shown, for every ruleset: opening it, its socket, acting, resigning, the hotseat
// hand-over, errors, the shell's bar (whose turn, seats, resign, the friend's link), the dice
// panel with the dice commitment and its check at the end, the log, and the end of the game. The
// board and everything about the rules' own pieces belong to the ruleset's page module
// (docs/platform.md, "Page modules"), mounted in `#game-root` with the shell API below.

import { t, lang } from './i18n.js';
import { api, GameSocket } from './api.js';
import { el, $, fill, modal, closeModal } from './dom.js';
import { renderDice, renderLog } from './log.js';
import { SEAT_COLOURS, seatColour } from './seats.js';
import { loadModule, rulesets } from './rulesets.js';

// ------------------------------------------------------------------------------------------
// Saved games: id → { tokens: {seat: token}, mode, join, created, ruleset }. Survives reloads.

const STORE = 'skirmish.games';

export const store = {
  all() {
    try {
      return JSON.parse(localStorage.getItem(STORE) || '{}') || {};
    } catch (_) {
      return {};
    }
  },
  get(id) {
    return this.all()[id] || null;
  },
  put(id, entry) {
    const all = this.all();
    all[id] = { ...(all[id] || {}), ...entry };
    // Keep the 30 most recent.
    const ids = Object.keys(all).sort((a, b) => (all[b].created || 0) - (all[a].created || 0));
    for (const old of ids.slice(30)) delete all[old];
    try {
      localStorage.setItem(STORE, JSON.stringify(all));
    } catch (_) { /* storage full or off: the URL still has the token */ }
  },
};

// ------------------------------------------------------------------------------------------
// Reading snapshots (the same for every ruleset).

export function decisionOf(snap) {
  const p = snap && snap.pending;
  if (!p) return null;
  if (p.decide) return p.decide;
  if (p.decision) return p;
  return null;
}

export function outcomeOf(snap) {
  const p = snap && snap.pending;
  if (p && p.over) return p.over;
  if (snap && snap.over && typeof snap.over === 'object') return snap.over;
  return (snap && snap.view && snap.view.outcome) || (snap && snap.over ? {} : null);
}

export function seatIndex(s) {
  if (s === null || s === undefined) return null;
  if (typeof s === 'number') return s;
  if (typeof s === 'object' && 'seat' in s) return s.seat;
  return Number(s);
}

const entryAction = (e) => (e && e.action ? e.action : e);
const entryText = (e) => (e && e.text) || JSON.stringify(entryAction(e));

// ------------------------------------------------------------------------------------------
// The session.

/** @type {null | Record<string, any>} */
let G = null;
/** The page module showing the game, and the ruleset it was mounted for. */
let M = null;
let mountedFor = null;

function freshGame(id) {
  return {
    id,
    mode: null,
    tokens: {},
    token: null,
    seat: null,
    controls: [],
    snap: null,
    socket: null,
    busy: false,
    error: '',
    overShown: false,
    join: null,
    notice: '',
    connected: true,
    ruleset: null,
  };
}

export function session() {
  return G;
}

/** The module showing the game (for tests and debugging). */
export function currentModule() {
  return M;
}

function seatName(s) {
  const info = ((G && G.snap && G.snap.seats) || []).find((x) => x.seat === s);
  if (info && info.name) return info.name;
  const own = M && M.seatInfo && G && G.snap ? M.seatInfo(G.snap, s) : null;
  if (own && own.name) return own.name;
  return t('common.seat', { n: s + 1 });
}

function seatKind(s) {
  const info = ((G && G.snap && G.snap.seats) || []).find((x) => x.seat === s);
  return info ? info.kind : 'human';
}

/** The decision if this page's seat must answer it now. */
export function myDecision() {
  const d = decisionOf(G && G.snap);
  if (!d || !G || G.seat === null) return null;
  if (!(d.seats || []).map(seatIndex).includes(G.seat)) return null;
  return d.decision || {};
}

/** This page's legal entries: `{action, text, seat?, figure?, cells?, targets?, group?}`. */
export function legal() {
  return ((G && G.snap && G.snap.legal) || []).map((e) => ({ ...(e && e.action ? e : {}), action: entryAction(e), text: entryText(e) }));
}

/** What the shell offers a page module (docs/platform.md, "Page modules"). */
export function shellApi() {
  return {
    game: () => G,
    snapshot: () => (G ? G.snap : null),
    seat: () => (G ? G.seat : null),
    busy: () => !!(G && G.busy),
    myDecision,
    decisionOf,
    outcomeOf,
    legal,
    act,
    render: () => render(),
    showError,
    showResult,
    seatName,
    seatColour,
    slot,
    judge: (query, params) => api.judge(G.id, G.token, query, { lang: lang(), ...params }),
    api,
    t,
    lang,
  };
}

/** The shell's pieces a module places in its layout: `error`, `dice`, `log` (panels), `status`
 * (a span in the bar), `buttons` (a span in the bar, left of Resign). */
function slot(name) {
  return {
    error: $('error'), dice: $('dice-box'), log: $('log-box'), status: $('game-status'), buttons: $('game-buttons'),
  }[name] || null;
}

function unmount() {
  if (M && M.unmount) {
    try {
      M.unmount();
    } catch (e) {
      console.error(e);
    }
  }
  M = null;
  mountedFor = null;
  // The shell's panels go back where they wait.
  $('shell-slots').append($('error'), $('dice-box'), $('log-box'));
  $('game-buttons').replaceChildren();
  $('game-status').replaceChildren();
  $('game-root').replaceChildren();
  delete $('game-root').dataset.module;
}

async function mountFor(ruleset) {
  const module = await loadModule(ruleset);
  if (M === module && mountedFor === ruleset) return;
  unmount();
  M = module;
  mountedFor = ruleset;
  const root = $('game-root');
  root.dataset.module = module.id;
  root.dataset.ruleset = ruleset;
  module.mount(shellApi(), root);
  // Panels the module did not place go at the end.
  for (const id of ['error', 'dice-box', 'log-box']) if ($('shell-slots').contains($(id))) root.append($(id));
}

export async function openGame(id, token) {
  if (G && G.id === id && (!token || Object.values(G.tokens).includes(token)) && G.snap) {
    render();
    return;
  }
  closeGame();
  const me = freshGame(id);
  G = me;
  const saved = store.get(id) || {};
  G.mode = saved.mode || null;
  G.tokens = { ...(saved.tokens || {}) };
  G.join = saved.join || null;
  G.token = token || saved.tokens?.[saved.seat ?? 0] || Object.values(G.tokens)[0] || null;
  fill($('turn-text'), '…');
  let snap;
  try {
    snap = await api.snapshot(id, G.token, lang());
  } catch (e) {
    if (e.status === 404) {
      fill($('game-root'), el('p', { class: 'error-text', 'data-testid': 'game-lost' }, t('game.lost')));
      return;
    }
    if (G.token && (e.status === 401 || e.status === 403 || e.status === 400)) {
      G.notice = t('game.bad_token');
      G.token = null;
      snap = await api.snapshot(id, null, lang()).catch(() => null);
    }
    if (!snap) {
      fill($('game-root'), el('p', { class: 'error-text' }, e.message));
      return;
    }
  }
  if (G !== me) return;
  G.ruleset = snap.ruleset || saved.ruleset || (await rulesets()).default;
  await mountFor(G.ruleset);
  if (G !== me) return;
  G.seat = seatIndex(snap.seat);
  if (G.token && G.seat !== null) {
    G.tokens[G.seat] = G.token;
    store.put(id, { tokens: G.tokens, mode: G.mode, created: saved.created || Date.now(), seat: G.seat, ruleset: G.ruleset });
  }
  acceptSnapshot(snap);
  connect();
  if (M && M.focus) M.focus();
  if (G.mode === 'friend' && G.join && G.snap && G.seat === 0) {
    const other = (G.snap.seats || []).find((s) => s.seat === 1);
    if (other && other.connected === false && (G.snap.step || 0) === 0) showJoinLink();
  }
}

function connect() {
  if (G.socket) G.socket.close();
  const game = G;
  G.socket = new GameSocket(G.id, G.token, lang(), {
    onSnapshot: (s) => {
      if (G === game) acceptSnapshot(s);
    },
    onError: (m) => {
      if (G === game) showError(m.reason || m.code || 'error');
    },
    onStatus: (ok) => {
      if (G !== game) return;
      G.connected = ok;
      renderBar();
    },
  });
}

export function closeGame() {
  if (G && G.socket) G.socket.close();
  G = null;
  unmount();
  closeModal();
}

/** Asks the snapshot again (after a change of language) and reconnects in that language. */
export async function reloadSnapshot() {
  if (!G) return;
  try {
    acceptSnapshot(await api.snapshot(G.id, G.token, lang()), { relang: true });
  } catch (_) { /* keep the old texts */ }
  connect();
}

function acceptSnapshot(snap, { relang = false } = {}) {
  if (!G || !snap || (snap.game && snap.game !== G.id)) return;
  const old = G.snap;
  const seat = seatIndex(snap.seat);
  // A late snapshot is dropped; one after an undo (more actions taken back) is newer.
  const undone = (snap.undos || 0) > ((old && old.undos) || 0);
  if (old && typeof snap.step === 'number' && typeof old.step === 'number' && snap.step < old.step && !undone) return;
  if (old && (snap.undos || 0) < (old.undos || 0) && snap.step <= old.step) return;
  // Snapshots after the first may carry only the log entries of the steps after `log_from`.
  const from = snap.log_from || 0;
  if (from > 0) {
    const known = old && old.lang === snap.lang ? old.log || [] : null;
    const have = old ? old.step || 0 : 0;
    if (!known || from > have) {
      // A gap: ask for the whole log once.
      api.snapshot(G.id, G.token, lang()).then((s) => acceptSnapshot(s)).catch(() => {});
      snap = { ...snap, log: [...(known || []), ...(snap.log || [])] };
    } else {
      snap = { ...snap, log: [...known.filter((e) => (e.step || 0) <= from), ...(snap.log || [])] };
    }
  }
  if (seat !== G.seat && seat !== null && old && G.mode === 'hotseat') {
    G.notice = t('game.hotseat.pass', { name: seatName(seat) });
  }
  // Nobody passes the device once the game is over.
  if (outcomeOf(snap)) G.notice = '';
  if (seat !== null) G.seat = seat;
  G.controls = (snap.controls || (seat !== null ? [seat] : [])).map(seatIndex);
  if (snap.mode && !G.mode) G.mode = snap.mode;
  G.snap = snap;
  if (M && M.update) M.update(snap, relang ? null : old);
  maybeSwitchHotseat();
  render();
}

/** In a hotseat game this page holds every seat's token: it shows the seat that must act. */
function maybeSwitchHotseat() {
  const d = decisionOf(G.snap);
  if (!d) return;
  const seats = (d.seats || []).map(seatIndex);
  if (seats.includes(G.seat)) return;
  const next = seats.find((s) => G.tokens[s]);
  if (next === undefined || next === G.seat) return;
  G.seat = next;
  G.token = G.tokens[next];
  if (M && M.seatChanged) M.seatChanged(next);
  G.notice = t('game.hotseat.pass', { name: seatName(next) });
  api.snapshot(G.id, G.token, lang()).then((s) => acceptSnapshot(s)).catch((e) => showError(e.message));
  connect();
}

/**
 * Sends `action` (a legal entry's `action`, unchanged); the module hears `acted(action)`.
 * Answers whether the server took it.
 *
 * `retryStale`: for a seat's part of a simultaneous decision (HeroScape's order markers), where
 * another seat answering in the meantime moves the step without changing what this seat may do.
 * Refused as stale, the action is sent again on a fresh snapshot while that snapshot still lists
 * it (a few times at most); an action already taken is no longer listed, so it is never played
 * twice.
 */
export async function act(action, { retryStale = false } = {}) {
  if (!G || G.busy) return false;
  G.busy = true;
  G.error = '';
  G.notice = '';
  renderError();
  try {
    let snap;
    // The other seats may answer several times while this one sends (four markers each): each
    // stale refusal is retried on a fresh snapshot, a bounded number of times.
    for (let tries = 0; ; tries++) {
      try {
        // eslint-disable-next-line no-await-in-loop
        snap = await api.act(G.id, G.token, action, lang(), G.snap.step);
        break;
      } catch (e) {
        if (!retryStale || e.code !== 'stale' || tries >= 12) throw e;
        // eslint-disable-next-line no-await-in-loop
        acceptSnapshot(await api.snapshot(G.id, G.token, lang()));
        const same = JSON.stringify(action);
        if (!legal().some((x) => JSON.stringify(x.action) === same)) throw e;
      }
    }
    G.busy = false;
    if (M && M.acted) M.acted(action);
    acceptSnapshot(snap);
    return true;
  } catch (e) {
    G.busy = false;
    showError(e.message);
    render();
    return false;
  }
}

export function showError(msg) {
  if (!G) return;
  G.error = msg ? t('game.error', { reason: msg }) : '';
  renderError();
}

/** Takes back this page's last action (the snapshot's `undo` says when the server allows it). */
async function undo() {
  if (!G || !G.token || G.busy) return;
  G.busy = true;
  try {
    const snap = await api.undo(G.id, G.token, lang());
    G.busy = false;
    G.notice = t('game.undone');
    acceptSnapshot(snap);
  } catch (e) {
    G.busy = false;
    showError(e.message);
    render();
  }
}

async function resign() {
  if (!G || !G.token) return;
  const ok = await modal((close) =>
    el('div', { class: 'dialog-body' },
      el('p', {}, t('game.resign.confirm')),
      el('div', { class: 'row' },
        el('button', { type: 'button', class: 'danger', 'data-testid': 'resign-confirm', onclick: () => close(true) }, t('game.resign')),
        el('button', { type: 'button', autofocus: true, onclick: () => close(false) }, t('common.cancel')))),
  );
  if (!ok) return;
  try {
    acceptSnapshot(await api.resign(G.id, G.token, lang()));
  } catch (e) {
    showError(e.message);
  }
}

// ------------------------------------------------------------------------------------------
// Rendering.

export function rerender() {
  render();
}

function render() {
  if (!G || !G.snap) return;
  renderBar();
  renderError();
  renderDice($('dice-panel'), G.snap.log || []);
  renderLog($('log'), G.snap.log || []);
  renderDiceInfo();
  if (M) M.render(G.snap);
  renderDialogs();
}

const COMMITMENT_SCHEME = 'sha256(skirmish-dice-v1:<seed>:<salt>)';

/**
 * The dice commitment: during play only its hash (the server cannot change the seed without it
 * showing), at the end the revealed seed, checked here against the hash published at the start
 * rather than taken on the server's word.
 */
function renderDiceInfo() {
  const box = $('dice-info');
  const d = G && G.snap && G.snap.dice;
  box.hidden = !(d && d.commitment);
  if (box.hidden) return;
  const { hash, scheme } = d.commitment;
  if (!d.reveal) {
    fill(box, el('span', { 'data-testid': 'dice-commitment', title: `${t('dice.committed.hint', { scheme })}\n${hash}` },
      t('dice.committed', { hash: `${hash.slice(0, 16)}…` })));
    return;
  }
  fill(box, diceReveal(d, 'dice-reveal'));
  // The end screen repeats it, where everyone looks once the game is over.
  const over = document.getElementById('over-dice');
  if (over) fill(over, diceReveal(d, 'over-dice-reveal'));
}

/** The revealed seed and whether it matches the commitment (checked once per game). */
function diceReveal(d, testid) {
  const { hash, scheme } = d.commitment;
  const { seed, salt } = d.reveal;
  const key = `${hash}:${seed}:${salt}`;
  if (!G.diceCheck || G.diceCheck.key !== key) {
    const check = { key, result: 'checking' };
    G.diceCheck = check;
    verifyReveal(d).then((result) => {
      check.result = result;
      if (G && G.diceCheck === check) renderDiceInfo();
    });
  }
  const result = G.diceCheck.result;
  const note = result === 'unchecked' ? t('dice.unchecked', { seed, salt, hash }) : t(`dice.${result}`);
  return el('span', { 'data-testid': testid, 'data-verified': result, title: `${scheme}\n${hash}\nsalt ${salt}` },
    t('dice.revealed', { seed }), ' — ', el('span', { class: result === 'mismatch' ? 'bad' : '' }, note));
}

/** `verified`, `mismatch`, or `unchecked` where the page has no SHA-256 (plain http off localhost). */
async function verifyReveal(d) {
  if (!(globalThis.crypto && crypto.subtle)) return 'unchecked';
  try {
    const text = new TextEncoder().encode(`skirmish-dice-v1:${d.reveal.seed}:${d.reveal.salt}`);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', text));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    return d.commitment.scheme === COMMITMENT_SCHEME && hex === d.commitment.hash ? 'verified' : 'mismatch';
  } catch (_) {
    return 'unchecked';
  }
}

function renderBar() {
  if (!G || !G.snap) return;
  const d = decisionOf(G.snap);
  const over = outcomeOf(G.snap);
  const mine = myDecision();
  let text;
  if (over) text = t('game.phase.over');
  else if (G.seat === null) text = t('game.spectator');
  else if (mine) text = (M && M.turnText && M.turnText(G.snap, mine)) || t('game.your_turn');
  else if (d) {
    const s = seatIndex((d.seats || [])[0]);
    text = seatKind(s) === 'bot' ? t('game.bot_turn') : t('game.their_turn', { name: seatName(s) });
  } else text = '';
  $('turn-text').textContent = text;
  $('turn-text').dataset.mine = mine ? 'yes' : 'no';
  let seats = G.snap.seats && G.snap.seats.length ? G.snap.seats : [];
  if (!seats.length && M && M.seatInfo) {
    for (let i = 0; i < 8; i++) {
      const s = M.seatInfo(G.snap, i);
      if (!s) break;
      seats.push({ seat: i, name: s.name });
    }
  }
  fill($('seats-text'), seats.map((s) => {
    const note = M && M.seatInfo ? (M.seatInfo(G.snap, s.seat) || {}).note : '';
    return el('span', { class: `seat-chip${s.seat === G.seat ? ' me' : ''}`, title: s.kind || '' },
      el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}` }),
      `${s.name || seatName(s.seat)}${note ? ` · ${note}` : ''}`,
      s.kind === 'human' && s.connected === false ? el('span', { class: 'offline', title: t('game.seat.offline'), 'data-testid': 'seat-offline' }, t('game.seat.offline')) : null);
  }));
  $('resign').hidden = !!over || G.seat === null || !G.token;
  $('undo').hidden = !!over || !G.token || !G.snap.undo;
  $('show-link').hidden = !G.join || !!over;
  $('top-status').textContent = G.connected ? '' : t('game.connection.lost');
}

function renderError() {
  const e = $('error');
  e.hidden = !G || !G.error;
  e.textContent = (G && G.error) || '';
}

function button(text, onclick, attrs = {}) {
  return el('button', { type: 'button', onclick, ...attrs }, text);
}

function renderDialogs(force = false) {
  const over = outcomeOf(G.snap);
  if (over) {
    if (!G.overShown || force) {
      G.overShown = true;
      showOver(over);
    }
    return;
  }
  if (M && M.dialogs) M.dialogs(G.snap, force);
}

/** Shows the end of the game again (the module's "result" button). */
export function showResult() {
  if (!G) return;
  G.overShown = false;
  renderDialogs(true);
}

async function showOver(over) {
  const winners = (over.winners || []).map(seatIndex);
  const own = M && M.scores ? M.scores(G.snap, over) : null;
  const scores = own || (over.scores && over.scores.length
    ? { label: t('over.score'), rows: over.scores.map(([s, n]) => ({ seat: seatIndex(s), name: seatName(seatIndex(s)), score: n })) }
    : null);
  // Several winners share one victory (a tie on points, teammates): not one win each.
  const headline = winners.length > 1
    ? t('over.shared', { names: winners.map((w) => seatName(w)).join(', ') })
    : winners.length ? t('over.winner', { name: seatName(winners[0]) }) : t('over.draw');
  let mine = '';
  if (G.seat !== null && G.mode !== 'hotseat') {
    const won = winners.includes(G.seat);
    // The module may say how it was won or lost (a tie broken by a roll is no plain defeat).
    mine = (M && M.overMine && M.overMine(G.snap, over, won))
      || t(won ? (winners.length > 1 ? 'over.you_share' : 'over.you_win') : 'over.you_lose');
  }
  const id = G.id;
  const choice = await modal((close) =>
    el('div', { class: 'dialog-body over', 'data-testid': 'over-dialog' },
      el('h2', {}, t('over.title')),
      mine ? el('p', { class: 'big-result', 'data-testid': 'over-mine' }, mine) : null,
      el('p', { 'data-testid': 'over-winner' }, headline),
      scores ? el('table', { class: 'vp' },
        el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, scores.label))),
        el('tbody', {}, scores.rows.map((s) => el('tr', { class: winners.includes(s.seat) ? 'won' : '' },
          el('td', {}, el('span', { class: 'dot', style: `background:${seatColour(s.seat)}` }), s.name),
          el('td', { 'data-testid': `vp-${s.seat}` }, String(s.score)))))) : null,
      // The module may say why in its own words (which rule ended the game, how a tie was
      // broken); the engine's reason otherwise.
      (M && M.overNote && M.overNote(G.snap, over))
        ? el('p', { class: 'over-note', 'data-testid': 'over-note' }, M.overNote(G.snap, over))
        : over.reason ? el('p', { class: 'muted', 'data-testid': 'over-note' }, t('over.reason', { reason: over.reason })) : null,
      G.snap && G.snap.dice && G.snap.dice.reveal ? el('p', { id: 'over-dice', class: 'dice-info muted', 'data-testid': 'over-dice' }, diceReveal(G.snap.dice, 'over-dice-reveal')) : null,
      el('div', { class: 'row' },
        button(t('over.replay'), () => close('replay'), { 'data-testid': 'over-replay' }),
        button(t('over.new'), () => close('new'), { class: 'primary', 'data-testid': 'over-new' }),
        button(t('over.board'), () => close(null), { 'data-testid': 'over-close' }))),
  { key: 'over', label: t('over.title') });
  if (choice === 'replay') location.hash = `#replay=${encodeURIComponent(id)}`;
  if (choice === 'new') location.hash = '';
}

export async function showJoinLink() {
  if (!G || !G.join) return;
  // A page opened on this machine (127.0.0.1) would give a link only this machine can open:
  // the server's address on the network is given instead, or a word on how to get one.
  let share = null;
  try {
    share = (await api.server()).share;
  } catch (_) { /* an older server: the page's own address */ }
  const here = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(location.hostname);
  const base = here && share && share.url ? share.url.replace(/\/$/, '') : location.origin;
  const url = `${base}${location.pathname}#game=${encodeURIComponent(G.id)}&invite=${encodeURIComponent(G.join.invite)}`;
  const localOnly = here && share && !share.network;
  await modal((close) => {
    const input = el('input', { type: 'text', readonly: true, value: url, class: 'join-url', 'data-testid': 'join-url' });
    const copy = button(t('friend.copy'), async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch (_) {
        document.execCommand && document.execCommand('copy');
      }
      copy.textContent = t('friend.copied');
    });
    return el('div', { class: 'dialog-body' },
      el('h2', {}, t('friend.title')), el('p', {}, t('friend.link')), input,
      localOnly ? el('p', { class: 'muted small', 'data-testid': 'join-local-only' }, t('friend.local_only')) : null,
      el('div', { class: 'row' }, copy, button(t('common.close'), () => close(null), { 'data-testid': 'join-close' })));
  }, { key: 'join' });
}

/** The keyboard on the game screen goes to the module (dialogs and form fields keep theirs). */
export function onKey(ev) {
  if (document.body.dataset.screen !== 'game' || !G || !G.snap || !M || !M.onKey) return;
  if ($('dialog').open) return;
  const tag = (ev.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  M.onKey(ev);
}

export function initSession() {
  $('resign').addEventListener('click', resign);
  $('undo').addEventListener('click', undo);
  $('show-link').addEventListener('click', showJoinLink);
  // For tests and debugging: read-only access to what the page shows (and the module's own
  // state, such as the selected figure).
  window.__skirmish = {
    game: () => (G ? { id: G.id, seat: G.seat, mode: G.mode, token: G.token, busy: G.busy, snap: G.snap, ruleset: G.ruleset, module: M ? M.id : null, sel: null, ...(M && M.state ? M.state() : {}) } : null),
    myDecision: () => (G ? myDecision() : null),
  };
}

