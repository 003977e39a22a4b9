// The battlefield as an SVG drawn the way the HeroClix rulebook draws maps (section TERRAIN):
// every terrain region is outlined by a coloured line printed just inside the grid (red
// elevated, green hindering, blue water, brown blocking, purple deployment zones, yellow indoor
// squares, orange special zones) over a light fill; walls are thick black lines on grid edges;
// then stairs, ladders, markers, highlights and the figures on top. The colours are those of the
// server-side renderer (crates/board/src/square/render.rs).
//
// A map cell arrives as a compact array:
//   [terrain_bits, level, indoor, zone, special, stair, ladder, markers, walls]
// terrain bits 1 hindering, 2 water, 4 blocking; markers 1 debris, 2 barrier, 4 smoke, 8 object;
// walls 1 N, 2 E, 4 S, 8 W.

import { t } from '../../i18n.js';

export const CELL = 48;
const LEFT = 26;
const TOP = 24;
const RIGHT = 8;
const BOTTOM = 8;

export const COLOURS = {
  red: '#d32f2f',
  green: '#2e7d32',
  blue: '#1565c0',
  brown: '#795548',
  purple: '#7b1fa2',
  yellow: '#f9a825',
  orange: '#ef6c00',
  wall: '#000000',
  highlight: '#ffb300',
  line: '#c2185b',
};

/** Team colours by seat: solid discs that cannot be mistaken for the thin terrain lines. */
export { SEAT_COLOURS } from '../../seats.js';
import { SEAT_COLOURS } from '../../seats.js';

const T_HINDERING = 1;
const T_WATER = 2;
const T_BLOCKING = 4;
const M_DEBRIS = 1;
const M_BARRIER = 2;
const M_SMOKE = 4;
const M_OBJECT = 8;
const W_N = 1;
const W_E = 2;
const W_S = 4;
const W_W = 8;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** One map cell, decoded. */
export function cellAt(map, x, y) {
  if (!map || x < 0 || y < 0 || x >= map.width || y >= map.height) return null;
  const c = map.cells[y * map.width + x];
  if (!c) return null;
  return {
    terrain: c[0] | 0,
    level: c[1] | 0,
    indoor: !!c[2],
    zone: c[3] | 0,
    special: c[4] ?? null,
    stair: c[5] ?? null,
    ladder: c[6] ?? null,
    markers: c[7] | 0,
    walls: c[8] | 0,
  };
}

function esc(s) {
  return String(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const px = (x) => LEFT + x * CELL;
const py = (y) => TOP + y * CELL;
const cx = (x) => LEFT + (x + 0.5) * CELL;
const cy = (y) => TOP + (y + 0.5) * CELL;

const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/**
 * Path data for the outline of every region of `key`, `inset` inside the grid, the line
 * turning inward at outer corners and outward at inner ones so each region gets one continuous
 * outline (the same construction as the server's renderer).
 */
export function boundaryPath(map, key, inset) {
  let d = '';
  const keys = new Array(map.width * map.height);
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) keys[y * map.width + x] = key(cellAt(map, x, y));
  }
  const same = (x, y, k) =>
    x >= 0 && y >= 0 && x < map.width && y < map.height && keys[y * map.width + x] === k;
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const k = keys[y * map.width + x];
      if (k === null || k === undefined) continue;
      const x0 = px(x);
      const y0 = py(y);
      const x1 = x0 + CELL;
      const y1 = y0 + CELL;
      for (const side of ['N', 'E', 'S', 'W']) {
        const [sx, sy] = STEP[side];
        if (same(x + sx, y + sy, k)) continue;
        const [a, b] = side === 'N' || side === 'S' ? ['W', 'E'] : ['N', 'S'];
        const end = (p) => {
          const [qx, qy] = STEP[p];
          let shift = 0;
          if (!same(x + qx, y + qy, k)) shift = inset;
          else if (same(x + qx + sx, y + qy + sy, k)) shift = -inset;
          switch (p) {
            case 'W': return x0 + shift;
            case 'E': return x1 - shift;
            case 'N': return y0 + shift;
            default: return y1 - shift;
          }
        };
        const ea = end(a);
        const eb = end(b);
        switch (side) {
          case 'N': d += `M${ea} ${y0 + inset}H${eb}`; break;
          case 'S': d += `M${ea} ${y1 - inset}H${eb}`; break;
          case 'W': d += `M${x0 + inset} ${ea}V${eb}`; break;
          default: d += `M${x1 - inset} ${ea}V${eb}`; break;
        }
      }
    }
  }
  return d;
}

/** Which terrain features the map shows, for the legend. */
export function mapFeatures(map) {
  const f = {
    elevated: false, hindering: false, water: false, blocking: false, wall: false, zone: false,
    indoor: map.kind === 'mixed' && false, special: false, stairs: (map.staircases || []).length > 0,
    ladder: (map.ladders || []).length > 0, debris: false, barrier: false, smoke: false, object: false,
  };
  for (let y = 0; y < map.height; y++) {
    for (let x = 0; x < map.width; x++) {
      const c = cellAt(map, x, y);
      if (c.level > 0) f.elevated = true;
      if (c.terrain & T_HINDERING) f.hindering = true;
      if (c.terrain & T_WATER) f.water = true;
      if (c.terrain & T_BLOCKING) f.blocking = true;
      if (c.walls) f.wall = true;
      if (c.zone) f.zone = true;
      if (map.kind === 'mixed' && c.indoor) f.indoor = true;
      if (c.special !== null) f.special = true;
      if (c.markers & M_DEBRIS) f.debris = true;
      if (c.markers & M_BARRIER) f.barrier = true;
      if (c.markers & M_SMOKE) f.smoke = true;
      if (c.markers & M_OBJECT) f.object = true;
    }
  }
  return f;
}

