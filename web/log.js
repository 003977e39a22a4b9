// The game log and the last roll's dice: shared by the game and the replay, for every ruleset.

import { t, lang } from './i18n.js';
import { dieSvg } from './dice.js';
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
  // How the roll was made, in the ruleset's words (LogLine.detail).
  const made = e.detail ? el('p', { class: 'dice-made', 'data-testid': 'dice-made' }, e.detail) : null;
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
