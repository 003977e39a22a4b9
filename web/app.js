// The Skirmish web player: start screen, the game (board, actions, dialogs, dice, log), the team
// builder and the replay viewer. The rules never run here: legal actions, reach, lines of fire
// and every log text come from the server (docs/web-protocol.md).

import { t, lang, setLang, onLangChange, translateDom, powerName } from './i18n.js';
import { api, GameSocket } from './api.js';
import { createBoard, SEAT_COLOURS, cellAt, dieSvg, objectSwatch } from './board.js';
import { renderDice, renderLog, renderLegend } from './log.js';
import { el, $, fill, modal, modalKey, closeModal } from './dom.js';
import { initBuilder, showBuilder, savedTeam } from './builder.js';
import { showReplay, hideReplay } from './replay.js';

// ------------------------------------------------------------------------------------------
// Saved games: id → { tokens: {seat: token}, mode, join, created }. Survives reloads.

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

function parseHash() {
  const h = location.hash.replace(/^#/, '');
  if (h === 'builder') return { builder: true };
  const p = new URLSearchParams(h);
  return { game: p.get('game'), token: p.get('token'), invite: p.get('invite'), replay: p.get('replay') };
}

// ------------------------------------------------------------------------------------------
// Small helpers about snapshots.

const sqKey = (s) => (s ? `${s.x},${s.y}` : '');
const sameSq = (a, b) => !!a && !!b && a.x === b.x && a.y === b.y;
const entryAction = (e) => (e && e.action ? e.action : e);
const entryText = (e) => (e && e.text) || JSON.stringify(entryAction(e));
const actionFigure = (a) => (a.figure ?? a.attacker ?? null);
/** The square an action ends on or is about (a move's destination, a marker's square...). */
const actionSquare = (a) => a.to || a.square || null;

/** Decisions the page answers with its own screens; every other one gets the decision panel. */
const BASE_DECISIONS = new Set(['choose_map', 'choose_zone', 'cancel_condition', 'place_object', 'deploy', 'turn', 'split_damage', 'knockback_line']);

// The Powers and Abilities Card: in each column (speed, attack, defence, damage) twelve powers,
// coloured in this order from red to grey.
const POWER_PALETTE = ['#d32f2f', '#ef6c00', '#fbc02d', '#9ccc65', '#2e7d32', '#4fc3f7', '#1a237e', '#7b1fa2', '#ec407a', '#6d4c41', '#111111', '#9e9e9e'];
const POWER_COLUMNS = [
  ['flurry', 'leap_climb', 'phasing_teleport', 'earthbound_neutralized', 'charge', 'mind_control', 'plasticity', 'force_blast', 'sidestep', 'hypersonic_speed', 'stealth', 'running_shot'],
  ['blades_claws_fangs', 'energy_explosion', 'pulse_wave', 'quake', 'super_strength', 'incapacitate', 'penetrating_psychic_blast', 'smoke_cloud', 'precision_strike', 'poison', 'steal_energy', 'telekinesis'],
  ['super_senses', 'toughness', 'defend', 'combat_reflexes', 'energy_shield_deflection', 'barrier', 'mastermind', 'willpower', 'invincible', 'impervious', 'regeneration', 'invulnerability'],
  ['ranged_combat_expert', 'battle_fury', 'support', 'exploit_weakness', 'enhancement', 'probability_control', 'shape_change', 'close_combat_expert', 'empower', 'perplex', 'outwit', 'leadership'],
];
const STAT_KEYS = ['stat.speed', 'stat.attack', 'stat.defense', 'stat.damage'];

/** The colour of a power's square on the card (white for special powers and unknown ones). */
function powerColour(id) {
  for (const col of POWER_COLUMNS) {
    const i = col.indexOf(id);
    if (i >= 0) return POWER_PALETTE[i];
  }
  return '#ffffff';
}

/** A small square in the power's colour, as the dial shows it (none for combat abilities). */
function powerChip(id) {
  if (id !== 'special' && !POWER_COLUMNS.some((col) => col.includes(id))) return null;
  return el('span', { class: `power-chip${id === 'special' ? ' special' : ''}`, style: `background:${powerColour(id)}`, 'aria-hidden': 'true' });
}

/** Plain moves, plain attacks, terrain attacks and passes keep the board's own interactions. */
function isBasicAction(a) {
  return (a.type === 'move' && (a.carry === undefined || a.carry === null))
    || ((a.type === 'close_attack' || a.type === 'ranged_attack') && !a.power)
    || a.type === 'destroy_blocking' || a.type === 'destroy_wall' || a.type === 'pass' || a.type === 'end_turn';
}

function decisionOf(snap) {
  const p = snap && snap.pending;
  if (!p) return null;
  if (p.decide) return p.decide;
  if (p.decision) return p;
  return null;
}

function outcomeOf(snap) {
  const p = snap && snap.pending;
  if (p && p.over) return p.over;
  return (snap && snap.view && snap.view.outcome) || null;
}

function seatIndex(s) {
  if (s === null || s === undefined) return null;
  if (typeof s === 'number') return s;
  if (typeof s === 'object' && 'seat' in s) return s.seat;
  return Number(s);
}

// ------------------------------------------------------------------------------------------
// The game being shown.

/** @type {null | Record<string, any>} */
let G = null;
let board = null;
let content = null;

function freshGame(id) {
  return {
    id,
    mode: null,
    tokens: {},
    token: null,
    seat: null,
    snap: null,
    socket: null,
    sel: null, // selected figure id
    tool: 'auto', // auto | ranged | destroy
    chosen: new Set(), // ranged targets chosen
    deployFig: null,
    objectSel: null, // the object to place (index into view.objects)
    reach: null, // {fig, step, data}
    los: null, // {key, from, to, data}
    hover: { square: null, figure: null },
    cursor: null,
    busy: false,
    error: '',
    overShown: false,
    join: null,
    notice: '',
    connected: true,
  };
}

export function currentGame() {
  return G;
}

function view() {
  return G && G.snap ? G.snap.view : null;
}

function fig(id) {
  const v = view();
  return v ? v.figures.find((f) => f.id === id) : null;
}

function figAt(sq) {
  const v = view();
  return v ? v.figures.find((f) => !f.ko && f.square && sameSq(f.square, sq)) : null;
}

function seatName(s) {
  const v = view();
  const seats = (G && G.snap && G.snap.seats) || [];
  const info = seats.find((x) => x.seat === s);
  if (info && info.name) return info.name;
  if (v && v.seats && v.seats[s]) return v.seats[s][0];
  return t('common.seat', { n: s + 1 });
}

function seatKind(s) {
  const info = ((G && G.snap && G.snap.seats) || []).find((x) => x.seat === s);
  return info ? info.kind : 'human';
}

/** The decision if this page's seat must answer it now. */
function myDecision() {
  const d = decisionOf(G && G.snap);
  if (!d || G.seat === null) return null;
  if (!(d.seats || []).map(seatIndex).includes(G.seat)) return null;
  return d.decision || null;
}

function legal() {
  return ((G && G.snap && G.snap.legal) || []).map((e) => ({ action: entryAction(e), text: entryText(e) }));
}

function legalOf(type, pred = () => true) {
  return legal().filter((e) => e.action.type === type && pred(e.action));
}

function figureLegal(id) {
  return legal().filter((e) => actionFigure(e.action) === id);
}

/** Whether this page gives `f` its actions now: its own figures on its turn, or the figure its
 * Mind Control lends it. */
function commandable(f) {
  const d = myDecision();
  if (!d || !f) return false;
  if (d.type === 'turn') return f.owner === G.seat;
  if (d.type === 'controlled') return f.id === d.figure;
  return false;
}

/** The group a power or ability action is listed under in the figure's panel. */
function powerGroupOf(a) {
  const name = (id) => fig(id)?.label || `#${id}`;
  const squares = !!a.to;
  switch (a.type) {
    case 'power_move':
      return {
        key: `power_move:${a.power}:${a.carry ?? ''}`, power: a.power, squares,
        label: a.carry !== undefined && a.carry !== null ? `${powerName(a.power)}, ${t('act.powers.carrying', { name: name(a.carry) })}` : powerName(a.power),
      };
    case 'move':
      return { key: `carry:${a.carry}`, power: 'carry', squares, label: t('act.powers.carry', { name: name(a.carry) }) };
    case 'move_and_attack':
      return {
        key: `move_and_attack:${a.carry ?? ''}`, power: 'move_and_attack', squares,
        label: a.carry !== undefined && a.carry !== null ? `${t('ability.move_and_attack')}, ${t('act.powers.carrying', { name: name(a.carry) })}` : t('ability.move_and_attack'),
      };
    case 'telekinesis':
      return { key: `telekinesis:${a.target}`, power: 'telekinesis', squares, mover: a.target, label: `${powerName('telekinesis')} → ${name(a.target)}` };
    case 'duo_attack':
      return { key: 'duo_attack', power: 'duo_attack', squares, label: t('ability.duo_attack') };
    case 'multi_attack':
      return { key: 'multi_attack', power: 'multi_attack', squares, label: t('ability.multi_attack') };
    case 'capture':
      return { key: 'capture', power: 'capture', squares, label: t('ability.capture') };
    case 'rescue':
      return { key: 'rescue', power: 'capture', squares, label: t('act.rescue') };
    case 'release':
      return { key: 'release', power: 'capture', squares, label: t('act.release') };
    case 'throw_object':
      return { key: 'throw_object', power: 'throw_object', squares, label: t('act.throw_object') };
    case 'telekinesis_object': {
      // One group per object: its destinations are the squares shown.
      const at = `${a.square.x},${a.square.y}`;
      return { key: `telekinesis_object:${at}`, power: 'telekinesis', squares, label: t('act.telekinesis_object', { square: at }) };
    }
    case 'telekinesis_throw':
      return { key: 'telekinesis_throw', power: 'telekinesis', squares, label: t('act.telekinesis_throw') };
    case 'mind_control':
    case 'outwit':
    case 'perplex':
      return { key: a.type, power: a.type, squares, label: powerName(a.type) };
    case 'set_feat_aside':
      return { key: 'set_feat_aside', power: null, squares, label: t('act.feat_aside') };
    case 'switch_off':
    case 'switch_off_team':
      return { key: 'switch_off', power: null, squares, label: t('act.switch_off') };
    case 'wild_card':
      return { key: 'wild_card', power: null, squares, label: t('act.wild_card') };
    default: {
      const p = a.power || a.type;
      return { key: `${a.type}:${p}`, power: p, squares, label: a.power ? powerName(a.power) : String(a.type).replace(/_/g, ' ') };
    }
  }
}

/** The power and ability actions among `entries`, grouped (in the order the server lists them). */
function powerGroups(entries) {
  const groups = new Map();
  for (const e of entries) {
    if (isBasicAction(e.action)) continue;
    const g = powerGroupOf(e.action);
    if (!groups.has(g.key)) groups.set(g.key, { ...g, entries: [] });
    groups.get(g.key).entries.push(e);
  }
  return [...groups.values()];
}

/** The group whose squares the board shows now (the `power:KEY` tool), if any. */
function currentPowerGroup() {
  if (!G || G.sel === null || !String(G.tool).startsWith('power:')) return null;
  const key = G.tool.slice('power:'.length);
  return powerGroups(figureLegal(G.sel)).find((g) => g.key === key) || null;
}

/** The figure a mid-action decision is about. */
function decisionFigure(d) {
  if (!d) return null;
  return d.figure ?? d.attacker ?? d.carrier ?? null;
}

/** The legal answers to the pending decision that a click on `square` or figure `figId` means. */
function decisionMatches(square, figId) {
  const all = legal();
  let out = [];
  if (figId !== null && figId !== undefined) {
    out = all.filter((e) => {
      const a = e.action;
      if (a.type === 'redirect' || a.type === 'clear_token') return a.friend === figId;
      if (Array.isArray(a.targets)) return a.targets.length === 1 && a.targets[0] === figId;
      return a.target === figId;
    });
  }
  if (!out.length && square) out = all.filter((e) => sameSq(actionSquare(e.action), square));
  return out;
}

// ------------------------------------------------------------------------------------------
// Opening a game.

async function openGame(id, token) {
  if (G && G.id === id && (token ? G.tokens[G.seat] === token || Object.values(G.tokens).includes(token) : true) && G.snap) {
    showScreen('game');
    render();
    return;
  }
  closeGame();
  G = freshGame(id);
  const saved = store.get(id) || {};
  G.mode = saved.mode || null;
  G.tokens = { ...(saved.tokens || {}) };
  G.join = saved.join || null;
  G.token = token || saved.tokens?.[saved.seat ?? 0] || Object.values(G.tokens)[0] || null;
  showScreen('game');
  fill($('prompt'), el('p', {}, '…'));
  let snap;
  try {
    snap = await api.snapshot(id, G.token, lang());
  } catch (e) {
    if (e.status === 404) {
      fill($('prompt'), el('p', { class: 'error-text' }, t('game.lost')));
      return;
    }
    if (G.token && (e.status === 401 || e.status === 403 || e.status === 400)) {
      G.notice = t('game.bad_token');
      G.token = null;
      snap = await api.snapshot(id, null, lang()).catch(() => null);
    }
    if (!snap) {
      fill($('prompt'), el('p', { class: 'error-text' }, e.message));
      return;
    }
  }
  if (!G || G.id !== id) return;
  G.seat = seatIndex(snap.seat);
  if (G.token && G.seat !== null) {
    G.tokens[G.seat] = G.token;
    store.put(id, { tokens: G.tokens, mode: G.mode, created: saved.created || Date.now(), seat: G.seat });
  }
  acceptSnapshot(snap);
  connect();
  $('board').focus({ preventScroll: true });
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

function closeGame() {
  if (G && G.socket) G.socket.close();
  G = null;
  closeModal();
}

function acceptSnapshot(snap) {
  if (!G || !snap || (snap.game && snap.game !== G.id)) return;
  const old = G.snap;
  const seat = seatIndex(snap.seat);
  if (old && typeof snap.step === 'number' && typeof old.step === 'number' && snap.step < old.step) return;
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
  if (seat !== null) G.seat = seat;
  G.controls = (snap.controls || (seat !== null ? [seat] : [])).map(seatIndex);
  if (snap.mode && !G.mode) G.mode = snap.mode;
  G.snap = snap;
  if (!old || old.step !== snap.step) {
    // The position changed: previews computed for the old one are stale.
    G.reach = null;
    G.los = null;
    const f = G.sel !== null ? fig(G.sel) : null;
    if (!f || f.ko || !f.square || figureLegal(G.sel).length === 0) {
      if (!(f && myDecision() === null)) G.sel = null;
    }
    G.chosen = new Set();
    if (G.tool !== 'auto' && (G.sel === null || figureLegal(G.sel).length === 0)) G.tool = 'auto';
    if (String(G.tool).startsWith('power:') && !currentPowerGroup()) G.tool = 'auto';
    // Mind Control lends a figure: it is the one to give an action to.
    const md = myDecision();
    if (md && md.type === 'controlled' && G.sel !== md.figure) {
      G.sel = md.figure;
      G.tool = 'auto';
    }
    if (G.sel !== null && md && md.type === 'turn' && figureLegal(G.sel).some((e) => e.action.type === 'move')) loadReach(G.sel);
  }
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
  G.sel = null;
  G.tool = 'auto';
  G.notice = t('game.hotseat.pass', { name: seatName(next) });
  api.snapshot(G.id, G.token, lang()).then((s) => acceptSnapshot(s)).catch((e) => showError(e.message));
  connect();
}

// ------------------------------------------------------------------------------------------
// Acting.

async function act(action) {
  if (!G || G.busy) return;
  G.busy = true;
  G.error = '';
  G.notice = '';
  renderError();
  try {
    const snap = await api.act(G.id, G.token, action, lang(), G.snap.step);
    G.sel = action.type === 'place' ? null : G.sel;
    if (['move', 'close_attack', 'ranged_attack', 'destroy_blocking', 'destroy_wall', 'pass', 'end_turn'].includes(action.type)) {
      G.sel = null;
      G.tool = 'auto';
    }
    G.chosen = new Set();
    G.tool = 'auto';
    G.los = null;
    G.busy = false;
    acceptSnapshot(snap);
  } catch (e) {
    G.busy = false;
    showError(e.message);
    render();
  }
}

function showError(msg) {
  if (!G) return;
  G.error = msg ? t('game.error', { reason: msg }) : '';
  renderError();
}

async function loadReach(id) {
  const game = G;
  const step = G.snap.step;
  try {
    const data = await api.reach(G.id, G.token, id);
    if (G !== game || G.snap.step !== step) return;
    G.reach = { fig: id, step, data };
    renderFigurePanel();
    renderBoard();
  } catch (_) {
    /* the legal moves are enough to play; only the paths are missing */
  }
}

async function loadLos(fromId, toId) {
  const key = `${G.snap.step}:${fromId}:${toId}:${lang()}`;
  if (G.los && G.los.key === key) return;
  const from = fig(fromId);
  const to = fig(toId);
  if (!from || !to || !from.square || !to.square) return;
  G.los = { key, from: from.square, to: to.square, fromId, toId, data: null };
  renderBoard();
  try {
    const data = await api.los(G.id, G.token, fromId, toId, lang());
    if (!G.los || G.los.key !== key) return;
    G.los.data = data;
  } catch (e) {
    if (!G.los || G.los.key !== key) return;
    G.los.data = { verdict: '', notes: [e.message] };
  }
  renderLos();
  renderBoard();
}

function select(id) {
  if (!G) return;
  G.sel = id;
  G.tool = 'auto';
  G.chosen = new Set();
  G.los = null;
  G.reach = null;
  const f = fig(id);
  if (f && f.square) G.cursor = { ...f.square };
  if (id !== null && myDecision()?.type === 'turn' && figureLegal(id).some((e) => e.action.type === 'move')) loadReach(id);
  render();
}

/** The attacks the selected figure can make on `target` with one target only. */
function attacksOn(target) {
  if (G.sel === null) return [];
  return legal().filter(
    (e) =>
      e.action.attacker === G.sel &&
      ((e.action.type === 'close_attack' && e.action.target === target) ||
        (e.action.type === 'ranged_attack' && e.action.targets.length === 1 && e.action.targets[0] === target)),
  );
}

function rangedTargets() {
  const s = new Set();
  for (const e of legalOf('ranged_attack', (a) => a.attacker === G.sel)) for (const x of e.action.targets) s.add(x);
  return s;
}

function matchingRanged(chosen) {
  const want = [...chosen].sort((a, b) => a - b).join(',');
  const same = legalOf('ranged_attack', (a) => a.attacker === G.sel).filter((e) => [...e.action.targets].sort((a, b) => a - b).join(',') === want);
  return same.find((e) => !e.action.power) || same[0];
}

async function attack(target) {
  if (G.tool === 'ranged') {
    if (!rangedTargets().has(target)) return;
    if (G.chosen.has(target)) G.chosen.delete(target);
    else G.chosen.add(target);
    render();
    return;
  }
  const options = attacksOn(target);
  if (options.length === 1) {
    act(options[0].action);
  } else if (options.length > 1) {
    const choice = await modal((close) =>
      el('div', { class: 'dialog-body' },
        el('h2', {}, fig(target)?.label || ''),
        ...options.map((o) => el('button', { type: 'button', class: 'choice', onclick: () => close(o.action) }, o.text)),
        el('button', { type: 'button', onclick: () => close(null) }, t('common.cancel'))),
    );
    if (choice) act(choice);
  } else if (rangedTargets().has(target)) {
    G.tool = 'ranged';
    G.chosen = new Set([target]);
    render();
  }
}

function moveTo(sq) {
  const e = legalOf('move', (a) => a.figure === G.sel && sameSq(a.to, sq) && (a.carry === undefined || a.carry === null))[0];
  if (e) act(e.action);
  return !!e;
}

/** Plays the shown power (the `power:KEY` tool) to `sq`, if it goes there. */
async function powerTo(sq) {
  const g = currentPowerGroup();
  const options = g ? g.entries.filter((e) => sameSq(e.action.to, sq)) : [];
  if (options.length === 1) act(options[0].action);
  else if (options.length > 1) {
    const choice = await choose(g.label, options);
    if (choice) act(choice);
  }
  return options.length > 0;
}

/** Asks which of several actions a click means. */
function choose(title, options) {
  return modal((close) =>
    el('div', { class: 'dialog-body', 'data-testid': 'choose-dialog' },
      el('h2', {}, title),
      ...options.map((o) => el('button', { type: 'button', class: 'choice', onclick: () => close(o.action) }, o.text)),
      el('button', { type: 'button', onclick: () => close(null) }, t('common.cancel'))),
  );
}

/** Answers the pending mid-action decision with what a click on the board means. */
async function decisionClick(square, figId) {
  const options = decisionMatches(square, figId);
  if (options.length === 1) act(options[0].action);
  else if (options.length > 1) {
    const choice = await choose(decisionTitle(myDecision()), options);
    if (choice) act(choice);
  }
  return options.length > 0;
}

async function destroyAt(sq) {
  const options = legal().filter(
    (e) => e.action.attacker === G.sel && (e.action.type === 'destroy_blocking' || e.action.type === 'destroy_wall') && sameSq(e.action.square, sq),
  );
  if (options.length === 1) act(options[0].action);
  else if (options.length > 1) {
    const choice = await modal((close) =>
      el('div', { class: 'dialog-body' },
        el('h2', {}, t('act.destroy')),
        ...options.map((o) => el('button', { type: 'button', class: 'choice', onclick: () => close(o.action) }, o.text)),
        el('button', { type: 'button', onclick: () => close(null) }, t('common.cancel'))),
    );
    if (choice) act(choice);
  }
  return options.length > 0;
}

/** The object the place_object decision `d` places on the next board click. */
function currentObject(d) {
  const todo = (d && d.objects) || [];
  if (!todo.includes(G.objectSel)) G.objectSel = todo[0] ?? null;
  return G.objectSel;
}

function zoneSquares(zone) {
  const v = view();
  const out = [];
  for (let y = 0; y < v.map.height; y++) for (let x = 0; x < v.map.width; x++) if (cellAt(v.map, x, y).zone === zone) out.push({ x, y });
  return out;
}

function onBoardClick({ square, figure }) {
  if (!G || !G.snap || G.busy) return;
  const d = myDecision();
  if (square) G.cursor = { ...square };
  const f = figure !== null && figure !== undefined ? fig(figure) : null;
  switch (d && d.type) {
    case 'choose_zone': {
      const c = square && cellAt(view().map, square.x, square.y);
      const e = c && legalOf('choose_zone', (a) => a.zone === c.zone)[0];
      if (e) act(e.action);
      return;
    }
    case 'deploy': {
      const e = square && legalOf('place', (a) => a.figure === G.deployFig && sameSq(a.square, square))[0];
      if (e) act(e.action);
      return;
    }
    case 'place_object': {
      const e = square && legalOf('place_object', (a) => a.object === currentObject(d) && sameSq(a.square, square))[0];
      if (e) act(e.action);
      return;
    }
    case 'knockback_line': {
      const e = square && legalOf('knockback_via', (a) => sameSq(a.square, square))[0];
      if (e) act(e.action);
      return;
    }
    case 'turn': {
      if (f) {
        if (f.owner === G.seat) {
          if (G.tool === 'ranged') return;
          select(G.sel === f.id ? null : f.id);
        } else if (G.sel !== null && (attacksOn(f.id).length || rangedTargets().has(f.id))) {
          attack(f.id);
        } else {
          select(f.id);
        }
        return;
      }
      if (square && G.sel !== null) {
        if (G.tool === 'destroy') {
          destroyAt(square);
          return;
        }
        if (String(G.tool).startsWith('power:')) {
          powerTo(square);
          return;
        }
        if (moveTo(square)) return;
        if (G.tool === 'auto' && figureLegal(G.sel).some((e) => e.action.type === 'destroy_blocking' && sameSq(e.action.square, square))) {
          destroyAt(square);
          return;
        }
      }
      if (G.tool === 'auto') select(null);
      return;
    }
    case 'controlled': {
      // The lent figure acts: its targets and squares are on the board.
      if (f && f.id !== d.figure && (attacksOn(f.id).length || rangedTargets().has(f.id))) {
        attack(f.id);
        return;
      }
      if (square && !f) {
        if (G.tool === 'destroy') destroyAt(square);
        else if (String(G.tool).startsWith('power:')) powerTo(square);
        else moveTo(square);
        return;
      }
      render();
      return;
    }
    default:
      if (d && !BASE_DECISIONS.has(d.type)) {
        decisionClick(square, f ? f.id : null).then((used) => {
          if (!used && f) select(G.sel === f.id ? null : f.id);
        });
        return;
      }
      if (f) select(G.sel === f.id ? null : f.id);
      else render();
  }
}

function onBoardHover({ square, figure }) {
  if (!G || !G.snap) return;
  G.hover = { square, figure };
  if (G.sel !== null && figure !== null && figure !== undefined) {
    const target = fig(figure);
    const mine = fig(G.sel);
    if (target && mine && target.owner !== mine.owner) {
      loadLos(G.sel, figure);
      return;
    }
  }
  renderBoard();
}

function endTurn() {
  const e = legalOf('end_turn')[0];
  if (e) act(e.action);
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

async function autoDeploy() {
  // Places each remaining figure on the first free square the server allows, one at a time.
  for (let guard = 0; guard < 40; guard++) {
    const d = myDecision();
    if (!d || d.type !== 'deploy') return;
    const e = legalOf('place')[0];
    if (!e) return;
    await act(e.action);
    if (G.error) return;
  }
}

// ------------------------------------------------------------------------------------------
// Rendering.

function showScreen(name) {
  for (const s of ['start', 'game', 'builder', 'replay']) $(`screen-${s}`).hidden = s !== name;
  document.body.dataset.screen = name;
}

function render() {
  if (!G || !G.snap) return;
  renderBar();
  renderPrompt();
  renderError();
  renderDecisionPanel();
  renderFigurePanel();
  renderLos();
  renderDice($('dice-panel'), G.snap.log || []);
  renderRoster();
  renderTactics();
  renderLog($('log'), G.snap.log || []);
  renderLegend($('legend'), view().map, view().objects);
  renderDiceInfo();
  renderBoard();
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
  const v = view();
  const d = decisionOf(G.snap);
  const over = outcomeOf(G.snap);
  let text;
  if (over) text = t('game.phase.over');
  else if (G.seat === null) text = t('game.spectator');
  else if (myDecision()) text = BASE_DECISIONS.has(myDecision().type) ? t('game.your_turn') : t('decision.title');
  else if (d) {
    const s = seatIndex((d.seats || [])[0]);
    text = seatKind(s) === 'bot' ? t('game.bot_turn') : t('game.their_turn', { name: seatName(s) });
  } else text = '';
  $('turn-text').textContent = text;
  $('turn-text').dataset.mine = myDecision() ? 'yes' : 'no';
  const phase = (v.phase && v.phase.phase) || v.phase;
  $('round-text').textContent = phase === 'play' || phase === 'over' ? t('game.round', { n: v.round }) : t(`game.phase.${phase}`);
  $('round-text').title = (v.options || []).length ? t('game.options', { list: v.options.join(', ') }) : '';
  $('round-text').dataset.options = (v.options || []).join(', ');
  const [used, total] = v.actions || [0, 0];
  $('actions-text').textContent = phase === 'play' ? t('game.actions', { used, total }) : '';
  const seats = (G.snap.seats && G.snap.seats.length ? G.snap.seats : (v.seats || []).map((s, i) => ({ seat: i, name: s[0] })));
  fill($('seats-text'), seats.map((s) =>
    el('span', { class: `seat-chip${s.seat === G.seat ? ' me' : ''}`, title: s.kind || '' },
      el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}` }),
      `${s.name || seatName(s.seat)} ${v.seats && v.seats[s.seat] ? `· ${v.seats[s.seat][1]} VP` : ''}`,
      s.kind === 'human' && s.connected === false ? el('span', { class: 'offline', title: 'offline' }, ' ⦸') : null)));
  const end = $('end-turn');
  end.hidden = !!over || G.seat === null || phase !== 'play';
  end.disabled = legalOf('end_turn').length === 0 || G.busy;
  $('resign').hidden = !!over || G.seat === null || !G.token;
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

function renderPrompt() {
  const p = $('prompt');
  const d = myDecision();
  const parts = [];
  if (G.notice) parts.push(el('p', { class: 'notice' }, G.notice));
  const over = outcomeOf(G.snap);
  if (over) {
    parts.push(el('p', {}, t('game.phase.over')), button(t('over.title'), () => { G.overShown = false; renderDialogs(); }, { 'data-testid': 'show-result' }));
    fill(p, parts);
    return;
  }
  if (!d) {
    const any = decisionOf(G.snap);
    const phase = view().phase && view().phase.phase;
    if (any && phase !== 'play' && G.seat !== null) parts.push(el('p', {}, t('setup.waiting')));
    // Another seat answers something in the middle of an action (a defender's Mastermind...).
    const midAction = any && any.decision && !BASE_DECISIONS.has(any.decision.type);
    if (any && G.snap.prompt) parts.push(el('p', { class: midAction ? 'server-prompt other-decision' : 'muted server-prompt', 'data-testid': midAction ? 'other-decision' : null }, G.snap.prompt));
    fill(p, parts);
    return;
  }
  if (!BASE_DECISIONS.has(d.type)) {
    // The decision panel asks it.
    fill(p, parts);
    return;
  }
  if (G.snap.prompt) parts.push(el('p', { class: 'muted server-prompt' }, G.snap.prompt));
  switch (d.type) {
    case 'choose_map': {
      parts.push(el('h3', {}, t('setup.choose_map')));
      for (const e of legalOf('choose_map')) {
        parts.push(button((d.maps || [])[e.action.map] || e.text, () => act(e.action), { class: 'choice', 'data-testid': `map-${e.action.map}` }));
      }
      break;
    }
    case 'choose_zone': {
      parts.push(el('h3', {}, t('setup.choose_zone')));
      for (const e of legalOf('choose_zone')) {
        parts.push(button(t('setup.zone', { n: e.action.zone }), () => act(e.action), {
          class: 'choice', 'data-testid': `zone-${e.action.zone}`,
          onmouseenter: () => { G.hoverZone = e.action.zone; renderBoard(); },
          onfocus: () => { G.hoverZone = e.action.zone; renderBoard(); },
        }));
      }
      break;
    }
    case 'cancel_condition': {
      parts.push(cancelConditionPanel(d));
      break;
    }
    case 'place_object': {
      parts.push(placeObjectPanel(d));
      break;
    }
    case 'deploy': {
      parts.push(el('h3', {}, t('setup.deploy')), el('p', { class: 'muted' }, t('setup.deploy.hint')));
      const todo = d.figures || [];
      if (!todo.includes(G.deployFig)) G.deployFig = todo[0] ?? null;
      parts.push(el('div', { class: 'choices' }, todo.map((id) =>
        button(fig(id)?.label || `#${id}`, () => { G.deployFig = id; render(); }, {
          class: `choice${G.deployFig === id ? ' on' : ''}`, 'aria-pressed': G.deployFig === id ? 'true' : 'false', 'data-testid': `deploy-${id}`,
        }))));
      parts.push(button(t('setup.deploy.auto'), autoDeploy, { class: 'primary', 'data-testid': 'auto-deploy' }));
      break;
    }
    case 'turn': {
      parts.push(el('p', {}, el('strong', {}, t('game.your_turn')), ' — ', t('game.actions', { used: view().actions[0], total: view().actions[1] })));
      if (G.sel === null || fig(G.sel)?.owner !== G.seat) parts.push(el('p', { class: 'muted' }, t('game.select_hint')));
      break;
    }
    case 'split_damage':
    case 'knockback_line':
      parts.push(el('p', {}, t(d.type === 'split_damage' ? 'split.title' : 'knockback.title')));
      parts.push(button(t(d.type === 'split_damage' ? 'split.title' : 'knockback.title'), () => { renderDialogs(true); }));
      break;
    default:
      break;
  }
  fill(p, parts);
}

