// A figure's card as players know it (rulebook *Personnages*, *Le socle*, *La carte de
// personnage*): its dial (dial.js), the damage it took, its combat symbols and what they do, its
// traits and special powers with names and texts, its team ability, keywords and points. The
// printed figure comes from the content catalogue (`GET /api/content`, `figures`), found by the
// id the game's view gives (`view.figures[].def`); the game panel and the team builder use it.

import { t, lang } from '../../i18n.js';
import { api } from '../../api.js';
import { el } from '../../dom.js';
import { dialView, powerItem, powerId, STATS } from './dial.js';

let catalogue = new Map();
let loading = null;

/** Uses `figures` (the content's list) as the catalogue. */
export function setCatalogue(figures) {
  catalogue = new Map((figures || []).map((f) => [f.id, f]));
}

/** Adds figures found by a search (a catalogue too large to send whole). */
export function addFigures(figures) {
  for (const f of figures || []) catalogue.set(f.id, f);
}

const lookedUp = new Set();

/** Finds a figure the content did not send (an imported one in play) with the server's search;
 * `then` redraws once found. */
function lookUp(id, then) {
  if (lookedUp.has(id)) return;
  lookedUp.add(id);
  api.search('heroclix', { q: id, limit: 10 })
    .then((a) => { addFigures((a && a.figures) || []); if (catalogue.has(id) && then) then(); })
    .catch(() => {});
}

/** Loads the catalogue once; `then` runs when it arrived (to redraw). */
export function loadCatalogue(then) {
  if (catalogue.size) return Promise.resolve(catalogue);
  if (!loading) {
    loading = api.content('heroclix', lang())
      .then((c) => { if (!catalogue.size) setCatalogue((c && c.figures) || []); return catalogue; })
      .catch(() => catalogue)
      .finally(() => { loading = null; });
  }
  return loading.then((c) => { if (then) then(); return c; });
}

/** The printed figure with this id, or null (not loaded yet, or not in the catalogue). */
export function defOf(id) {
  return id ? catalogue.get(id) || null : null;
}

/** The abilities of a figure's combat symbols (rulebook *Compétences de combat*), as
 * `[{id, name, symbol}]`: a standard boot, fist, shield and starburst give none. */
export function symbolAbilities(def) {
  const s = (def && def.symbols) || {};
  const out = [];
  const add = (id, symbol) => out.push({ id, symbol });
  switch (s.speed) {
    case 'wing': add('flight', 'wing'); add('carry', 'wing'); break;
    case 'dolphin': add('swim', 'dolphin'); break;
    case 'transport_boot': add('carry', 'transport_boot'); add('move_and_attack', 'transport_boot'); break;
    case 'transport_wing': add('flight', 'transport_wing'); add('carry', 'transport_wing'); add('move_and_attack', 'transport_wing'); break;
    case 'transport_dolphin': add('swim', 'transport_dolphin'); add('carry', 'transport_dolphin'); add('move_and_attack', 'transport_dolphin'); break;
    default: break;
  }
  if (s.attack === 'duo') add('duo_attack', 'duo');
  if (s.attack === 'sharpshooter') add('sharpshooter', 'sharpshooter');
  if (s.defense === 'indomitable') add('indomitable', 'indomitable');
  if (s.damage === 'giant') add('giant', 'giant');
  if (s.damage === 'colossal') add('colossal', 'colossal');
  return out;
}

/** A symbol's ability, readable: name, text on hover and tap. (Its mark is a plain shape: a
 * browser without an emoji font would show emoji as boxes.) */
function abilityItem(a) {
  const name = t(`ability.${a.id}`);
  const text = t(`ability.${a.id}.text`);
  return el('details', { class: 'power-item', 'data-ability': a.id, title: `${name}: ${text}`, 'data-testid': 'card-ability' },
    el('summary', {}, el('span', { class: 'ability-mark', 'aria-hidden': 'true' }, '◆'), el('span', { class: 'power-name' }, name)),
    el('p', { class: 'power-text' }, text));
}

function teamItem(id) {
  const nameKey = `team.name.${id}`;
  const name = t(nameKey) === nameKey ? id.replace(/_/g, ' ') : t(nameKey);
  const textKey = `team.text.${id}`;
  const text = t(textKey) === textKey ? '' : t(textKey);
  return el('details', { class: 'power-item', 'data-team': id, title: text ? `${name}: ${text}` : name, 'data-testid': 'card-team' },
    el('summary', {}, el('span', { class: 'ability-mark team', 'aria-hidden': 'true' }, '◈'), el('span', { class: 'power-name' }, name)),
    text ? el('p', { class: 'power-text' }, text) : null);
}

/** Traits and special powers with their names and texts (always shown: they are the card). */
function specialList(def) {
  const list = (def && def.special_powers) || [];
  if (!list.length) return null;
  return el('ul', { class: 'special-list', 'data-testid': 'card-specials' }, list.map((s) =>
    el('li', { 'data-kind': s.kind },
      el('div', {},
        s.kind === 'trait' ? el('span', { class: 'trait-star', 'aria-hidden': 'true' }, '★ ') : el('span', { class: 'power-chip special', 'aria-hidden': 'true' }),
        el('strong', {}, s.name), ' ',
        el('span', { class: 'muted small' }, `(${s.kind === 'trait' ? t('card.trait') : t('card.special.col', { stat: t(`stat.${s.kind}`) })})`)),
      el('p', { class: 'power-text' }, s.text),
      s.not_expressed ? el('p', { class: 'power-text muted small' }, t('card.not_run', { what: s.not_expressed })) : null)));
}

