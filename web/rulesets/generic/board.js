// The generic board (docs/platform.md, `board` in snapshots) as SVG: square or hex cells (hex:
// pointy-top, offset coordinates `[col, row]`, odd rows shifted right by half a hex), the cells
// that are not plain open ground in their terrain's colour with their height, the pieces as
// discs in their seat's colour with their label; highlights for the cells, pieces and targets of
// the legal action the player looks at. Nothing here knows a ruleset.

import { seatColour } from '../../seats.js';

const NS = 'http://www.w3.org/2000/svg';
const SQ = 40; // a square's side
const HR = 23; // a hex's radius (centre to corner)
const HW = Math.sqrt(3) * HR; // a hex's width
const PAD = 6;

/** Colours of common terrain names; any other name gets a colour of its own from its letters. */
const TERRAIN = {
  open: '#f4f1e6', clear: '#f4f1e6', grass: '#a5d6a7', forest: '#66bb6a', tree: '#66bb6a', trees: '#66bb6a', hindering: '#81c784', jungle: '#43a047', swamp: '#8d9e6b',
  water: '#64b5f6', shadow: '#455a64', lava: '#ef6c00', lava_field: '#ef6c00', ice: '#e1f5fe', snow: '#fafafa', sand: '#ffe082', rock: '#a1887f', road: '#d7ccc8', dungeon: '#9e9e9e',
  blocking: '#795548', wall: '#5d4037', elevated: '#ef9a9a', hill: '#c5a36b', high: '#ef9a9a', rough: '#bcaaa4', obstacle: '#795548', ruin: '#a1887f', ruins: '#a1887f',
  void: '#37474f', concrete: '#bdbdbd', asphalt: '#757575', glacier: '#b3e5fc', outcrop: '#8d6e63', castle: '#9e9e9e', swamp_water: '#4db6ac', palm: '#2e7d32', brush: '#558b2f',
  zone: '#ce93d8', start: '#ce93d8', deploy: '#ce93d8', objective: '#ffd54f', special: '#ffb74d',
};