/** A theme team may cancel one battlefield condition (rulebook *Équipes à thème*): each revealed
 * condition with its text and a button, and "cancel none". */
function cancelConditionPanel(d) {
  const conds = view().conditions || [];
  const answers = legalOf('cancel_condition');
  const none = answers.find((e) => e.action.condition === null || e.action.condition === undefined);
  const rows = (d.conditions || []).map((i) => {
    const c = conds[i] || {};
    const e = answers.find((x) => x.action.condition === i);
    return el('li', { class: 'tactic-card', 'data-testid': `condition-choice-${i}` },
      el('div', {}, el('strong', {}, c.name || e?.text || `#${i}`), c.seat !== undefined ? el('span', { class: 'muted' }, ` · ${t('tactics.brought_by', { name: seatName(c.seat) })}`) : null),
      c.text ? el('p', { class: 'card-text' }, c.text) : null,
      e ? button(t('tactics.cancel_this'), () => act(e.action), { class: 'choice', disabled: G.busy, title: e.text, 'data-testid': `cancel-condition-${i}` }) : null);
  });
  return el('div', { class: 'tactics-decision', 'data-testid': 'cancel-condition' },
    el('h3', {}, t('tactics.cancel.title')),
    el('p', { class: 'muted' }, t('tactics.cancel.hint')),
    el('ul', { class: 'tactic-list' }, rows),
    none ? button(t('tactics.cancel_none'), () => act(none.action), { class: 'primary', disabled: G.busy, title: none.text, 'data-testid': 'cancel-condition-none' }) : null);
}