/** Small SVG swatches for the legend, by feature. */
export function swatch(feature) {
  const box = (inner) =>
    `<svg class="swatch" viewBox="0 0 24 14" width="24" height="14" aria-hidden="true">${inner}</svg>`;
  const line = (c, fill, op) =>
    box(`<rect x="1" y="1" width="22" height="12" fill="${fill || c}" fill-opacity="${op ?? 0.15}"/><rect x="2.5" y="2.5" width="19" height="9" fill="none" stroke="${c}" stroke-width="2"/>`);
  switch (feature) {
    case 'elevated': return line(COLOURS.red);
    case 'hindering': return line(COLOURS.green);
    case 'water': return line(COLOURS.blue);
    case 'blocking': return line(COLOURS.brown, COLOURS.brown, 0.4);
    case 'zone': return line(COLOURS.purple);
    case 'indoor': return line(COLOURS.yellow);
    case 'special': return line(COLOURS.orange);
    case 'wall': return box(`<line x1="1" y1="7" x2="23" y2="7" stroke="#000" stroke-width="5" stroke-linecap="round"/>`);
    case 'stairs': return box(`<g stroke="#333" stroke-width="1.5"><line x1="6" y1="2" x2="6" y2="12"/><line x1="12" y1="2" x2="12" y2="12"/><line x1="18" y1="2" x2="18" y2="12"/></g><path d="M3 7H18" stroke="#000" stroke-width="1.5"/><path d="M22 7L17 4V10z"/>`);
    case 'ladder': return box(`<g stroke="#5d4037" stroke-width="1.5"><line x1="1" y1="3" x2="23" y2="3"/><line x1="1" y1="11" x2="23" y2="11"/><line x1="6" y1="3" x2="6" y2="11"/><line x1="12" y1="3" x2="12" y2="11"/><line x1="18" y1="3" x2="18" y2="11"/></g>`);
    case 'debris': return box(markerSvg(12, 7, '#a1887f', 'D', 6));
    case 'barrier': return box(`<rect x="3" y="1" width="18" height="12" fill="#4e342e" fill-opacity="0.85"/>${markerSvg(12, 7, '#4e342e', 'B', 5)}`);
    case 'smoke': return box(`<circle cx="8" cy="8" r="5" fill="#9e9e9e" fill-opacity="0.6"/><circle cx="15" cy="6" r="5" fill="#9e9e9e" fill-opacity="0.6"/>${markerSvg(12, 7, '#757575', 'S', 4.5)}`);
    case 'object': return box(markerSvg(12, 7, '#fbc02d', 'O', 6));
    default: return box('');
  }
}

/** Objects (rulebook *Objets*) by kind: light yellow, heavy red, immobile blue. */
export const OBJECT_COLOURS = { light: '#f9a825', heavy: '#d32f2f', immobile: '#1565c0' };

/** An object's ring marker centred on `x`, `y` (a ★ inside for a special object). */
export function objectMarkerSvg(x, y, kind, special, r = 7) {
  const colour = OBJECT_COLOURS[kind] || '#777';
  const ring = `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="0.9" stroke="${colour}" stroke-width="${Math.max(2, r * 0.42)}"/>`;
  const star = special ? `<text x="${x}" y="${y + r * 0.5}" text-anchor="middle" font-size="${r * 1.45}" font-weight="bold" fill="${colour}">★</text>` : '';
  return ring + star;
}

/** A swatch for the legend and the tactics panel: an object of `kind` (special: with a ★). */
export function objectSwatch(kind, special = false) {
  return `<svg class="swatch object-swatch" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">${objectMarkerSvg(8, 8, kind, special, 5.5)}</svg>`;
}

function markerSvg(x, y, fill, letter, r = 9) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#fff" stroke-width="1.5"/><text x="${x}" y="${y + r * 0.42}" fill="#fff" font-size="${r * 1.2}" font-weight="bold" text-anchor="middle">${letter}</text>`;
}

/** What a marker covers of its square, under its lettered token. */
function markerArea(kind, x, y) {
  const x0 = px(x);
  const y0 = py(y);
  if (kind === 'barrier') {
    let hatch = '';
    for (let k = 8; k < CELL * 2; k += 10) hatch += `M${x0 + Math.max(0, k - CELL)} ${y0 + Math.min(k, CELL)}L${x0 + Math.min(k, CELL)} ${y0 + Math.max(0, k - CELL)}`;
    return `<rect x="${x0 + 2}" y="${y0 + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="3" fill="#4e342e" fill-opacity="0.82" stroke="#2b1d18" stroke-width="2"/><path d="${hatch}" stroke="#a1887f" stroke-width="1.4" opacity="0.7"/>`;
  }
  if (kind === 'smoke') {
    const puffs = [[0.3, 0.35, 0.22], [0.62, 0.3, 0.24], [0.45, 0.6, 0.26], [0.72, 0.66, 0.2], [0.24, 0.7, 0.18]];
    return `<g class="smoke-cloud" fill="#9e9e9e" fill-opacity="0.5">${puffs.map(([a, b, r]) => `<circle cx="${x0 + a * CELL}" cy="${y0 + b * CELL}" r="${r * CELL}"/>`).join('')}</g>`;
  }
  if (kind === 'debris') {
    const bits = [[0.25, 0.3], [0.6, 0.22], [0.78, 0.5], [0.4, 0.55], [0.66, 0.78]];
    return bits.map(([a, b]) => `<rect x="${x0 + a * CELL - 3}" y="${y0 + b * CELL - 3}" width="6" height="5" fill="#a1887f" transform="rotate(${Math.round(a * 90)} ${x0 + a * CELL} ${y0 + b * CELL})"/>`).join('');
  }
  return '';
}

function rectFill(x, y, colour, opacity) {
  return `<rect x="${px(x)}" y="${py(y)}" width="${CELL}" height="${CELL}" fill="${colour}" fill-opacity="${opacity}"/>`;
}

/** The static part of the board: terrain, walls, stairs, ladders, labels, markers, rulers.
 * `opts.objectsDrawn`: the view lists its objects (drawn by `objectsSvg`), so the map's generic
 * object markers are left out. */
