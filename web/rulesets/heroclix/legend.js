// The legend of a HeroClix map: the terrain lines the rulebook draws, the objects in play and
// the map's special zones.

import { t, lang } from '../../i18n.js';
import { mapFeatures, swatch, objectSwatch } from './board.js';
import { el, fill } from '../../dom.js';

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