/** Placing the team's objects (*Placer les objets*): a picker when several are left, the legal
 * squares of the chosen one shaded on the board. */
function placeObjectPanel(d) {
  const objs = view().objects || [];
  const todo = d.objects || [];
  const sel = currentObject(d);
  const ob = objs[sel] || null;
  const n = legalOf('place_object', (a) => a.object === sel).length;
  const label = (o) => [el('span', { html: objectSwatch(o.kind, !!o.special) }), ' ', o.name, ' ', el('span', { class: 'muted' }, `(${objectKindText(o)})`)];
  return el('div', { class: 'tactics-decision', 'data-testid': 'place-object' },
    el('h3', {}, t('tactics.place.title')),
    el('p', { class: 'muted' }, t('tactics.place.hint', { n: todo.length })),
    todo.length > 1
      ? el('div', { class: 'choices', role: 'group', 'aria-label': t('tactics.place.pick') }, todo.map((i) => button(label(objs[i] || { name: `#${i}`, kind: '' }), () => { G.objectSel = i; render(); }, {
        class: `choice${sel === i ? ' on' : ''}`, 'aria-pressed': sel === i ? 'true' : 'false', 'data-testid': `object-pick-${i}`,
      })))
      : null,
    ob ? el('p', { 'data-testid': 'object-selected' }, el('strong', {}, t('tactics.place.now')), ' ', label(ob)) : null,
    ob && ob.special ? el('p', { class: 'card-text' }, ob.special) : null,
    el('p', { class: 'hint' }, t('tactics.place.squares', { n })));
}