export function mapSvg(map, opts = {}) {
  const out = [];
  const W = map.width;
  const H = map.height;
  out.push(`<rect x="${LEFT}" y="${TOP}" width="${W * CELL}" height="${H * CELL}" fill="#fbfaf5"/>`);
  // Light fills under the lines.
  out.push('<g class="fills">');
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = cellAt(map, x, y);
      if (c.level > 0) out.push(rectFill(x, y, COLOURS.red, Math.min(0.1 * c.level, 0.4)));
      if (map.kind === 'mixed' && c.indoor) out.push(rectFill(x, y, COLOURS.yellow, 0.14));
      if (c.zone) out.push(rectFill(x, y, COLOURS.purple, 0.08));
      if (c.special !== null) out.push(rectFill(x, y, COLOURS.orange, 0.1));
      if (c.terrain & T_WATER) out.push(rectFill(x, y, COLOURS.blue, 0.2));
      if (c.terrain & T_HINDERING) out.push(rectFill(x, y, COLOURS.green, 0.18));
      if (c.terrain & T_BLOCKING) out.push(rectFill(x, y, COLOURS.brown, 0.45));
      if (c.stair !== null) out.push(rectFill(x, y, '#9e9e9e', 0.3));
    }
  }
  out.push('</g>');
  // Grid.
  let g = '';
  for (let x = 0; x <= W; x++) g += `M${px(x)} ${TOP}V${TOP + H * CELL}`;
  for (let y = 0; y <= H; y++) g += `M${LEFT} ${py(y)}H${LEFT + W * CELL}`;
  out.push(`<path class="grid" d="${g}" fill="none" stroke="#c8c8c8" stroke-width="1"/>`);
  // Coloured boundary lines just inside the grid.
  out.push('<g class="boundaries" fill="none" stroke-width="2.5" stroke-linecap="square">');
  const outline = (cls, colour, d) => {
    if (d) out.push(`<path class="${cls}" d="${d}" stroke="${colour}"/>`);
  };
  outline('b-elevated', COLOURS.red, boundaryPath(map, (c) => (c.level > 0 ? c.level : null), 2.5));
  outline('b-hindering', COLOURS.green, boundaryPath(map, (c) => (c.terrain & T_HINDERING ? 1 : null), 6));
  outline('b-blocking', COLOURS.brown, boundaryPath(map, (c) => (c.terrain & T_BLOCKING ? 1 : null), 6));
  outline('b-water', COLOURS.blue, boundaryPath(map, (c) => (c.terrain & T_WATER ? 1 : null), 9.5));
  outline('b-zone', COLOURS.purple, boundaryPath(map, (c) => (c.zone ? c.zone : null), 13));
  if (map.kind === 'mixed') {
    outline('b-indoor', COLOURS.yellow, boundaryPath(map, (c) => (c.indoor ? 1 : null), 16.5));
  }
  outline('b-special', COLOURS.orange, boundaryPath(map, (c) => c.special, 19.5));
  out.push('</g>');
  // Walls: thick black lines on the grid edges.
  let w = '';
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = cellAt(map, x, y);
      if (!c.walls) continue;
      if (c.walls & W_N) w += `M${px(x)} ${py(y)}H${px(x + 1)}`;
      if (c.walls & W_S) w += `M${px(x)} ${py(y + 1)}H${px(x + 1)}`;
      if (c.walls & W_W) w += `M${px(x)} ${py(y)}V${py(y + 1)}`;
      if (c.walls & W_E) w += `M${px(x + 1)} ${py(y)}V${py(y + 1)}`;
    }
  }
  if (w) out.push(`<path class="walls" d="${w}" fill="none" stroke="${COLOURS.wall}" stroke-width="6" stroke-linecap="round"/>`);
  // Stairs: treads across the climb, a line up the steps with an arrow to the elevated top step.
  out.push('<g class="stairs" fill="none" stroke="#333" stroke-width="1.6">');
  for (const st of map.staircases || []) {
    const steps = st.steps || [];
    steps.forEach((sq, i) => {
      let from;
      let to;
      if (i + 1 < steps.length) { from = sq; to = steps[i + 1]; } else if (i > 0) { from = steps[i - 1]; to = sq; } else return;
      const dx = to.x - from.x;
      const dy = to.y - from.y;
      const len = Math.max(Math.hypot(dx, dy), 1);
      const ux = dx / len;
      const uy = dy / len;
      const [nx, ny] = [-uy, ux];
      for (const tt of [-0.3, 0, 0.3]) {
        const mx = cx(sq.x) + ux * tt * CELL;
        const my = cy(sq.y) + uy * tt * CELL;
        const half = 0.42 * CELL;
        out.push(`<line x1="${mx - nx * half}" y1="${my - ny * half}" x2="${mx + nx * half}" y2="${my + ny * half}"/>`);
      }
    });
    if (steps.length >= 2) {
      out.push(`<polyline points="${steps.map((s) => `${cx(s.x)},${cy(s.y)}`).join(' ')}" stroke="#000" stroke-width="2"/>`);
      const a = steps[steps.length - 2];
      const b = steps[steps.length - 1];
      const dx = cx(b.x) - cx(a.x);
      const dy = cy(b.y) - cy(a.y);
      const len = Math.max(Math.hypot(dx, dy), 1);
      const ux = dx / len;
      const uy = dy / len;
      const bx = cx(b.x) - ux * 12;
      const by = cy(b.y) - uy * 12;
      out.push(`<path d="M${cx(b.x) + ux * 4} ${cy(b.y) + uy * 4}L${bx - uy * 7} ${by + ux * 7}L${bx + uy * 7} ${by - ux * 7}z" fill="#000" stroke="none"/>`);
    }
  }
  out.push('</g>');
  out.push('<g class="ladders" fill="none" stroke="#5d4037" stroke-width="2.4">');
  for (const l of map.ladders || []) {
    const [bx, by, tx, ty] = [cx(l.bottom.x), cy(l.bottom.y), cx(l.top.x), cy(l.top.y)];
    const len = Math.max(Math.hypot(tx - bx, ty - by), 1);
    const ux = (tx - bx) / len;
    const uy = (ty - by) / len;
    const nx = -uy * 8;
    const ny = ux * 8;
    const sx = bx - ux * 12;
    const sy = by - uy * 12;
    const ex = tx + ux * 12;
    const ey = ty + uy * 12;
    for (const side of [-1, 1]) {
      out.push(`<line x1="${sx + nx * side}" y1="${sy + ny * side}" x2="${ex + nx * side}" y2="${ey + ny * side}"/>`);
    }
    const full = len + 24;
    for (let i = 1; i < Math.floor(full / 9); i++) {
      const rx = sx + ux * i * 9;
      const ry = sy + uy * i * 9;
      out.push(`<line x1="${rx - nx}" y1="${ry - ny}" x2="${rx + nx}" y2="${ry + ny}" stroke-width="1.6"/>`);
    }
  }
  out.push('</g>');
  // Zone numbers and special zone keys, once per region, in the first square met.
  out.push('<g class="labels" font-weight="bold" font-size="14" text-anchor="middle">');
  const seenZone = new Set();
  const seenSpecial = new Set();
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = cellAt(map, x, y);
      if (c.zone && !seenZone.has(c.zone)) {
        seenZone.add(c.zone);
        out.push(`<text x="${cx(x)}" y="${cy(y) + 5}" fill="${COLOURS.purple}">${c.zone}</text>`);
      }
      if (c.special !== null && !seenSpecial.has(c.special)) {
        seenSpecial.add(c.special);
        const z = (map.special_zones || [])[c.special] || {};
        out.push(`<text x="${cx(x)}" y="${cy(y) + 5}" fill="${COLOURS.orange}"><title>${esc(`${z.name || ''}: ${z.rules || ''}`)}</title>${String.fromCharCode(65 + (c.special % 26))}</text>`);
      }
    }
  }
  out.push('</g>');
  // Markers placed during play: a barrier fills its square like a block of blocking terrain,
  // smoke clouds it over, debris lies scattered; each also has a lettered token in the corner.
  out.push('<g class="markers">');
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = cellAt(map, x, y);
      if (!c.markers) continue;
      const list = [];
      if (c.markers & M_DEBRIS) list.push(['debris', '#a1887f', 'D', t('terrain.debris')]);
      if (c.markers & M_BARRIER) list.push(['barrier', '#4e342e', 'B', t('terrain.barrier')]);
      if (c.markers & M_SMOKE) list.push(['smoke', '#757575', 'S', t('terrain.smoke')]);
      if (c.markers & M_OBJECT && !opts.objectsDrawn) list.push(['object', '#fbc02d', 'O', t('terrain.object')]);
      list.forEach(([kind, fill, letter, name], i) => {
        out.push(`<g class="marker marker-${kind}" data-marker="${kind}" data-x="${x}" data-y="${y}"><title>${esc(name)} (${x},${y})</title>${markerArea(kind, x, y)}${markerSvg(px(x) + 11 + i * 13, py(y) + CELL - 11, fill, letter, 8)}</g>`);
      });
    }
  }
  out.push('</g>');
  // Rulers.
  out.push('<g class="rulers" fill="#555" font-size="12" text-anchor="middle">');
  for (let x = 0; x < W; x++) out.push(`<text x="${cx(x)}" y="${TOP - 8}">${x}</text>`);
  for (let y = 0; y < H; y++) out.push(`<text x="${LEFT / 2}" y="${cy(y) + 4}">${y}</text>`);
  out.push('</g>');
  return out.join('\n');
}

