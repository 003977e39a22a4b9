// The HeroScape battlefield as SVG: pointy-top hexes (`[col, row]`, odd rows shifted right, as
// the server's grid), each in its land's colour shaded by its level (higher is lighter, with a
// lit upper rim and a dark lower rim where the neighbour is lower, so that cliffs read as
// relief) and its level number; water and lava coloured, obstacles (trees, ruins...) drawn as
// symbols, edge pieces (battlements, ladders) along their hex side, a dashed ring where a hex has
// a gap under an overhang, glyphs (face up with their name, face down as a back), start zones
// outlined in their player's colour. Over it: the highlights of what the player is doing
// (reachable hexes, the path, targets, a refusal, the line of sight) and the figures.

const NS = 'http://www.w3.org/2000/svg';
export const HR = 26; // a hex's radius
const HW = Math.sqrt(3) * HR;
const PAD = 8;

const GROUND = {
  grass: '#78a949', rock: '#9a8a78', sand: '#dcc07c', water: '#3d8bd6', shadow: '#3f4a5a', lava: '#e0572b', lava_field: '#e0572b',
  molten_lava: '#e0572b', ice: '#cdeaf7', snow: '#eef3f7', swamp: '#6f7f4c', swamp_water: '#4f7f7a', road: '#bda886', concrete: '#a9a9a9',
  asphalt: '#5c5c5c', dungeon: '#8a837c', castle: '#a7a39c', wellspring_water: '#4aa3e0', land: '#8fa86b',
};
const OBSTACLE = { tree: '#2f6b2a', palm: '#3d7b2a', brush: '#5b8b34', ruin: '#7d7468', road_wall: '#8d7b62', battlement: '#6d6d6d', flag: '#b33', ladder: '#c8a04a', other: '#5a4a3a' };

function colourOf(word) {
  const k = String(word || '').toLowerCase();
  if (GROUND[k]) return GROUND[k];
  for (const [w, c] of Object.entries(GROUND)) if (k.includes(w)) return c;
  return '#9fae7f';
}