/** "heavy object, special" in the page's language. */
function objectKindText(o) {
  const k = o.kind ? t(`object.kind.${o.kind}`) : '';
  return o.special ? `${k}, ${t('object.special')}` : k;
}

/** Where an object is: its square, its holder, or still to be placed by a seat. */
function objectWhere(o) {
  if (o.held_by !== null && o.held_by !== undefined) return t('object.held_by', { name: fig(o.held_by)?.label || `#${o.held_by}` });
  if (o.square) return t('terrain.square', o.square);
  if (o.to_place !== null && o.to_place !== undefined) return t('object.to_place', { name: seatName(o.to_place) });
  return t('object.gone');
}

/** The side section on tactics (rulebook Partie 4): revealed battlefield conditions (cancelled
 * ones struck through), feats and their figures, alternate team ability cards (Partie 3) and
 * the figures possessing their team ability, objects, each seat's theme. */
function renderTactics() {
  const panel = $('tactics-panel');
  const v = view();
  const conds = v.conditions || [];
  const feats = v.feats || [];
  const atas = v.atas || [];
  const objs = v.objects || [];
  const themes = (v.themes || []).map((x, i) => (x ? { seat: i, keyword: x[0], left: x[1] } : null)).filter(Boolean);
  if (!conds.length && !feats.length && !atas.length && !objs.length && !themes.length) {
    panel.hidden = true;
    delete panel.dataset.key;
    return;
  }
  const key = JSON.stringify([lang(), conds, feats, atas, objs, themes, v.figures.map((f) => f.label), (G.snap.seats || []).map((s) => s.name)]);
  if (panel.dataset.key === key && !panel.hidden) return;
  panel.dataset.key = key;
  panel.hidden = false;
  const dot = (s) => el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s % SEAT_COLOURS.length]}` });
  const parts = [el('h3', {}, t('tactics.title'))];
  if (themes.length) {
    parts.push(el('h4', {}, t('tactics.themes')), el('ul', { class: 'tactic-list' }, themes.map((th) =>
      el('li', { 'data-testid': 'tactics-theme', 'data-seat': th.seat },
        dot(th.seat), el('strong', {}, seatName(th.seat)), ' — ', t('tactics.theme.keyword', { keyword: th.keyword }), ' · ',
        el('span', { 'data-testid': 'theme-rerolls', 'data-left': th.left }, t('tactics.theme.rerolls', { n: th.left }))))));
  }
  if (conds.length) {
    parts.push(el('h4', {}, t('tactics.conditions')), el('ul', { class: 'tactic-list' }, conds.map((c) =>
      el('li', { class: `tactic-card${c.off ? ' off' : ''}`, 'data-testid': 'tactics-condition', 'data-off': c.off ? 'yes' : 'no' },
        el('div', {}, dot(c.seat), c.off ? el('s', {}, c.name) : el('strong', {}, c.name), c.off ? el('span', { class: 'muted' }, ` (${t('tactics.cancelled')})`) : null),
        el('p', { class: 'card-text' }, c.off ? el('s', {}, c.text) : c.text)))));
  }
  if (feats.length) {
    parts.push(el('h4', {}, t('tactics.feats')), el('ul', { class: 'tactic-list' }, feats.map((f) => {
      const who = (f.figures || []).map((id) => fig(id)?.label || `#${id}`);
      return el('li', { class: `tactic-card${f.off ? ' off' : ''}`, 'data-testid': 'tactics-feat', 'data-off': f.off ? 'yes' : 'no', title: f.text },
        el('div', {}, dot(f.seat), f.off ? el('s', {}, f.name) : el('strong', {}, f.name),
          el('span', { class: 'muted' }, ` · ${who.length ? who.join(', ') : t('tactics.feat.team', { name: seatName(f.seat) })}`),
          f.off ? el('span', { class: 'muted' }, ` (${t('tactics.feat.off')})`) : null),
        el('p', { class: 'card-text' }, f.text));
    })));
  }
  if (atas.length) {
    const fr = lang() === 'fr';
    parts.push(el('h4', {}, t('tactics.atas')), el('ul', { class: 'tactic-list' }, atas.map((a) => {
      const who = (a.figures || []).map((id) => fig(id)?.label || `#${id}`);
      const text = (fr && a.text_fr) || a.text;
      return el('li', { class: 'tactic-card', 'data-testid': 'tactics-ata', title: text },
        el('div', {}, dot(a.seat), el('strong', {}, (fr && a.name_fr) || a.name),
          el('span', { class: 'muted' }, ` · ${t('tactics.ata.who', { names: who.join(', ') })}`)),
        el('p', { class: 'card-text' }, text));
    })));
  }
  if (objs.length) {
    parts.push(el('h4', {}, t('tactics.objects')), el('ul', { class: 'tactic-list' }, objs.map((o, i) =>
      el('li', { class: 'tactic-object', 'data-testid': 'tactics-object', 'data-object': i, 'data-kind': o.kind, title: o.special || '' },
        el('span', { html: objectSwatch(o.kind, !!o.special) }), ' ', el('strong', {}, o.name), ' ',
        el('span', { class: 'muted' }, `(${objectKindText(o)}) · ${objectWhere(o)}`),
        o.special ? el('p', { class: 'card-text' }, o.special) : null))));
  }
  fill(panel, parts);
}

/** The decision panel's title for a mid-action decision. */
function decisionTitle(d) {
  if (!d) return '';
  const titles = {
    blades: t('decision.blades'),
    free_attack: t('decision.free_attack'),
    ability_attack: t('decision.ability_attack'),
    move_on: t('decision.move_on'),
    place_markers: t('decision.place_markers'),
    reroll: t('decision.reroll'),
    roll_reroll: t('decision.roll_reroll'),
    mastermind: t('decision.mastermind'),
    controlled: t('decision.controlled'),
    pick_up: t('decision.pick_up'),
    place_passenger: t('decision.place_passenger'),
    place_captive: t('decision.place_captive'),
    elect_knockback: t('decision.elect_knockback'),
    leadership_token: t('decision.leadership_token'),
  };
  const power = d.power || (d.type === 'reroll' || d.type === 'roll_reroll' ? 'probability_control' : d.type === 'mastermind' ? 'mastermind' : d.type === 'blades' ? 'blades_claws_fangs' : null);
  const base = titles[d.type] || t('decision.other');
  return power && !['reroll', 'roll_reroll', 'mastermind', 'blades'].includes(d.type) ? `${base} (${powerName(power)})` : base;
}

/** Order of the answers in the decision panel: using the power first, declining last. */
function answerRank(a) {
  if (a.type === 'accept') return 0;
  if (a.type === 'redirect' || a.type === 'free_attack') return 1;
  if (a.type === 'decline') return 9;
  return actionSquare(a) ? 5 : 3;
}

/**
 * The panel for a decision in the middle of an action (Blades/Claws/Fangs, a free attack, moving
 * on, markers, Probability Control, Mastermind, Mind Control...): the server's question, one
 * button per legal answer with the server's text, and the board's squares and figures for the
 * answers that have one. It does not block the board.
 */