function initials(label) {
  const words = String(label).replace(/[^\p{L}\p{N} ]/gu, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const last = words[words.length - 1];
  // "Street Tough 2" → "ST2": a trailing number tells copies apart.
  if (/^\d+$/.test(last) && words.length > 1) {
    return (words[0][0] + (words.length > 2 ? words[1][0] : '') + last).toUpperCase();
  }
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  const skip = new Set(['the', 'le', 'la', 'les', 'of', 'de', 'du']);
  const w = words.filter((x) => !skip.has(x.toLowerCase()));
  return ((w[0] || words[0])[0] + (w[w.length - 1] || words[1])[0]).toUpperCase();
}

/** A figure's accessible description. */
export function figureDescription(f, seatName) {
  const [s, a, d, g] = f.values || [0, 0, 0, 0];
  const parts = [f.label];
  if (seatName) parts.push(`(${seatName})`);
  if (f.square) parts.push(t('terrain.square', f.square));
  parts.push(t('game.values', { s, a, d, g }));
  parts.push(t('game.range', { r: f.range }));
  if (f.tokens) parts.push(t('game.tokens', { n: f.tokens }));
  if (f.acted) parts.push(t('game.acted'));
  return parts.join(', ');
}

function figureSvg(f, o) {
  const { x, y } = f.square;
  // A multi-base figure covers width×depth squares from its top-left square.
  const [bw, bd] = f.base || [1, 1];
  const X = cx(x) + ((bw - 1) * CELL) / 2;
  const Y = cy(y) + ((bd - 1) * CELL) / 2;
  const colour = SEAT_COLOURS[f.owner % SEAT_COLOURS.length];
  const [s, a, d, g] = f.values || [0, 0, 0, 0];
  const cls = ['figure'];
  if (o.selected === f.id) cls.push('selected');
  if (f.acted) cls.push('acted');
  if (o.mine && o.mine(f)) cls.push('mine');
  if (o.targets && o.targets.has(f.id)) cls.push('target');
  if (o.chosen && o.chosen.has(f.id)) cls.push('chosen');
  const parts = [];
  parts.push(`<g class="${cls.join(' ')}" data-fig="${f.id}" data-x="${x}" data-y="${y}" tabindex="0" role="button" aria-label="${esc(figureDescription(f, o.seatName && o.seatName(f.owner)))}">`);
  parts.push(`<title>${esc(figureDescription(f, o.seatName && o.seatName(f.owner)))}</title>`);
  if (o.targets && o.targets.has(f.id)) {
    const chosen = o.chosen && o.chosen.has(f.id);
    parts.push(`<circle class="target-ring" cx="${X}" cy="${Y}" r="${CELL * 0.5}" fill="none" stroke="${COLOURS.line}" stroke-width="${chosen ? 4 : 2.5}" ${chosen ? '' : 'stroke-dasharray="5 3"'}/>`);
  }
  if (o.selected === f.id) {
    parts.push(`<circle class="select-ring" cx="${X}" cy="${Y}" r="${CELL * 0.49}" fill="none" stroke="${COLOURS.highlight}" stroke-width="4"/>`);
  }
  if (bw > 1 || bd > 1) {
    parts.push(`<rect class="multi-base" x="${px(x) + 3}" y="${py(y) + 3}" width="${bw * CELL - 6}" height="${bd * CELL - 6}" rx="${CELL * 0.3}" fill="${colour}" fill-opacity="0.35" stroke="${colour}" stroke-width="3"/>`);
  }
  // The round base in the team's colour.
  parts.push(`<circle class="base" cx="${X}" cy="${Y}" r="${CELL * 0.45}" fill="${colour}" stroke="#fff" stroke-width="2"/>`);
  parts.push(`<text class="initials" x="${X}" y="${Y - 9}" text-anchor="middle" font-size="10.5" font-weight="bold" fill="#fff">${esc(initials(f.label))}</text>`);
  // The dial window, read like a page: speed attack / defence damage.
  parts.push(`<rect x="${X - 18}" y="${Y - 5}" width="36" height="26" rx="4" fill="#fff" fill-opacity="0.97" stroke="#0004" stroke-width="0.6"/>`);
  parts.push(`<path d="M${X} ${Y - 3}V${Y + 19}M${X - 16} ${Y + 8}H${X + 16}" stroke="#bbb" stroke-width="0.8"/>`);
  const num = (v, dx, dy, cls) => `<text class="${cls}" x="${X + dx}" y="${Y + dy}" text-anchor="middle" font-size="12" font-weight="bold" fill="#111">${v}</text>`;
  parts.push(`<g class="dial">${num(s, -9, 6.5, 'v-speed')}${num(a, 9, 6.5, 'v-attack')}${num(d, -9, 19, 'v-defense')}${num(g, 9, 19, 'v-damage')}</g>`);
  // Range (with bolts when more than one), top right.
  const rangeText = f.targets > 1 ? `${f.range}${'ϟ'.repeat(Math.min(f.targets, 3))}` : `${f.range}`;
  const rw = rangeText.length > 2 ? 8 + rangeText.length * 4 : 15;
  parts.push(`<rect x="${X + CELL * 0.5 - rw - 1}" y="${Y - CELL * 0.5 + 1}" width="${rw}" height="13" rx="6.5" fill="#fff" stroke="#333" stroke-width="1"/>`);
  parts.push(`<text class="range" x="${X + CELL * 0.5 - rw / 2 - 1}" y="${Y - CELL * 0.5 + 11}" text-anchor="middle" font-size="10" font-weight="bold" fill="#222">${rangeText}</text>`);
  // Action tokens, top left.
  for (let i = 0; i < (f.tokens | 0); i++) {
    parts.push(`<circle class="token" cx="${X - CELL * 0.5 + 7 + i * 9}" cy="${Y - CELL * 0.5 + 7}" r="5.5" fill="#111" stroke="#ffeb3b" stroke-width="1.6"/>`);
  }
  parts.push('</g>');
  return parts.join('');
}

/**
 * The objects on the map, coloured by kind, ★ for a special object, names and special texts as
 * tooltips. `top` false: those lying on a free square, a ring in the middle of it (under the
 * shaded squares, which keep their clicks); `top` true: those under a figure or held by one, a
 * small ring in the bottom right corner of the figure's square, over the figure.
 */
function objectsSvg(o, top) {
  const held = (ob) => ob.held_by !== null && ob.held_by !== undefined;
  const figs = (o.figures || []).filter((f) => !f.ko && f.square);
  const holder = (ob) => figs.find((f) => f.id === ob.held_by);
  const occupied = (sq) => figs.some((f) => {
    const [bw, bd] = f.base || [1, 1];
    return sq.x >= f.square.x && sq.x < f.square.x + bw && sq.y >= f.square.y && sq.y < f.square.y + bd;
  });
  const list = (o.objects || []).map((ob, i) => {
    if (held(ob)) {
      const f = holder(ob);
      return f ? { ...ob, i, square: f.square, held: true } : null;
    }
    return ob.square ? { ...ob, i, held: false } : null;
  }).filter(Boolean);
  if (!list.length) return '';
  const bySquare = new Map();
  for (const ob of list) {
    const k = `${ob.square.x},${ob.square.y}`;
    if (!bySquare.has(k)) bySquare.set(k, []);
    bySquare.get(k).push(ob);
  }
  const out = [];
  for (const obs of bySquare.values()) {
    const { x, y } = obs[0].square;
    const covered = obs.some((ob) => ob.held) || occupied(obs[0].square);
    if (covered !== top) continue;
    obs.forEach((ob, n) => {
      const kindName = t(`object.kind.${ob.kind}`);
      const tip = `${ob.name} (${kindName}${ob.special ? `, ${t('object.special')}` : ''})${ob.held ? `, ${t('object.held')}` : ''}${ob.special ? `: ${ob.special}` : ''}`;
      let marker;
      if (covered) {
        marker = objectMarkerSvg(px(x) + CELL - 9 - n * 15, py(y) + CELL - 9, ob.kind, !!ob.special);
      } else if (obs.length === 1) {
        marker = objectMarkerSvg(cx(x), cy(y), ob.kind, !!ob.special, CELL * 0.27);
      } else {
        // Several on one square: side by side, smaller.
        const r = CELL * 0.17;
        const step = Math.min(2.3 * r, (CELL - 2 * r - 4) / Math.max(obs.length - 1, 1));
        const x0 = cx(x) - (step * (obs.length - 1)) / 2;
        marker = objectMarkerSvg(x0 + n * step, cy(y), ob.kind, !!ob.special, r);
      }
      out.push(`<g class="object object-${esc(ob.kind)}${ob.special ? ' special' : ''}${ob.held ? ' held' : ''}${covered ? ' covered' : ''}" data-object="${ob.i}" data-kind="${esc(ob.kind)}" data-special="${ob.special ? 'yes' : 'no'}" data-x="${x}" data-y="${y}"><title>${esc(tip)}</title>${marker}</g>`);
    });
  }
  return out.length ? `<g class="objects">${out.join('')}</g>` : '';
}

function pickSvg(o) {
  const out = [];
  // Squares to pick (reachable squares, deployment squares...).
  if (o.squares && o.squares.length) {
    out.push('<g class="pick">');
    for (const s of o.squares) {
      out.push(`<rect class="pick-square" data-x="${s.x}" data-y="${s.y}" x="${px(s.x) + 1}" y="${py(s.y) + 1}" width="${CELL - 2}" height="${CELL - 2}" fill="${o.squareColour || COLOURS.highlight}" fill-opacity="0.3"/>`);
      if (s.label !== undefined) {
        out.push(`<text x="${px(s.x) + CELL - 4}" y="${py(s.y) + CELL - 5}" text-anchor="end" font-size="10" fill="#5d4300" pointer-events="none">${esc(s.label)}</text>`);
      }
    }
    out.push('</g>');
  }
  return out.join('\n');
}

function overlaySvg(map, o) {
  const out = [];
  // Walls that can be attacked.
  if (o.wallEdges && o.wallEdges.length) {
    let d = '';
    for (const { square, dir } of o.wallEdges) {
      const { x, y } = square;
      if (dir === 'n') d += `M${px(x)} ${py(y)}H${px(x + 1)}`;
      if (dir === 's') d += `M${px(x)} ${py(y + 1)}H${px(x + 1)}`;
      if (dir === 'w') d += `M${px(x)} ${py(y)}V${py(y + 1)}`;
      if (dir === 'e') d += `M${px(x + 1)} ${py(y)}V${py(y + 1)}`;
    }
    out.push(`<path class="wall-target" d="${d}" stroke="${COLOURS.highlight}" stroke-width="4" stroke-dasharray="6 4" fill="none"/>`);
  }
  // A line of fire: crossed squares tinted, the line from centre to centre.
  if (o.los && o.los.from && o.los.to) {
    const l = o.los;
    const verdict = String(l.verdict || '').toLowerCase();
    out.push(`<g class="los los-${esc(verdict)}">`);
    for (const s of l.squares || []) {
      out.push(`<rect x="${px(s.x) + 2}" y="${py(s.y) + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="${COLOURS.line}" fill-opacity="0.12"/>`);
    }
    const dash = verdict === 'hindered' ? 'stroke-dasharray="10 6"' : verdict === 'blocked' ? 'stroke-dasharray="3 5"' : '';
    const [x1, y1, x2, y2] = [cx(l.from.x), cy(l.from.y), cx(l.to.x), cy(l.to.y)];
    out.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.8"/>`);
    out.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${COLOURS.line}" stroke-width="3" stroke-linecap="round" ${dash}/>`);
    if (verdict === 'blocked') {
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      out.push(`<path d="M${mx - 8} ${my - 8}L${mx + 8} ${my + 8}M${mx - 8} ${my + 8}L${mx + 8} ${my - 8}" stroke="${COLOURS.line}" stroke-width="4"/>`);
    }
    out.push('</g>');
  }
  // The other side's action being shown (recap.js): its moves, attacks, hits and knock-outs.
  if (o.recap) {
    const r = o.recap;
    out.push('<g class="recap" data-testid="recap-drawing">');
    for (const p of r.paths || []) {
      if (p.squares.length < 2) continue;
      const pts = p.squares.map((q) => `${cx(q.x)},${cy(q.y)}`).join(' ');
      const colour = p.knockback ? '#6a1b9a' : '#1565c0';
      out.push(`<polyline class="recap-path" points="${pts}" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round" stroke-linecap="round" opacity="0.85"/>`);
      out.push(`<polyline class="recap-path" points="${pts}" fill="none" stroke="${colour}" stroke-width="4" stroke-dasharray="9 5" stroke-linejoin="round" stroke-linecap="round"/>`);
      const last = p.squares[p.squares.length - 1];
      out.push(`<circle cx="${cx(last.x)}" cy="${cy(last.y)}" r="7" fill="${colour}"/>`);
    }
    for (const a of r.arrows || []) {
      const [x1, y1, x2, y2] = [cx(a.from.x), cy(a.from.y), cx(a.to.x), cy(a.to.y)];
      const colour = a.hit ? '#c62828' : '#757575';
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      // The arrow's head stops at the target's edge, pointing at it.
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      const [hx, hy] = [x2 - ux * CELL * 0.42, y2 - uy * CELL * 0.42];
      const head = `M${hx} ${hy}L${hx - ux * 12 - uy * 7} ${hy - uy * 12 + ux * 7}L${hx - ux * 12 + uy * 7} ${hy - uy * 12 - ux * 7}Z`;
      out.push(`<line class="recap-attack" x1="${x1}" y1="${y1}" x2="${hx}" y2="${hy}" stroke="#fff" stroke-width="7" opacity="0.85"/>`);
      out.push(`<line class="recap-attack${a.hit ? ' hit' : ' miss'}" x1="${x1}" y1="${y1}" x2="${hx}" y2="${hy}" stroke="${colour}" stroke-width="3.5" ${a.hit ? '' : 'stroke-dasharray="6 5"'}/>`);
      out.push(`<path d="${head}" fill="${colour}"/>`);
    }
    for (const h of r.hits || []) {
      out.push(`<circle class="recap-hit" cx="${cx(h.x)}" cy="${cy(h.y)}" r="${CELL * 0.5}" fill="none" stroke="#c62828" stroke-width="4"/>`);
    }
    for (const k of r.kos || []) {
      const [x, y, d] = [cx(k.x), cy(k.y), CELL * 0.32];
      out.push(`<path class="recap-ko" d="M${x - d} ${y - d}L${x + d} ${y + d}M${x - d} ${y + d}L${x + d} ${y - d}" stroke="#c62828" stroke-width="5" stroke-linecap="round"/>`);
    }
    out.push('</g>');
  }
  // A movement path, knockback line or similar.
  if (o.path && o.path.length >= 2) {
    const pts = o.path.map((s) => `${cx(s.x)},${cy(s.y)}`).join(' ');
    out.push(`<polyline class="path" points="${pts}" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round" stroke-linecap="round" opacity="0.85"/>`);
    out.push(`<polyline class="path" points="${pts}" fill="none" stroke="${o.pathColour || '#e65100'}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>`);
    const last = o.path[o.path.length - 1];
    out.push(`<circle cx="${cx(last.x)}" cy="${cy(last.y)}" r="7" fill="${o.pathColour || '#e65100'}"/>`);
  }
  return out.join('\n');
}

/**
 * A refusal said next to the square it is about ("too far: 6 squares, it may move 4"): a
 * crossed square and the reason in a box beside it, kept on the board's side of the edges.
 */
function noteSvg(map, note, shown = 1) {
  const { x, y } = note.square;
  const W = (map && map.width) || 0;
  // The board may be drawn smaller than its own units (a phone): the note's text is scaled up
  // so that it reads at 12 px or so on the screen, in narrower lines.
  const k = Math.min(1.8, Math.max(1, 1 / (shown || 1)));
  const per = Math.round(34 / Math.min(k, 1.3));
  const words = String(note.text).split(/\s+/);
  const lines = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= per) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const width = (Math.min(per, Math.max(...lines.map((l) => l.length))) * 6.6 + 14) * k;
  const height = (lines.length * 15 + 10) * k;
  // Beside the square, right or left; when neither side has room, under (or over) it.
  const rows = (map && map.height) || 0;
  let left = px(x + 1) + 4;
  let top = Math.max(TOP, py(y) + CELL / 2 - height / 2);
  if (left + width > px(W)) {
    left = px(x) - width - 4;
    if (left < px(0)) {
      left = Math.max(px(0), Math.min(px(x) + CELL / 2 - width / 2, px(W) - width));
      top = py(y + 1) + height + 4 <= py(rows) ? py(y + 1) + 4 : Math.max(TOP, py(y) - height - 4);
    }
  }
  const cross = `M${px(x) + 8} ${py(y) + 8}L${px(x + 1) - 8} ${py(y + 1) - 8}M${px(x) + 8} ${py(y + 1) - 8}L${px(x + 1) - 8} ${py(y) + 8}`;
  // A refusal crosses its square out in red; a warning (a breakaway to roll) only rings it.
  const colour = note.info ? '#1565c0' : '#c62828';
  return `<g class="board-note${note.info ? ' info' : ''}" data-testid="board-note" pointer-events="none">`
    + `<rect x="${px(x) + 2}" y="${py(y) + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="${colour}" fill-opacity="0.15" stroke="${colour}" stroke-width="2"/>`
    + (note.info ? '' : `<path d="${cross}" stroke="${colour}" stroke-width="3"/>`)
    + `<rect x="${left}" y="${top}" width="${width}" height="${height}" rx="5" fill="#fffde7" stroke="${colour}" stroke-width="1.5" opacity="0.97"/>`
    + lines.map((l, i) => `<text x="${left + 7 * k}" y="${top + (18 + i * 15) * k}" font-size="${(12 * k).toFixed(1)}" fill="#222">${esc(l)}</text>`).join('')
    + '</g>';
}