/** Every power that shows somewhere on the dial, once, in column order. */
export function dialPowers(def) {
  const seen = new Map();
  for (const c of (def && def.dial) || []) {
    (c.powers || []).forEach((p, k) => {
      const id = powerId(p);
      if (id && !seen.has(`${k}:${id}`)) seen.set(`${k}:${id}`, { id, stat: STATS[k] });
    });
  }
  return [...seen.values()].sort((a, b) => STATS.indexOf(a.stat) - STATS.indexOf(b.stat));
}

/** Points, by starting line. */
export function pointsText(def) {
  const p = Array.isArray(def.points) ? def.points : [def.points];
  return p.length > 1 ? t('card.points.lines', { list: p.join(' / ') }) : t('common.points', { n: p[0] });
}

/**
 * The whole card of `def`. `fig`: the figure in a game (`{click, start_click, ko}`), or null in
 * the builder (then `line`: the starting line read first, from 0). `onlyNow`: in a game under
 * the rules option `dial_view = "current"`, the dial shows the click showing alone.
 */
export function figureCard(def, { fig = null, line = 0, onlyNow = false, testid = 'figure-card' } = {}) {
  const starts = ((def && def.dial) || []).map((c, i) => (c.starting_line ? i : -1)).filter((i) => i >= 0);
  const start = fig ? fig.start_click : (starts[line] ?? 0);
  const box = el('div', { class: 'figure-card', 'data-testid': testid, 'data-def': def.id });
  if (fig) {
    const taken = Math.max(0, (fig.click ?? 0) - (fig.start_click ?? 0));
    box.append(el('p', { class: `damage-taken${fig.ko ? ' ko' : ''}`, 'data-testid': 'damage-taken', 'data-damage': fig.ko ? 'ko' : taken },
      fig.ko ? t('card.ko') : taken ? t('card.damage', { n: taken }) : t('card.damage.none')));
  }
  box.append(el('h4', { class: 'powers-title' }, t('card.dial')),
    dialView(def, { now: fig ? fig.click : null, start, ko: fig ? !!fig.ko : false, onlyNow: !!fig && onlyNow }),
    el('p', { class: 'muted small dial-hint', 'data-testid': 'dial-hint' }, t(fig && onlyNow ? 'card.dial.hint.current' : 'card.dial.hint')));
  const abilities = symbolAbilities(def);
  if (abilities.length) box.append(el('h4', { class: 'powers-title' }, t('card.symbols')), el('div', { class: 'power-items' }, abilities.map(abilityItem)));
  const specials = specialList(def);
  if (specials) box.append(el('h4', { class: 'powers-title' }, t('card.special')), specials);
  const teams = def.team_abilities || [];
  if (teams.length) box.append(el('h4', { class: 'powers-title' }, t('card.team')), el('div', { class: 'power-items' }, teams.map(teamItem)));
  const facts = [
    pointsText(def),
    def.unique ? t('card.unique') : null,
    def.base && (def.base.width > 1 || def.base.depth > 1) ? t('card.base', { w: def.base.width, d: def.base.depth }) : null,
    def.set ? t('card.set', { set: def.set, number: def.number }) : null,
  ].filter(Boolean);
  box.append(el('p', { class: 'card-facts small', 'data-testid': 'card-facts' }, facts.join(' · ')));
  if ((def.keywords || []).length) box.append(el('p', { class: 'card-keywords small', 'data-testid': 'card-keywords' }, el('strong', {}, t('card.keywords')), lang() === 'fr' ? ' : ' : ': ', def.keywords.join(', ')));
  return box;
}

/** The powers on a dial as chips with their names (the builder's list): text on hover and tap. */
export function powerSummary(def) {
  const list = dialPowers(def);
  if (!list.length && !symbolAbilities(def).length) return null;
  return el('div', { class: 'power-items compact', 'data-testid': 'builder-powers' },
    list.map((p) => powerItem(def, p.id, p.stat)), symbolAbilities(def).map(abilityItem));
}

// The card drawn for a figure in a game, kept while its click stays: redrawing the panel then
// keeps the dial where the player turned it and the texts they opened.
const drawnCards = new Map();

/** The card of game figure `f` (a view figure), or null while its printed figure is unknown
 * (`then` redraws once the catalogue arrived). `dialMode`: the game's rules option `dial_view`
 * (`"full"` or `"current"`). */
export function gameCard(f, then, dialMode = 'full') {
  const def = defOf(f.def);
  if (!def) {
    if (f.def && !catalogue.size) loadCatalogue(then);
    else if (f.def) lookUp(f.def, then);
    return null;
  }
  const onlyNow = dialMode === 'current';
  const key = `${f.def}:${f.click}:${f.start_click}:${f.ko}:${lang()}:${onlyNow}`;
  const old = drawnCards.get(f.id);
  if (old && old.key === key) return old.node;
  const node = el('details', { class: 'card-box', open: true, 'data-testid': 'card-box' },
    el('summary', {}, t('card.show')), figureCard(def, { fig: f, onlyNow }));
  if (old && !old.node.open) node.open = false;
  drawnCards.set(f.id, { key, node });
  return node;
}

/** The powers showing now on game figure `f`, with their names and texts. */
export function currentPowers(f) {
  const def = defOf(f.def);
  const items = (f.powers || []).map((p, k) => (p ? powerItem(def, p, STATS[k], { 'data-testid': 'figure-power' }) : null)).filter(Boolean);
  return items.length ? el('div', { class: 'power-items', 'data-testid': 'figure-powers' }, items) : null;
}
