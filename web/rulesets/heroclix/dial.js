// A figure's combat dial as players read it (rulebook *Le disque de combat*): every click with
// its speed, attack, defence and damage values, each in the colour of the power behind it (the
// Powers and Abilities Card's colours; white with a black border for a special power), the
// starting lines with their points, the KO click, and the click showing now. It turns: ◀ ▶, the
// arrow keys, or a tap on a click shows that click in the dial's window with its powers' names
// and texts. The dial is printed content (`GET /api/content`); the game only says which click
// shows (`view.figures[].click`).

import { t, powerName } from '../../i18n.js';
import { el, fill } from '../../dom.js';
import { powerColour, POWER_COLUMNS } from './game.js';

export const STATS = ['speed', 'attack', 'defense', 'damage'];

/** The power id of a dial entry as the content serializes it (`"special"`, `{"standard":
 * "charge"}`, `{"unknown": "spell"}`, or already an id). */
export function powerId(p) {
  if (p === null || p === undefined) return null;
  if (typeof p === 'string') return p;
  if (typeof p === 'object') {
    if (p.standard) return p.standard;
    if (p.unknown) return p.unknown;
    const v = Object.values(p)[0];
    return typeof v === 'string' ? v : null;
  }
  return null;
}

/** A printed value: a number, or a symbol's name. */
export function valueText(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (typeof v === 'object') return String(v.number ?? v.symbol ?? Object.values(v)[0] ?? '');
  return String(v);
}

const isStandard = (id) => POWER_COLUMNS.some((col) => col.includes(id));

/** Black or white text on a power's colour, whichever reads. */
function inkOn(hex) {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111' : '#fff';
}

/** The colours of one value's square: `{bg, ink, border}`. */
export function valueColours(id) {
  if (!id) return { bg: '#fff', ink: '#111', border: '#ccc' };
  if (id === 'special') return { bg: '#fff', ink: '#111', border: '#000' };
  if (!isStandard(id)) return { bg: '#fff', ink: '#111', border: '#888' };
  const bg = powerColour(id);
  return { bg, ink: inkOn(bg), border: bg };
}

/** The special power or trait of `def` behind a `special` square of column `stat`. */
export function specialOf(def, stat) {
  return ((def && def.special_powers) || []).find((s) => s.kind === stat) || null;
}

/** A power's name and text as a figure has it: a special power's are on its card. */
export function powerInfo(def, id, stat) {
  if (id === 'special') {
    const s = specialOf(def, stat);
    return { name: s ? s.name : powerName('special'), text: s ? s.text : t('power.special.text'), special: true, notRun: s && s.not_expressed };
  }
  const key = `power.${id}.text`;
  const text = t(key);
  return { name: powerName(id), text: text === key ? '' : text, special: false };
}

/** The clicks of a dial with what a reader needs: values, powers, starting lines and points. */
export function dialClicks(def) {
  const dial = Array.isArray(def && def.dial) ? def.dial : [];
  const points = Array.isArray(def && def.points) ? def.points : [def && def.points];
  let line = 0;
  return dial.map((c, i) => {
    const start = !!c.starting_line || (i === 0 && !dial.some((x) => x.starting_line));
    const out = {
      index: i,
      values: STATS.map((s) => valueText(c[s])),
      powers: (c.powers || []).map(powerId),
      start,
      points: start ? points[line] : undefined,
    };
    if (start) line += 1;
    return out;
  });
}

/** One power of a click, readable: its colour, name and column; its text on hover (title) and
 * on tap (the details open). */
export function powerItem(def, id, stat, extra = {}) {
  const info = powerInfo(def, id, stat);
  const col = valueColours(id);
  const chip = el('span', { class: `power-chip${id === 'special' ? ' special' : ''}`, style: `background:${col.bg}`, 'aria-hidden': 'true' });
  const title = info.text ? `${info.name}: ${info.text}` : info.name;
  return el('details', { class: 'power-item', 'data-power': id, 'data-stat': stat, title, ...extra },
    el('summary', {}, chip, el('span', { class: 'power-name' }, info.name), ' ', el('span', { class: 'muted small' }, `(${t(`stat.${stat}`)})`)),
    info.text ? el('p', { class: 'power-text', 'data-testid': 'power-text' }, info.text) : null,
    info.notRun ? el('p', { class: 'power-text muted small' }, t('card.not_run', { what: info.notRun })) : null);
}

/**
 * The dial of `def`: a strip of every click (columns) and the window of the click being read,
 * with its powers. `now`: the click showing in the game (null in the builder); `start`: the
 * starting line's click; `ko`: the figure is knocked out; `onlyNow`: a dial in play under the
 * rules option `dial_view = "current"` (rulebook *Étape 1*: no turning a dial in play to look
 * at the clicks before or after), drawn as the click showing alone, with no way to turn it and
 * nothing that tells how many clicks are left. The returned element keeps its own reading
 * position.
 */
