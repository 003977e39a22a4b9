// HeroScape's page module (docs/platform.md, "Page modules"): the battlefield with its levels
// (board.js), the figures and their army cards (cards.js), the order markers as a placement
// panel for this page's seat and as face-down backs for the other players (the server's view
// never holds their numbers before reveal, so the page has none to show), moves with the
// reachable hexes and the path (judge `reach`) and refusals explained on the board, attacks with
// the targets and the line of sight (judge `los`), the dice with skull and shield faces, the
// round, initiative and turn in the bar, and the end explained with the points of surviving
// cards.

import { t, lang } from '../../i18n.js';
import { el, fill, modal } from '../../dom.js';
import { STRINGS as OWN } from './strings.js';
import { DRAFT_STRINGS, DRAFT_STYLE, draftPanel, modeSwitch } from './draft.js';
import generic, { STRINGS as GENERIC_STRINGS } from '../generic/index.js';
import { drawBoard as drawGeneric } from '../generic/board.js';

/** Its catalogue, with the generic module's (its new-game form is the generic one). */
const STRINGS = {
  en: { ...GENERIC_STRINGS.en, ...OWN.en, ...SPECIAL.en, ...DRAFT_STRINGS.en },
  fr: { ...GENERIC_STRINGS.fr, ...OWN.fr, ...SPECIAL.fr, ...DRAFT_STRINGS.fr },
};
import { terrainLayer, glyphLayer, glyphsOfView, figureToken, centre, key, size, node, describe, distance, HR } from './board.js';
import { api } from '../../api.js';
import { seatColour } from '../../seats.js';
import { cardPanel, cardsList, markersPanel, diceView, STYLE } from './cards.js';
import { STRINGS as SPECIAL, SPECIAL_STYLE, specialsOf, specialsAt, drawSpecial, specialPanel } from './special.js';

let shell = null;
let root = null;
/** The page's state between snapshots. */
const S = {
  field: null, fieldFor: null, fieldGlyphs: '', terrain: null,
  sel: null, reach: null, hoverCell: null, hoverFig: null, refused: null, los: null,
  pick: null, plan: {}, sending: false, lastStep: -1,
  // The special attack pointed at (drawn) and the one picked (drawn until confirmed).
  special: null, specialPicked: null,
};

const num = (s) => (s === null || s === undefined ? null : typeof s === 'object' && 'seat' in s ? s.seat : Number(s));
const view = () => (shell && shell.snapshot() ? shell.snapshot().view : null);
const pieces = () => ((shell.snapshot() || {}).board || {}).pieces || [];
const piece = (id) => pieces().find((p) => p.id === id) || null;
const figure = (id) => ((view() || {}).figures || []).find((f) => f.id === id) || null;
const unitOf = (id) => ((view() || {}).units || []).find((u) => u.id === id) || null;
const cardOf = (unitId) => ((S.field && S.field.units) || []).find((u) => u.id === unitId) || null;

/** This page's legal entries now. */
function mine() {
  const snap = shell.snapshot();
  if (!snap || shell.outcomeOf(snap) || shell.seat() === null) return [];
  return shell.legal().filter((e) => e.seat === undefined || e.seat === null || num(e.seat) === shell.seat());
}
const ofType = (type) => mine().filter((e) => e.action && e.action.type === type);
/** Moves of a figure: normal ones and those by a power (Warp Space, Grapple Gun). */
const moveEntries = () => mine().filter((e) => e.action && (e.action.type === 'move' || e.action.type === 'power_move'));
/** Hexes to put something on: a figure at set-up, or a carried figure after its carrier's move. */
// Answers that put something on a space (a figure, a carried friend, a power's tile): picked on
// the board, where a long row of buttons would not fit a phone's screen.
const placeEntries = () => mine().filter((e) => e.action && ['place', 'place_carried', 'place_tile'].includes(e.action.type));

function decisionType() {
  const d = shell.myDecision();
  return d ? d.type : null;
}

function zoneColour(z) {
  const v = view();
  const p = v && v.players.find((x) => x.zone === z);
  return p ? shell.seatColour(num(p.seat)) : null;
}

/** The module's style, once per page (the game and the replay both need it). */
function addStyle() {
  if (!document.getElementById('hs-style')) document.head.append(el('style', { id: 'hs-style' }, STYLE + SPECIAL_STYLE + DRAFT_STYLE));
}

// --- the field (judge `field`): asked once per game, again when a glyph changes or a power lays
// a tile on the battlefield (the view lists the tiles laid) ---------------------------------
async function loadField() {
  const v = view();
  const g = shell.game();
  if (!v || !g) return;
  const glyphs = JSON.stringify([v.glyphs || [], v.tiles || []]);
  if (S.fieldFor === g.id && S.fieldGlyphs === glyphs && S.field) return;
  S.fieldFor = g.id;
  S.fieldGlyphs = glyphs;
  try {
    const f = await shell.judge('field', {});
    if (!shell) return;
    S.field = f;
    S.terrain = null;
    shell.render();
  } catch (e) {
    shell.showError(e.message);
  }
}

// --- selection, reach, line of sight --------------------------------------------------------
async function select(id) {
  S.sel = id;
  S.special = null;
  S.specialPicked = null;
  S.reach = null;
  S.refused = null;
  S.los = null;
  draw();
  if (id !== null && moveEntries().some((e) => e.figure === id)) {
    try {
      const r = await shell.judge('reach', { figure: id });
      if (S.sel === id) { S.reach = r; draw(); fill(root.querySelector('.hs-prompt'), prompt()); }
    } catch (_) { /* the legal entries still say where */ }
  }
}

async function showLos(from, to) {
  const k = `${from}>${to}`;
  if (S.los && S.los.key === k) return;
  S.los = { key: k, from, to, data: null };
  draw();
  try {
    const data = await shell.judge('los', { from, to });
    if (S.los && S.los.key === k) { S.los.data = data; draw(); }
  } catch (e) {
    if (S.los && S.los.key === k) { S.los.data = { why: e.message, sight: false }; draw(); }
  }
}

