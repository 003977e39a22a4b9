// HeroScape's special attacks on the page (crates/heroscape/src/game/powers/special): the
// selected figure's special attacks as a list, the one pointed at or picked drawn on the board
// before it is confirmed — the hexes it covers (the fire line, the explosion, the ring around
// the attacker) and a ring on every figure it would affect, friends included — then Confirm.
// The server's legal entries carry all of it: `cells` (the hexes), `targets` (the figures
// affected, the chosen one first) and `text` (the power, its aim, its dice, whom it affects).

import { t } from '../../i18n.js';
import { el, fill } from '../../dom.js';

/** This module's words. */
export const STRINGS = {
  en: {
    'hs.special.title': 'Special attacks',
    'hs.special.hint': 'Point at a special attack to see the hexes and figures it affects; pick it, then confirm.',
    'hs.special.picked': 'Affects {n} figure(s), friends included. Confirm?',
    'hs.special.confirm': 'Confirm the special attack',
    'hs.special.cancel': 'Choose again',
    'hs.special.spent': '{name} used',
  },
  fr: {
    'hs.special.title': 'Attaques spéciales',
    'hs.special.hint': 'Survolez une attaque spéciale pour voir les hexagones et les figurines touchés ; choisissez-la, puis confirmez.',
    'hs.special.picked': 'Touche {n} figurine(s), figurines amies comprises. Confirmer ?',
    'hs.special.confirm': 'Confirmer l’attaque spéciale',
    'hs.special.cancel': 'Choisir à nouveau',
    'hs.special.spent': '{name} utilisée',
  },
};

/** The style of the drawn area. */
export const SPECIAL_STYLE = `
.hs svg.hs-board .special-cell { fill: rgba(255,120,30,.35); stroke: #ff8c1a; stroke-width: 2; pointer-events: none; }
.hs svg.hs-board .special-line { fill: none; stroke: #ff5a00; stroke-width: 5; stroke-linecap: round; opacity: .8; pointer-events: none; }
.hs svg.hs-board .affected-ring { fill: none; stroke: #ff8c1a; stroke-width: 4; }
.hs .hs-special .choice { display: block; width: 100%; text-align: left; margin: .2em 0; }
.hs .hs-special .choice.picked { outline: 3px solid #ff8c1a; }
`;

const key = (c) => `${c[0]},${c[1]}`;

/** The special attack entries of figure `sel` among the page's legal entries. */
export function specialsOf(entries, sel) {
  return sel === null ? [] : entries.filter((e) => e.action && e.action.type === 'special_attack' && e.figure === sel);
}

/** Those whose chosen figure is `id` (single targets, explosions). */
export function specialsAt(entries, sel, id) {
  return specialsOf(entries, sel).filter((e) => e.action.target === id);
}

/**
 * Draws an entry's area into the board overlay `over`: a hex per covered cell, for a fire
 * line a stroke from the attacker's hex along it, and a ring on each affected figure.
 * `at(id)` gives a figure's cell, `centre(cell)` its point, `node` makes SVG nodes, `from` is
 * the attacker's cell a line starts from.
 */
export function drawSpecial(over, entry, { at, centre, node, HR, from }) {
  if (!entry) return;
  const g = node('g', { class: 'special', 'data-testid': 'hs-special-area' });
  for (const c of entry.cells || []) {
    const [x, y] = centre(c);
    g.append(node('polygon', {
      class: 'special-cell', 'data-at': key(c),
      points: Array.from({ length: 6 }, (_, i) => { const a = (Math.PI / 180) * (60 * i - 30); return `${(x + (HR - 5) * Math.cos(a)).toFixed(1)},${(y + (HR - 5) * Math.sin(a)).toFixed(1)}`; }).join(' '),
    }));
  }
  const line = entry.action && entry.action.line;
  if (line && from && (entry.cells || []).length) {
    const pts = [from, ...entry.cells].filter(Boolean).map((c) => centre(c).map((v) => v.toFixed(1)).join(',')).join(' ');
    g.append(node('polyline', { class: 'special-line', points: pts, 'data-testid': 'hs-fire-line' }));
  }
  for (const id of entry.targets || []) {
    const c = at(id);
    if (!c) continue;
    const [x, y] = centre(c);
    g.append(node('circle', { cx: x, cy: y, r: HR * 0.86, class: 'affected-ring', 'data-affected': id }));
  }
  over.append(g);
}

/**
 * The panel of the selected figure's special attacks: one button per aim (pointing at one
 * previews it, clicking picks it), then the picked one's Confirm and Choose again.
 */
export function specialPanel(box, { entries, picked, onPreview, onPick, onConfirm, onCancel, busy }) {
  if (!entries.length) { fill(box); box.hidden = true; return; }
  box.hidden = false;
  const same = (e) => picked && JSON.stringify(e.action) === JSON.stringify(picked.action);
  fill(box,
    el('h3', {}, t('hs.special.title')),
    el('p', { class: 'muted small' }, t('hs.special.hint')),
    ...entries.map((e) => el('button', {
      type: 'button', class: `choice${same(e) ? ' picked' : ''}`, 'data-testid': 'hs-special-choice',
      onmouseenter: () => onPreview(e), onfocus: () => onPreview(e), onmouseleave: () => onPreview(null),
      onclick: () => onPick(e),
    }, e.text)),
    picked ? el('div', { class: 'hs-special-confirm' },
      el('p', { class: 'small' }, t('hs.special.picked', { n: (picked.targets || []).length })),
      el('button', { type: 'button', class: 'primary', 'data-testid': 'hs-special-confirm', disabled: busy, onclick: () => onConfirm(picked) }, t('hs.special.confirm')),
      el('button', { type: 'button', onclick: onCancel }, t('hs.special.cancel'))) : null);
}