function renderDecisionPanel() {
  const panel = $('decision-panel');
  const d = myDecision();
  if (!d || BASE_DECISIONS.has(d.type) || outcomeOf(G.snap)) {
    panel.hidden = true;
    panel.replaceChildren();
    delete panel.dataset.key;
    return;
  }
  const key = `${d.type}:${G.snap.step}:${G.seat}:${lang()}:${G.busy}`;
  if (panel.dataset.key === key && !panel.hidden) return;
  const fresh = !panel.dataset.key || panel.dataset.key.split(':')[0] !== d.type;
  panel.dataset.key = key;
  panel.dataset.decision = d.type;
  panel.hidden = false;
  const acting = decisionFigure(d);
  const entries = legal().sort((a, b) => answerRank(a.action) - answerRank(b.action));
  const actingFig = acting !== null ? fig(acting) : null;
  const parts = [];
  const power = d.power || { blades: 'blades_claws_fangs', reroll: 'probability_control', roll_reroll: 'probability_control', elect_knockback: 'combat_reflexes', leadership_token: 'leadership', mastermind: 'mastermind', controlled: 'mind_control' }[d.type];
  parts.push(el('h3', {}, power ? powerChip(power) : null, decisionTitle(d)));
  parts.push(el('p', { class: 'decision-prompt', 'data-testid': 'decision-prompt' }, G.snap.prompt || ''));
  if (d.type === 'roll_reroll' && Array.isArray(d.dice)) {
    parts.push(el('p', { class: 'decision-dice', 'data-roll': d.roll },
      el('span', { class: 'dice-faces', html: d.dice.map((n) => dieSvg(n, 30)).join('') })));
  }
  if (d.type === 'reroll' && Array.isArray(d.dice)) {
    parts.push(el('p', { class: 'decision-dice' },
      el('span', { class: 'dice-faces', html: d.dice.map((n) => dieSvg(n, 30)).join('') }), ' ', t('decision.dice', { a: d.dice[0], b: d.dice[1] })));
  }
  if (d.type === 'controlled') {
    parts.push(el('p', { class: 'hint' }, t('decision.board_controlled')));
  } else {
    const onBoard = entries.some((e) => actionSquare(e.action));
    const figures = entries.some((e) => e.action.type === 'redirect' || (Array.isArray(e.action.targets) && e.action.targets.length === 1) || typeof e.action.target === 'number');
    if (figures) parts.push(el('p', { class: 'hint' }, t('decision.board_figures')));
    else if (onBoard) parts.push(el('p', { class: 'hint' }, t('decision.board_squares')));
  }
  const answer = (e) => {
    const a = e.action;
    const sq = actionSquare(a);
    const target = a.type === 'redirect' ? a.friend : Array.isArray(a.targets) && a.targets.length === 1 ? a.targets[0] : typeof a.target === 'number' ? a.target : null;
    const show = () => {
      if (sq) {
        G.hover = { square: sq, figure: null };
        G.cursor = { ...sq };
        renderBoard();
      } else if (target !== null && acting !== null && a.type !== 'redirect') {
        loadLos(acting, target);
      }
    };
    return button(e.text, () => act(a), {
      class: `choice answer${a.type === 'accept' || a.type === 'free_attack' || a.type === 'redirect' ? ' primary' : ''}${a.type === 'decline' ? ' decline' : ''}`,
      disabled: G.busy,
      'data-testid': 'decision-choice',
      'data-type': a.type,
      'data-target': target ?? null,
      'data-x': sq ? sq.x : null,
      'data-y': sq ? sq.y : null,
      onmouseenter: show,
      onfocus: show,
    });
  };
  // A lent figure's own actions are in its panel below (and on the board): here, only the rest.
  const shown = d.type === 'controlled' ? entries.filter((e) => actionFigure(e.action) === null) : entries;
  const withSquare = shown.filter((e) => actionSquare(e.action));
  const others = shown.filter((e) => !actionSquare(e.action));
  const main = others.filter((e) => e.action.type !== 'decline');
  const declines = others.filter((e) => e.action.type === 'decline');
  parts.push(el('div', { class: 'decision-choices' }, main.map(answer)));
  if (withSquare.length > 8) {
    parts.push(el('details', { class: 'decision-squares' },
      el('summary', {}, t('decision.squares', { n: withSquare.length })),
      el('div', { class: 'decision-list' }, withSquare.map(answer))));
  } else if (withSquare.length) {
    parts.push(el('div', { class: 'decision-choices' }, withSquare.map(answer)));
  }
  if (declines.length) parts.push(el('div', { class: 'decision-choices' }, declines.map(answer)));
  if (actingFig && d.type !== 'controlled') parts.push(el('p', { class: 'muted small' }, actingFig.label, ' ', statLineText(actingFig)));
  const focused = document.activeElement;
  const hadFocus = panel.contains(focused);
  fill(panel, parts);
  // A new question takes the keyboard focus, unless the player answers it on the board where
  // the keyboard already is.
  const boardAnswers = d.type === 'controlled' || entries.some((e) => actionSquare(e.action));
  if (hadFocus || (fresh && !(boardAnswers && $('board').contains(focused)))) {
    const first = panel.querySelector('button.answer:not(:disabled)');
    if (first) first.focus({ preventScroll: true });
  }
}

function statLineText(f) {
  const [s, a, d, g] = f.values || [];
  return `${t('stat.speed')} ${s} · ${t('stat.attack')} ${a} · ${t('stat.defense')} ${d} · ${t('stat.damage')} ${g}`;
}

function statLine(f) {
  const [s, a, d, g] = f.values || [];
  const cell = (label, value, power) =>
    el('span', { class: 'stat', title: power ? humanPower(power) : '' }, el('span', { class: 'stat-label' }, label), el('span', { class: `stat-value${power ? ' has-power' : ''}` }, value));
  const p = f.powers || [];
  return el('div', { class: 'stats' },
    cell(t('stat.speed'), s, p[0]), cell(t('stat.attack'), a, p[1]), cell(t('stat.defense'), d, p[2]), cell(t('stat.damage'), g, p[3]),
    cell(t('stat.range'), f.targets > 1 ? `${f.range} ${'ϟ'.repeat(f.targets)}` : f.range));
}

function humanPower(id) {
  return powerName(id);
}

/** The powers showing on a figure's dial now, by name, with their column and colour. */
function powerList(f) {
  const items = (f.powers || []).map((p, i) => (p ? { p, i } : null)).filter(Boolean);
  if (!items.length) return null;
  return el('ul', { class: 'power-list', 'data-testid': 'figure-powers' }, items.map(({ p, i }) =>
    el('li', { 'data-power': p }, powerChip(p), el('span', { class: 'power-name' }, powerName(p)), ' ', el('span', { class: 'muted' }, `(${t(STAT_KEYS[i])})`))));
}

function renderFigurePanel() {
  const panel = $('figure-panel');
  const f = G.sel !== null ? fig(G.sel) : null;
  if (!f) {
    panel.hidden = true;
    panel.replaceChildren();
    return;
  }
  panel.hidden = false;
  const parts = [];
  parts.push(el('h3', {}, el('span', { class: 'dot', style: `background:${SEAT_COLOURS[f.owner % SEAT_COLOURS.length]}` }), f.label, ' ', el('span', { class: 'muted' }, `(${seatName(f.owner)})`)));
  parts.push(statLine(f));
  const notes = [];
  if (f.tokens) notes.push(t('game.tokens', { n: f.tokens }));
  if (f.acted) notes.push(t('game.acted'));
  if (f.square) notes.push(t('terrain.square', f.square));
  if (notes.length) parts.push(el('p', { class: 'muted' }, notes.join(' · ')));
  const powers = powerList(f);
  if (powers) parts.push(el('h4', { class: 'powers-title' }, t('game.powers')), powers);
  const myFeats = (view().feats || []).filter((x) => (x.figures || []).includes(f.id) && !x.off);
  const held = (view().objects || []).filter((o) => o.held_by === f.id);
  if (myFeats.length) parts.push(el('p', { class: 'small', 'data-testid': 'figure-feats', title: myFeats.map((x) => `${x.name}: ${x.text}`).join('\n') }, t('tactics.figure_feats', { names: myFeats.map((x) => x.name).join(', ') })));
  if (held.length) parts.push(el('p', { class: 'small', 'data-testid': 'figure-objects' }, held.map((o) => [el('span', { html: objectSwatch(o.kind, !!o.special) }), ' ', o.name, o.special ? ` — ${o.special}` : '', ' '])));

  const actions = commandable(f) ? figureLegal(f.id) : [];
  if (commandable(f)) {
    if (!actions.length) parts.push(el('p', { class: 'muted' }, t('game.no_actions')));
    const moves = actions.filter((e) => e.action.type === 'move');
    const closes = actions.filter((e) => e.action.type === 'close_attack');
    const ranged = actions.filter((e) => e.action.type === 'ranged_attack');
    const destroys = actions.filter((e) => e.action.type === 'destroy_blocking' || e.action.type === 'destroy_wall');
    const passes = actions.filter((e) => e.action.type === 'pass');
    const box = el('div', { class: 'actions', 'data-testid': 'actions' });
    if (moves.length) {
      box.append(el('p', { class: 'hint' }, el('strong', {}, t('act.move')), ' — ', t('act.move.hint')));
      const r = G.reach && G.reach.fig === f.id ? G.reach.data : null;
      if (r && r.needs_breakaway) box.append(el('p', { class: 'hint warn' }, t('act.move.breakaway')));
      if (r && r.halved) box.append(el('p', { class: 'hint warn' }, t('act.move.halved')));
    }
    for (const e of closes) box.append(button(e.text, () => act(e.action), { class: 'act', 'data-testid': 'act-close', 'data-target': e.action.target, onmouseenter: () => loadLos(f.id, e.action.target), onfocus: () => loadLos(f.id, e.action.target) }));
    for (const e of ranged.filter((x) => x.action.targets.length === 1)) {
      box.append(button(e.text, () => act(e.action), { class: 'act', 'data-testid': 'act-ranged', 'data-target': e.action.targets[0], onmouseenter: () => loadLos(f.id, e.action.targets[0]), onfocus: () => loadLos(f.id, e.action.targets[0]) }));
    }
    if (ranged.some((x) => x.action.targets.length > 1)) {
      if (G.tool === 'ranged') {
        box.append(el('p', { class: 'hint' }, t('act.ranged.hint', { n: f.targets })));
        const m = matchingRanged(G.chosen);
        box.append(button(t('act.fire'), () => m && act(m.action), { class: 'primary', disabled: !m, 'data-testid': 'act-fire' }));
        box.append(button(t('common.cancel'), () => { G.tool = 'auto'; G.chosen = new Set(); render(); }));
      } else {
        box.append(button(`${t('act.ranged_attack')} (${t('act.ranged.hint', { n: f.targets })})`, () => { G.tool = 'ranged'; render(); }, { class: 'act', 'data-testid': 'act-ranged-multi' }));
      }
    }
    if (destroys.length) {
      if (G.tool === 'destroy') {
        box.append(el('p', { class: 'hint' }, t('act.destroy.hint')));
        for (const e of destroys) box.append(button(e.text, () => act(e.action), { class: 'act' }));
        box.append(button(t('common.cancel'), () => { G.tool = 'auto'; render(); }));
      } else {
        box.append(button(t('act.destroy'), () => { G.tool = 'destroy'; render(); }, { class: 'act', 'data-testid': 'act-destroy' }));
      }
    }
    for (const e of passes) box.append(button(e.text || t('act.pass'), () => act(e.action), { class: 'act', 'data-testid': 'act-pass' }));
    const groups = powerGroups(actions);
    if (groups.length) box.append(el('h4', { class: 'powers-title' }, t('act.powers')), ...groups.map((g) => powerGroupBox(f, g)));
    if (actions.length) {
      const all = el('details', { class: 'all-actions' }, el('summary', {}, t('act.all', { n: actions.length })),
        el('ul', {}, actions.map((e) => el('li', {}, button(e.text, () => act(e.action), {
          class: 'link',
          onmouseenter: () => { if (e.action.type === 'move') { G.hover = { square: e.action.to, figure: null }; renderBoard(); } },
          onfocus: () => { if (e.action.type === 'move') { G.hover = { square: e.action.to, figure: null }; G.cursor = { ...e.action.to }; renderBoard(); } },
        })))));
      box.append(all);
    }
    parts.push(box);
  }
  fill(panel, parts);
}