/** Why the selected figure cannot end its move on `at`, in the page's words. */
function refusal(id, at) {
  const f = S.field && S.field.cells.find((c) => key(c.at) === key(at));
  if (!moveEntries().some((e) => e.figure === id)) return t('hs.refused.not_now');
  if (!f) return t('hs.refused.void');
  const there = pieces().find((p) => p.id !== id && [p.at, ...(p.cells || [])].some((c) => c && key(c) === key(at)));
  if (there) return t('hs.refused.occupied', { name: there.name });
  const d = describe(f);
  if (d.obstacle && !(f.feet || []).length) return t('hs.refused.obstacle', { what: d.obstacle.what.replace(/_/g, ' ') });
  const p = piece(id);
  const u = unitOf((figure(id) || {}).unit);
  const move = (S.reach && S.reach.move) ?? (u ? u.move_ : '?');
  if (p && p.at && distance(p.at, at) > move) return t('hs.refused.far', { d: distance(p.at, at), move });
  return t('hs.refused.path', { move, h: u ? u.height : '?' });
}

/** Shows at once the page's own reading of a refused hex, then the judge's (`reach` with
 * `to`: the movement rules' own reason) when it answers. */
async function explainRefusal(id, at) {
  const mark = { at, why: refusal(id, at) };
  S.refused = mark;
  draw();
  try {
    const r = await shell.judge('reach', { figure: id, to: key(at) });
    if (S.refused === mark && r && typeof r.refused === 'string' && r.refused) {
      mark.why = r.refused;
      mark.more = (r.refusals || []).slice(1);
      renderNote();
    }
  } catch (_) { /* the page's own reading stays */ }
}

// --- clicks ---------------------------------------------------------------------------------
async function choose(entries) {
  if (!entries.length) return;
  if (entries.length === 1) { await shell.act(entries[0].action); return; }
  const action = await modal((close) => el('div', { class: 'dialog-body', 'data-testid': 'hs-choose' },
    ...entries.map((e) => el('button', { type: 'button', class: 'choice', onclick: () => close(e.action) }, e.text)),
    el('button', { type: 'button', onclick: () => close(null) }, t('common.cancel'))));
  if (action) await shell.act(action);
}

function onCell(at) {
  if (shell.busy()) return;
  const k = key(at);
  const place = placeEntries().filter((e) => (e.cells || []).some((c) => key(c) === k));
  if (place.length) { choose(place); return; }
  // A figure on the hex: its own click.
  const p = pieces().find((x) => [x.at, ...(x.cells || [])].some((c) => c && key(c) === k));
  if (p) { onFigure(p.id); return; }
  if (S.sel !== null) {
    const moves = moveEntries().filter((e) => e.figure === S.sel && (e.cells || []).some((c) => key(c) === k));
    if (moves.length) { choose(moves); return; }
    if (decisionType() === 'move') { explainRefusal(S.sel, at); return; }
  }
  S.refused = null;
  draw();
}

function onFigure(id) {
  if (shell.busy()) return;
  // A space asked for under a figure (a tile laid on its own space): the space, not the figure.
  const on = piece(id);
  const under = on ? [on.at, ...(on.cells || [])].filter(Boolean).map(key) : [];
  const place = placeEntries().filter((e) => (e.cells || []).some((c) => under.includes(key(c))));
  if (place.length) { choose(place); return; }
  const attacks = ofType('attack').filter((e) => e.figure === S.sel && (e.targets || []).includes(id));
  const specials = specialsAt(mine(), S.sel, id);
  // A special attack on this figure: picked and drawn with all it affects, confirmed from the
  // panel (the normal attack stays in the panel's list below it).
  if (S.sel !== null && specials.length && !attacks.length) { S.specialPicked = specials[0]; renderSpecial(); draw(); return; }
  if (S.sel !== null && attacks.length && specials.length) { choose([...attacks, ...specials]); return; }
  if (S.sel !== null && attacks.length) { choose(attacks); return; }
  const sel = figure(S.sel);
  const f = figure(id);
  if (sel && f && num(sel.owner) !== num(f.owner) && decisionType() === 'attack') { showLos(S.sel, id); return; }
  select(S.sel === id ? null : id);
}

function onHover(at, id) {
  const k = at ? key(at) : null;
  if (S.hoverCell === k && S.hoverFig === id) return;
  S.hoverCell = k;
  S.hoverFig = id;
  // Pointing at a hex it can reach: the last refusal is old news.
  if (k && S.refused && highlight().cells.get(k) === 'reach') S.refused = null;
  const sel = figure(S.sel);
  const f = id !== null ? figure(id) : null;
  if (sel && f && num(sel.owner) !== num(f.owner) && ofType('attack').some((e) => e.figure === S.sel)) showLos(S.sel, id);
  else { drawOverlay(); renderCard(); }
}

// --- the line of sight ----------------------------------------------------------------------
/**
 * The line of sight on the board, as the judge traced it in space (`los` → `line`): the segment
 * from the attacker's target point to the point of the defender's hit zone it goes to, drawn
 * between the hexes it joins (a double-space figure's nearest), the hexes it crosses outlined,
 * its height at both ends, and where it is stopped with what stops it; past that point the line
 * is faint.
 */