export function dialView(def, { now = null, start = null, ko = false, onlyNow = false, testid = 'dial' } = {}) {
  const clicks = dialClicks(def);
  const total = clicks.length;
  const nowIndex = ko ? total : now;
  const only = onlyNow && nowIndex !== null && nowIndex !== undefined;
  let viewed = nowIndex !== null && nowIndex !== undefined ? Math.min(nowIndex, total) : (start ?? 0);
  const box = el('div', {
    class: `dial${only ? ' only-now' : ''}`, 'data-testid': testid, 'data-clicks': only ? '' : total, 'data-now': nowIndex ?? '', 'data-view': only ? 'current' : 'full',
  });
  const strip = el('div', { class: 'dial-strip', role: 'group', 'aria-label': t('card.dial') });
  const windowBox = el('div', { class: 'dial-window-box' });
  const go = (i) => {
    if (only) return;
    viewed = Math.max(0, Math.min(total, i));
    draw();
    const b = strip.querySelector(`[data-click="${viewed}"]`);
    if (b && b.scrollIntoView && strip.scrollWidth > strip.clientWidth) {
      strip.scrollLeft = Math.max(0, b.offsetLeft - strip.clientWidth / 2);
    }
  };
  const labels = STATS.map((s) => t(`stat.${s}.short`));
  // The strip: a header column naming the values, then one column per click and the KO click.
  const head = el('div', { class: 'dial-col dial-head', 'aria-hidden': 'true' },
    el('span', { class: 'dial-mark' }, ''), ...labels.map((l) => el('span', { class: 'dial-label' }, l)));
  const cols = clicks.filter((c) => !only || c.index === nowIndex).map((c) => {
    const isNow = c.index === nowIndex;
    const tip = [t('card.dial.click', { n: c.index + 1 }), c.start ? t('card.dial.start', { points: c.points }) : '', isNow ? t('card.dial.now') : '',
      ...c.powers.map((p, k) => (p ? `${t(`stat.${STATS[k]}`)}: ${powerInfo(def, p, STATS[k]).name}` : '')).filter(Boolean)].filter(Boolean).join('\n');
    return el('button', {
      type: 'button', class: `dial-col${isNow ? ' now' : ''}${c.start ? ' start' : ''}`, 'data-click': c.index, 'data-testid': 'dial-click',
      'data-now': isNow ? 'yes' : 'no', 'data-start': c.start ? 'yes' : 'no', title: tip, 'aria-label': tip.replace(/\n/g, ', '),
      onclick: () => go(c.index),
    },
    el('span', { class: 'dial-mark' }, c.start ? el('span', { class: 'start-line', title: t('card.dial.start', { points: c.points }) }, c.points ?? '') : isNow ? '▼' : ''),
    ...c.values.map((v, k) => {
      const col = valueColours(c.powers[k]);
      return el('span', { class: `dial-v${c.powers[k] === 'special' ? ' special' : ''}`, 'data-power': c.powers[k] || '', style: `background:${col.bg};color:${col.ink};border-color:${col.border}` }, v);
    }));
  });
  const koCol = el('button', {
    type: 'button', class: `dial-col ko${nowIndex === total ? ' now' : ''}`, 'data-click': total, 'data-testid': 'dial-click', 'data-now': nowIndex === total ? 'yes' : 'no',
    title: t('card.dial.ko'), 'aria-label': t('card.dial.ko'), onclick: () => go(total),
  }, el('span', { class: 'dial-mark' }, nowIndex === total ? '▼' : ''), ...STATS.map(() => el('span', { class: 'dial-v ko' }, 'KO')));
  strip.append(head, ...cols, ...(only && nowIndex !== total ? [] : [koCol]));
  strip.addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft') {
      ev.preventDefault();
      ev.stopPropagation();
      go(viewed + (ev.key === 'ArrowRight' ? 1 : -1));
      const b = strip.querySelector(`[data-click="${viewed}"]`);
      if (b) b.focus({ preventScroll: true });
    }
  });

  const picture = dialPicture(clicks, nowIndex, (i) => go(i), { ring: !only });
  const prev = el('button', { type: 'button', class: 'dial-turn', 'aria-label': t('card.dial.prev'), title: t('card.dial.prev'), 'data-testid': 'dial-prev', onclick: () => go(viewed - 1) }, '◀');
  const next = el('button', { type: 'button', class: 'dial-turn', 'aria-label': t('card.dial.next'), title: t('card.dial.next'), 'data-testid': 'dial-next', onclick: () => go(viewed + 1) }, '▶');
  const text = el('div', { class: 'dial-window-text', 'aria-live': 'polite' });
  const win = only
    ? el('div', { class: 'dial-window', 'data-testid': 'dial-window' }, picture.svg, text)
    : el('div', { class: 'dial-window', 'data-testid': 'dial-window' }, prev, picture.svg, text, next);
  const powersBox = el('div', {});
  windowBox.append(win, powersBox);

  function draw() {
    picture.set(viewed);
    for (const b of strip.querySelectorAll('[data-click]')) b.classList.toggle('viewed', Number(b.dataset.click) === viewed);
    box.dataset.viewed = viewed;
    win.dataset.click = viewed;
    prev.disabled = viewed <= 0;
    next.disabled = viewed >= total;
    const c = clicks[viewed];
    const ko2 = viewed >= total;
    fill(text,
      el('strong', {}, ko2 ? t('card.dial.ko') : only ? t('card.dial.click', { n: viewed + 1 }) : t('card.dial.viewing', { n: viewed + 1, total })),
      viewed === nowIndex ? el('span', { class: 'now-badge' }, `▼ ${t('card.dial.now')}`) : null,
      c && c.start ? el('span', { class: 'muted small' }, t('card.dial.start', { points: c.points })) : null);
    const powers = c ? c.powers.map((p, k) => (p ? powerItem(def, p, STATS[k], { 'data-testid': 'dial-power' }) : null)).filter(Boolean) : [];
    powersBox.replaceChildren(...(ko2 ? [] : [powers.length ? el('div', { class: 'power-items', 'data-testid': 'dial-powers' }, powers) : el('p', { class: 'muted small' }, t('card.no_powers'))]));
  }
  box.append(strip, windowBox);
  draw();
  // Open on the click being read.
  requestAnimationFrame(() => {
    const b = strip.querySelector(`[data-click="${viewed}"]`);
    if (b && strip.scrollWidth > strip.clientWidth) strip.scrollLeft = Math.max(0, b.offsetLeft - strip.clientWidth / 2);
  });
  return box;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The dial as a picture: a ring of clicks turned so the click being read sits in the window at
 * the top, its four values in their colours in the window; starting lines in green, KO in red,
 * the click showing now marked. A tap on a tick turns the dial there. `set(i)` turns it (the
 * ring is kept, so it turns smoothly). `ring: false` leaves the ticks out. */
