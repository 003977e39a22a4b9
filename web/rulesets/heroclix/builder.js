// The team builder: pick figures from the server's catalogue (`GET /api/content`), add the
// rulebook's tactics (feats, up to three objects, a battlefield condition, an alternate team
// ability card: `content.tactics`),
// see the point total, the theme and the broken team-building rules as you go
// (`POST /api/teams/check` when the server has it; otherwise the page checks the simple rules
// itself), save the team and play with it.

import { t, lang, translateDom } from '../../i18n.js';
import { api } from '../../api.js';
import { objectSwatch } from './board.js';
import { $, el, fill } from '../../dom.js';
import { figureDef, learn, refresh as refreshSearch, setCatalogue, shownFigures } from './search.js';
import { figureCard, powerSummary, setCatalogue as setCardCatalogue } from './figure-card.js';

/** The builder's screen (its element ids are the builder's own). */
const TEMPLATE = `
<p><a href="#" class="link-button" data-testid="builder-back">← <span data-i18n="common.back"></span></a></p>
<h2 data-i18n="builder.title"></h2>
<div class="builder">
  <div class="panel">
    <h3 data-i18n="builder.catalogue"></h3>
    <input id="builder-filter" type="search" data-i18n-placeholder="builder.filter" data-testid="builder-filter">
    <div id="builder-filters" class="builder-filters"></div>
    <ul id="builder-catalogue" class="catalogue" data-testid="builder-catalogue"></ul>
  </div>
  <div class="panel">
    <h3 data-i18n="builder.team"></h3>
    <div class="builder-head">
      <label><span data-i18n="builder.name"></span> <input id="builder-name" type="text" maxlength="40" data-testid="builder-name"></label>
      <label><span data-i18n="builder.total"></span>
        <select id="builder-total" data-testid="builder-total">
          <option>100</option><option>200</option><option selected>300</option><option>400</option><option>500</option><option>600</option>
        </select>
      </label>
    </div>
    <p class="points"><strong id="builder-points" data-testid="builder-points"></strong> <span id="builder-actions" class="muted"></span></p>
    <ul id="builder-team" class="team-list" data-testid="builder-team"></ul>
    <section class="builder-tactics" data-testid="builder-tactics">
      <h3 data-i18n="tactics.title"></h3>
      <h4 data-i18n="tactics.feats"></h4>
      <div class="builder-add-row">
        <select id="builder-feat-select" data-testid="builder-feat-select" data-i18n-aria="builder.feat.choose"></select>
        <button id="builder-feat-add" type="button" data-testid="builder-feat-add" data-i18n="builder.feat.add"></button>
      </div>
      <ul id="builder-feats" class="tactic-list" data-testid="builder-feats"></ul>
      <h4><span data-i18n="tactics.objects"></span> <span id="builder-objects-count" class="muted"></span></h4>
      <div class="builder-add-row">
        <select id="builder-object-select" data-testid="builder-object-select" data-i18n-aria="builder.object.choose"></select>
        <button id="builder-object-add" type="button" data-testid="builder-object-add" data-i18n="builder.object.add"></button>
      </div>
      <ul id="builder-objects" class="tactic-list" data-testid="builder-objects"></ul>
      <h4 data-i18n="tactics.condition"></h4>
      <select id="builder-condition" data-testid="builder-condition" data-i18n-aria="tactics.condition"></select>
      <p id="builder-condition-text" class="card-text muted"></p>
      <h4 data-i18n="tactics.ata"></h4>
      <select id="builder-ata" data-testid="builder-ata" data-i18n-aria="tactics.ata"></select>
      <p id="builder-ata-text" class="card-text muted" data-testid="builder-ata-text"></p>
      <p id="builder-theme" class="builder-theme" data-testid="builder-theme" aria-live="polite"></p>
    </section>
    <ul id="builder-violations" class="violations" data-testid="builder-violations" aria-live="polite"></ul>
    <div class="row">
      <button id="builder-save" type="button" data-testid="builder-save" data-i18n="builder.save"></button>
      <button id="builder-play" type="button" class="primary" data-testid="builder-play" data-i18n="builder.play"></button>
      <button id="builder-print" type="button" data-testid="builder-print" data-i18n="builder.print"></button>
    </div>
    <p id="builder-message" class="message" role="status"></p>
  </div>
</div>
`;