function losLayer() {
  const g = node('g', { class: 'los-layer', 'pointer-events': 'none' });
  const d = S.los.data;
  const line = d && d.line;
  const a = piece(S.los.from);
  const b = piece(S.los.to);
  const from = line ? line.from.at : a && a.at;
  const to = line ? line.to.at : b && b.at;
  if (!from || !to) return g;
  const [x1, y1] = centre(from);
  const [x2, y2] = centre(to);
  const cls = !d ? 'pending' : d.allowed ? 'ok' : d.sight ? 'no' : 'blocked';
  if (!line) {
    g.append(node('line', { class: `los los-${cls}`, x1, y1, x2, y2, 'data-testid': 'hs-los-line' }));
    return g;
  }
  for (const c of line.crossed || []) {
    g.append(node('polygon', {
      class: `los-cross${line.stop && key(line.stop.at) === key(c.at) ? ' stop' : ''}`, 'data-testid': 'hs-los-cross', 'data-at': key(c.at),
      points: Array.from({ length: 6 }, (_, i) => { const [cx, cy] = centre(c.at); const an = (Math.PI / 180) * (60 * i - 30); return `${(cx + (HR - 5) * Math.cos(an)).toFixed(1)},${(cy + (HR - 5) * Math.sin(an)).toFixed(1)}`; }).join(' '),
    }));
  }
  const stop = line.stop;
  const f = stop ? Math.max(0, Math.min(1, stop.fraction)) : 1;
  const xs = x1 + (x2 - x1) * f;
  const ys = y1 + (y2 - y1) * f;
  g.append(node('line', { class: `los los-${cls}`, x1, y1, x2: xs, y2: ys, 'data-testid': 'hs-los-line', 'data-clear': line.clear ? 'yes' : 'no' }));
  if (stop) {
    g.append(node('line', { class: 'los los-beyond', x1: xs, y1: ys, x2, y2 }));
    g.append(node('g', { class: 'los-stop', 'data-testid': 'hs-los-stop', 'data-at': key(stop.at), 'data-kind': stop.kind },
      node('circle', { cx: xs, cy: ys, r: 7 }),
      node('path', { d: `M${xs - 4},${ys - 4} L${xs + 4},${ys + 4} M${xs + 4},${ys - 4} L${xs - 4},${ys + 4}` }),
      node('text', { x: xs, y: ys - 11, class: 'los-h' }, t('hs.los.at_height', { z: stop.z.toFixed(1) }))));
  }
  g.append(node('text', { x: x1, y: y1 - HR * 0.95, class: 'los-h', 'data-testid': 'hs-los-from-z' }, t('hs.los.eye', { z: line.from.z.toFixed(1) })));
  g.append(node('text', { x: x2, y: y2 + HR * 1.25, class: 'los-h' }, t('hs.los.seen', { z: line.to.z.toFixed(1) })));
  return g;
}

/** What a span of the battlefield is drawn as in the side view. */
function spanColour(s) {
  if (s.kind === 'obstacle') return s.what === 'ruin' ? '#7d7468' : '#2f6b2a';
  if (s.kind === 'liquid') return '#3d8bd6';
  return '#8a7a5c';
}

/**
 * The line of sight seen from the side: the distance along the line across, levels up; the
 * columns of the hexes crossed (land, water, obstacles, figures in the way), the attacker's
 * target point (green), the defender's hit zone (red), the segment, and where it is stopped.
 */
function losProfile(line) {
  const W = 320;
  const H = 96;
  const pad = 6;
  const cells = new Map(((S.field && S.field.cells) || []).map((c) => [key(c.at), c]));
  let top = Math.max(line.from.z, line.to.z, line.hit_zone[1]) + 1;
  for (const c of line.crossed || []) top = Math.max(top, Math.min(c.top, top + 6));
  const X = (u) => pad + u * (W - 2 * pad);
  const Y = (z) => H - pad - (Math.min(z, top) / top) * (H - 2 * pad);
  const svg = node('svg', { class: 'los-profile', viewBox: `0 0 ${W} ${H}`, width: W, height: H, 'data-testid': 'hs-los-profile', role: 'img', 'aria-label': t('hs.los.profile') });
  svg.append(node('rect', { x: 0, y: 0, width: W, height: H, fill: '#dfe9f3', rx: 4 }));
  for (const c of line.crossed || []) {
    const cell = cells.get(key(c.at));
    const [u0, u1] = c.span || [0, 0];
    if (u1 <= u0) continue;
    for (const s of (cell && cell.spans) || []) {
      svg.append(node('rect', { x: X(u0), y: Y(s.top), width: Math.max(0.5, X(u1) - X(u0)), height: Math.max(0.5, Y(s.bottom) - Y(s.top)), fill: spanColour(s), stroke: 'rgba(0,0,0,.25)', 'stroke-width': 0.5 },
        node('title', {}, `${c.name}: ${s.what.replace(/_/g, ' ')} ${s.bottom}–${s.top}`)));
    }
  }
  const stop = line.stop;
  if (stop && stop.kind === 'figure') {
    const c = (line.crossed || []).find((x) => key(x.at) === key(stop.at));
    if (c) svg.append(node('rect', { x: X(c.span[0]), y: Y(stop.levels[1]), width: X(c.span[1]) - X(c.span[0]), height: Y(stop.levels[0]) - Y(stop.levels[1]), fill: 'rgba(90,60,140,.8)' }));
  }
  svg.append(node('line', { x1: X(1), y1: Y(line.hit_zone[0]), x2: X(1), y2: Y(line.hit_zone[1]), stroke: '#d32f2f', 'stroke-width': 5 }));
  const f = stop ? stop.fraction : 1;
  const zs = stop ? stop.z : line.to.z;
  svg.append(node('line', { x1: X(0), y1: Y(line.from.z), x2: X(f), y2: Y(zs), stroke: line.clear ? '#1b5e20' : '#b71c1c', 'stroke-width': 2 }));
  if (stop) {
    svg.append(node('line', { x1: X(f), y1: Y(zs), x2: X(1), y2: Y(line.to.z), stroke: '#b71c1c', 'stroke-width': 1, 'stroke-dasharray': '3 3', opacity: 0.6 }));
    svg.append(node('circle', { cx: X(f), cy: Y(zs), r: 4, fill: '#fff', stroke: '#b71c1c', 'stroke-width': 2, 'data-testid': 'hs-los-profile-stop' }));
  }
  svg.append(node('circle', { cx: X(0), cy: Y(line.from.z), r: 4, fill: '#2e7d32', stroke: '#fff' }));
  svg.append(node('text', { x: pad + 2, y: 12, class: 'los-scale' }, t('hs.los.levels', { n: Math.round(top) })));
  return svg;
}

// --- drawing --------------------------------------------------------------------------------
function activeUnit() {
  const v = view();
  return v && v.turn ? v.turn.unit : null;
}

function highlight() {
  const cells = new Map(); // key → kind
  const targets = new Set();
  for (const e of placeEntries()) for (const c of e.cells || []) cells.set(key(c), 'place');
  if (S.sel !== null) {
    for (const e of moveEntries()) if (e.figure === S.sel) for (const c of e.cells || []) cells.set(key(c), 'reach');
    for (const e of ofType('attack')) if (e.figure === S.sel) for (const id of e.targets || []) targets.add(id);
    // The figures a special attack may choose are clicked like targets.
    for (const e of specialsOf(mine(), S.sel)) if (e.action.target !== undefined && e.action.target !== null) targets.add(e.action.target);
  }
  return { cells, targets };
}