/** One power (or ability) of the selected figure in its panel: its actions as buttons with the
 * server's texts, or, for powers that go to a square, a button that shows the squares. */
function powerGroupBox(f, g) {
  const box = el('div', { class: 'power-group', 'data-testid': 'power-group', 'data-power': g.power, 'data-key': g.key });
  const actButton = (e) => {
    const a = e.action;
    const target = typeof a.target === 'number' ? a.target : Array.isArray(a.targets) && a.targets.length === 1 ? a.targets[0] : null;
    const show = () => { if (target !== null && fig(target) && fig(target).owner !== f.owner) loadLos(f.id, target); };
    return button(e.text, () => act(a), {
      class: 'act power-act', 'data-testid': 'power-act', 'data-power': g.power, 'data-type': a.type, 'data-target': target,
      onmouseenter: show, onfocus: show,
    });
  };
  if (g.squares) {
    if (G.tool === `power:${g.key}`) {
      box.append(
        el('p', { class: 'hint' }, powerChip(g.power), ' ', t('act.powers.pick_hint', { power: g.label })),
        button(t('common.cancel'), () => { G.tool = 'auto'; render(); }, { 'data-testid': 'power-cancel' }),
        el('details', { class: 'all-actions' }, el('summary', {}, t('act.powers.list', { power: g.label, n: g.entries.length })),
          el('ul', {}, g.entries.map((e) => el('li', {}, button(e.text, () => act(e.action), {
            class: 'link',
            onmouseenter: () => { G.hover = { square: e.action.to, figure: null }; renderBoard(); },
            onfocus: () => { G.hover = { square: e.action.to, figure: null }; G.cursor = { ...e.action.to }; renderBoard(); },
          }))))));
    } else {
      box.append(button([powerChip(g.power), t('act.powers.pick', { power: g.label, n: g.entries.length })], () => {
        G.tool = `power:${g.key}`;
        G.chosen = new Set();
        render();
      }, { class: 'act power-pick', 'data-testid': 'power-pick', 'data-power': g.power, 'data-key': g.key }));
    }
  } else if (g.entries.length <= 4) {
    box.append(...g.entries.map(actButton));
  } else {
    box.append(el('details', { class: 'power-more' },
      el('summary', {}, powerChip(g.power), ' ', t('act.powers.list', { power: g.label, n: g.entries.length })),
      el('div', { class: 'power-more-list' }, g.entries.map(actButton))));
  }
  return box;
}

function renderLos() {
  const p = $('los-panel');
  const l = G && G.los;
  if (!l || !l.data) {
    p.hidden = true;
    return;
  }
  p.hidden = false;
  const verdict = String(l.data.verdict || '').toLowerCase();
  const name = l.data.verdict_text || (['clear', 'hindered', 'blocked'].includes(verdict) ? t(`los.${verdict}`) : verdict);
  const range = l.data.range !== undefined ? ` / ${t('stat.range')} ${l.data.range}` : '';
  fill(p,
    el('h3', {}, t('los.title'), ': ', el('span', { class: `verdict v-${verdict}`, 'data-testid': 'los-verdict', 'data-verdict': verdict }, name)),
    el('p', { class: 'muted' }, `${fig(l.fromId)?.label || ''} → ${fig(l.toId)?.label || ''}`,
      l.data.distance !== undefined ? ` · ${t('los.distance', { n: l.data.distance })}${range}` : '',
      l.data.in_range === false ? el('strong', { class: 'v-blocked' }, ` · ${t('los.out_of_range')}`) : null),
    l.data.attack && l.data.attack.text ? el('p', { class: 'los-attack', 'data-testid': 'los-attack' }, l.data.attack.text) : null,
    (l.data.notes || []).length ? el('ul', { class: 'notes' }, (l.data.notes || []).map((n) => el('li', {}, typeof n === 'string' ? n : n.text || JSON.stringify(n)))) : null);
}