function terrainColour(name) {
  const k = String(name || '').toLowerCase().replace(/[\s-]+/g, '_');
  if (TERRAIN[k]) return TERRAIN[k];
  for (const [word, c] of Object.entries(TERRAIN)) if (k.includes(word)) return c;
  let h = 0;
  for (const ch of k) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, 45%, 72%)`;
}

function node(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

const key = (at) => `${at[0]},${at[1]}`;

/** Geometry of a board: centres, cell outlines and the drawing's size. */
export function geometry(b) {
  const hex = b.kind === 'hex';
  if (hex) {
    const centre = ([c, r]) => [PAD + HW / 2 + c * HW + (r % 2 ? HW / 2 : 0), PAD + HR + r * 1.5 * HR];
    const corners = (at) => {
      const [x, y] = centre(at);
      return Array.from({ length: 6 }, (_, i) => {
        const a = (Math.PI / 180) * (60 * i - 30);
        return `${(x + HR * Math.cos(a)).toFixed(1)},${(y + HR * Math.sin(a)).toFixed(1)}`;
      }).join(' ');
    };
    // The corners each side joins (corner i at 60i − 30 degrees).
    const SIDES = { e: [0, 1], se: [1, 2], sw: [2, 3], w: [3, 4], nw: [4, 5], ne: [5, 0] };
    const edge = (at, side) => {
      const [x, y] = centre(at);
      const pair = SIDES[side];
      if (!pair) return null;
      const p = pair.map((i) => { const a = (Math.PI / 180) * (60 * i - 30); return [x + HR * Math.cos(a), y + HR * Math.sin(a)]; });
      return [...p[0], ...p[1]];
    };
    return {
      hex, centre, edge, size: HR * 1.75,
      shape: (at, attrs) => node('polygon', { points: corners(at), ...attrs }),
      width: PAD * 2 + HW * b.width + (b.height > 1 ? HW / 2 : 0),
      height: PAD * 2 + HR * 2 + (b.height - 1) * 1.5 * HR,
    };
  }
  const centre = ([c, r]) => [PAD + c * SQ + SQ / 2, PAD + r * SQ + SQ / 2];
  const edge = ([c, r], side) => {
    const [x0, y0, x1, y1] = [PAD + c * SQ, PAD + r * SQ, PAD + (c + 1) * SQ, PAD + (r + 1) * SQ];
    return { n: [x0, y0, x1, y0], s: [x0, y1, x1, y1], w: [x0, y0, x0, y1], e: [x1, y0, x1, y1] }[side] || null;
  };
  return {
    hex, centre, edge, size: SQ,
    shape: (at, attrs) => node('rect', { x: PAD + at[0] * SQ, y: PAD + at[1] * SQ, width: SQ, height: SQ, ...attrs }),
    width: PAD * 2 + SQ * b.width,
    height: PAD * 2 + SQ * b.height,
  };
}

/**
 * Draws board `b` in `container`. `opts`: `highlight` ({cells: [[x,y]], figure, targets: [ids],
 * selected}), `onCell(at)`, `onPiece(id)`, `seatName(seat)`. Returns the SVG element.
 */
export function drawBoard(container, b, opts = {}) {
  const geo = geometry(b);
  const hl = opts.highlight || {};
  const hlCells = new Set((hl.cells || []).map(key));
  const targets = new Set(hl.targets || []);
  // Small boards are drawn bigger (up to twice), large ones at their natural size (the box scrolls).
  const scale = Math.max(1, Math.min(2, (opts.fit || 560) / Math.max(geo.width, geo.height)));
  const svg = node('svg', {
    class: `generic-board ${geo.hex ? 'hex' : 'square'}`, viewBox: `0 0 ${geo.width.toFixed(0)} ${geo.height.toFixed(0)}`,
    width: (geo.width * scale).toFixed(0), height: (geo.height * scale).toFixed(0), role: 'img', 'data-testid': 'generic-board', 'data-kind': geo.hex ? 'hex' : 'square',
  });
  const special = new Map((b.cells || []).map((c) => [key(c.at), c]));
  // Stacked battlefields (more than a couple of levels) are drawn in relief: the higher a cell's
  // top, the lighter a veil over its terrain colour, and the darker its outline.
  const maxH = Math.max(0, ...(b.cells || []).map((c) => c.height || 0));
  const relief = maxH > 2;
  const cells = node('g', { class: 'cells' });
  const veils = node('g', { class: 'relief', 'pointer-events': 'none' });
  const labels = node('g', { class: 'cell-labels' });
  for (let r = 0; r < b.height; r++) {
    for (let c = 0; c < b.width; c++) {
      const at = [c, r];
      const info = special.get(key(at));
      const h = info && info.height ? info.height : 0;
      const title = info ? [info.label || info.terrain, h ? `↑${h}` : ''].filter(Boolean).join(' ') : '';
      const shape = geo.shape(at, {
        class: `cell${hlCells.has(key(at)) ? ' hl' : ''}`,
        fill: info && info.terrain ? terrainColour(info.terrain) : '#f4f1e6',
        'fill-opacity': h ? Math.min(1, 0.75 + h * 0.08) : 1,
        'data-at': key(at), 'data-terrain': info ? info.terrain || '' : '',
      });
      if (title) shape.append(node('title', {}, `${key(at)} · ${title}`));
      else shape.append(node('title', {}, key(at)));
      if (opts.onCell) shape.addEventListener('click', () => opts.onCell(at));
      cells.append(shape);
      if (relief && info && info.terrain !== 'void') {
        const t = h / maxH;
        veils.append(geo.shape(at, { fill: t >= 0.5 ? '#ffffff' : '#000000', 'fill-opacity': (Math.abs(t - 0.5) * 0.6).toFixed(2), stroke: '#263238', 'stroke-opacity': (0.15 + 0.5 * t).toFixed(2), 'stroke-width': 1 + t * 1.5 }));
      }
      if (h) {
        const [x, y] = geo.centre(at);
        labels.append(node('text', { x: x + geo.size * 0.28, y: y - geo.size * 0.2, class: 'height', 'text-anchor': 'middle' }, String(h)));
      }
    }
  }
  // Walls on cell edges.
  const walls = node('g', { class: 'walls', 'data-testid': 'generic-walls' });
  for (const w of b.walls || []) {
    const l = geo.edge(w.at, w.side);
    if (l) walls.append(node('line', { x1: l[0], y1: l[1], x2: l[2], y2: l[3], class: 'wall', stroke: '#263238', 'stroke-width': 4, 'stroke-linecap': 'round' }));
  }
  svg.append(cells, veils, labels, walls);
  // Highlighted cells on top of the terrain, so that they show on any colour.
  const marks = node('g', { class: 'marks' });
  for (const at of hl.cells || []) {
    const [x, y] = geo.centre(at);
    marks.append(geo.shape(at, { class: 'cell-outline', fill: 'none' }));
    marks.append(node('circle', { cx: x, cy: y, r: geo.size * 0.16, class: 'cell-mark', 'data-at': key(at) }));
  }
  svg.append(marks);
  const pieces = node('g', { class: 'pieces' });
  for (const p of b.pieces || []) {
    if (!p.at) continue;
    const [x, y] = geo.centre(p.at);
    const colour = seatColour(p.seat ?? 0);
    const g = node('g', {
      class: `piece${hl.figure === p.id ? ' acting' : ''}${targets.has(p.id) ? ' target' : ''}${hl.selected === p.id ? ' selected' : ''}`,
      'data-piece': p.id, 'data-seat': p.seat, tabindex: opts.onPiece ? 0 : null, role: opts.onPiece ? 'button' : null,
      'aria-label': [p.name || p.label, p.seat !== undefined && opts.seatName ? opts.seatName(p.seat) : '', p.status || ''].filter(Boolean).join(', '),
    });
    // A piece over several cells (a big base) shades each of them in its seat's colour.
    if ((p.cells || []).length > 1) {
      for (const at of p.cells) g.append(geo.shape(at, { class: 'piece-cell', fill: colour, 'fill-opacity': 0.35, stroke: colour, 'stroke-width': 2 }));
    }
    const r = geo.size * 0.36;
    g.append(node('circle', { cx: x, cy: y, r, fill: colour, class: 'disc' }));
    g.append(node('text', { x, y: y + 4, 'text-anchor': 'middle', class: 'piece-label' }, String(p.label || p.name || p.id).slice(0, 3)));
    g.append(node('title', {}, [p.name || p.label, p.status].filter(Boolean).join(' — ')));
    if (opts.onPiece) {
      g.addEventListener('click', (ev) => { ev.stopPropagation(); opts.onPiece(p.id); });
      g.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); opts.onPiece(p.id); } });
    }
    pieces.append(g);
  }
  svg.append(pieces);
  container.replaceChildren(svg);
  return svg;
}
