// The team builder: pick figures from the server's catalogue (`GET /api/content`), see the point
// total and the broken team-building rules as you go (`POST /api/teams/check` when the server
// has it; otherwise the page checks the simple rules itself), save the team and play with it.

import { t, lang } from './i18n.js';
import { api } from './api.js';
import { $, el, fill } from './dom.js';

const KEY = 'skirmish.team';
let hooks = null;
let catalogue = [];
let team = load() || { name: '', build_total: 300, figures: [] };
let checkTimer = null;
let serverCheck = true;
let lastCheck = null;
let wired = false;

function load() {
  try {
    const t0 = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (t0 && Array.isArray(t0.figures)) return t0;
  } catch (_) { /* none */ }
  return null;
}

/** The saved team as the start screen offers it: `{name, points, team}` or null. */
export function savedTeam() {
  const s = load();
  if (!s || !s.figures.length) return null;
  return { name: s.name || '?', points: s.points, team: inlineTeam(s) };
}

function inlineTeam(s) {
  return {
    name: s.name || 'Team',
    build_total: Number(s.build_total) || 300,
    figures: s.figures.map((f) => ({ id: f.id, starting_line: f.starting_line || 1, ...(f.custom_name ? { custom_name: f.custom_name } : {}) })),
  };
}

function pointsOf(def, line) {
  if (!def) return 0;
  const p = def.points;
  if (Array.isArray(p)) return p[(line || 1) - 1] ?? p[0] ?? 0;
  return Number(p) || 0;
}

function linesOf(def) {
  return Array.isArray(def.points) ? def.points.length : 1;
}

function defOf(id) {
  return catalogue.find((f) => f.id === id);
}

function total() {
  return team.figures.reduce((a, f) => a + pointsOf(defOf(f.id), f.starting_line), 0);
}

function localViolations() {
  const v = [];
  const pts = total();
  const max = Number(team.build_total) || 300;
  if (!team.name.trim()) v.push(t('builder.v.noname'));
  if (!team.figures.length) v.push(t('builder.v.empty'));
  if (pts > max) v.push(t('builder.v.over', { points: pts, total: max }));
  const seen = new Map();
  for (const f of team.figures) {
    const d = defOf(f.id);
    if (d && d.unique) seen.set(f.id, (seen.get(f.id) || 0) + 1);
  }
  for (const [id, n] of seen) if (n > 1) v.push(t('builder.v.unique', { name: defOf(id).name }));
  return v;
}

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...team, points: total() }));
  } catch (_) { /* ignore */ }
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(runCheck, 250);
}

async function runCheck() {
  const local = localViolations();
  let violations = local;
  let points = total();
  let note = serverCheck ? '' : t('builder.check.local');
  if (serverCheck && team.figures.length) {
    try {
      const r = await api.checkTeam({ team: inlineTeam(team), lang: lang() });
      if (typeof r.points === 'number') points = r.points;
      const server = (r.violations || []).map((x) => (typeof x === 'string' ? x : x.text || x.message || JSON.stringify(x)));
      violations = [...(team.name.trim() ? [] : [t('builder.v.noname')]), ...server];
    } catch (e) {
      if (e.status === 404 || e.status === 405 || e.status === 0) {
        serverCheck = false;
        note = t('builder.check.local');
      }
    }
  }
  lastCheck = { points, violations };
  renderStatus(note);
}

function renderStatus(note = '') {
  const pts = lastCheck ? lastCheck.points : total();
  const max = Number(team.build_total) || 300;
  $('builder-points').textContent = t('builder.points', { points: pts, total: max });
  $('builder-points').classList.toggle('over', pts > max);
  $('builder-actions').textContent = t('builder.actions', { n: Math.max(1, Math.floor(max / 100)) });
  const v = lastCheck ? lastCheck.violations : localViolations();
  fill($('builder-violations'),
    v.length ? v.map((x) => el('li', { class: 'bad' }, x)) : el('li', { class: 'good' }, t('builder.ok')),
    note ? el('li', { class: 'muted' }, note) : null);
  $('builder-play').disabled = v.length > 0;
}