function drawOverlay() {
  const svg = root && root.querySelector('svg.hs-board');
  if (!svg || !S.field) return;
  const old = svg.querySelector('.overlay');
  const over = node('g', { class: 'overlay' });
  const { cells, targets } = highlight();
  for (const [k, kind] of cells) {
    const at = k.split(',').map(Number);
    const [x, y] = centre(at);
    over.append(node('polygon', {
      class: `pick pick-${kind}${S.hoverCell === k ? ' hover' : ''}`, 'data-at': k,
      points: Array.from({ length: 6 }, (_, i) => { const a = (Math.PI / 180) * (60 * i - 30); return `${(x + (HR - 3) * Math.cos(a)).toFixed(1)},${(y + (HR - 3) * Math.sin(a)).toFixed(1)}`; }).join(' '),
    }));
  }
  // The path to the hovered reachable hex.
  if (S.sel !== null && S.hoverCell && cells.get(S.hoverCell) === 'reach' && S.reach) {
    const d = S.reach.destinations.find((x) => key(x.at) === S.hoverCell);
    const p = piece(S.sel);
    if (d && p && p.at) {
      const cellsOnPath = [p.at, ...d.path].filter((c, i, all) => i === 0 || key(c) !== key(all[i - 1]));
      const pts = cellsOnPath.map((c) => centre(c).map((v) => v.toFixed(1)).join(',')).join(' ');
      // A way that leaves an engagement or falls costs dice before the figure gets there: say so
      // where the player is looking, before the click.
      const risks = [
        d.leaves ? t('hs.path.leaves', { n: d.leaves }) : null,
        d.falls ? t('hs.path.falls', { n: d.falls }) : null,
      ].filter(Boolean);
      over.append(node('polyline', { class: `path${risks.length ? ' risky' : ''}`, points: pts, 'data-testid': 'hs-path', 'data-leaves': d.leaves || 0, 'data-falls': d.falls || 0 }));
      const [x, y] = centre(d.at);
      over.append(node('text', { x, y: y - HR * 0.45, class: 'path-cost' }, `${d.cost}`));
      if (risks.length) over.append(node('text', { x, y: y + HR * 0.95, class: 'path-risk', 'data-testid': 'hs-path-risk' }, `⚠ ${risks.join(' · ')}`));
    }
  }
  if (S.refused) {
    const [x, y] = centre(S.refused.at);
    over.append(node('g', { class: 'refused', 'data-testid': 'hs-refused-mark' },
      node('path', { d: `M${x - 9},${y - 9} L${x + 9},${y + 9} M${x + 9},${y - 9} L${x - 9},${y + 9}` })));
  }
  const shown = S.special || S.specialPicked;
  if (shown) {
    const p = piece(shown.figure);
    const own = p ? [p.at, ...(p.cells || [])].filter(Boolean) : [];
    const first = (shown.cells || [])[0];
    const from = first ? own.sort((a, b) => distance(a, first) - distance(b, first))[0] : null;
    drawSpecial(over, shown, { at: (id) => (piece(id) || {}).at, centre, node, HR, from });
  }
  if (S.los) over.append(losLayer());
  // Figures.
  const active = activeUnit();
  const figs = node('g', { class: 'figures' });
  for (const p of pieces()) {
    if (!p.at) continue;
    const f = figure(p.id) || {};
    const u = unitOf(f.unit) || {};
    const isActive = active !== null && f.unit === active;
    const colour = shell.seatColour(num(p.seat) ?? 0);
    figs.append(figureToken(p, f, u, colour, { active: isActive, sel: S.sel === p.id, target: targets.has(p.id) }));
  }
  over.append(figs);
  if (old) old.replaceWith(over); else svg.append(over);
  renderNote();
}

function draw() {
  if (!root || !shell) return;
  const box = root.querySelector('.hs-board-box');
  if (!S.field) { fill(box, el('p', { class: 'muted' }, '…')); return; }
  let svg = box.querySelector('svg.hs-board');
  if (!svg || !S.terrain) {
    const { width, height } = size(S.field);
    svg = node('svg', { class: 'hs-board', viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, 'data-testid': 'hs-board', role: 'img', 'aria-label': S.field.name });
    S.terrain = terrainLayer(S.field, zoneColour, t);
    svg.append(S.terrain, glyphLayer(S.field, t));
    svg.addEventListener('click', (ev) => {
      const fig = ev.target.closest('[data-fig]');
      if (fig) { onFigure(Number(fig.dataset.fig)); return; }
      const hex = ev.target.closest('[data-at]');
      if (hex) onCell(hex.dataset.at.split(',').map(Number));
    });
    svg.addEventListener('mousemove', (ev) => {
      const fig = ev.target.closest('[data-fig]');
      const hex = ev.target.closest('[data-at]');
      onHover(hex ? hex.dataset.at.split(',').map(Number) : null, fig ? Number(fig.dataset.fig) : null);
    });
    svg.addEventListener('mouseleave', () => onHover(null, null));
    fill(box, svg);
    applyZoom();
  }
  drawOverlay();
  renderCard();
}

/**
 * The board's zoom: `null` is the page's own size (the whole battlefield on a wide screen,
 * tappable hexes scrolling sideways on a phone), `'fit'` the whole battlefield on any screen, a
 * number the pixels per unit of the board's drawing.
 */
function applyZoom() {
  const box = root && root.querySelector('.hs-board-box');
  const svg = box && box.querySelector('svg.hs-board');
  if (!svg) return;
  box.classList.toggle('zoomed', S.zoom !== null);
  if (S.zoom === null) {
    Object.assign(svg.style, { width: '', maxWidth: '', maxHeight: '' });
  } else if (S.zoom === 'fit') {
    Object.assign(svg.style, { width: '100%', maxWidth: '100%', maxHeight: 'calc(100vh - 150px)' });
  } else {
    const natural = svg.viewBox.baseVal.width || 1;
    Object.assign(svg.style, { width: `${Math.round(natural * S.zoom)}px`, maxWidth: 'none', maxHeight: 'none' });
  }
}