function cursorSvg(o) {
  if (!o.cursor) return '';
  const { x, y } = o.cursor;
  return `<rect class="cursor" x="${px(x) + 2}" y="${py(y) + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="none" stroke="#000" stroke-width="2.5" stroke-dasharray="6 3"/>`;
}

/**
 * A board in `container`. `handlers.click({square, figure})`, `handlers.hover({square, figure})`
 * receive board coordinates; `update(state)` redraws.
 */
export function createBoard(container, handlers = {}) {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'application');
  svg.setAttribute('font-family', 'system-ui, sans-serif');
  const mapLayer = document.createElementNS(SVG_NS, 'g');
  mapLayer.setAttribute('class', 'map-layer');
  const pickLayer = document.createElementNS(SVG_NS, 'g');
  pickLayer.setAttribute('class', 'pick-layer');
  const overLayer = document.createElementNS(SVG_NS, 'g');
  overLayer.setAttribute('class', 'overlay-layer');
  // Lines and paths are drawings only: clicks go through them to the squares below.
  overLayer.setAttribute('pointer-events', 'none');
  const figLayer = document.createElementNS(SVG_NS, 'g');
  figLayer.setAttribute('class', 'figure-layer');
  // Objects on free squares under the shaded squares; those under or held by a figure over it.
  const objectLayer = document.createElementNS(SVG_NS, 'g');
  objectLayer.setAttribute('class', 'object-layer');
  const objectTopLayer = document.createElementNS(SVG_NS, 'g');
  objectTopLayer.setAttribute('class', 'object-layer object-top-layer');
  const cursorLayer = document.createElementNS(SVG_NS, 'g');
  cursorLayer.setAttribute('class', 'cursor-layer');
  cursorLayer.setAttribute('pointer-events', 'none');
  svg.append(mapLayer, objectLayer, pickLayer, overLayer, figLayer, objectTopLayer, cursorLayer);
  container.append(svg);

  let mapKey = null;
  let size = { w: 0, h: 0 };
  let zoom = null; // null: fit its box (see applyZoom); 'all': the whole board; or a scale
  let lastHover = '';
  let refocusing = false;
  const drawn = { picks: null, over: null, figs: null, objects: null, objectsTop: null, cursor: null };

  /** Pans the board's box, then the window, the least that shows the whole refusal note. */
  function revealNote() {
    const n = cursorLayer.querySelector('.board-note');
    if (!n) return;
    const pad = 6;
    const nudge = (lo, hi, min, max) => (lo < min + pad ? lo - min - pad : hi > max - pad ? Math.min(hi - max + pad, lo - min - pad) : 0);
    let r = n.getBoundingClientRect();
    const b = container.getBoundingClientRect();
    container.scrollLeft += nudge(r.left, r.right, b.left, b.right);
    container.scrollTop += nudge(r.top, r.bottom, b.top, b.bottom);
    r = n.getBoundingClientRect();
    const dy = nudge(r.top, r.bottom, 0, window.innerHeight);
    if (dy) window.scrollBy(0, dy);
  }
  let shownFigures = [];

  function squareAt(ev) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = pt.matrixTransform(m.inverse());
    const x = Math.floor((p.x - LEFT) / CELL);
    const y = Math.floor((p.y - TOP) / CELL);
    if (x < 0 || y < 0 || x >= size.cols || y >= size.rows) return null;
    return { x, y };
  }

  function target(ev) {
    const g = ev.target.closest && ev.target.closest('[data-fig]');
    if (!g) {
      // An object's marker sits on its square's corner, over any figure standing there: a click
      // on it is a click on that figure, or on the square.
      const ob = ev.target.closest && ev.target.closest('[data-object]');
      if (ob) {
        const square = { x: Number(ob.dataset.x), y: Number(ob.dataset.y) };
        const f = shownFigures.find((x) => x.square.x === square.x && x.square.y === square.y);
        return { square, figure: f ? f.id : null };
      }
    }
    const figure = g ? Number(g.dataset.fig) : null;
    const square = g ? { x: Number(g.dataset.x), y: Number(g.dataset.y) } : squareAt(ev);
    return { square, figure };
  }

  svg.addEventListener('click', (ev) => {
    const tgt = target(ev);
    if (tgt.square || tgt.figure !== null) handlers.click && handlers.click(tgt);
  });
  svg.addEventListener('pointermove', (ev) => {
    const tgt = target(ev);
    const key = `${tgt.figure}|${tgt.square ? `${tgt.square.x},${tgt.square.y}` : ''}`;
    if (key === lastHover) return;
    lastHover = key;
    handlers.hover && handlers.hover(tgt);
  });
  svg.addEventListener('pointerleave', () => {
    lastHover = '';
    handlers.hover && handlers.hover({ square: null, figure: null });
  });
  svg.addEventListener('keydown', (ev) => {
    const g = ev.target.closest && ev.target.closest('[data-fig]');
    if (g && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      handlers.click && handlers.click({ figure: Number(g.dataset.fig), square: { x: Number(g.dataset.x), y: Number(g.dataset.y) }, keyboard: true });
    }
  });
  svg.addEventListener('focusin', (ev) => {
    if (refocusing) return;
    const g = ev.target.closest && ev.target.closest('[data-fig]');
    if (g && handlers.focus) handlers.focus(Number(g.dataset.fig));
  });

  // The board's size: `zoom` null fits it to its box (the whole board in a laptop window; on a
  // narrow screen squares stay big enough to read and tap, and the board pans inside its box),
  // 'all' fits the whole board whatever the squares, a number is the player's own zoom.
  function boxHeight() {
    // The box's own limit (CSS max-height), and what the window shows below the box's top.
    const cs = getComputedStyle(container);
    const max = parseFloat(cs.maxHeight);
    const top = container.getBoundingClientRect().top + window.scrollY;
    const byWindow = window.innerHeight - Math.min(top, 200) - 12;
    return Math.max(Math.min(Number.isFinite(max) ? max : Infinity, byWindow) - 4, 160);
  }

  function fitWidth(all = false) {
    const fitW = Math.max(container.clientWidth - 4, 120);
    const scale = Math.min(fitW / size.w, boxHeight() / size.h);
    // Squares under 30 pixels are hard to read and to tap on a narrow screen: keep them at 34
    // and let the board pan (the Fit button still shows it whole).
    if (!all && fitW < 700 && scale * CELL < 30) return (34 / CELL) * size.w;
    return scale * size.w;
  }

  function applyZoom() {
    if (!size.w || !size.h) return;
    const width = zoom === null || zoom === 'all' ? fitWidth(zoom === 'all') : size.w * zoom;
    svg.setAttribute('width', String(Math.floor(width)));
    svg.setAttribute('height', String(Math.floor((width * size.h) / size.w)));
  }

  const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => { if (zoom === null || zoom === 'all') applyZoom(); }) : null;
  if (observer) observer.observe(container);

  return {
    svg,
    update(state) {
      const { map } = state;
      if (!map) return;
      const objectsDrawn = Array.isArray(state.objects);
      const key = JSON.stringify([map.name, map.width, map.height, map.cells, map.staircases, map.ladders, state.lang, objectsDrawn]);
      if (key !== mapKey) {
        mapKey = key;
        size = { w: LEFT + map.width * CELL + RIGHT, h: TOP + map.height * CELL + BOTTOM, cols: map.width, rows: map.height };
        svg.setAttribute('viewBox', `0 0 ${size.w} ${size.h}`);
        mapLayer.innerHTML = mapSvg(map, { objectsDrawn });
        drawn.picks = drawn.over = drawn.figs = drawn.objects = drawn.objectsTop = drawn.cursor = null;
        applyZoom();
      }
      // Layers are replaced only when their drawing changes: replacing the element under the
      // pointer between press and release would swallow the click.
      const picks = pickSvg(state);
      if (picks !== drawn.picks) {
        drawn.picks = picks;
        pickLayer.innerHTML = picks;
      }
      const over = overlaySvg(map, state);
      if (over !== drawn.over) {
        drawn.over = over;
        overLayer.innerHTML = over;
      }
      const figs = (state.figures || []).filter((f) => !f.ko && f.square);
      shownFigures = figs;
      const figMarkup = figs.map((f) => figureSvg(f, state)).join('');
      if (figMarkup !== drawn.figs) {
        drawn.figs = figMarkup;
        // Keep keyboard focus on the same figure across redraws.
        const active = document.activeElement;
        const focused = active && active.closest && figLayer.contains(active) ? active.dataset.fig : null;
        figLayer.innerHTML = figMarkup;
        if (focused !== null && focused !== undefined) {
          const again = figLayer.querySelector(`[data-fig="${focused}"]`);
          if (again) {
            refocusing = true;
            try {
              again.focus({ preventScroll: true });
            } finally {
              refocusing = false;
            }
          }
        }
      }
      const objs = objectsSvg(state, false);
      if (objs !== drawn.objects) {
        drawn.objects = objs;
        objectLayer.innerHTML = objs;
      }
      const objsTop = objectsSvg(state, true);
      if (objsTop !== drawn.objectsTop) {
        drawn.objectsTop = objsTop;
        objectTopLayer.innerHTML = objsTop;
      }
      // A refusal's note goes over the figures, with the cursor.
      const shown = size.w ? svg.getBoundingClientRect().width / size.w : 1;
      const note = state.note && state.note.square && state.note.text ? noteSvg(map, state.note, shown) : '';
      const cur = cursorSvg(state) + note;
      if (cur !== drawn.cursor) {
        drawn.cursor = cur;
        cursorLayer.innerHTML = cur;
      }
      // A new note is brought into sight: on a phone the board pans, and a note beside a square
      // near the box's edge would otherwise be cut off or below the window.
      if (note && note !== drawn.note) revealNote();
      drawn.note = note;
    },
    zoomBy(f) {
      const current = typeof zoom === 'number' ? zoom : fitWidth(zoom === 'all') / size.w;
      zoom = Math.min(Math.max(current * f, 0.2), 4);
      applyZoom();
    },
    /** Fits the whole board in its box. */
    fit() {
      zoom = 'all';
      applyZoom();
    },
    /** Scrolls the board's box (and the window, if the box is off screen) so that `squares`
     * are in view: their middle when they do not all fit. */
    reveal(squares) {
      if (!squares || !squares.length || !size.w) return;
      const r = svg.getBoundingClientRect();
      const scale = r.width / size.w;
      const xs = squares.map((q) => q.x);
      const ys = squares.map((q) => q.y);
      const x0 = (LEFT + Math.min(...xs) * CELL) * scale;
      const x1 = (LEFT + (Math.max(...xs) + 1) * CELL) * scale;
      const y0 = (TOP + Math.min(...ys) * CELL) * scale;
      const y1 = (TOP + (Math.max(...ys) + 1) * CELL) * scale;
      const fitIn = (a, b, view) => (b - a <= view ? a - (view - (b - a)) / 2 : (a + b) / 2 - view / 2);
      container.scrollLeft = Math.max(0, fitIn(x0, x1, container.clientWidth));
      container.scrollTop = Math.max(0, fitIn(y0, y1, container.clientHeight));
      const box = container.getBoundingClientRect();
      if (box.top < 0 || box.top > window.innerHeight * 0.5) window.scrollBy(0, box.top - 8);
    },
    focusFigure(id) {
      const g = figLayer.querySelector(`[data-fig="${id}"]`);
      if (g) g.focus();
    },
    scrollTo(sq) {
      const r = svg.getBoundingClientRect();
      const scale = r.width / size.w;
      const x = (LEFT + sq.x * CELL) * scale;
      const y = (TOP + sq.y * CELL) * scale;
      if (x < container.scrollLeft || x > container.scrollLeft + container.clientWidth - CELL * scale) {
        container.scrollLeft = x - container.clientWidth / 2;
      }
      if (y < container.scrollTop || y > container.scrollTop + container.clientHeight - CELL * scale) {
        container.scrollTop = y - container.clientHeight / 2;
      }
    },
  };
}

export { dieSvg } from '../../dice.js';