function renderRoster() {
  const v = view();
  const seats = [...new Set(v.figures.map((f) => f.owner))].sort();
  fill($('roster'), seats.map((s) =>
    el('div', { class: 'roster-seat' },
      el('h4', {}, el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s % SEAT_COLOURS.length]}` }), seatName(s), s === G.seat ? ' ★' : ''),
      el('ul', {}, v.figures.filter((f) => f.owner === s).map((f) => {
        const captor = f.captured_by !== undefined && f.captured_by !== null ? v.figures.find((c) => c.id === f.captured_by) : null;
        const held = (f.captives || []).map((c) => (v.figures.find((x) => x.id === c) || {}).label).filter(Boolean);
        const state = f.ko ? t('game.ko') : captor ? t('game.captive', { name: captor.label }) : !f.square ? t('game.not_placed') : held.length ? t('game.holds', { names: held.join(', ') }) : '';
        const usable = f.owner === G.seat && figureLegal(f.id).length > 0;
        const targetable = G.sel !== null && f.owner !== G.seat && (attacksOn(f.id).length > 0 || rangedTargets().has(f.id));
        return el('li', { class: `${f.ko ? 'ko' : ''}${G.sel === f.id ? ' sel' : ''}` },
          button([
            el('span', { class: 'r-name' }, f.label),
            el('span', { class: 'r-vals' }, `${(f.values || []).join(' · ')} · ${t('stat.range')} ${f.range}${f.targets > 1 ? 'ϟ'.repeat(f.targets) : ''}`),
            (f.powers || []).some(Boolean) && !f.ko
              ? el('span', { class: 'r-powers', title: (f.powers || []).filter(Boolean).map(powerName).join(', ') }, (f.powers || []).filter(Boolean).map(powerChip))
              : null,
            f.tokens ? el('span', { class: 'r-tokens', title: t('game.tokens', { n: f.tokens }) }, '●'.repeat(f.tokens)) : null,
            state ? el('span', { class: 'r-state' }, state) : null,
            targetable ? el('span', { class: 'r-target' }, '◎') : null,
          ], () => onRosterClick(f), {
            class: `roster-fig${usable ? ' usable' : ''}`, disabled: f.ko, 'data-fig': f.id, 'data-testid': `roster-${f.id}`,
            onmouseenter: () => { if (targetable) loadLos(G.sel, f.id); },
            onfocus: () => { if (targetable) loadLos(G.sel, f.id); },
          }));
      })))));
}

function onRosterClick(f) {
  const d = myDecision();
  if (d && d.type === 'deploy' && (d.figures || []).includes(f.id)) {
    G.deployFig = f.id;
    render();
    return;
  }
  if (f.square) onBoardClick({ figure: f.id, square: f.square });
  else select(f.id);
}

function boardState() {
  const v = view();
  const d = myDecision();
  const st = {
    map: v.map,
    figures: v.figures,
    objects: Array.isArray(v.objects) ? v.objects : undefined,
    lang: lang(),
    selected: G.sel,
    mine: (f) => f.owner === G.seat,
    seatName,
    targets: new Set(),
    chosen: G.chosen,
    squares: [],
    path: null,
    los: null,
    cursor: G.cursor,
    wallEdges: [],
  };
  const type = d && d.type;
  if (type === 'choose_zone') {
    const zones = legalOf('choose_zone').map((e) => e.action.zone);
    for (const z of zones) {
      if (G.hoverZone !== undefined && G.hoverZone !== null && G.hoverZone !== z) continue;
      for (const s of zoneSquares(z)) st.squares.push(s);
    }
    st.squareColour = '#7b1fa2';
  } else if (type === 'deploy') {
    st.squares = legalOf('place', (a) => a.figure === G.deployFig).map((e) => e.action.square);
  } else if (type === 'place_object') {
    const sel = currentObject(d);
    st.squares = legalOf('place_object', (a) => a.object === sel).map((e) => ({ ...e.action.square }));
  } else if (type === 'knockback_line') {
    st.squares = (d.options || []).map((s) => ({ ...s }));
    const f = fig(d.figure);
    if (f && f.square && G.hover.square && st.squares.some((s) => sameSq(s, G.hover.square))) st.path = [f.square, G.hover.square];
    if (f) st.selected = f.id;
  } else if (type === 'split_damage') {
    for (const id of d.targets || []) st.targets.add(id);
    st.selected = d.attacker;
  } else if ((type === 'turn' || type === 'controlled') && G.sel !== null) {
    const actions = figureLegal(G.sel);
    const reach = G.reach && G.reach.fig === G.sel ? G.reach.data : null;
    const cost = new Map();
    if (reach) for (const r of reach.destinations || []) cost.set(sqKey(r.square), r);
    const pg = currentPowerGroup();
    if (pg) {
      // A power that goes to a square: its squares, and a line from the figure that moves.
      for (const e of pg.entries) if (e.action.to && !st.squares.some((q) => sameSq(q, e.action.to))) st.squares.push({ ...e.action.to });
      st.squareColour = '#00897b';
      const mover = fig(pg.mover ?? G.sel);
      const h = G.hover.square;
      if (mover && mover.square && h && st.squares.some((q) => sameSq(q, h))) {
        // The figure's own walk when it walks there (Charge, Running Shot, Carry...); a straight
        // line for a figure moved by another or one that teleports.
        const r = pg.mover === undefined && pg.power !== 'phasing_teleport' ? cost.get(sqKey(h)) : null;
        st.path = r && r.path && r.path.length ? (sameSq(r.path[0], mover.square) ? r.path : [mover.square, ...r.path]) : [mover.square, h];
      }
      if (pg.mover !== undefined) st.targets.add(pg.mover);
    } else if (G.tool === 'destroy') {
      for (const e of actions) {
        if (e.action.type === 'destroy_blocking') st.squares.push(e.action.square);
        if (e.action.type === 'destroy_wall') st.wallEdges.push({ square: e.action.square, dir: String(e.action.dir).toLowerCase() });
      }
    } else if (G.tool === 'ranged') {
      for (const id of rangedTargets()) st.targets.add(id);
    } else {
      for (const e of actions) {
        if (e.action.type === 'move') {
          const r = cost.get(sqKey(e.action.to));
          st.squares.push({ ...e.action.to, label: r ? r.cost : undefined });
        }
        if (e.action.type === 'close_attack') st.targets.add(e.action.target);
        if (e.action.type === 'ranged_attack') for (const x of e.action.targets) st.targets.add(x);
      }
      const h = G.hover.square;
      if (h && st.squares.some((s) => sameSq(s, h)) && !(G.hover.figure !== null && G.hover.figure !== undefined)) {
        const r = cost.get(sqKey(h));
        const from = fig(G.sel).square;
        st.path = r && r.path && r.path.length ? (sameSq(r.path[0], from) ? r.path : [from, ...r.path]) : [from, h];
      }
    }
  } else if (d && !BASE_DECISIONS.has(type)) {
    // A decision in the middle of an action: the squares and figures its answers name.
    const acting = decisionFigure(d);
    if (acting !== null && (G.sel === null || G.sel === acting)) st.selected = acting;
    for (const e of legal()) {
      const a = e.action;
      const sq = actionSquare(a);
      if (sq && !st.squares.some((q) => sameSq(q, sq))) st.squares.push({ ...sq });
      if (a.type === 'redirect' || a.type === 'clear_token') st.targets.add(a.friend);
      if (Array.isArray(a.targets)) for (const x of a.targets) st.targets.add(x);
      if (typeof a.target === 'number') st.targets.add(a.target);
    }
    st.squareColour = type === 'place_markers' ? '#6d4c41' : '#00897b';
    const from = acting !== null ? fig(acting)?.square : null;
    const h = G.hover.square;
    if (from && h && (type === 'move_on' || type === 'place_passenger') && st.squares.some((q) => sameSq(q, h))) st.path = [from, h];
  }
  if (G.los && (G.los.data || true)) {
    const l = G.los;
    st.los = { from: l.from, to: l.to, squares: l.data ? l.data.squares : [], verdict: l.data ? l.data.verdict : '' };
    const showing = G.hover.figure === l.toId || (document.activeElement && document.activeElement.dataset && Number(document.activeElement.dataset.fig ?? document.activeElement.dataset.target) === l.toId);
    if (!showing && G.sel !== l.fromId) st.los = null;
  }
  return st;
}

function renderBoard() {
  if (!G || !G.snap || !board) return;
  board.update(boardState());
}

function renderDialogs(force = false) {
  const d = myDecision();
  const over = outcomeOf(G.snap);
  const key = modalKey();
  if (over) {
    if (!G.overShown || force) {
      G.overShown = true;
      showOver(over);
    }
    return;
  }
  if (d && d.type === 'split_damage') {
    const k = `split:${G.snap.step}`;
    if (key !== k || force) showSplit(d, k);
    return;
  }
  if (d && d.type === 'knockback_line') {
    const k = `knock:${G.snap.step}`;
    if (key !== k || force) showKnockback(d, k);
    return;
  }
  if (key && (key.startsWith('split:') || key.startsWith('knock:'))) closeModal();
}

async function showSplit(d, key) {
  const targets = d.targets || [];
  const amounts = targets.map((_, i) => (i === 0 ? d.damage : 0));
  const options = legalOf('split_damage');
  const result = await modal((close) => {
    const left = el('p', { class: 'muted', 'data-testid': 'split-left' });
    const confirm = button(t('common.confirm'), () => close({ type: 'split_damage', amounts: [...amounts] }), { class: 'primary', 'data-testid': 'split-confirm' });
    const update = () => {
      const rest = d.damage - amounts.reduce((a, b) => a + b, 0);
      left.textContent = t('split.left', { n: rest });
      const ok = options.length ? options.some((o) => JSON.stringify(o.action.amounts) === JSON.stringify(amounts)) : rest === 0;
      confirm.disabled = !ok;
    };
    const rows = targets.map((id, i) => {
      const input = el('input', { type: 'number', min: 0, max: d.damage, value: amounts[i], 'aria-label': fig(id)?.label || `#${id}`, 'data-testid': `split-${id}` });
      input.addEventListener('input', () => { amounts[i] = Math.max(0, Number(input.value) | 0); update(); });
      return el('label', { class: 'split-row' }, el('span', {}, fig(id)?.label || `#${id}`), input);
    });
    update();
    return el('div', { class: 'dialog-body', 'data-testid': 'split-dialog' },
      el('h2', {}, t('split.title')),
      el('p', {}, t('split.hint', { attacker: fig(d.attacker)?.label || '', n: targets.length, damage: d.damage })),
      ...rows, left, el('div', { class: 'row' }, confirm));
  }, { mustChoose: true, key, label: t('split.title') });
  if (result) act(result);
}

async function showKnockback(d, key) {
  const f = fig(d.figure);
  const options = legalOf('knockback_via');
  const result = await modal((close) =>
    el('div', { class: 'dialog-body', 'data-testid': 'knockback-dialog' },
      el('h2', {}, t('knockback.title')),
      el('p', {}, t('knockback.hint', { figure: f ? f.label : '' })),
      ...options.map((o) => button(o.text || t('terrain.square', o.action.square), () => close(o.action), {
        class: 'choice',
        onmouseenter: () => { G.hover = { square: o.action.square, figure: null }; renderBoard(); },
        onfocus: () => { G.hover = { square: o.action.square, figure: null }; renderBoard(); },
      }))),
  { mustChoose: true, key, label: t('knockback.title') });
  if (result) act(result);
}

async function showOver(over) {
  const v = view();
  const winners = (over.winners || []).map(seatIndex);
  const scores = new Map((over.scores || []).map(([s, n]) => [seatIndex(s), n]));
  const seats = (v.seats || []).map((s, i) => ({ seat: i, name: s[0], vp: scores.has(i) ? scores.get(i) : s[1] }));
  let headline = winners.length ? winners.map((w) => t('over.winner', { name: seatName(w) })).join(', ') : t('over.draw');
  let mine = '';
  if (G.seat !== null && G.mode !== 'hotseat') mine = winners.includes(G.seat) ? t('over.you_win') : t('over.you_lose');
  const id = G.id;
  const choice = await modal((close) =>
    el('div', { class: 'dialog-body over', 'data-testid': 'over-dialog' },
      el('h2', {}, t('over.title')),
      mine ? el('p', { class: 'big-result', 'data-testid': 'over-mine' }, mine) : null,
      el('p', { 'data-testid': 'over-winner' }, headline),
      el('table', { class: 'vp' },
        el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, t('over.vp')))),
        el('tbody', {}, seats.map((s) => el('tr', { class: winners.includes(s.seat) ? 'won' : '' },
          el('td', {}, el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}` }), s.name),
          el('td', { 'data-testid': `vp-${s.seat}` }, String(s.vp)))))),
      over.reason ? el('p', { class: 'muted' }, t('over.reason', { reason: over.reason })) : null,
      G.snap && G.snap.dice && G.snap.dice.reveal ? el('p', { id: 'over-dice', class: 'dice-info muted', 'data-testid': 'over-dice' }, diceReveal(G.snap.dice, 'over-dice-reveal')) : null,
      el('div', { class: 'row' },
        button(t('over.replay'), () => close('replay'), { 'data-testid': 'over-replay' }),
        button(t('over.new'), () => close('new'), { class: 'primary', 'data-testid': 'over-new' }),
        button(t('over.board'), () => close(null), { 'data-testid': 'over-close' }))),
  { key: 'over', label: t('over.title') });
  if (choice === 'replay') location.hash = `#replay=${encodeURIComponent(id)}`;
  if (choice === 'new') location.hash = '';
}

async function showJoinLink() {
  if (!G || !G.join) return;
  const url = `${location.origin}${location.pathname}#game=${encodeURIComponent(G.id)}&invite=${encodeURIComponent(G.join.invite)}`;
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
      el('div', { class: 'row' }, copy, button(t('common.close'), () => close(null), { 'data-testid': 'join-close' })));
  }, { key: 'join' });
}

// ------------------------------------------------------------------------------------------
// Keyboard.