/** Zooms by `factor` from the size shown now, keeping the board's centre in view. */
function zoomBy(factor) {
  const box = root && root.querySelector('.hs-board-box');
  const svg = box && box.querySelector('svg.hs-board');
  if (!svg) return;
  const natural = svg.viewBox.baseVal.width || 1;
  const now = svg.getBoundingClientRect().width / natural;
  const cx = (box.scrollLeft + box.clientWidth / 2) / Math.max(1, box.scrollWidth);
  const cy = (box.scrollTop + box.clientHeight / 2) / Math.max(1, box.scrollHeight);
  S.zoom = Math.min(4, Math.max(0.3, now * factor));
  applyZoom();
  box.scrollLeft = cx * box.scrollWidth - box.clientWidth / 2;
  box.scrollTop = cy * box.scrollHeight - box.clientHeight / 2;
}

const ZOOM = () => el('div', { class: 'hs-zoom', role: 'group' },
  el('button', { type: 'button', 'data-testid': 'hs-zoom-out', title: t('hs.zoom.out'), 'aria-label': t('hs.zoom.out'), onclick: () => zoomBy(1 / 1.25) }, '−'),
  el('button', { type: 'button', 'data-testid': 'hs-zoom-in', title: t('hs.zoom.in'), 'aria-label': t('hs.zoom.in'), onclick: () => zoomBy(1.25) }, '+'),
  el('button', { type: 'button', 'data-testid': 'hs-zoom-fit', title: t('hs.zoom.fit'), 'aria-label': t('hs.zoom.fit'), onclick: () => { S.zoom = 'fit'; applyZoom(); } }, '⤢'));

/** The selected figure's special attacks: preview on pointing, pick, confirm. */
function renderSpecial() {
  const box = root && root.querySelector('.hs-special');
  if (!box) return;
  const entries = decisionType() === 'attack' ? specialsOf(mine(), S.sel) : [];
  if (S.specialPicked && !entries.some((e) => JSON.stringify(e.action) === JSON.stringify(S.specialPicked.action))) S.specialPicked = null;
  specialPanel(box, {
    entries,
    picked: S.specialPicked,
    busy: shell.busy(),
    onPreview: (e) => { S.special = e; drawOverlay(); },
    onPick: (e) => { S.specialPicked = e; renderSpecial(); drawOverlay(); },
    onConfirm: async (e) => { S.special = null; S.specialPicked = null; await shell.act(e.action); },
    onCancel: () => { S.specialPicked = null; renderSpecial(); drawOverlay(); },
  });
}

/** The words for `a` attack dice against `d` defence dice, singular where one (and 0 is plural). */
function diceKey(a, d) {
  const one = (n) => n === 1;
  if (one(a)) return one(d) ? 'hs.los.dice.one_one' : 'hs.los.dice.one';
  return one(d) ? 'hs.los.dice.many_one' : 'hs.los.dice';
}

/** The note under the board: a refusal, the line of sight, or what to do. */
function renderNote() {
  const note = root.querySelector('.hs-note');
  if (!note) return;
  const parts = [];
  if (S.refused) {
    parts.push(el('p', { class: 'refusal', 'data-testid': 'hs-refusal' }, t('hs.refused', { why: S.refused.why })));
    const more = S.refused.more || [];
    if (more.length) {
      parts.push(el('ul', { class: 'refusal-more', 'data-testid': 'hs-refusal-more' },
        ...more.slice(0, 5).map((w) => el('li', {}, w))));
    }
  }
  if (S.los) {
    const d = S.los.data;
    const a = piece(S.los.from);
    const b = piece(S.los.to);
    if (d) {
      const line = d.line;
      parts.push(el('div', { class: `los-note ${d.allowed ? 'ok' : 'no'}`, 'data-testid': 'hs-los', 'data-allowed': d.allowed ? 'yes' : 'no' },
        el('div', { class: 'los-words' },
          el('strong', {}, `${t('hs.los.title')} — `),
          t('hs.los.why', { from: a ? a.name : S.los.from, to: b ? b.name : S.los.to, why: d.why }),
          // A refusal's words already name its range or sight: the details follow only an
          // attack the figure may make.
          d.allowed && d.range !== undefined ? el('span', { class: 'muted' }, ` · ${t('hs.los.range', { range: d.range, max: d.max_range })} · ${d.sight ? t('hs.los.clear') : `${t('hs.los.title')} ${t('hs.los.blocked')}`}`) : null,
          d.allowed && d.attack_dice !== undefined ? el('span', { class: 'muted' }, ` · ${t(diceKey(d.attack_dice, d.defence_dice), { a: d.attack_dice, d: d.defence_dice })}`) : null,
          line ? el('div', { class: 'los-line-text', 'data-testid': 'hs-los-text' }, line.text) : null,
          line ? el('div', { class: 'muted los-crossed' }, t('hs.los.crossed', { list: (line.crossed || []).map((c) => `${c.name} (${c.ground ?? c.top})`).join(' · ') })) : null),
        line ? losProfile(line) : null));
    }
  }
  fill(note, parts);
  note.hidden = !parts.length;
  dockNote(note);
}

/**
 * The note lies over the board: over its top edge when what it speaks of (the refused hex, the
 * two ends of the line of sight) lies in the board's lower half, so that it never covers them.
 */
function dockNote(note) {
  const board = root.querySelector('svg.hs-board');
  if (note.hidden || !board) return;
  const spots = [];
  if (S.refused && S.refused.at) spots.push(`.hex[data-at="${key(S.refused.at)}"]`);
  if (S.los) for (const id of [S.los.from, S.los.to]) spots.push(`.figure[data-fig="${id}"]`);
  const box = board.getBoundingClientRect();
  const low = spots.some((q) => {
    const e = board.querySelector(q);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    return r.top + r.height / 2 > box.top + box.height / 2;
  });
  note.classList.toggle('top', low);
}

