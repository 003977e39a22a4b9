// The game log, the last roll's dice and the map legend: shared by the game and the replay.

import { t, lang } from './i18n.js';
import { dieSvg, mapFeatures, swatch, objectSwatch } from './board.js';
import { el, fill } from './dom.js';

export function renderDice(panel, log) {
  let i = log.length - 1;
  while (i >= 0 && !(log[i].dice && log[i].dice.length)) i--;
  if (i < 0) {
    fill(panel, el('p', { class: 'muted' }, t('game.dice.none')));
    return;
  }
  const e = log[i];
  const sum = e.dice.reduce((a, b) => a + b, 0);
  const follow = [];
  for (let j = i + 1; j < log.length && follow.length < 6; j++) {
    if (log[j].step !== e.step || (log[j].dice && log[j].dice.length)) break;
    follow.push(log[j]);
  }
  const ev = e.event || {};
  const total = ev.total !== undefined ? [null, ev.total] : /total\s+(-?\d+)/i.exec(e.text || '');
  const made = ev.event === 'attack_roll'
    ? el('p', { class: 'dice-made', 'data-testid': 'dice-made' },
      `2d6 ${sum} + ${t('stat.attack')} ${ev.attack} = ${ev.total}`)
    : null;
  fill(panel,
    el('div', { class: 'dice-row', 'data-testid': 'dice' },
      el('span', { class: 'dice-faces', html: e.dice.map((n) => dieSvg(n, 40)).join('') }),
      el('span', { class: 'dice-sum' }, e.dice.length > 1 ? `= ${sum}` : ''),
      total ? el('span', { class: 'dice-total', 'data-testid': 'dice-total' }, `total ${total[1]}`) : null),
    made,
    el('p', { class: 'dice-text' }, e.text),
    follow.length ? el('ul', { class: 'dice-follow' }, follow.map((x) => el('li', {}, x.text.trim()))) : null);
}

export function renderLog(list, log) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const shown = log.slice(-400);
  const key = `${shown.length}:${shown.length ? shown[shown.length - 1].step : ''}:${shown.length ? shown[shown.length - 1].text : ''}:${lang()}`;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  fill(list, shown.map((e) => {
    const text = String(e.text || '');
    const cls = text.startsWith('—') ? 'round' : text.startsWith('  ') ? 'sub' : '';
    return el('li', { class: cls, 'data-step': e.step },
      e.dice && e.dice.length ? el('span', { class: 'log-dice', html: e.dice.map((n) => dieSvg(n, 18)).join('') }) : null,
      text.trim());
  }));
  if (atBottom || !list.dataset.scrolled) {
    list.scrollTop = list.scrollHeight;
    list.dataset.scrolled = '1';
  }
}

/** The legend of `map`; `objects` (the view's, when it lists them) adds one entry per kind of
 * object in play instead of the map's generic object marker. */
export function renderLegend(list, map, objects) {
  const f = mapFeatures(map);
  const items = [];
  const add = (k, label) => items.push(el('li', { html: swatch(k) }, ' ', label));
  const listed = Array.isArray(objects);
  for (const k of ['elevated', 'hindering', 'water', 'blocking', 'wall', 'zone', 'indoor', 'special', 'stairs', 'ladder', 'debris', 'barrier', 'smoke', 'object']) {
    if (k === 'object' && listed) continue;
    if (f[k]) add(k, t(`terrain.${k}`));
  }
  const kinds = [];
  if (listed) {
    for (const kind of ['light', 'heavy', 'immobile']) {
      if (objects.some((o) => o.kind === kind)) kinds.push(kind);
    }
    for (const kind of kinds) items.push(el('li', { html: objectSwatch(kind) }, ' ', t('object.legend', { kind: t(`object.kind.${kind}`) })));
    if (objects.some((o) => o.special)) items.push(el('li', { html: objectSwatch(kinds[0] || 'light', true) }, ' ', t('object.legend.special')));
  }
  f.objectKinds = kinds.join('+') + (listed && objects.some((o) => o.special) ? '*' : '');
  (map.special_zones || []).forEach((z, i) => items.push(el('li', { class: 'special-rule' }, el('strong', {}, `${String.fromCharCode(65 + (i % 26))} ${z.name}`), z.rules ? `: ${z.rules}` : '')));
  const key = `${lang()}:${items.length}:${map.name}:${Object.keys(f).filter((k) => f[k]).join(',')}:${f.objectKinds}`;
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  fill(list, el('li', { class: 'map-name' }, el('strong', {}, map.name)), items);
}