function onKey(ev) {
  if (document.body.dataset.screen !== 'game' || !G || !G.snap) return;
  const dlg = $('dialog');
  if (dlg.open) return;
  const tag = (ev.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  if (ev.key === 'Escape') {
    if (G.tool !== 'auto') {
      G.tool = 'auto';
      G.chosen = new Set();
    } else if (G.sel !== null) {
      const id = G.sel;
      G.sel = null;
      G.los = null;
      board.focusFigure(id);
    }
    render();
    ev.preventDefault();
    return;
  }
  if ((ev.key === 'e' || ev.key === 'E') && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    if (legalOf('end_turn').length) {
      ev.preventDefault();
      endTurn();
    }
    return;
  }
  const inBoard = $('board').contains(ev.target);
  const arrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (inBoard && arrows[ev.key]) {
    ev.preventDefault();
    const v = view();
    let c = G.cursor;
    if (!c) {
      const g = ev.target.closest && ev.target.closest('[data-fig]');
      const f = g ? fig(Number(g.dataset.fig)) : G.sel !== null ? fig(G.sel) : null;
      c = f && f.square ? { ...f.square } : { x: 0, y: 0 };
    }
    const [dx, dy] = arrows[ev.key];
    c = { x: Math.min(Math.max(c.x + dx, 0), v.map.width - 1), y: Math.min(Math.max(c.y + dy, 0), v.map.height - 1) };
    G.cursor = c;
    if (ev.target !== $('board')) $('board').focus({ preventScroll: true });
    board.scrollTo(c);
    const f = figAt(c);
    onBoardHover({ square: c, figure: f ? f.id : null });
    renderBoard();
    return;
  }
  if (ev.key === 'Enter' && ev.target === $('board') && G.cursor) {
    ev.preventDefault();
    const f = figAt(G.cursor);
    onBoardClick({ square: G.cursor, figure: f ? f.id : null });
  }
}

// ------------------------------------------------------------------------------------------
// Start screen.

async function loadContent() {
  if (content) return content;
  try {
    content = await api.content();
  } catch (_) {
    content = { maps: [], teams: [], figures: [] };
  }
  return content;
}

async function renderStart() {
  showScreen('start');
  const c = await loadContent();
  const mapSel = $('opt-map');
  const keepMap = mapSel.value;
  fill(mapSel, el('option', { value: '' }, t('start.map.any')), (c.maps || []).map((m) => el('option', { value: m.id }, m.name || m.id)));
  mapSel.value = keepMap;
  for (const [i, id] of [[0, 'opt-team0'], [1, 'opt-team1']]) {
    const sel = $(id);
    const keep = sel.value;
    const custom = savedTeam();
    fill(sel, el('option', { value: '' }, t('start.team.default')),
      i === 0 && custom ? el('option', { value: 'custom' }, t('start.team.custom', { name: custom.name, points: custom.points ?? '?' })) : null,
      (c.teams || []).map((tm) => el('option', { value: tm.id }, `${tm.name || tm.id}${tm.points ? ` (${tm.points})` : ''}`)));
    sel.value = keep || (i === 0 && custom ? 'custom' : '');
  }
  renderRulesOptions(c.options);
  const list = $('recent');
  let games = [];
  try {
    games = await api.games();
  } catch (_) { /* offline */ }
  const mine = store.all();
  const ids = new Set((games || []).map((g) => g.id));
  for (const [id, e] of Object.entries(mine)) if (!ids.has(id)) games.push({ id, created: e.created, mine: true, local: true });
  games.sort((a, b) => String(b.created || '').localeCompare(String(a.created || '')) || 0);
  if (!games.length) {
    fill(list, el('li', { class: 'muted' }, t('start.recent.none')));
    return;
  }
  fill(list, games.slice(0, 15).map((g) => {
    const saved = mine[g.id];
    const names = (g.seats || []).map((s) => s.name || (s.kind === 'bot' ? 'bot' : '')).filter(Boolean).join(' – ');
    const token = saved && saved.tokens ? Object.values(saved.tokens)[0] : null;
    return el('li', {},
      el('span', { class: 'recent-name' }, names || g.id, ' ', el('span', { class: 'muted' }, g.over ? t('start.over') : t('start.running'))),
      token && !g.over ? el('a', { href: `#game=${encodeURIComponent(g.id)}&token=${encodeURIComponent(token)}`, class: 'link-button', 'data-testid': 'resume' }, t('start.resume')) : null,
      !token && !g.over && !g.local ? el('a', { href: `#game=${encodeURIComponent(g.id)}`, class: 'link-button' }, t('start.watch')) : null,
      g.over || token ? el('a', { href: `#replay=${encodeURIComponent(g.id)}`, class: 'link-button', 'data-testid': 'replay-link' }, t('start.replay')) : null);
  }));
}

/**
 * The rules options of a new game (`docs/rules/heroclix-powers.md`): a box for each yes/no
 * option, a list for the others, set to the defaults the server sends; values already chosen
 * are kept when the screen is drawn again.
 */
function renderRulesOptions(options) {
  const grid = $('opt-rules-grid');
  if (!options || !options.defaults) {
    $('opt-rules').hidden = true;
    return;
  }
  const keep = rulesOptionValues();
  const choices = options.choices || {};
  fill(grid, Object.entries(options.defaults).map(([name, def]) => {
    const label = t(`rules.${name}`);
    const now = name in keep ? keep[name] : def;
    // Labelled with data-i18n so that a change of language renders them again.
    if (typeof def === 'boolean') {
      return el('label', { class: 'check', title: name },
        el('input', { type: 'checkbox', 'data-rule': name, 'data-default': String(def), 'data-testid': `rule-${name}`, checked: now ? '' : null }), ' ',
        el('span', { 'data-i18n': `rules.${name}` }, label));
    }
    const values = choices[name] || [def];
    return el('label', { title: name }, el('span', { 'data-i18n': `rules.${name}` }, label), ' ',
      el('select', { 'data-rule': name, 'data-default': JSON.stringify(def), 'data-testid': `rule-${name}` },
        values.map((v) => el('option', { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(now) ? '' : null, 'data-i18n': `rules.${name}.${v}` }, t(`rules.${name}.${v}`)))));
  }));
}

/** The rules options set to something else than their default, as `powers` of a new game. */
function rulesOptionValues() {
  const out = {};
  for (const input of document.querySelectorAll('#opt-rules-grid [data-rule]')) {
    const name = input.dataset.rule;
    if (input.type === 'checkbox') {
      if (String(input.checked) !== input.dataset.default) out[name] = input.checked;
    } else if (input.value !== input.dataset.default) {
      out[name] = JSON.parse(input.value);
    }
  }
  return out;
}

export async function createGame(mode, extra = {}) {
  const msg = $('start-message');
  msg.textContent = t('start.creating');
  const body = { ruleset: 'heroclix', mode, lang: lang(), ...extra };
  const map = $('opt-map').value;
  if (map && !body.map) body.map = map;
  if (!body.teams) {
    const a = $('opt-team0').value;
    const b = $('opt-team1').value;
    const custom = a === 'custom' ? savedTeam() : null;
    if (a || b) {
      const def = (content && content.teams) || [];
      const pick = (v, i) => (v === 'custom' && custom ? custom.team : v || (def[i] && def[i].id) || (def[0] && def[0].id));
      body.teams = [pick(a, 0), pick(b, 1)];
    }
  }
  if (mode === 'bot') body.bot = $('opt-bot').value || 'greedy';
  const rounds = $('opt-rounds').value;
  if (rounds) body.rounds = Number(rounds);
  if ($('opt-theme').checked && body.theme_teams === undefined) body.theme_teams = true;
  const rules = rulesOptionValues();
  if (Object.keys(rules).length && body.powers === undefined) body.powers = rules;
  let res;
  try {
    res = await api.create(body);
  } catch (e) {
    msg.textContent = t('start.error', { reason: e.message });
    return null;
  }
  msg.textContent = '';
  const tokens = {};
  for (const s of res.seats || []) if (s.token) tokens[s.seat] = s.token;
  const first = tokens[0] ?? Object.values(tokens)[0];
  store.put(res.game, { mode, tokens, join: res.join || null, created: Date.now(), seat: 0 });
  location.hash = `#game=${encodeURIComponent(res.game)}&token=${encodeURIComponent(first)}`;
  if (mode === 'friend' && res.join) {
    setTimeout(() => { if (G && G.id === res.game) showJoinLink(); }, 50);
  }
  return res;
}

// A friend's link carries an invite, not a token: the server draws the friend's token when the
// invite is used (once), so the friend's seat is theirs alone. Opening the link again later
// finds the token kept from the first time.
async function useInvite(id, invite) {
  const saved = store.get(id);
  let token = saved && saved.invite === invite ? Object.values(saved.tokens || {})[0] : null;
  if (!token) {
    try {
      const res = await api.join(id, invite);
      token = res.token;
      store.put(id, { mode: 'friend', tokens: { [res.seat]: token }, invite, created: Date.now(), seat: res.seat });
    } catch (e) {
      closeGame();
      await openGame(id, null);
      if (G && G.id === id) {
        G.notice = t(e.code === 'invite-used' ? 'game.invite_used' : 'game.bad_token');
        render();
      }
      return;
    }
  }
  location.replace(`#game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`);
}

// ------------------------------------------------------------------------------------------
// Routing and start-up.

async function route() {
  const h = parseHash();
  if (h.builder) {
    closeGame();
    hideReplay();
    showScreen('builder');
    showBuilder(await loadContent());
    return;
  }
  if (h.replay) {
    closeGame();
    showScreen('replay');
    showReplay(h.replay, store.get(h.replay));
    return;
  }
  hideReplay();
  if (h.game && h.invite) {
    await useInvite(h.game, h.invite);
    return;
  }
  if (h.game) {
    if (G && G.id === h.game && (!h.token || Object.values(G.tokens).includes(h.token))) {
      showScreen('game');
      render();
      return;
    }
    await openGame(h.game, h.token);
    if (G && G.mode === 'friend' && G.join && G.snap && G.seat === 0) {
      const other = (G.snap.seats || []).find((s) => s.seat === 1);
      if (other && other.connected === false && (G.snap.step || 0) === 0) showJoinLink();
    }
    return;
  }
  closeGame();
  renderStart();
}

function applyLang() {
  document.documentElement.lang = lang();
  $('lang-toggle').textContent = t('lang.toggle');
  translateDom();
  document.title = t('app.title');
}

function init() {
  applyLang();
  board = createBoard($('board'), {
    click: onBoardClick,
    hover: onBoardHover,
    focus: (id) => {
      if (!G || !G.snap) return;
      const f = fig(id);
      if (f) G.cursor = f.square ? { ...f.square } : G.cursor;
      if (G.sel !== null && f && fig(G.sel) && f.owner !== fig(G.sel).owner) loadLos(G.sel, id);
      else renderBoard();
    },
  });
  $('lang-toggle').addEventListener('click', () => setLang(lang() === 'en' ? 'fr' : 'en'));
  onLangChange(async () => {
    applyLang();
    const s = document.body.dataset.screen;
    if (s === 'start') renderStart();
    if (s === 'builder') showBuilder(await loadContent());
    if (s === 'replay') showReplay(parseHash().replay, store.get(parseHash().replay));
    if (G && G.snap) {
      G.los = null;
      try {
        acceptSnapshot(await api.snapshot(G.id, G.token, lang()));
      } catch (_) { /* keep the old texts */ }
      connect();
      render();
    }
  });
  $('start-bot').addEventListener('click', () => createGame('bot'));
  $('start-friend').addEventListener('click', () => createGame('friend'));
  $('start-hotseat').addEventListener('click', () => createGame('hotseat'));
  $('end-turn').addEventListener('click', endTurn);
  $('resign').addEventListener('click', resign);
  $('show-link').addEventListener('click', showJoinLink);
  $('zoom-in').addEventListener('click', () => board.zoomBy(1.25));
  $('zoom-out').addEventListener('click', () => board.zoomBy(0.8));
  $('zoom-fit').addEventListener('click', () => board.fit());
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', route);
  initBuilder({ createGame, loadContent });
  // For tests and debugging: read-only access to what the page shows.
  window.__skirmish = {
    game: () => (G ? { id: G.id, seat: G.seat, mode: G.mode, token: G.token, sel: G.sel, busy: G.busy, snap: G.snap } : null),
    myDecision: () => (G ? myDecision() : null),
  };
  route();
}

init();