function renderTeam() {
  const list = $('builder-team');
  if (!team.figures.length) {
    fill(list, el('li', { class: 'muted' }, t('builder.empty')));
  } else {
    fill(list, team.figures.map((f, i) => {
      const d = defOf(f.id);
      return el('li', {},
        el('span', { class: 'r-name' }, f.custom_name || (d ? d.name : f.id)),
        linesOf(d || {}) > 1 ? el('span', { class: 'muted' }, ` (${t('builder.line', { n: f.starting_line || 1 })})`) : null,
        el('span', { class: 'pts' }, t('common.points', { n: pointsOf(d, f.starting_line) })),
        el('button', { type: 'button', class: 'link', 'data-testid': `builder-remove-${i}`, onclick: () => { team.figures.splice(i, 1); changed(); } }, t('builder.remove')));
    }));
  }
  lastCheck = null;
  renderStatus();
}

function changed() {
  save();
  renderTeam();
  scheduleCheck();
}

function renderCatalogue() {
  const q = $('builder-filter').value.trim().toLowerCase();
  const figs = catalogue.filter((f) => !q || `${f.name} ${f.id} ${(f.keywords || []).join(' ')}`.toLowerCase().includes(q));
  fill($('builder-catalogue'), figs.map((d) => {
    const lines = linesOf(d);
    // The values on the click after each starting line.
    const starts = Array.isArray(d.dial) ? d.dial.filter((c) => c.starting_line) : [];
    const valsOf = (i) => {
      const c = starts[i] || (Array.isArray(d.dial) ? d.dial[0] : null);
      return c && c.speed !== undefined ? `${c.speed}/${c.attack}/${c.defense}/${c.damage}` : '';
    };
    const vals = valsOf(0);
    return el('li', {},
      el('div', { class: 'cat-head' },
        el('strong', {}, d.name),
        d.unique ? el('span', { class: 'badge' }, t('builder.unique')) : null,
        el('span', { class: 'muted' }, ` ${d.id}${d.range !== undefined ? ` · ${t('stat.range')} ${d.range}` : ''}${vals ? ` · ${vals}` : ''}`)),
      el('div', { class: 'cat-add' }, Array.from({ length: lines }, (_, i) =>
        el('button', {
          type: 'button', 'data-testid': `builder-add-${d.id}-${i + 1}`,
          onclick: () => { team.figures.push({ id: d.id, starting_line: i + 1 }); changed(); },
        }, `${t('builder.add')} · ${t('common.points', { n: pointsOf(d, i + 1) })}${lines > 1 ? ` (${t('builder.line', { n: i + 1 })}: ${valsOf(i)})` : ''}`))),
      (d.keywords || []).length ? el('div', { class: 'muted small' }, d.keywords.join(', ')) : null);
  }));
}

export function initBuilder(h) {
  hooks = h;
  if (wired) return;
  wired = true;
  $('builder-filter').addEventListener('input', renderCatalogue);
  $('builder-name').addEventListener('input', (e) => { team.name = e.target.value; changed(); });
  $('builder-total').addEventListener('change', (e) => { team.build_total = Number(e.target.value); changed(); });
  $('builder-save').addEventListener('click', () => {
    save();
    $('builder-message').textContent = t('builder.saved');
  });
  $('builder-play').addEventListener('click', async () => {
    save();
    const def = hooks.content && hooks.content.teams;
    const other = (def && def[1] && def[1].id) || (def && def[0] && def[0].id);
    const res = await hooks.createGame('bot', { teams: [inlineTeam(team), other].filter(Boolean), points: Number(team.build_total) || 300 });
    if (!res) $('builder-message').textContent = $('start-message').textContent;
  });
}

/** Shows the builder with the server's catalogue. */
export function showBuilder(content) {
  if (hooks) hooks.content = content;
  catalogue = (content && content.figures) || [];
  $('builder-name').value = team.name;
  $('builder-total').value = String(team.build_total || 300);
  $('builder-message').textContent = '';
  renderCatalogue();
  renderTeam();
  scheduleCheck();
}