function renderCard() {
  const box = root && root.querySelector('.hs-card');
  if (!box) return;
  const id = S.hoverFig ?? S.sel;
  const f = id !== null && id !== undefined ? figure(id) : null;
  let unit = f ? f.unit : activeUnit();
  if (unit === null || unit === undefined) {
    // Nothing pointed at: this seat's first card.
    const u = ((view() || {}).units || []).find((x) => num(x.owner) === shell.seat());
    unit = u ? u.id : null;
  }
  cardPanel(box, { card: cardOf(unit), unit: unitOf(unit), figure: f, piece: f ? piece(f.id) : null, figures: ((view() || {}).figures || []).filter((x) => x.unit === unit), seatName: shell.seatName, active: unit === activeUnit() });
}

// --- the side panels -------------------------------------------------------------------------
function prompt() {
  const snap = shell.snapshot();
  const d = decisionType();
  const parts = [];
  if (snap.prompt) parts.push(el('p', { class: 'server-prompt', 'data-testid': 'hs-prompt' }, snap.prompt));
  let hint = '';
  if (d === 'place' || d === 'deploy') {
    // a figure a power places (Chain Grab) is put on a space at a level: a `place_carried` answer
    const e = ofType('place')[0] || ofType('place_carried')[0];
    const f = e && S.field && S.field.figures.find((x) => x.id === e.figure);
    hint = t(d === 'deploy' ? 'hs.deploy.pick' : 'hs.place.pick', { name: f ? f.name : '' });
  } else if (d === 'place_carried') hint = t('hs.carry.place');
  else if (d === 'place_tile') hint = t('hs.tile.pick');
  // A power's moves (Scatter...): its own allowance, not the figure's move, so no number here.
  else if (d === 'power_moves') hint = t('hs.power_moves.pick');
  else if (d === 'move') hint = S.sel !== null && moveEntries().some((e) => e.figure === S.sel) ? t('hs.move.reach', { name: (piece(S.sel) || {}).name, move: S.reach ? S.reach.move : '…' }) : t('hs.move.pick');
  else if (d === 'spirit') hint = t('hs.spirit.pick');
  else if (d === 'attack') hint = S.sel !== null && ofType('attack').some((e) => e.figure === S.sel) ? t('hs.attack.targets', { name: (piece(S.sel) || {}).name }) : S.sel !== null && specialsOf(mine(), S.sel).length ? t('hs.special.hint') : t('hs.attack.pick');
  if (hint) parts.push(el('p', { class: 'hint', 'data-testid': 'hs-hint' }, hint));
  // Erland's summoning: each figure and hex as the server words it, or nobody.
  if (d === 'summon') {
    parts.push(el('div', { class: 'hs-choices', 'data-testid': 'hs-summon' },
      mine().map((e) => el('button', { type: 'button', disabled: shell.busy() ? true : null, onclick: () => shell.act(e.action) }, e.text))));
  }
  return parts;
}

/** Whether this seat's marker `m` is not down yet. */
function markerNotDown(m) {
  const me = (view() || { players: [] }).players.find((p) => num(p.seat) === shell.seat());
  return !((me && me.markers.known) || []).some(([k]) => String(k) === m);
}

/** Markers of this seat neither down nor planned. */
function unplanned() {
  return ['1', '2', '3', 'X'].filter((m) => S.plan[m] === undefined && markerNotDown(m));
}

async function confirmMarkers() {
  const order = ['1', '2', '3', 'X'];
  S.sending = true;
  renderSide();
  const sent = new Set();
  try {
    for (const m of order) {
      const unit = S.plan[m];
      if (unit === undefined) continue;
      const e = ofType('place_marker').find((x) => String(x.action.marker) === m && x.action.unit === unit);
      if (!e) continue;
      // The bot (or a friend) places its markers at the same time: its answer may move the step
      // between this page's snapshot and its click.
      // eslint-disable-next-line no-await-in-loop
      if (!(await shell.act(e.action, { retryStale: true }))) break;
      sent.add(m);
    }
  } finally {
    S.sending = false;
    // A refusal (its reason is on screen) keeps the markers not sent planned: the player
    // confirms again rather than planning them anew.
    S.plan = Object.fromEntries(Object.entries(S.plan).filter(([m]) => !sent.has(m) && markerNotDown(m)));
    S.pick = null;
    if (shell) shell.render();
    boardIntoView();
  }
}

/** After the markers panel folds away, the page may be left scrolled below the board (a large
 * army's panel reaches past the window): bring the board back where the turns are played. */
function boardIntoView() {
  const board = root && root.querySelector('.board-wrap');
  if (!board) return;
  const r = board.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight * 0.5) board.scrollIntoView({ block: 'start' });
}

function renderSide() {
  const v = view();
  if (!v) return;
  fill(root.querySelector('.hs-prompt'), prompt());
  const seat = shell.seat();
  const placing = decisionType() === 'place_markers' || ofType('place_marker').length > 0;
  const panel = root.querySelector('.hs-markers');
  panel.hidden = !placing;
  if (placing) {
    markersPanel(panel, {
      legal: ofType('place_marker'), plan: S.plan, pick: S.pick, sending: S.sending,
      units: v.units.filter((u) => num(u.owner) === seat && u.alive > 0),
      mine: v.players.find((p) => num(p.seat) === seat),
      onPick: (m) => { S.pick = m; renderSide(); },
      onCard: (unit) => {
        if (!S.pick) return;
        S.plan = { ...S.plan, [S.pick]: unit };
        const left = unplanned();
        S.pick = left[0] || null;
        renderSide();
      },
      onClear: () => { S.plan = {}; S.pick = null; renderSide(); },
      onConfirm: confirmMarkers,
    });
  }
  draftPanel(root.querySelector('.hs-draft'), {
    view: v, seat, legal: [...ofType('draft_pick'), ...ofType('draft_pass')], seatName: shell.seatName, seatColour: shell.seatColour,
    busy: shell.busy(), act: (a) => shell.act(a),
  });
  cardsList(root.querySelector('.hs-cards'), {
    view: v, seat, field: S.field, plan: placing ? S.plan : {}, seatName: shell.seatName, seatColour: shell.seatColour,
    onCard: placing && S.pick ? (unit) => { S.plan = { ...S.plan, [S.pick]: unit }; const left = unplanned(); S.pick = left[0] || null; renderSide(); } : null,
    onFigure: (id) => select(id),
  });
  renderSpecial();
  diceView(root.querySelector('.hs-dice'), (shell.snapshot().log || []), { figureName: (id) => ((S.field && S.field.figures.find((f) => f.id === id)) || {}).name || `#${id}` });
}