function dialPicture(clicks, nowIndex, go, { ring: withRing = true } = {}) {
  const n = clicks.length + 1;
  const R = 46;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '-50 -50 100 100');
  svg.setAttribute('class', 'dial-picture');
  svg.setAttribute('width', '92');
  svg.setAttribute('height', '92');
  svg.setAttribute('aria-hidden', 'true');
  svg.dataset.testid = 'dial-picture';
  const step = 360 / Math.max(n, 12);
  let ring = '';
  // Without its ring (the click showing alone) the picture tells nothing of the other clicks.
  for (let i = 0; withRing && i < n; i++) {
    const a = ((i * step - 90) * Math.PI) / 180;
    const x = Math.cos(a) * (R - 4.5);
    const y = Math.sin(a) * (R - 4.5);
    const c = clicks[i];
    const colour = i === clicks.length ? '#d32f2f' : c.start ? '#2e7d32' : '#cfd3d8';
    ring += `<circle class="dial-tick" data-click="${i}" cx="${x.toFixed(2)}" cy="${y.toFixed(2)}" r="${i === nowIndex ? 4.2 : 3}" fill="${colour}" stroke="${i === nowIndex ? '#ffb300' : '#0000'}" stroke-width="1.6"/>`;
  }
  svg.innerHTML = `<circle r="${R}" fill="#2b2f36"/><circle r="${R - 9}" fill="#3a3f47"/><g class="dial-ring">${ring}</g><g class="dial-face"></g>`;
  const ringG = svg.querySelector('.dial-ring');
  const face = svg.querySelector('.dial-face');
  svg.addEventListener('click', (ev) => {
    const tick = ev.target.closest && ev.target.closest('[data-click]');
    if (tick) go(Number(tick.dataset.click));
  });
  return {
    svg,
    set(viewed) {
      ringG.style.transform = `rotate(${-viewed * step}deg)`;
      // The window, always at the top: the click being read.
      const c = clicks[viewed];
      let inner = '<rect x="-19" y="-34" width="38" height="34" rx="5" fill="#fff" stroke="#111" stroke-width="1.2"/>';
      if (c) {
        const cells = [[-9.5, -25.5], [9.5, -25.5], [-9.5, -8.5], [9.5, -8.5]];
        c.values.forEach((v, k) => {
          const col = valueColours(c.powers[k]);
          const [x, y] = cells[k];
          inner += `<rect x="${x - 8}" y="${y - 7}" width="16" height="14" rx="2" fill="${col.bg}" stroke="${col.border}" stroke-width="${c.powers[k] === 'special' ? 1.4 : 0.6}"/>`;
          inner += `<text x="${x}" y="${y + 4}" text-anchor="middle" font-size="11" font-weight="bold" fill="${col.ink}">${v}</text>`;
        });
      } else {
        inner += '<text x="0" y="-12" text-anchor="middle" font-size="13" font-weight="bold" fill="#d32f2f">KO</text>';
      }
      inner += `<text x="0" y="18" text-anchor="middle" font-size="9" fill="#fff">${c ? viewed + 1 : 'KO'}</text>`;
      face.innerHTML = inner;
    },
  };
}
