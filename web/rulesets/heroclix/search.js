// Finding figures for the team builder: by name, set, keyword, team ability, power and points.
// A catalogue the server sends whole is filtered here; a large one (thousands of imported
// figures, `content.figure_search.total` beyond `content.figures`) is searched on the server
// (`GET /api/content/search`, docs/platform.md), a page at a time, as the player types.

import { t, lang, powerName } from '../../i18n.js';
import { el, $, fill } from '../../dom.js';
import { api } from '../../api.js';
import { addFigures } from './figure-card.js';

const PAGE = 40;
/** Every figure seen (sent with the content or found), by id: the team's figures need theirs. */
const known = new Map();
let local = [];
let remote = false;
let filters = null;
let results = [];
let total = 0;
let timer = null;
let asked = 0;
let onResults = () => {};

/** A dial power mark's id: `{"standard": "charge"}`, `"special"` or `{"unknown": "..."}`. */
function powerId(p) {
  return p && (typeof p === 'string' ? p : (p.standard || p.unknown));
}

function fold(s) {
  return String(s || '').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** The figure `id`, from the content or an earlier search. */
export function figureDef(id) {
  return known.get(id);
}

/** The figures to list now. */
export function shownFigures() {
  return results;
}

/** How many figures match, of which `shownFigures()` is the first page. */
export function matchCount() {
  return total;
}

function criteria() {
  const v = (id) => { const e = $(id); return e ? e.value.trim() : ''; };
  return {
    q: v('builder-filter'), set: v('builder-set'), keyword: v('builder-keyword'), team: v('builder-team-ability'),
    power: v('builder-power'), points_min: v('builder-points-min'), points_max: v('builder-points-max'),
  };
}

function localMatch(f, c) {
  const hay = fold(`${f.name} ${f.id} ${f.set || ''} ${(f.keywords || []).join(' ')}`);
  if (c.q && !fold(c.q).split(/\s+/).every((w) => hay.includes(w))) return false;
  if (c.set && f.set !== c.set) return false;
  if (c.keyword && !(f.keywords || []).includes(c.keyword)) return false;
  if (c.team && !(f.team_abilities || []).includes(c.team)) return false;
  if (c.power && !(f.dial || []).some((k) => (k.powers || []).some((p) => powerId(p) === c.power))) return false;
  const lo = c.points_min ? Number(c.points_min) : 0;
  const hi = c.points_max ? Number(c.points_max) : Infinity;
  if ((c.points_min || c.points_max) && !(f.points || []).some((p) => p >= lo && p <= hi)) return false;
  return true;
}

async function ask() {
  const c = criteria();
  const n = ++asked;
  let answer;
  try {
    answer = await api.search('heroclix', { ...c, lang: lang(), limit: PAGE });
  } catch (e) {
    if (n !== asked) return;
    results = [];
    total = 0;
    fill($('builder-match'), el('span', { class: 'error-text' }, e.message));
    onResults();
    return;
  }
  if (n !== asked) return; // a later search answered or will answer
  results = answer.figures || [];
  for (const f of results) known.set(f.id, f);
  addFigures(results);
  total = answer.total || 0;
  showCount();
  onResults();
}

function showCount() {
  const m = $('builder-match');
  if (m) m.textContent = total > results.length ? t('builder.search.more', { shown: results.length, total }) : t('builder.search.count', { n: total });
}

/** Runs the search again (after typing: a moment later, so typing stays fluid). */
export function refresh(now = false) {
  if (remote) {
    clearTimeout(timer);
    if (now) ask(); else timer = setTimeout(ask, 180);
    return;
  }
  const c = criteria();
  const all = local.filter((f) => localMatch(f, c));
  total = all.length;
  results = all.slice(0, 200);
  showCount();
  onResults();
}

function options(id, label, counts, name = (k) => k) {
  const entries = Object.entries(counts || {}).sort((a, b) => String(name(a[0])).localeCompare(String(name(b[0]))));
  return el('label', { class: 'builder-filter' }, `${t(label)} `,
    el('select', { id, 'data-testid': id, onchange: () => refresh(true) },
      el('option', { value: '' }, t('builder.search.any')),
      entries.map(([k, n]) => el('option', { value: k }, `${name(k)} (${n})`))));
}

/** Looks up figures of a saved team that the content did not send (imported ones), so that
 * the team shows their names and points. */
export async function learn(ids) {
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  if (!remote || !missing.length) return;
  await Promise.all(missing.slice(0, 20).map(async (id) => {
    try {
      const a = await api.search('heroclix', { q: id, limit: 10 });
      for (const f of a.figures || []) known.set(f.id, f);
      addFigures(a.figures);
    } catch (_) { /* shown as its id until found */ }
  }));
  onResults();
}

/** Sets the builder's catalogue: `content.figures`, searched on the server when the content
 * says there are more; `changed` runs whenever the list to show changes. */
export function setCatalogue(content, changed) {
  onResults = changed;
  local = (content && content.figures) || [];
  for (const f of local) known.set(f.id, f);
  filters = (content && content.figure_search) || null;
  remote = !!(filters && filters.total > local.length);
  const box = $('builder-filters');
  if (box) {
    const f = filters || {};
    fill(box, [
      options('builder-set', 'builder.search.set', f.sets),
      options('builder-keyword', 'builder.search.keyword', f.keywords),
      options('builder-team-ability', 'builder.search.team', f.teams),
      options('builder-power', 'builder.search.power', f.powers, (k) => (k === 'special' ? t('builder.search.special') : powerName(k))),
      el('label', { class: 'builder-filter' }, `${t('builder.search.points')} `,
        el('input', { id: 'builder-points-min', 'data-testid': 'builder-points-min', type: 'number', min: '0', step: '5', placeholder: t('builder.search.min'), oninput: () => refresh() }),
        ' – ',
        el('input', { id: 'builder-points-max', 'data-testid': 'builder-points-max', type: 'number', min: '0', step: '5', placeholder: t('builder.search.max'), oninput: () => refresh() })),
      el('span', { id: 'builder-match', class: 'muted small', 'data-testid': 'builder-match', 'aria-live': 'polite' }),
    ]);
  }
  refresh(true);
}