function renderBar() {
  const v = view();
  const status = shell.slot('status');
  if (!v) return;
  const parts = [el('span', { class: 'hs-round', 'data-testid': 'hs-round' }, t('hs.round', { n: Math.max(1, v.round), of: v.rounds })),
    v.turn ? null : el('span', { class: 'hs-phase muted' }, t(`hs.phase.${v.phase}`))];
  const init = v.players.filter((p) => p.initiative !== null && p.initiative !== undefined);
  if (init.length && v.phase !== 'placement') parts.push(el('span', { class: 'hs-init muted', 'data-testid': 'hs-initiative' }, `${t('hs.initiative', { list: init.map((p) => `${shell.seatName(num(p.seat))} ${p.initiative}`).join(', ') })}`));
  if (v.turn) {
    const u = unitOf(v.turn.unit);
    parts.push(el('span', { class: 'hs-turn', 'data-testid': 'hs-turn' }, `${t('hs.turn_of', { name: shell.seatName(num(v.turn.seat)), marker: v.turn.marker, card: u ? u.name : '' })}`));
  }
  fill(status, el('span', { class: 'hs-status' }, parts));
  const buttons = shell.slot('buttons');
  const endMoves = ofType('end_moves')[0];
  const endTurn = ofType('end_turn')[0];
  // Special powers: each use (with the figure it chooses) and the refusal are buttons, with
  // the server's own words; a power asked in the middle of another's attack shows here too.
  // Power choices (Run, Overextend Attack, a Spirit's card, the opponent a power names, a
  // number a power asks for: how many, or which option) likewise. A tile's space is clicked on
  // the board; laying none is the power's refusal button.
  const powers = [...ofType('use_power'), ...ofType('decline_power'), ...['run', 'overextend', 'place_spirit', 'choose_opponent', 'move_marker', 'choose'].flatMap((type) => ofType(type))];
  // Carry: which friend goes along, chosen before the carrier moves.
  const carries = ofType('carry').map((e) => el('button', { type: 'button', 'data-testid': 'hs-carry', disabled: shell.busy(), onclick: () => shell.act(e.action) }, e.text));
  fill(buttons,
    ...carries,
    ...powers.map((e) => el('button', { type: 'button', class: e.action.type === 'use_power' ? 'primary' : 'hs-power', 'data-testid': `hs-${e.action.type.replace('_', '-')}`, disabled: shell.busy(), onclick: () => shell.act(e.action) }, e.text)),
    endMoves ? el('button', { type: 'button', class: 'primary', 'data-testid': 'hs-end-moves', disabled: shell.busy(), onclick: () => shell.act(endMoves.action) }, t('hs.move.end')) : null,
    endTurn ? el('button', { type: 'button', class: endMoves ? '' : 'primary', 'data-testid': 'hs-end-turn', disabled: shell.busy(), onclick: () => shell.act(endTurn.action) }, t('hs.end_turn')) : null);
}

const LAYOUT = () => el('div', { class: 'game-layout hs' },
  el('div', { class: 'board-col' },
    // Above the board's wrap, so that the note docked over the board never covers it.
    ZOOM(),
    el('div', { class: 'board-wrap hs-wrap' }, el('div', { class: 'hs-board-box', 'data-testid': 'board' }),
      el('div', { class: 'panel hs-note', 'data-testid': 'hs-note', 'aria-live': 'polite', hidden: true })),
    el('details', { class: 'legend-box hs-legend' }, el('summary', { 'data-i18n': 'hs.legend' }, t('hs.legend')), el('ul', { class: 'legend' }))),
  el('aside', { class: 'side' },
    el('div', { class: 'prompt hs-prompt', 'aria-live': 'polite' }),
    el('section', { class: 'panel hs-draft', 'data-testid': 'hs-draft', hidden: true }),
    el('section', { class: 'panel hs-markers', 'data-testid': 'hs-markers', hidden: true }),
    el('section', { class: 'panel hs-special', 'data-testid': 'hs-special', hidden: true }),
    el('section', { class: 'panel hs-dice', 'data-testid': 'hs-dice', hidden: true }),
    el('section', { class: 'panel hs-card', 'data-testid': 'hs-card' }),
    el('section', { class: 'panel hs-cards', 'data-testid': 'hs-cards' })));

function legend() {
  const ul = root.querySelector('.hs-legend ul');
  const sw = (c, extra = '') => el('span', { class: `sw ${extra}`, style: `background:${c}` });
  fill(ul,
    el('li', {}, sw('linear-gradient(90deg,#4a6a2a,#b6d98a)'), t('hs.legend.level')),
    el('li', {}, sw('#3d8bd6'), t('hs.legend.water')),
    el('li', {}, sw('#e0572b'), t('hs.legend.lava')),
    el('li', {}, sw('#2f6b2a'), t('hs.legend.tree')),
    el('li', {}, sw('#7d7468'), t('hs.legend.ruin')),
    el('li', {}, sw('#6d6d6d'), t('hs.legend.edge')),
    el('li', {}, sw('transparent', 'outline'), t('hs.legend.zone')),
    el('li', {}, sw('#f2c744', 'round'), t('hs.legend.glyph')),
    el('li', {}, sw('transparent', 'dashed'), t('hs.legend.under')));
}