/** Objects a team may bring (rulebook *Objets*). */
const MAX_OBJECTS = 3;

const KEY = 'skirmish.team';
let hooks = null;
let catalogue = [];
/** The server's tactics cards: `{feats, conditions, special_objects, atas}`, or null (none offered). */
let tactics = null;
let team = load() || { name: '', build_total: 300, figures: [], feats: [], objects: [], condition: '', ata: '' };
let checkTimer = null;
let serverCheck = true;
let lastCheck = null;
/** The theme in the server's last check: an object, null (no theme), undefined (not known). */
let lastTheme;
let wired = false;

function load() {
  try {
    const t0 = JSON.parse(localStorage.getItem(KEY) || 'null');
    if (t0 && Array.isArray(t0.figures)) {
      if (!Array.isArray(t0.feats)) t0.feats = [];
      if (!Array.isArray(t0.objects)) t0.objects = [];
      if (typeof t0.condition !== 'string') t0.condition = '';
      if (typeof t0.ata !== 'string') t0.ata = '';
      return t0;
    }
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
  const out = {
    name: s.name || 'Team',
    build_total: Number(s.build_total) || 300,
    figures: s.figures.map((f) => ({ id: f.id, starting_line: f.starting_line || 1, ...(f.custom_name ? { custom_name: f.custom_name } : {}) })),
  };
  // Team entries are counted from 1, as the server reads them.
  if ((s.feats || []).length) out.feats = s.feats.map((f) => ({ id: f.id, characters: [...(f.characters || [])].sort((a, b) => a - b) }));
  if ((s.objects || []).length) {
    out.objects = s.objects.map((o) => ({ ...(o.special ? { special: o.special } : { kind: o.kind }), ...(o.name && o.name.trim() ? { name: o.name.trim() } : {}) }));
  }
  if (s.condition) out.condition = s.condition;
  if (s.ata) out.ata = s.ata;
  return out;
}

function featDef(id) {
  return ((tactics && tactics.feats) || []).find((f) => f.id === id) || null;
}

function specialDef(id) {
  return ((tactics && tactics.special_objects) || []).find((o) => o.id === id) || null;
}

function conditionDef(id) {
  return ((tactics && tactics.conditions) || []).find((c) => c.id === id) || null;
}

function ataDef(id) {
  return ((tactics && tactics.atas) || []).find((a) => a.id === id) || null;
}

/** A card's name or text in the page's language. */
const local = (d, field) => (lang() === 'fr' && d[`${field}_fr`]) || d[field] || '';

/** Team entries (from 1) whose characters meet an ATA card's prerequisite: the keyword (any
 * case) and the printed team ability, each when the card gives it. */
function ataUsers(d) {
  const p = (d && d.prerequisite) || {};
  const out = [];
  team.figures.forEach((f, i) => {
    const def = defOf(f.id);
    if (!def) return;
    const kw = !p.keyword || (def.keywords || []).some((k) => k.trim().toLowerCase() === p.keyword.trim().toLowerCase());
    const tm = !p.team || (def.team_abilities || []).includes(p.team);
    if (kw && tm) out.push(i + 1);
  });
  return out;
}

/** A feat's cost in the team: per chosen character for some. */
function featCost(f) {
  const d = featDef(f.id);
  if (!d) return 0;
  return d.per_character ? d.cost * Math.max((f.characters || []).length, 0) : d.cost;
}

function tacticsCost() {
  const feats = (team.feats || []).reduce((a, f) => a + featCost(f), 0);
  const objects = (team.objects || []).reduce((a, o) => a + (o.special ? specialDef(o.special)?.cost || 0 : 0), 0);
  const ata = ataDef(team.ata);
  return feats + objects + (ata ? ata.cost * ataUsers(ata).length : 0);
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
  return catalogue.find((f) => f.id === id) || figureDef(id);
}

function total() {
  return team.figures.reduce((a, f) => a + pointsOf(defOf(f.id), f.starting_line), 0) + tacticsCost();
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
  if ((team.objects || []).length > MAX_OBJECTS) v.push(t('builder.v.objects', { n: MAX_OBJECTS }));
  for (const f of team.feats || []) {
    const d = featDef(f.id);
    if (d && d.choose > 0 && (f.characters || []).length !== d.choose) v.push(t('builder.v.feat_choose', { name: d.name, n: d.choose }));
  }
  const ata = ataDef(team.ata);
  if (ata && team.figures.length && !ataUsers(ata).length) v.push(t('builder.v.ata', { name: local(ata, 'name') }));
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
  let theme;
  if (serverCheck && team.figures.length) {
    try {
      const r = await api.checkTeam({ team: inlineTeam(team), lang: lang() });
      if (typeof r.points === 'number') points = r.points;
      if ('theme' in r) theme = r.theme;
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
  if (theme !== undefined || !team.figures.length) lastTheme = team.figures.length ? theme : undefined;
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
  renderTheme();
}

/** The theme the server found (rulebook *Équipe à thème*), once it has checked the team. */
function renderTheme() {
  const p = $('builder-theme');
  const th = lastTheme;
  p.dataset.keyword = th ? th.keyword : '';
  if (th === undefined) {
    fill(p);
  } else if (th === null) {
    fill(p, el('span', { class: 'muted' }, t('builder.theme.none')));
  } else {
    fill(p, t('builder.theme.is', { keyword: th.keyword, n: th.characters, pc: th.probability_control }));
  }
}

function renderTeam() {
  const list = $('builder-team');
  if (!team.figures.length) {
    fill(list, el('li', { class: 'muted' }, t('builder.empty')));
  } else {
    fill(list, team.figures.map((f, i) => {
      const d = defOf(f.id);
      return el('li', {},
        el('span', { class: 'entry-no muted' }, `${i + 1}. `),
        el('span', { class: 'r-name' }, f.custom_name || (d ? d.name : f.id)),
        linesOf(d || {}) > 1 ? el('span', { class: 'muted' }, ` (${t('builder.line', { n: f.starting_line || 1 })})`) : null,
        el('span', { class: 'pts' }, t('common.points', { n: pointsOf(d, f.starting_line) })),
        el('button', { type: 'button', class: 'link', 'data-testid': `builder-remove-${i}`, onclick: () => { removeFigure(i); changed(); } }, t('builder.remove')));
    }));
  }
  lastCheck = null;
  renderTactics();
  renderStatus();
}

/** Removes team entry `i` (from 0): feats assigned to it lose it, later entries move up. */
function removeFigure(i) {
  team.figures.splice(i, 1);
  const n = i + 1;
  for (const f of team.feats || []) f.characters = (f.characters || []).filter((c) => c !== n).map((c) => (c > n ? c - 1 : c));
}

function changed() {
  save();
  renderTeam();
  scheduleCheck();
}

const kindName = (k) => t(`object.kind.${k}`);

/** The tactics part of the builder: feats with their characters, objects, the condition. */
function renderTactics() {
  const box = document.querySelector('[data-testid=builder-tactics]');
  if (!box) return;
  box.hidden = !tactics;
  if (!tactics) return;
  const cost = (d) => (d.per_character ? t('builder.feat.cost_each', { n: d.cost }) : t('common.points', { n: d.cost }));
  // Feats.
  const fsel = $('builder-feat-select');
  const keepFeat = fsel.value;
  fill(fsel, (tactics.feats || []).map((d) => el('option', { value: d.id }, `${d.name} · ${cost(d)}${d.prerequisites && d.prerequisites[lang()] ? ` · ${d.prerequisites[lang()]}` : ''}`)));
  if (keepFeat) fsel.value = keepFeat;
  $('builder-feat-add').disabled = !(tactics.feats || []).length;
  fill($('builder-feats'), (team.feats || []).length ? team.feats.map((f, k) => {
    const d = featDef(f.id) || { name: f.id, text: '', choose: 0, cost: 0 };
    const chosen = new Set(f.characters || []);
    const chars = d.choose > 0
      ? el('fieldset', { class: 'feat-chars' },
        el('legend', {}, t('builder.feat.choose_n', { n: d.choose })),
        team.figures.length ? team.figures.map((fig, i) => {
          const def = defOf(fig.id);
          const box2 = el('input', {
            type: 'checkbox', checked: chosen.has(i + 1), 'data-testid': `builder-feat-${k}-char-${i + 1}`,
            onchange: (ev) => {
              const set = new Set(f.characters || []);
              if (ev.target.checked) set.add(i + 1); else set.delete(i + 1);
              f.characters = [...set].sort((a, b) => a - b);
              changed();
            },
          });
          return el('label', { class: 'feat-char' }, box2, ` ${i + 1}. ${fig.custom_name || (def ? def.name : fig.id)}`);
        }) : el('span', { class: 'muted' }, t('builder.empty')))
      : el('p', { class: 'muted small' }, t('builder.feat.whole_team'));
    return el('li', { class: 'tactic-card', 'data-testid': `builder-feat-${k}`, 'data-feat': f.id },
      el('div', {}, el('strong', {}, d.name), ' ', el('span', { class: 'pts' }, t('common.points', { n: featCost(f) })), ' ',
        el('button', { type: 'button', class: 'link', 'data-testid': `builder-feat-remove-${k}`, onclick: () => { team.feats.splice(k, 1); changed(); } }, t('builder.remove'))),
      d.text ? el('p', { class: 'card-text' }, d.text) : null,
      chars);
  }) : el('li', { class: 'muted' }, t('builder.feat.none')));
  // Objects.
  const osel = $('builder-object-select');
  const keepObj = osel.value;
  fill(osel,
    ['light', 'heavy', 'immobile'].map((k) => el('option', { value: `kind:${k}` }, t('builder.object.kind', { kind: kindName(k) }))),
    (tactics.special_objects || []).map((o) => el('option', { value: `special:${o.id}` }, `★ ${o.name} (${kindName(o.kind)}, ${t('object.special')}) · ${t('common.points', { n: o.cost })}`)));
  if (keepObj) osel.value = keepObj;
  const nObj = (team.objects || []).length;
  $('builder-object-add').disabled = nObj >= MAX_OBJECTS;
  $('builder-objects-count').textContent = t('builder.object.count', { n: nObj, max: MAX_OBJECTS });
  fill($('builder-objects'), nObj ? team.objects.map((o, k) => {
    const sp = o.special ? specialDef(o.special) : null;
    const kind = sp ? sp.kind : o.kind;
    return el('li', { class: 'tactic-object', 'data-testid': `builder-object-${k}` },
      el('span', { html: objectSwatch(kind, !!o.special) }), ' ',
      sp ? el('strong', {}, sp.name) : el('input', {
        type: 'text', maxlength: 40, value: o.name || '', placeholder: t('builder.object.name'),
        'aria-label': `${kindName(kind)}: ${t('builder.object.name')}`, class: 'object-name',
        onchange: (ev) => { o.name = ev.target.value; save(); scheduleCheck(); },
      }),
      ' ', el('span', { class: 'muted' }, `(${kindName(kind)}${sp ? `, ${t('object.special')} · ${t('common.points', { n: sp.cost })}` : ''})`), ' ',
      el('button', { type: 'button', class: 'link', 'data-testid': `builder-object-remove-${k}`, onclick: () => { team.objects.splice(k, 1); changed(); } }, t('builder.remove')),
      sp && sp.text ? el('p', { class: 'card-text' }, sp.text) : null);
  }) : el('li', { class: 'muted' }, t('builder.object.none')));
  // Battlefield condition.
  const csel = $('builder-condition');
  fill(csel, el('option', { value: '' }, t('builder.condition.none')), (tactics.conditions || []).map((c) => el('option', { value: c.id }, c.name)));
  csel.value = team.condition && conditionDef(team.condition) ? team.condition : '';
  const c = conditionDef(team.condition);
  $('builder-condition-text').textContent = c ? c.text : '';
  // Alternate team ability card (Partie 3): one per team.
  const asel = $('builder-ata');
  fill(asel, el('option', { value: '' }, t('builder.ata.none')), (tactics.atas || []).map((a) =>
    el('option', { value: a.id }, `${local(a, 'name')} · ${t('builder.feat.cost_each', { n: a.cost })}${a.prerequisite && a.prerequisite[lang()] ? ` · ${a.prerequisite[lang()]}` : ''}`)));
  asel.value = team.ata && ataDef(team.ata) ? team.ata : '';
  const a = ataDef(team.ata);
  const users = a ? ataUsers(a) : [];
  fill($('builder-ata-text'), a ? [
    el('span', {}, local(a, 'text')), ' ',
    el('span', { class: 'pts', 'data-testid': 'builder-ata-cost' }, t('builder.ata.cost', { n: users.length, each: a.cost, points: a.cost * users.length })),
  ] : null);
}

function renderCatalogue() {
  fill($('builder-catalogue'), shownFigures().map((d) => {
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
        d.enemy_ring ? el('span', { class: 'badge', 'data-testid': `builder-ring-${d.id}`, title: t('builder.ring.title') }, t('builder.ring', { colour: d.enemy_ring })) : null,
        el('span', { class: 'muted' }, ` ${d.id}${d.range !== undefined ? ` · ${t('stat.range')} ${d.range}` : ''}${vals ? ` · ${vals}` : ''}`)),
      el('div', { class: 'cat-add' }, Array.from({ length: lines }, (_, i) =>
        el('button', {
          type: 'button', 'data-testid': `builder-add-${d.id}-${i + 1}`,
          onclick: () => { team.figures.push({ id: d.id, starting_line: i + 1 }); changed(); },
        }, `${t('builder.add')} · ${t('common.points', { n: pointsOf(d, i + 1) })}${lines > 1 ? ` (${t('builder.line', { n: i + 1 })}: ${valsOf(i)})` : ''}`))),
      (d.keywords || []).length ? el('div', { class: 'muted small' }, d.keywords.join(', ')) : null,
      powerSummary(d),
      cardDetails(d));
  }));
}

/** The figure's card and dial under its entry, drawn when opened (the catalogue may be long). */
function cardDetails(d) {
  const box = el('details', { class: 'cat-card', 'data-testid': `builder-card-${d.id}` }, el('summary', {}, t('card.show')));
  box.addEventListener('toggle', () => {
    if (box.open && !box.querySelector('.figure-card')) box.append(figureCard(d, { testid: 'builder-figure-card' }));
  });
  return box;
}

/** The team sheet to print: the team's name and points, each figure's card with its dial from
 * its starting line and every power text unfolded, and the tactics the team brings. */
export function teamSheet() {
  const old = $('team-sheet');
  if (old) old.remove();
  const names = (list, def) => (list || []).map((x) => def(x.id || x.special || x)).filter(Boolean).map((d) => local(d, 'name'));
  const tacticsLines = [
    ...names(team.feats, featDef).map((n) => `${t('builder.sheet.feat')} ${n}`),
    ...(team.objects || []).map((o) => (o.special ? `${t('builder.sheet.object')} ${local(specialDef(o.special) || { name: o.special }, 'name')}` : `${t('builder.sheet.object')} ${kindName(o.kind)}`)),
    team.condition && conditionDef(team.condition) ? `${t('builder.sheet.condition')} ${local(conditionDef(team.condition), 'name')}` : null,
    team.ata && ataDef(team.ata) ? `${t('builder.sheet.ata')} ${local(ataDef(team.ata), 'name')}` : null,
  ].filter(Boolean);
  const sheet = el('section', { id: 'team-sheet', class: 'team-sheet', 'data-testid': 'team-sheet' },
    el('h1', {}, team.name || t('builder.sheet.unnamed')),
    el('p', { class: 'sheet-total' }, `${t('common.points', { n: total() })} / ${team.build_total || 300}`),
    tacticsLines.length ? el('ul', { class: 'sheet-tactics' }, tacticsLines.map((l) => el('li', {}, l))) : null,
    team.figures.map((f, i) => {
      const d = defOf(f.id);
      return el('article', { class: 'sheet-figure', 'data-testid': 'sheet-figure' },
        el('h2', {}, `${i + 1}. ${f.custom_name || (d ? d.name : f.id)} · ${t('common.points', { n: pointsOf(d, f.starting_line) })}`),
        d ? figureCard(d, { line: (f.starting_line || 1) - 1, testid: 'sheet-card' }) : null);
    }));
  // On paper every power's text is shown.
  sheet.querySelectorAll('details').forEach((x) => { x.open = true; });
  document.body.append(sheet);
  return sheet;
}

/** Builds the builder's screen in `container` (once) and wires it; `h` holds `createGame(mode,
 * extra)` (resolves to the created game, or null with `h.lastError()` saying why). */
export function initBuilder(container, h) {
  hooks = h;
  if (!container.querySelector('#builder-catalogue')) {
    container.innerHTML = TEMPLATE;
    wired = false;
  }
  translateDom(container);
  if (wired) return;
  wired = true;
  $('builder-filter').addEventListener('input', () => refreshSearch());
  $('builder-name').addEventListener('input', (e) => { team.name = e.target.value; changed(); });
  $('builder-total').addEventListener('change', (e) => { team.build_total = Number(e.target.value); changed(); });
  $('builder-feat-add').addEventListener('click', () => {
    const id = $('builder-feat-select').value;
    if (!id) return;
    team.feats = team.feats || [];
    team.feats.push({ id, characters: [] });
    changed();
  });
  $('builder-object-add').addEventListener('click', () => {
    const v = $('builder-object-select').value;
    team.objects = team.objects || [];
    if (!v || team.objects.length >= MAX_OBJECTS) return;
    const [what, id] = v.split(':');
    team.objects.push(what === 'special' ? { special: id } : { kind: id });
    changed();
  });
  $('builder-condition').addEventListener('change', (e) => { team.condition = e.target.value; changed(); });
  $('builder-ata').addEventListener('change', (e) => { team.ata = e.target.value; changed(); });
  $('builder-print').addEventListener('click', () => {
    teamSheet();
    document.body.classList.add('printing-sheet');
    window.addEventListener('afterprint', () => document.body.classList.remove('printing-sheet'), { once: true });
    window.print();
  });
  $('builder-save').addEventListener('click', () => {
    save();
    $('builder-message').textContent = t('builder.saved');
  });
  $('builder-play').addEventListener('click', async () => {
    save();
    const def = hooks.content && hooks.content.teams;
    const other = (def && def[1] && def[1].id) || (def && def[0] && def[0].id);
    const res = await hooks.createGame('bot', { teams: [inlineTeam(team), other].filter(Boolean), points: Number(team.build_total) || 300 });
    if (!res) $('builder-message').textContent = hooks.lastError ? hooks.lastError() : '';
  });
}

/** Shows the builder with the server's catalogue. */
export function showBuilder(content) {
  if (hooks) hooks.content = content;
  catalogue = (content && content.figures) || [];
  setCardCatalogue(catalogue);
  tactics = (content && content.tactics) || null;
  $('builder-name').value = team.name;
  $('builder-total').value = String(team.build_total || 300);
  $('builder-message').textContent = '';
  // The team's figures may come from a search: listed once its answer is in.
  setCatalogue(content, () => { renderCatalogue(); renderTeam(); });
  learn(team.figures.map((f) => f.id));
  renderTeam();
  scheduleCheck();
}
