// HeroClix's game screen, the interactions: the module's own state (the selected figure, the
// tool, chosen targets, previews of reach and line of fire), what a click or a key on the board
// means, and what the board shows (`boardState`). The panels around the board are panels.js.
// The rules never run here: legal actions, reach, lines of fire and texts come from the server.

import { t, lang, powerName } from '../../i18n.js';
import { api } from '../../api.js';
import { cellAt } from './board.js';
import { el, $, modal } from '../../dom.js';
import { renderFigurePanel, renderLos, decisionTitle } from './panels.js';
import { recapDrawing } from './recap.js';

/** The shell (docs/platform.md, "Page modules"), given at mount. */
export let S = null;
/** The board (board.js), made at mount. */
export let board = null;

export function setShell(shell, b) {
  S = shell;
  board = b;
}

/** The shell's game: `{id, seat, token, mode, busy, snap, notice, error...}`. */
export const g = () => (S ? S.game() : null);
export const legal = () => (S ? S.legal() : []);
export const myDecision = () => (S ? S.myDecision() : null);
export const act = (action) => S.act(action);
export const seatName = (s) => S.seatName(s);
export const render = () => S.render();

/** The module's own state, per game. */
export const H = fresh();

function fresh() {
  return {
    sel: null, // selected figure id
    tool: 'auto', // auto | ranged | destroy | power:KEY
    chosen: new Set(), // ranged targets chosen
    deployFig: null,
    objectSel: null, // the object to place (index into view.objects)
    reach: null, // {fig, step, data}
    los: null, // {key, from, to, data}
    hover: { square: null, figure: null },
    cursor: null,
    hoverZone: null,
    note: null, // {square, text, info?}: why a click did nothing, said beside its square
  };
}

/** Forgets the selection and previews (a new game, or the hotseat hands over). */
export function resetState(all = true) {
  const f = fresh();
  if (all) Object.assign(H, f);
  else Object.assign(H, { sel: null, tool: 'auto', chosen: new Set(), los: null, reach: null, note: null });
}

/** A new snapshot: previews computed for the old position are stale. */
export function snapshotChanged(snap, old) {
  if (old && old.step === snap.step) return;
  H.reach = null;
  H.los = null;
  H.note = null;
  const f = H.sel !== null ? fig(H.sel) : null;
  if (!f || f.ko || !f.square || figureLegal(H.sel).length === 0) {
    if (!(f && myDecision() === null)) H.sel = null;
  }
  H.chosen = new Set();
  if (H.tool !== 'auto' && (H.sel === null || figureLegal(H.sel).length === 0)) H.tool = 'auto';
  if (String(H.tool).startsWith('power:') && !currentPowerGroup()) H.tool = 'auto';
  // Mind Control lends a figure: it is the one to give an action to.
  const md = myDecision();
  if (md && md.type === 'controlled' && H.sel !== md.figure) {
    H.sel = md.figure;
    H.tool = 'auto';
  }
  if (H.sel !== null && md && md.type === 'turn' && figureLegal(H.sel).some((e) => e.action.type === 'move')) loadReach(H.sel);
}

/** After an action of this page's: the tools go back to the default. */
export function acted(action) {
  if (action.type === 'place') H.sel = null;
  if (['move', 'close_attack', 'ranged_attack', 'destroy_blocking', 'destroy_wall', 'pass', 'end_turn'].includes(action.type)) H.sel = null;
  H.chosen = new Set();
  H.tool = 'auto';
  H.los = null;
}

export const sqKey = (s) => (s ? `${s.x},${s.y}` : '');

export const sameSq = (a, b) => !!a && !!b && a.x === b.x && a.y === b.y;

export const actionFigure = (a) => (a.figure ?? a.attacker ?? null);

/** The square an action ends on or is about (a move's destination, a marker's square...). */
export const actionSquare = (a) => a.to || a.square || null;

/** Decisions the page answers with its own screens; every other one gets the decision panel. */
export const BASE_DECISIONS = new Set(['choose_map', 'choose_zone', 'cancel_condition', 'place_object', 'deploy', 'turn', 'split_damage', 'knockback_line']);

// The Powers and Abilities Card: in each column (speed, attack, defence, damage) twelve powers,
// coloured in this order from red to grey.
export const POWER_PALETTE = ['#d32f2f', '#ef6c00', '#fbc02d', '#9ccc65', '#2e7d32', '#4fc3f7', '#1a237e', '#7b1fa2', '#ec407a', '#6d4c41', '#111111', '#9e9e9e'];