function node(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

export const key = (at) => `${at[0]},${at[1]}`;

export function centre([c, r]) {
  return [PAD + HW / 2 + c * HW + (r & 1 ? HW / 2 : 0), PAD + HR + r * 1.5 * HR];
}

function corner([x, y], i, rad = HR) {
  const a = (Math.PI / 180) * (60 * i - 30);
  return [x + rad * Math.cos(a), y + rad * Math.sin(a)];
}

function corners(at, rad = HR) {
  const c = centre(at);
  return Array.from({ length: 6 }, (_, i) => corner(c, i, rad).map((v) => v.toFixed(1)).join(',')).join(' ');
}

/** Side name → the two corners it joins, and the neighbour across it (odd-r offset). */
export const SIDES = { E: [0, 1], SE: [1, 2], SW: [2, 3], W: [3, 4], NW: [4, 5], NE: [5, 0] };
export function neighbour([c, r], side) {
  const odd = r & 1;
  switch (side) {
    case 'E': return [c + 1, r];
    case 'W': return [c - 1, r];
    case 'NE': return [c + (odd ? 1 : 0), r - 1];
    case 'NW': return [c - (odd ? 0 : 1), r - 1];
    case 'SE': return [c + (odd ? 1 : 0), r + 1];
    case 'SW': return [c - (odd ? 0 : 1), r + 1];
    default: return null;
  }
}

/** Hex distance between two `[col, row]` cells (odd-r offset → cube). */
export function distance(a, b) {
  const cube = ([c, r]) => { const q = c - (r - (r & 1)) / 2; return [q, r, -q - r]; };
  const [x1, y1, z1] = cube(a);
  const [x2, y2, z2] = cube(b);
  return Math.max(Math.abs(x1 - x2), Math.abs(y1 - y2), Math.abs(z1 - z2));
}

function sideLine(at, side, inset = 0) {
  const c = centre(at);
  const [i, j] = SIDES[side] || [];
  if (i === undefined) return null;
  return [corner(c, i, HR - inset), corner(c, j, HR - inset)];
}

/** What a hex is, for its title and the page: its ground, obstacle and level. */
export function describe(cell) {
  const spans = cell.spans || [];
  const topSpan = spans[spans.length - 1];
  const obstacle = topSpan && topSpan.kind === 'obstacle' ? topSpan : null;
  const standing = [...spans].reverse().find((s) => s.kind !== 'obstacle');
  // The level a figure stands at: the top footing, else (under an obstacle) the land's surface.
  const surface = standing ? (standing.kind === 'liquid' ? standing.bottom : standing.top) : cell.top;
  return { obstacle, ground: standing ? standing.what : 'land', liquid: !!(standing && standing.kind === 'liquid'), level: cell.level ?? surface };
}

function obstacleSymbol(what, [x, y], height) {
  const c = OBSTACLE[what] || OBSTACLE.other;
  if (what === 'tree' || what === 'palm' || what === 'brush') {
    return node('g', { class: 'obstacle', 'data-what': what },
      node('polygon', { points: `${x},${y - 15} ${x - 10},${y + 4} ${x + 10},${y + 4}`, fill: c, stroke: '#16351a', 'stroke-width': 1 }),
      node('polygon', { points: `${x},${y - 20} ${x - 7},${y - 6} ${x + 7},${y - 6}`, fill: '#3f8a36', stroke: '#16351a', 'stroke-width': 1 }),
      node('rect', { x: x - 1.5, y: y + 4, width: 3, height: 4, fill: '#5b3b1e' }),
      height ? node('text', { x: x + 12, y: y - 8, class: 'obst-h' }, `+${height}`) : null);
  }
  if (what === 'ruin') {
    return node('g', { class: 'obstacle', 'data-what': what },
      node('path', { d: `M${x - 12},${y + 6} v-14 h5 v5 h4 v-9 h6 v7 h4 v11 z`, fill: c, stroke: '#3a332b', 'stroke-width': 1.2 }),
      height ? node('text', { x: x + 12, y: y - 8, class: 'obst-h' }, `+${height}`) : null);
  }
  return node('g', { class: 'obstacle', 'data-what': what },
    node('rect', { x: x - 9, y: y - 9, width: 18, height: 14, fill: c, stroke: '#222', 'stroke-width': 1 }),
    height ? node('text', { x: x + 12, y: y - 8, class: 'obst-h' }, `+${height}`) : null);
}

/** The battlefield's size in SVG units. */
export function size(field) {
  return { width: PAD * 2 + HW * field.width + HW / 2, height: PAD * 2 + HR * 2 + (field.height - 1) * 1.5 * HR };
}

/**
 * The battlefield's fixed layer (terrain, relief, obstacles, edges, zones) for `field` (the
 * `field` judge answer), `zoneColour(z)` the colour of start zone `z`, `t` the catalogue.
 */
export function terrainLayer(field, zoneColour, t) {
  const byKey = new Map(field.cells.map((c) => [key(c.at), c]));
  const max = Math.max(1, ...field.cells.map((c) => c.top || 0));
  const g = node('g', { class: 'terrain-layer' });
  const relief = node('g', { class: 'relief' });
  const marks = node('g', { class: 'marks' });
  // Rows top to bottom so that the lower rims of a row lie over the row above.
  const cells = [...field.cells].sort((a, b) => a.at[1] - b.at[1] || a.at[0] - b.at[0]);
  for (const cell of cells) {
    const d = describe(cell);
    const lvl = d.level ?? 0;
    const c = centre(cell.at);
    const shade = 0.42 * (1 - lvl / max);
    const title = [t('hs.level', { n: lvl }), d.ground.replace(/_/g, ' ')];
    if (d.obstacle) title.push(`${d.obstacle.what.replace(/_/g, ' ')} (${d.obstacle.bottom}–${d.obstacle.top})`);
    const feet = (cell.feet || []).map((f) => f.level);
    if (feet.length > 1) title.push(t('hs.overhang', { list: feet.slice(0, -1).join(', ') }));
    if ((cell.zones || []).length) title.push(t('hs.zone', { list: cell.zones.join('/') }));
    const hex = node('g', {
      class: `hex${d.liquid ? ' liquid' : ''}`, 'data-at': key(cell.at), 'data-level': lvl, 'data-ground': d.ground,
      'data-obstacle': d.obstacle ? d.obstacle.what : null,
    },
    node('title', {}, title.join(' · ')),
    node('polygon', { points: corners(cell.at), fill: colourOf(d.ground), stroke: 'rgba(0,0,0,.35)', 'stroke-width': 0.8 }),
    node('polygon', { points: corners(cell.at), fill: '#000', opacity: shade.toFixed(2), 'pointer-events': 'none' }));
    // a laid shadow tile lies flat as water does, but is no water: no waves on it
    if (d.liquid && d.ground !== 'shadow') hex.append(node('path', { d: `M${c[0] - 11},${c[1] - 4} q4,-4 8,0 t8,0 M${c[0] - 11},${c[1] + 3} q4,-4 8,0 t8,0`, stroke: 'rgba(255,255,255,.6)', fill: 'none', 'stroke-width': 1.2, 'pointer-events': 'none' }));
    relief.append(hex);
    // Rims: a light upper rim and a dark lower rim where the neighbour is lower (a cliff).
    for (const side of ['E', 'SE', 'SW', 'W', 'NW', 'NE']) {
      const n = byKey.get(key(neighbour(cell.at, side) || [-99, -99]));
      const nl = n ? (describe(n).level ?? 0) : -1;
      const drop = lvl - nl;
      if (drop <= 0) continue;
      const [p, q] = sideLine(cell.at, side, 1.2);
      const lower = side === 'SE' || side === 'SW' || side === 'E';
      relief.append(node('line', {
        x1: p[0], y1: p[1], x2: q[0], y2: q[1], class: 'rim', 'pointer-events': 'none',
        stroke: lower ? 'rgba(0,0,0,.55)' : 'rgba(255,255,255,.55)', 'stroke-width': Math.min(5, 1.2 + drop * 0.8), 'stroke-linecap': 'round',
      }));
    }
    if (feet.length > 1) marks.append(node('polygon', { points: corners(cell.at, HR - 6), fill: 'none', stroke: '#222', 'stroke-dasharray': '3 3', 'stroke-width': 1.2, class: 'under', 'pointer-events': 'none' }));
    if (d.obstacle) marks.append(obstacleSymbol(d.obstacle.what, c, d.obstacle.top - d.obstacle.bottom));
    marks.append(node('text', { x: c[0], y: c[1] + HR * 0.62, class: `lvl${d.obstacle ? ' on-obstacle' : ''}`, 'pointer-events': 'none' }, String(lvl)));
  }
  // Start zones: the sides between a zone's hex and a hex outside it, in the zone's colour.
  const zones = node('g', { class: 'zones', 'pointer-events': 'none' });
  for (const cell of field.cells) {
    for (const z of cell.zones || []) {
      for (const side of Object.keys(SIDES)) {
        const n = byKey.get(key(neighbour(cell.at, side)));
        if (n && (n.zones || []).includes(z)) continue;
        const [p, q] = sideLine(cell.at, side, 2.5);
        const colour = zoneColour(z);
        zones.append(node('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: colour || 'rgba(255,255,255,.35)', 'stroke-width': colour ? 3.5 : 1.5, 'stroke-dasharray': colour ? null : '4 3', 'stroke-linecap': 'round', 'data-zone': z }));
      }
      const c = centre(cell.at);
      if (zoneColour(z)) zones.append(node('circle', { cx: c[0] - HR * 0.55, cy: c[1] - HR * 0.35, r: 2.5, fill: zoneColour(z) }));
    }
  }
  // Edge pieces along their side: battlements as crenellated grey bars, ladders as rungs.
  const edges = node('g', { class: 'edges' });
  for (const e of field.edges || []) {
    const line = sideLine(e.at, e.side, 1);
    if (!line) continue;
    const [p, q] = line;
    const what = e.what;
    const title = node('title', {}, `${what.replace(/_/g, ' ')} (${e.bottom}–${e.top})`);
    if (what === 'ladder') {
      edges.append(node('g', { class: 'edge ladder', 'data-what': what }, title,
        node('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: OBSTACLE.ladder, 'stroke-width': 6, 'stroke-dasharray': '2 3' })));
    } else {
      edges.append(node('g', { class: 'edge', 'data-what': what }, title,
        node('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: '#333', 'stroke-width': 6 }),
        node('line', { x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: OBSTACLE[what] || '#777', 'stroke-width': 4, 'stroke-dasharray': '4 2' })));
    }
  }
  g.append(relief, zones, marks, edges);
  return g;
}

/** Glyphs: a gold disc with the name when face up, a dark back with "?" when face down. */
export function glyphLayer(field, t) {
  const g = node('g', { class: 'glyph-layer', 'pointer-events': 'none' });
  for (const gl of field.glyphs || []) {
    const [x, y] = centre(gl.at);
    const up = gl.face_up && gl.name;
    const short = up ? gl.name.split(' ')[0] : '?';
    g.append(node('g', { class: `glyph ${up ? 'up' : 'down'}`, 'data-at': key(gl.at) },
      node('title', {}, up ? t('hs.glyph.up', { name: gl.name }) : t('hs.glyph.down')),
      node('circle', { cx: x, cy: y - 2, r: 11, fill: up ? '#f2c744' : '#4a3b6b', stroke: '#222', 'stroke-width': 1.2 }),
      node('text', { x, y: y + 2, class: 'glyph-text' }, up ? short.slice(0, 3) : '?'),
      up ? node('text', { x, y: y - 15, class: 'glyph-name' }, short) : null));
  }
  return g;
}

/**
 * A figure's token: `p` its board piece (`at`, `cells` for a double-space figure, `label`,
 * `seat`), `f` its view (wounds), `u` its card's view (life), `colour` its seat's, `mark` what
 * the player is doing with it (`active`, `sel`, `target`). The game and the replay draw the same.
 */
export function figureToken(p, f, u, colour, mark = {}) {
  const [x, y] = centre(p.at);
  const seat = p.seat !== null && typeof p.seat === 'object' && 'seat' in p.seat ? p.seat.seat : p.seat;
  const g = node('g', {
    class: `figure${mark.active ? ' active' : ''}${mark.sel ? ' sel' : ''}${mark.target ? ' target' : ''}`,
    'data-fig': p.id, 'data-at': key(p.at), 'data-seat': seat, tabindex: 0, role: 'button', 'aria-label': p.name,
  });
  g.append(node('title', {}, `${p.name} · ${p.status || ''}`));
  if (p.cells && p.cells.length > 1) {
    const [x2, y2] = centre(p.cells[1]);
    g.append(node('line', { x1: x, y1: y, x2, y2, stroke: colour, 'stroke-width': 18, 'stroke-linecap': 'round', opacity: 0.85 }));
  }
  if (mark.active) g.append(node('circle', { cx: x, cy: y, r: HR * 0.78, class: 'active-ring' }));
  if (mark.target) g.append(node('circle', { cx: x, cy: y, r: HR * 0.8, class: 'target-ring' }));
  g.append(node('circle', { cx: x, cy: y, r: HR * 0.56, fill: colour, stroke: mark.sel ? '#fff' : '#111', 'stroke-width': mark.sel ? 3 : 1.5 }));
  // Long labels (cards told apart by more letters, a figure number) are squeezed into the token.
  const label = p.label || '';
  const squeeze = label.length > 4 ? { textLength: HR * 1.05, lengthAdjust: 'spacingAndGlyphs' } : {};
  g.append(node('text', { x, y: y + 4, class: 'fig-label', ...squeeze }, label));
  if (f.wounds) {
    g.append(node('circle', { cx: x + HR * 0.5, cy: y - HR * 0.45, r: 7, class: 'wound-dot' }));
    g.append(node('text', { x: x + HR * 0.5, y: y - HR * 0.45 + 3.5, class: 'wound-text' }, `${f.wounds}`));
  }
  if (u.life && f.wounds !== undefined) g.dataset.wounds = `${f.wounds}/${u.life}`;
  return g;
}

/**
 * The glyphs of a past position for a replay: `glyphs` the view's (hexes and identifiers), placed
 * on the field's cells and named from its catalogue, in the shape `glyphLayer` draws.
 */
export function glyphsOfView(field, glyphs) {
  const cellOf = new Map((field.cells || []).map((c) => [key(c.hex || []), c.at]));
  const names = field.glyph_names || {};
  return (glyphs || []).map((g) => ({
    at: cellOf.get(key([g.hex.q, g.hex.r])),
    level: g.level,
    face_up: g.face_up,
    name: g.glyph ? names[g.glyph] || g.glyph : null,
  })).filter((g) => g.at);
}

export { node };