export default {
  id: 'heroscape',
  strings: STRINGS,

  mount(s, container) {
    shell = s;
    root = container;
    Object.assign(S, { zoom: null, field: null, fieldFor: null, fieldGlyphs: '', terrain: null, sel: null, reach: null, hoverCell: null, hoverFig: null, refused: null, los: null, pick: null, plan: {}, sending: false, lastStep: -1, special: null, specialPicked: null });
    addStyle();
    container.append(LAYOUT());
    const side = container.querySelector('.side');
    side.insertBefore(s.slot('error'), side.querySelector('.hs-markers'));
    side.append(s.slot('log'));
    s.slot('dice').hidden = true;
    side.append(s.slot('dice'));
  },

  unmount() {
    shell = null;
    root = null;
  },

  update(snap, old) {
    if (!old || old.step !== snap.step) {
      S.refused = null;
      S.los = null;
      S.hoverCell = null;
      S.special = null;
      S.specialPicked = null;
      // Keep the selection while it still has something to do.
      const keep = S.sel !== null && mine().some((e) => e.figure === S.sel);
      if (!keep) { S.sel = null; S.reach = null; } else if (old && old.step !== snap.step) select(S.sel);
    }
    loadField();
  },

  acted() {
    S.refused = null;
  },

  seatChanged() {
    S.sel = null;
    S.plan = {};
    S.pick = null;
  },

  render() {
    if (!shell || !root) return;
    shell.slot('dice').hidden = true;
    // One figure to act with: selected for the player.
    const d = decisionType();
    if (S.sel === null && (d === 'move' || d === 'power_moves' || d === 'attack')) {
      const ids = [...new Set([...(d === 'move' || d === 'power_moves' ? moveEntries() : ofType(d)), ...(d === 'attack' ? ofType('special_attack') : [])].map((e) => e.figure))];
      if (ids.length === 1) select(ids[0]);
    }
    legend();
    renderBar();
    renderSide();
    draw();
  },

  turnText(snap, decision) {
    return decision && decision.type === 'place_markers' ? t('hs.place_markers') : t('hs.your_turn');
  },

  scores(snap, over) {
    const v = snap.view || {};
    return {
      label: t('hs.score'),
      rows: (v.players || []).map((p) => ({ seat: num(p.seat), name: shell ? shell.seatName(num(p.seat)) : p.name, score: p.points })),
    };
  },

  /** Why the game ended: the rule, the points of surviving cards, who won. */
  overNote(snap, over) {
    const v = snap.view || {};
    const o = v.outcome || over || {};
    const name = (s) => (shell ? shell.seatName(num(s)) : String(s));
    const parts = [];
    if (o.resigned !== undefined && o.resigned !== null) return `${name(o.resigned)} — ${o.reason || ''}`;
    if (/round limit|temps de jeu/i.test(o.reason || '')) parts.push(t('hs.over.limit', { n: v.rounds }));
    else if (/destroyed|détruites/i.test(o.reason || '')) parts.push(t('hs.over.standing'));
    else if (o.reason) parts.push(o.reason);
    parts.push(t('hs.over.points', { list: (v.players || []).map((p) => `${name(p.seat)} ${p.points}`).join(', ') }));
    const w = (o.winners || []).map(num);
    if (w.length > 1) parts.push(t('hs.over.shared', { names: w.map(name).join(', ') }));
    else parts.push(w.length ? t('hs.over.winner', { name: name(w[0]) }) : t('hs.over.draw'));
    return parts.join(' ');
  },

  state() {
    return { sel: S.sel, plan: { ...S.plan }, pick: S.pick, field: !!S.field };
  },

  seatInfo(snap, seat) {
    const p = snap && snap.view && (snap.view.players || []).find((x) => num(x.seat) === seat);
    return p ? { name: p.name, note: `${p.points} pts` } : null;
  },

  newGameForm(box, content, s) {
    const form = generic.newGameForm(box, content, s);
    modeSwitch(box);
    return form;
  },

  /**
   * The replay's board: the battlefield with its levels as the game draws it (asked once with the
   * judge `field`: the land never changes), with each step's figures and glyphs; the generic hex
   * board if the field cannot be had.
   */
  replayView(container, first) {
    addStyle();
    let names = new Map();
    let field = null;
    let last = null;
    // The field is asked again only when the step's laid tiles differ (a power lays smoke or
    // shadow during the game), and of that step's position, so that an earlier step never shows
    // a tile laid later; only the newest answer is drawn.
    let askedFor = null;
    let asks = 0;
    const drawStep = (snap) => {
      if (!snap || !snap.board) return;
      names = new Map((snap.board.pieces || []).map((p) => [p.id, p.name || p.label]));
      if (!field) { drawGeneric(container, snap.board, {}); return; }
      const v = snap.view || {};
      const zone = (z) => { const p = (v.players || []).find((x) => x.zone === z); return p ? seatColour(num(p.seat)) : null; };
      const { width, height } = size(field);
      const svg = node('svg', { class: 'hs-board', viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, 'data-testid': 'hs-replay-board', role: 'img', 'aria-label': field.name });
      svg.append(terrainLayer(field, zone, t), glyphLayer({ glyphs: glyphsOfView(field, v.glyphs) }, t));
      const figs = node('g', { class: 'figures' });
      const active = v.turn ? v.turn.unit : null;
      for (const p of snap.board.pieces || []) {
        if (!p.at) continue;
        const f = (v.figures || []).find((x) => x.id === p.id) || {};
        const u = (v.units || []).find((x) => x.id === f.unit) || {};
        figs.append(figureToken(p, f, u, seatColour(num(p.seat) ?? 0), { active: active !== null && f.unit === active }));
      }
      svg.append(figs);
      fill(container, el('div', { class: 'hs' }, el('div', { class: 'hs-board-box' }, svg)));
    };
    const ask = (snap) => {
      if (!snap || !snap.game) return;
      const tiles = JSON.stringify((snap.view && snap.view.tiles) || []);
      if (askedFor === tiles) return;
      askedFor = tiles;
      const n = ++asks;
      const params = typeof snap.at === 'number' ? { lang: lang(), at: snap.at } : { lang: lang() };
      api.judge(snap.game, null, 'field', params)
        .then((f) => { if (n === asks) { field = f; drawStep(last); } })
        .catch(() => { /* the board drawn last stays */ });
    };
    ask(first);
    return {
      update(snap) {
        last = snap;
        ask(snap);
        drawStep(snap);
      },
      /** The step's last attack with skull and shield faces, as the game shows it. */
      dice(panel, log) {
        const box = el('div', { class: 'hs-dice' });
        diceView(box, log, { figureName: (id) => names.get(id) || `#${id}` });
        // The panel has its own heading ("Last roll").
        box.querySelector('h3')?.remove();
        if (box.hidden) fill(panel, el('p', { class: 'muted' }, t('game.dice.none')));
        else fill(panel, box);
      },
    };
  },
};