export const POWER_COLUMNS = [
  ['flurry', 'leap_climb', 'phasing_teleport', 'earthbound_neutralized', 'charge', 'mind_control', 'plasticity', 'force_blast', 'sidestep', 'hypersonic_speed', 'stealth', 'running_shot'],
  ['blades_claws_fangs', 'energy_explosion', 'pulse_wave', 'quake', 'super_strength', 'incapacitate', 'penetrating_psychic_blast', 'smoke_cloud', 'precision_strike', 'poison', 'steal_energy', 'telekinesis'],
  ['super_senses', 'toughness', 'defend', 'combat_reflexes', 'energy_shield_deflection', 'barrier', 'mastermind', 'willpower', 'invincible', 'impervious', 'regeneration', 'invulnerability'],
  ['ranged_combat_expert', 'battle_fury', 'support', 'exploit_weakness', 'enhancement', 'probability_control', 'shape_change', 'close_combat_expert', 'empower', 'perplex', 'outwit', 'leadership'],
];

export const STAT_KEYS = ['stat.speed', 'stat.attack', 'stat.defense', 'stat.damage'];

/** The colour of a power's square on the card (white for special powers and unknown ones). */
export function powerColour(id) {
  for (const col of POWER_COLUMNS) {
    const i = col.indexOf(id);
    if (i >= 0) return POWER_PALETTE[i];
  }
  return '#ffffff';
}

/** A small square in the power's colour, as the dial shows it (none for combat abilities). */
export function powerChip(id) {
  if (id !== 'special' && !POWER_COLUMNS.some((col) => col.includes(id))) return null;
  return el('span', { class: `power-chip${id === 'special' ? ' special' : ''}`, style: `background:${powerColour(id)}`, 'aria-hidden': 'true' });
}

/** Plain moves, plain attacks, terrain attacks and passes keep the board's own interactions. */
export function isBasicAction(a) {
  return (a.type === 'move' && (a.carry === undefined || a.carry === null))
    || ((a.type === 'close_attack' || a.type === 'ranged_attack') && !a.power)
    || a.type === 'destroy_blocking' || a.type === 'destroy_wall' || a.type === 'pass' || a.type === 'end_turn';
}

export function view() {
  return g() && g().snap ? g().snap.view : null;
}

export function fig(id) {
  const v = view();
  return v ? v.figures.find((f) => f.id === id) : null;
}

export function figAt(sq) {
  const v = view();
  return v ? v.figures.find((f) => !f.ko && f.square && sameSq(f.square, sq)) : null;
}

export function legalOf(type, pred = () => true) {
  return legal().filter((e) => e.action.type === type && pred(e.action));
}

export function figureLegal(id) {
  return legal().filter((e) => actionFigure(e.action) === id);
}

/** Whether this page gives `f` its actions now: its own figures on its turn, or the figure its
 * Mind Control lends it. */
export function commandable(f) {
  const d = myDecision();
  if (!d || !f) return false;
  if (d.type === 'turn') return f.owner === g().seat;
  if (d.type === 'controlled') return f.id === d.figure;
  return false;
}

/** The group a power or ability action is listed under in the figure's panel. */
export function powerGroupOf(a) {
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
export function powerGroups(entries) {
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
export function currentPowerGroup() {
  if (!g() || H.sel === null || !String(H.tool).startsWith('power:')) return null;
  const key = H.tool.slice('power:'.length);
  return powerGroups(figureLegal(H.sel)).find((g) => g.key === key) || null;
}

/** The figure a mid-action decision is about. */
export function decisionFigure(d) {
  if (!d) return null;
  return d.figure ?? d.attacker ?? d.carrier ?? null;
}

/** The legal answers to the pending decision that a click on `square` or figure `figId` means. */
export function decisionMatches(square, figId) {
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

export async function loadReach(id) {
  const game = g();
  const step = g().snap.step;
  try {
    const data = await api.reach(g().id, g().token, id);
    if (g() !== game || g().snap.step !== step) return;
    H.reach = { fig: id, step, data };
    // A move from here starts with a breakaway roll: said beside the figure, not only in a list.
    const f = fig(id);
    if (data && data.needs_breakaway && f && f.square && !H.note) H.note = { square: { ...f.square }, text: t('act.move.breakaway'), info: true };
    renderFigurePanel();
    renderBoard();
  } catch (_) {
    /* the legal moves are enough to play; only the paths are missing */
  }
}

export async function loadLos(fromId, toId) {
  const key = `${g().snap.step}:${fromId}:${toId}:${lang()}`;
  if (H.los && H.los.key === key) return;
  const from = fig(fromId);
  const to = fig(toId);
  if (!from || !to || !from.square || !to.square) return;
  H.los = { key, from: from.square, to: to.square, fromId, toId, data: null };
  renderBoard();
  try {
    const data = await api.los(g().id, g().token, fromId, toId, lang());
    if (!H.los || H.los.key !== key) return;
    H.los.data = data;
  } catch (e) {
    if (!H.los || H.los.key !== key) return;
    H.los.data = { verdict: '', notes: [e.message] };
  }
  renderLos();
  renderBoard();
}

export function select(id) {
  if (!g()) return;
  H.sel = id;
  H.note = null;
  H.tool = 'auto';
  H.chosen = new Set();
  H.los = null;
  H.reach = null;
  const f = fig(id);
  if (f && f.square) H.cursor = { ...f.square };
  if (id !== null && myDecision()?.type === 'turn' && figureLegal(id).some((e) => e.action.type === 'move')) loadReach(id);
  render();
}

/** The attacks the selected figure can make on `target` with one target only. */
export function attacksOn(target) {
  if (H.sel === null) return [];
  return legal().filter(
    (e) =>
      e.action.attacker === H.sel &&
      ((e.action.type === 'close_attack' && e.action.target === target) ||
        (e.action.type === 'ranged_attack' && e.action.targets.length === 1 && e.action.targets[0] === target)),
  );
}

export function rangedTargets() {
  const s = new Set();
  for (const e of legalOf('ranged_attack', (a) => a.attacker === H.sel)) for (const x of e.action.targets) s.add(x);
  return s;
}

export function matchingRanged(chosen) {
  const want = [...chosen].sort((a, b) => a - b).join(',');
  const same = legalOf('ranged_attack', (a) => a.attacker === H.sel).filter((e) => [...e.action.targets].sort((a, b) => a - b).join(',') === want);
  return same.find((e) => !e.action.power) || same[0];
}

export async function attack(target) {
  if (H.tool === 'ranged') {
    if (!rangedTargets().has(target)) return;
    if (H.chosen.has(target)) H.chosen.delete(target);
    else H.chosen.add(target);
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
    H.tool = 'ranged';
    H.chosen = new Set([target]);
    render();
  }
}

export function moveTo(sq) {
  const e = legalOf('move', (a) => a.figure === H.sel && sameSq(a.to, sq) && (a.carry === undefined || a.carry === null))[0];
  if (e) act(e.action);
  return !!e;
}

/** Plays the shown power (the `power:KEY` tool) to `sq`, if it goes there. */
export async function powerTo(sq) {
  const g = currentPowerGroup();
  const options = g ? g.entries.filter((e) => sameSq(e.action.to, sq)) : [];
  if (options.length === 1) act(options[0].action);
  else if (options.length > 1) {
    const choice = await choose(g.label, options);
    if (choice) act(choice);
  }
  return options.length > 0;
}

/**
 * Why the selected figure cannot end a move on `square`, in the server's words (the `reach`
 * judge query), said beside the square; the selection stays.
 */
export async function explainSquare(id, square) {
  const f = fig(id);
  if (!f) return;
  const step = g().snap.step;
  const say = (text) => {
    if (!g() || g().snap.step !== step || H.sel !== id) return;
    H.note = { square: { ...square }, text };
    renderBoard();
  };
  if (!figureLegal(id).some((e) => e.action.type === 'move')) {
    say(t('act.refused.no_move', { name: f.label }));
    return;
  }
  try {
    const r = await api.reach(g().id, g().token, id, square, lang());
    const to = r && r.to;
    say(to && to.ok === false && to.reason ? to.reason : t('act.refused.no_move_there', { name: f.label }));
  } catch (e) {
    say(e.message);
  }
}

/**
 * Why the selected figure cannot attack `target`, from the `los` judge query: blocked line of
 * fire, out of range, or no attack left to it; said beside the target.
 */
export async function explainTarget(id, target) {
  const a = fig(id);
  const tf = fig(target);
  if (!a || !tf || !tf.square) return;
  const step = g().snap.step;
  const say = (text) => {
    if (!g() || g().snap.step !== step || H.sel !== id) return;
    H.note = { square: { ...tf.square }, text, target };
    renderBoard();
  };
  if (!figureLegal(id).length) {
    say(t('act.refused.no_action', { name: a.label }));
    return;
  }
  try {
    const r = await api.los(g().id, g().token, id, target, lang());
    // The first note that blocks is the reason; the whole explanation is in the panel.
    const blocking = (r.notes || []).find((n) => r.verdict_text && n.startsWith(r.verdict_text)) || (r.notes || [])[0] || '';
    if (r.verdict === 'blocked') say(`${t('act.refused.blocked', { name: tf.label })} ${blocking}`);
    else if (!r.in_range) say(t('act.refused.range', { name: tf.label, distance: r.distance, range: r.range }));
    else say(t('act.refused.no_attack', { name: a.label, target: tf.label }));
  } catch (e) {
    say(e.message);
  }
}

/** Asks which of several actions a click means. */
export function choose(title, options) {
  return modal((close) =>
    el('div', { class: 'dialog-body', 'data-testid': 'choose-dialog' },
      el('h2', {}, title),
      ...options.map((o) => el('button', { type: 'button', class: 'choice', onclick: () => close(o.action) }, o.text)),
      el('button', { type: 'button', onclick: () => close(null) }, t('common.cancel'))),
  );
}

/** Answers the pending mid-action decision with what a click on the board means. */
export async function decisionClick(square, figId) {
  const options = decisionMatches(square, figId);
  if (options.length === 1) act(options[0].action);
  else if (options.length > 1) {
    const choice = await choose(decisionTitle(myDecision()), options);
    if (choice) act(choice);
  }
  return options.length > 0;
}

export async function destroyAt(sq) {
  const options = legal().filter(
    (e) => e.action.attacker === H.sel && (e.action.type === 'destroy_blocking' || e.action.type === 'destroy_wall') && sameSq(e.action.square, sq),
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
export function currentObject(d) {
  const todo = (d && d.objects) || [];
  if (!todo.includes(H.objectSel)) H.objectSel = todo[0] ?? null;
  return H.objectSel;
}

export function zoneSquares(zone) {
  const v = view();
  const out = [];
  for (let y = 0; y < v.map.height; y++) for (let x = 0; x < v.map.width; x++) if (cellAt(v.map, x, y).zone === zone) out.push({ x, y });
  return out;
}

export function onBoardClick({ square, figure }) {
  if (!g() || !g().snap || g().busy) return;
  const d = myDecision();
  if (square) H.cursor = { ...square };
  const f = figure !== null && figure !== undefined ? fig(figure) : null;
  switch (d && d.type) {
    case 'choose_zone': {
      const c = square && cellAt(view().map, square.x, square.y);
      const e = c && legalOf('choose_zone', (a) => a.zone === c.zone)[0];
      if (e) act(e.action);
      return;
    }
    case 'deploy': {
      const e = square && legalOf('place', (a) => a.figure === H.deployFig && sameSq(a.square, square))[0];
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
        if (f.owner === g().seat) {
          if (H.tool === 'ranged') return;
          select(H.sel === f.id ? null : f.id);
        } else if (H.sel !== null && (attacksOn(f.id).length || rangedTargets().has(f.id))) {
          attack(f.id);
        } else if (H.sel !== null && fig(H.sel)?.owner === g().seat && !(H.note && H.note.target === f.id)) {
          // An opposing figure the selected one cannot attack: say why first; a second click
          // opens its card.
          explainTarget(H.sel, f.id);
        } else {
          select(f.id);
        }
        return;
      }
      if (square && H.sel !== null) {
        if (H.tool === 'destroy') {
          destroyAt(square);
          return;
        }
        if (String(H.tool).startsWith('power:')) {
          powerTo(square);
          return;
        }
        if (moveTo(square)) return;
        if (H.tool === 'auto' && figureLegal(H.sel).some((e) => e.action.type === 'destroy_blocking' && sameSq(e.action.square, square))) {
          destroyAt(square);
          return;
        }
        // A square the figure cannot go to: say why beside it, keep the selection; a second
        // click on the same square lets the figure go.
        const mine = fig(H.sel);
        if (H.tool === 'auto' && mine && mine.owner === g().seat && !sameSq(mine.square, square)
          && !(H.note && !H.note.info && sameSq(H.note.square, square))) {
          explainSquare(H.sel, square);
          return;
        }
      }
      if (H.tool === 'auto') select(null);
      return;
    }
    case 'controlled': {
      // The lent figure acts: its targets and squares are on the board.
      if (f && f.id !== d.figure && (attacksOn(f.id).length || rangedTargets().has(f.id))) {
        attack(f.id);
        return;
      }
      if (square && !f) {
        if (H.tool === 'destroy') destroyAt(square);
        else if (String(H.tool).startsWith('power:')) powerTo(square);
        else moveTo(square);
        return;
      }
      render();
      return;
    }
    default:
      if (d && !BASE_DECISIONS.has(d.type)) {
        decisionClick(square, f ? f.id : null).then((used) => {
          if (!used && f) select(H.sel === f.id ? null : f.id);
        });
        return;
      }
      if (f) select(H.sel === f.id ? null : f.id);
      else render();
  }
}

export function onBoardHover({ square, figure }) {
  if (!g() || !g().snap) return;
  H.hover = { square, figure };
  if (H.sel !== null && figure !== null && figure !== undefined) {
    const target = fig(figure);
    const mine = fig(H.sel);
    if (target && mine && target.owner !== mine.owner) {
      loadLos(H.sel, figure);
      return;
    }
  }
  renderBoard();
}

export function endTurn() {
  const e = legalOf('end_turn')[0];
  if (e) act(e.action);
}

export async function autoDeploy() {
  // Places each remaining figure on the first free square the server allows, one at a time.
  for (let guard = 0; guard < 40; guard++) {
    const d = myDecision();
    if (!d || d.type !== 'deploy') return;
    const e = legalOf('place')[0];
    if (!e) return;
    await act(e.action);
    if (g().error) return;
  }
}

export function boardState() {
  const v = view();
  const d = myDecision();
  const st = {
    map: v.map,
    figures: v.figures,
    objects: Array.isArray(v.objects) ? v.objects : undefined,
    lang: lang(),
    selected: H.sel,
    mine: (f) => f.owner === g().seat,
    seatName,
    targets: new Set(),
    chosen: H.chosen,
    squares: [],
    path: null,
    los: null,
    cursor: H.cursor,
    wallEdges: [],
    recap: recapDrawing(),
    note: H.note,
  };
  const type = d && d.type;
  if (type === 'choose_zone') {
    const zones = legalOf('choose_zone').map((e) => e.action.zone);
    for (const z of zones) {
      if (H.hoverZone !== undefined && H.hoverZone !== null && H.hoverZone !== z) continue;
      for (const s of zoneSquares(z)) st.squares.push(s);
    }
    st.squareColour = '#7b1fa2';
  } else if (type === 'deploy') {
    st.squares = legalOf('place', (a) => a.figure === H.deployFig).map((e) => e.action.square);
  } else if (type === 'place_object') {
    const sel = currentObject(d);
    st.squares = legalOf('place_object', (a) => a.object === sel).map((e) => ({ ...e.action.square }));
  } else if (type === 'knockback_line') {
    st.squares = (d.options || []).map((s) => ({ ...s }));
    const f = fig(d.figure);
    if (f && f.square && H.hover.square && st.squares.some((s) => sameSq(s, H.hover.square))) st.path = [f.square, H.hover.square];
    if (f) st.selected = f.id;
  } else if (type === 'split_damage') {
    for (const id of d.targets || []) st.targets.add(id);
    st.selected = d.attacker;
  } else if ((type === 'turn' || type === 'controlled') && H.sel !== null) {
    const actions = figureLegal(H.sel);
    const reach = H.reach && H.reach.fig === H.sel ? H.reach.data : null;
    const cost = new Map();
    if (reach) for (const r of reach.destinations || []) cost.set(sqKey(r.square), r);
    const pg = currentPowerGroup();
    if (pg) {
      // A power that goes to a square: its squares, and a line from the figure that moves.
      for (const e of pg.entries) if (e.action.to && !st.squares.some((q) => sameSq(q, e.action.to))) st.squares.push({ ...e.action.to });
      st.squareColour = '#00897b';
      const mover = fig(pg.mover ?? H.sel);
      const h = H.hover.square;
      if (mover && mover.square && h && st.squares.some((q) => sameSq(q, h))) {
        // The figure's own walk when it walks there (Charge, Running Shot, Carry...); a straight
        // line for a figure moved by another or one that teleports.
        const r = pg.mover === undefined && pg.power !== 'phasing_teleport' ? cost.get(sqKey(h)) : null;
        st.path = r && r.path && r.path.length ? (sameSq(r.path[0], mover.square) ? r.path : [mover.square, ...r.path]) : [mover.square, h];
      }
      if (pg.mover !== undefined) st.targets.add(pg.mover);
    } else if (H.tool === 'destroy') {
      for (const e of actions) {
        if (e.action.type === 'destroy_blocking') st.squares.push(e.action.square);
        if (e.action.type === 'destroy_wall') st.wallEdges.push({ square: e.action.square, dir: String(e.action.dir).toLowerCase() });
      }
    } else if (H.tool === 'ranged') {
      for (const id of rangedTargets()) st.targets.add(id);
    } else {
      for (const e of actions) {
        // A carrier's moves come once per friend it may carry: one square each.
        if (e.action.type === 'move' && !st.squares.some((q) => sameSq(q, e.action.to))) {
          const r = cost.get(sqKey(e.action.to));
          st.squares.push({ ...e.action.to, label: r ? r.cost : undefined });
        }
        if (e.action.type === 'close_attack') st.targets.add(e.action.target);
        if (e.action.type === 'ranged_attack') for (const x of e.action.targets) st.targets.add(x);
      }
      const h = H.hover.square;
      if (h && st.squares.some((s) => sameSq(s, h)) && !(H.hover.figure !== null && H.hover.figure !== undefined)) {
        const r = cost.get(sqKey(h));
        const from = fig(H.sel).square;
        st.path = r && r.path && r.path.length ? (sameSq(r.path[0], from) ? r.path : [from, ...r.path]) : [from, h];
      }
    }
  } else if (d && !BASE_DECISIONS.has(type)) {
    // A decision in the middle of an action: the squares and figures its answers name.
    const acting = decisionFigure(d);
    if (acting !== null && (H.sel === null || H.sel === acting)) st.selected = acting;
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
    const h = H.hover.square;
    if (from && h && (type === 'move_on' || type === 'place_passenger') && st.squares.some((q) => sameSq(q, h))) st.path = [from, h];
  }
  if (H.los && (H.los.data || true)) {
    const l = H.los;
    st.los = { from: l.from, to: l.to, squares: l.data ? l.data.squares : [], verdict: l.data ? l.data.verdict : '' };
    const showing = H.hover.figure === l.toId || (document.activeElement && document.activeElement.dataset && Number(document.activeElement.dataset.fig ?? document.activeElement.dataset.target) === l.toId);
    if (!showing && H.sel !== l.fromId) st.los = null;
  }
  return st;
}

export function renderBoard() {
  if (!g() || !g().snap || !board) return;
  board.update(boardState());
}

export function onKey(ev) {
  if (document.body.dataset.screen !== 'game' || !g() || !g().snap) return;
  const dlg = $('dialog');
  if (dlg.open) return;
  const tag = (ev.target.tagName || '').toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') return;
  if (ev.key === 'Escape') {
    if (H.tool !== 'auto') {
      H.tool = 'auto';
      H.chosen = new Set();
    } else if (H.sel !== null) {
      const id = H.sel;
      H.sel = null;
      H.los = null;
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
    let c = H.cursor;
    if (!c) {
      const g = ev.target.closest && ev.target.closest('[data-fig]');
      const f = g ? fig(Number(g.dataset.fig)) : H.sel !== null ? fig(H.sel) : null;
      c = f && f.square ? { ...f.square } : { x: 0, y: 0 };
    }
    const [dx, dy] = arrows[ev.key];
    c = { x: Math.min(Math.max(c.x + dx, 0), v.map.width - 1), y: Math.min(Math.max(c.y + dy, 0), v.map.height - 1) };
    H.cursor = c;
    if (ev.target !== $('board')) $('board').focus({ preventScroll: true });
    board.scrollTo(c);
    const f = figAt(c);
    onBoardHover({ square: c, figure: f ? f.id : null });
    renderBoard();
    return;
  }
  if (ev.key === 'Enter' && ev.target === $('board') && H.cursor) {
    ev.preventDefault();
    const f = figAt(H.cursor);
    onBoardClick({ square: H.cursor, figure: f ? f.id : null });
  }
}
