// HeroScape's army cards on the page: the card of the figure pointed at (numbers, wounds,
// powers), every player's cards with the order markers on them (this page's own numbers; the
// other players' as face-down backs until revealed, from the server's view, which holds no
// more), the marker placement panel, and the last attack's dice with skull and shield faces.
// Also the module's style sheet.

import { t } from '../../i18n.js';
import { el, fill } from '../../dom.js';

const num = (s) => (s === null || s === undefined ? null : typeof s === 'object' && 'seat' in s ? s.seat : Number(s));
const MARKERS = ['1', '2', '3', 'X'];

function stat(label, value, cls = '') {
  return el('div', { class: `hs-stat ${cls}` }, el('span', { class: 'hs-stat-v' }, String(value ?? '—')), el('span', { class: 'hs-stat-l' }, label));
}

/** The card of `unit` (the `field` judge's card, the view's unit), with `figure`'s wounds. */
export function cardPanel(box, { card, unit, figure, figures, seatName, active }) {
  if (!card || !unit) { fill(box); box.hidden = true; return; }
  box.hidden = false;
  // The card's fixed words in the page's language; species, class and personality as printed.
  const word = (w) => { const k = `hs.word.${String(w).toLowerCase()}`; const x = t(k); return x === k ? String(w).replace(/_/g, ' ') : x; };
  const words = [card.rarity, card.kind, card.species, card.class, card.personality, card.size].filter(Boolean).map(word);
  const wounds = figure ? figure.wounds : null;
  const woundsRow = figures.length > 1
    ? figures.map((f, i) => el('span', { class: `hs-wfig${f.destroyed ? ' gone' : ''}` }, `${i + 1}: ${f.destroyed ? t('hs.card.destroyed') : t('hs.wounds_of', { w: f.wounds, life: card.life })}`))
    : [];
  fill(box,
    el('div', { class: 'hs-card-head', style: '' },
      el('h3', { 'data-testid': 'hs-card-name' }, card.name),
      el('span', { class: 'muted small' }, `${seatName(num(unit.owner))}${active ? ` · ${t('hs.card.active')}` : ''}`)),
    el('p', { class: 'muted small hs-words' }, words.join(' · ')),
    el('div', { class: 'hs-stats' },
      stat(t('hs.card.life'), figure ? `${card.life - wounds}/${card.life}` : card.life, figure && wounds ? 'hurt' : ''),
      stat(t('hs.card.move'), card.move),
      stat(t('hs.card.range'), card.range),
      stat(t('hs.card.attack'), card.attack, 'atk'),
      stat(t('hs.card.defense'), card.defense, 'def'),
      stat(t('hs.card.height'), card.height),
      stat(t('hs.card.points'), card.points)),
    figure ? el('p', { class: 'small', 'data-testid': 'hs-card-wounds' }, `${t('hs.card.wounds')}: ${wounds} · ${t('hs.level', { n: figure.level })}`) : null,
    woundsRow.length ? el('p', { class: 'small hs-wrow' }, woundsRow) : null,
    el('h4', {}, t('hs.card.powers')),
    (card.powers || []).length
      ? el('ul', { class: 'hs-powers' }, card.powers.map((p) => el('li', { class: p.applied === false ? 'by-hand' : '', 'data-applied': p.applied === false ? 'no' : 'yes' },
        el('strong', {}, p.name), ' ', p.text,
        p.applied === false ? el('span', { class: 'hs-by-hand', 'data-testid': 'hs-by-hand', title: t('hs.card.by_hand_help') }, t('hs.card.by_hand')) : null)))
      : el('p', { class: 'muted small' }, t('hs.card.no_powers')));
}

function markerChip(m, cls = '') {
  return el('span', { class: `hs-marker ${cls}`, 'data-marker': m }, m);
}
function markerBack() {
  return el('span', { class: 'hs-marker back', 'data-marker': 'back', title: t('hs.markers.back'), 'aria-label': t('hs.markers.back') }, '');
}

/**
 * Every player's cards with the markers on them. `view.players[i].markers`: `known` (marker and
 * unit pairs the viewer may see), `hidden` (unit and count of face-down markers it may not).
 */
export function cardsList(box, { view, seat, plan, seatName, seatColour, onCard, onFigure }) {
  const out = [el('h3', {}, t('hs.cards'))];
  for (const p of view.players) {
    const s = num(p.seat);
    const known = new Map();
    for (const [m, u] of p.markers.known || []) known.set(u, [...(known.get(u) || []), String(m)]);
    const hidden = new Map((p.markers.hidden || []).map(([u, n]) => [u, n]));
    const units = view.units.filter((u) => num(u.owner) === s);
    out.push(el('div', { class: 'hs-player', 'data-seat': s, 'data-testid': `hs-player-${s}` },
      el('h4', {}, el('span', { class: 'dot', style: `background:${seatColour(s)}` }), seatName(s), s === seat ? ` (${t('hs.you')})` : '',
        el('span', { class: 'muted small' }, ` · ${p.points} pts`),
        p.markers.placed && !(p.markers.known || []).length && !(p.markers.hidden || []).length
          ? el('span', { class: 'muted small', 'data-testid': 'hs-placing' }, ` · ${t('hs.markers.placing', { n: p.markers.placed })}`) : null),
      el('ul', { class: 'hs-unit-list' }, units.map((u) => {
        const planned = s === seat ? MARKERS.filter((m) => plan[m] === u.id) : [];
        const chips = [
          ...(known.get(u.id) || []).map((m) => markerChip(m, 'known')),
          ...Array.from({ length: hidden.get(u.id) || 0 }, () => markerBack()),
          ...planned.map((m) => markerChip(m, 'planned')),
        ];
        const figs = view.figures.filter((f) => f.unit === u.id);
        return el('li', { class: `hs-unit${u.alive ? '' : ' gone'}${view.turn && view.turn.unit === u.id ? ' active' : ''}`, 'data-unit': u.id },
          el('button', {
            type: 'button', class: `hs-unit-btn${onCard && s === seat && u.alive ? ' droppable' : ''}`, 'data-testid': 'hs-unit',
            onclick: () => { if (onCard && s === seat && u.alive) onCard(u.id); else { const f = figs.find((x) => !x.destroyed && x.hex); if (f) onFigure(f.id); } },
          },
          el('span', { class: 'hs-unit-name' }, u.name, u.copies > 1 ? ` ×${u.copies}` : ''),
          el('span', { class: 'hs-unit-stats muted small' }, `${t('hs.card.figures', { alive: u.alive, all: figs.length })} · ${t('hs.card.move')} ${u.move_} · ${t('hs.card.range')} ${u.range} · ${t('hs.card.attack')} ${u.attack} · ${t('hs.card.defense')} ${u.defense} · ${u.points} pts${(u.spent || []).map((n) => ` · ${t('hs.special.spent', { name: n })}`).join('')}${(u.chosen || []).map((c) => ` · ${t('hs.card.chosen', { power: c.power, name: c.name })}`).join('')}${(u.supplies || []).map((s) => ` · ${t('hs.card.supply', { power: s.power, marker: s.marker, left: s.left })}`).join('')}${u.negated ? ` · ${t('hs.card.negated')}` : ''}`)),
          el('span', { class: 'hs-chips', 'data-testid': 'hs-chips' }, chips));
      }))));
  }
  fill(box, out);
}

/** The placement of this page's order markers: pick a marker, then a card; confirm. */
export function markersPanel(box, { legal, plan, pick, sending, units, mine, onPick, onCard, onClear, onConfirm }) {
  // Every marker not yet down may be planned (the server may take them in a fixed order: the
  // confirmation sends them 1, 2, 3, X).
  const placed = new Map(((mine && mine.markers.known) || []).map(([m, u]) => [String(m), u]));
  const open = new Set(legal.length ? MARKERS.filter((m) => !placed.has(m)) : []);
  const todo = MARKERS.filter((m) => open.has(m));
  const ready = todo.length > 0 && todo.every((m) => plan[m] !== undefined);
  fill(box,
    el('h3', {}, t('hs.markers.title')),
    el('p', { class: 'small' }, t('hs.markers.help')),
    el('div', { class: 'hs-marker-picks', role: 'radiogroup' }, MARKERS.map((m) => el('button', {
      type: 'button', class: `hs-marker big${pick === m ? ' picked' : ''}${placed.has(m) || plan[m] !== undefined ? ' used' : ''}`,
      'data-testid': `hs-pick-${m}`, 'aria-pressed': pick === m ? 'true' : 'false', disabled: !open.has(m) || sending, onclick: () => onPick(m),
    }, m))),
    el('ul', { class: 'hs-marker-cards' }, units.map((u) => el('li', {},
      el('button', { type: 'button', class: 'hs-drop', 'data-testid': 'hs-drop', 'data-unit': u.id, disabled: !pick || sending, onclick: () => onCard(u.id) },
        el('span', {}, u.name),
        el('span', { class: 'hs-chips' },
          ...MARKERS.filter((m) => placed.get(m) === u.id).map((m) => markerChip(m, 'known')),
          ...MARKERS.filter((m) => plan[m] === u.id && !placed.has(m)).map((m) => markerChip(m, 'planned'))))))),
    el('div', { class: 'hs-marker-actions' },
      el('button', { type: 'button', class: 'primary', 'data-testid': 'hs-confirm-markers', disabled: !ready || sending, onclick: onConfirm }, sending ? t('hs.markers.sending') : t('hs.markers.confirm')),
      el('button', { type: 'button', 'data-testid': 'hs-clear-markers', disabled: sending, onclick: onClear }, t('hs.markers.clear'))),
    ready || sending ? null : el('p', { class: 'muted small' }, t('hs.markers.missing')));
}

const FACE = {
  skull: '<path d="M12 4c-4.4 0-7 2.9-7 6.6 0 2.3 1 3.8 2.4 4.7V18h2v-1.6h1.2V18h2.8v-1.6h1.2V18h2v-2.7c1.4-.9 2.4-2.4 2.4-4.7C19 6.9 16.4 4 12 4z" fill="#222"/><circle cx="9.3" cy="10.8" r="1.9" fill="#fff"/><circle cx="14.7" cy="10.8" r="1.9" fill="#fff"/><path d="M12 12.6l-1 2h2z" fill="#fff"/>',
  shield: '<path d="M12 3.5l7 2.6v5.2c0 4.3-2.9 7.6-7 9.2-4.1-1.6-7-4.9-7-9.2V6.1z" fill="#1f5fa8" stroke="#0d2f57" stroke-width="1"/><path d="M12 6v12.2c2.8-1.3 4.8-3.8 4.8-6.9V7.8z" fill="#5b95d6"/>',
  blank: '',
};

/** A combat die face as SVG: skull, shield or blank. */
export function faceSvg(face, counts) {
  const f = FACE[face] !== undefined ? face : 'blank';
  return `<svg class="hs-die ${counts ? 'counts' : ''}" data-face="${f}" width="30" height="30" viewBox="0 0 24 24" role="img" aria-label="${t(`hs.face.${f}`)}"><rect x="1" y="1" width="22" height="22" rx="4" fill="${counts ? '#fff7d6' : '#f3f3f3'}" stroke="${counts ? '#b8860b' : '#888'}" stroke-width="1.4"/>${FACE[f]}</svg>`;
}

/** The last attack of the log: attack dice (skulls count), defence dice (shields count); for a
 * special attack, each affected figure's defence. */
export function diceView(box, log, { figureName }) {
  const last = [...log].reverse().find((e) => e.event && (e.event.type === 'attacked' || e.event.type === 'special_attacked' || e.event.type === 'attack_rolled' || e.event.type === 'attack_rerolled' || e.event.type === 'defence_rolled'));
  if (!last) { box.hidden = true; fill(box); return; }
  const e = last.event;
  box.hidden = false;
  const row = (faces, want) => {
    const span = el('span', { class: 'hs-dice-row' });
    span.innerHTML = faces.map((f) => faceSvg(f, f === want)).join('');
    return span;
  };
  if (e.type === 'attack_rolled' || e.type === 'attack_rerolled') {
    // A power is asked between the rolls: the attack dice rolled so far (or rolled again by a
    // power), the defence waiting.
    const faces = (e.type === 'attack_rolled' ? e.attack : e.after) || [];
    fill(box,
      el('h3', {}, t('hs.dice.title')),
      el('p', { class: 'small' }, e.target !== undefined ? `${figureName(e.attacker)} → ${figureName(e.target)}` : figureName(e.attacker)),
      el('div', { class: 'hs-dice-line', 'data-testid': 'hs-attack-dice' }, el('span', { class: 'small' }, t('hs.dice.attack', { n: faces.filter((f) => f === 'skull').length })), row(faces, 'skull')),
      el('p', { class: 'small hs-dice-result' }, t('hs.dice.waiting')));
    return;
  }
  if (e.type === 'defence_rolled') {
    // A power of the defender's side is asked once the defence dice are rolled: both rolls,
    // the wounds waiting.
    fill(box,
      el('h3', {}, t('hs.dice.title')),
      el('p', { class: 'small' }, `${figureName(e.attacker)} → ${figureName(e.target)}`),
      el('div', { class: 'hs-dice-line', 'data-testid': 'hs-attack-dice' }, el('span', { class: 'small' }, t('hs.dice.attack', { n: (e.attack || []).filter((f) => f === 'skull').length })), row(e.attack || [], 'skull')),
      el('div', { class: 'hs-dice-line', 'data-testid': 'hs-defence-dice' }, el('span', { class: 'small' }, t('hs.dice.defence', { n: (e.defence || []).filter((f) => f === 'shield').length })), row(e.defence || [], 'shield')),
      el('p', { class: 'small hs-dice-result' }, `${t('hs.dice.wounds', { n: e.wounds })} · ${t('hs.dice.answering')}`));
    return;
  }
  if (e.type === 'special_attacked') {
    // A special attack: the attack dice once, then every affected figure's defence.
    fill(box,
      el('h3', {}, t('hs.dice.title')),
      el('p', { class: 'small' }, `${figureName(e.attacker)} — ${e.power}`),
      el('div', { class: 'hs-dice-line', 'data-testid': 'hs-attack-dice' }, el('span', { class: 'small' }, t('hs.dice.attack', { n: e.skulls })), row(e.attack || [], 'skull')),
      ...(e.hits || []).map((h) => el('div', { class: 'hs-dice-line', 'data-testid': 'hs-defence-dice' },
        el('span', { class: 'small' }, `${figureName(h.figure)} · ${t('hs.dice.defence', { n: h.shields })} · ${t('hs.dice.wounds', { n: h.wounds })}`),
        row(h.defence || [], 'shield'))));
    return;
  }
  fill(box,
    el('h3', {}, t('hs.dice.title')),
    el('p', { class: 'small' }, `${figureName(e.attacker)} → ${figureName(e.target)}`),
    el('div', { class: 'hs-dice-line', 'data-testid': 'hs-attack-dice' }, el('span', { class: 'small' }, t('hs.dice.attack', { n: e.skulls })), row(e.attack || [], 'skull')),
    el('div', { class: 'hs-dice-line', 'data-testid': 'hs-defence-dice' }, el('span', { class: 'small' }, t('hs.dice.defence', { n: e.shields })), row(e.defence || [], 'shield')),
    el('p', { class: 'small hs-dice-result' }, el('strong', {}, t('hs.dice.wounds', { n: e.wounds }))));
}

export const STYLE = `
.hs-status > span + span::before { content: ' · '; color: #888; }
.game-layout.hs { grid-template-columns: minmax(0, 1fr) 340px; }
.hs .hs-board-box { width: 100%; }
.hs .hs-board-box.zoomed { overflow: auto; max-height: calc(100vh - 120px); -webkit-overflow-scrolling: touch; }
.hs .hs-zoom { display: flex; justify-content: flex-end; gap: 4px; margin-bottom: 4px; }
.hs .hs-zoom button { min-width: 2rem; min-height: 2rem; padding: 0 .4rem; font-size: 1.05rem; line-height: 1; }
.hs svg.hs-board { display: block; width: 100%; height: auto; max-height: calc(100vh - 150px); background: #26313a; border-radius: 6px; touch-action: manipulation; }
.hs svg.hs-board .hex { cursor: pointer; }
.hs svg.hs-board text.lvl { font: 700 10px system-ui, sans-serif; fill: #fff; text-anchor: middle; paint-order: stroke; stroke: rgba(0,0,0,.7); stroke-width: 2.2px; }
.hs svg.hs-board text.obst-h { font: 700 9px system-ui, sans-serif; fill: #fff; text-anchor: middle; paint-order: stroke; stroke: #000; stroke-width: 2px; pointer-events: none; }
.hs svg.hs-board .obstacle { pointer-events: none; }
.hs svg.hs-board .glyph-text { font: 700 8px system-ui, sans-serif; text-anchor: middle; fill: #111; }
.hs svg.hs-board .glyph.down .glyph-text { fill: #fff; font-size: 11px; }
.hs svg.hs-board .glyph-name { font: 700 8px system-ui, sans-serif; text-anchor: middle; fill: #fff; paint-order: stroke; stroke: #000; stroke-width: 2px; }
.hs svg.hs-board .pick { fill: rgba(120,255,120,.28); stroke: #9f9; stroke-width: 2; cursor: pointer; }
.hs svg.hs-board .pick-place { fill: rgba(255,255,140,.3); stroke: #ff6; }
.hs svg.hs-board .pick.hover { fill: rgba(160,255,160,.55); stroke: #fff; }
.hs svg.hs-board polyline.path { fill: none; stroke: #fff; stroke-width: 4; stroke-dasharray: 7 4; stroke-linejoin: round; pointer-events: none; }
.hs svg.hs-board .path-cost { font: 700 12px system-ui, sans-serif; fill: #fff; text-anchor: middle; paint-order: stroke; stroke: #000; stroke-width: 3px; pointer-events: none; }
.hs svg.hs-board .refused path { stroke: #ff2d2d; stroke-width: 5; stroke-linecap: round; pointer-events: none; }
.hs svg.hs-board line.los { stroke-width: 4; stroke-linecap: round; pointer-events: none; }
.hs svg.hs-board line.los-ok { stroke: #7CFC00; }
.hs svg.hs-board line.los-no { stroke: #ffa500; stroke-dasharray: 8 5; }
.hs svg.hs-board line.los-blocked { stroke: #ff3030; stroke-dasharray: 8 5; }
.hs svg.hs-board line.los-pending { stroke: #ccc; stroke-dasharray: 2 4; }
.hs svg.hs-board line.los-beyond { stroke: #ff3030; stroke-width: 2; stroke-dasharray: 3 4; opacity: .55; }
.hs svg.hs-board .los-cross { fill: none; stroke: rgba(255,255,255,.75); stroke-width: 1.5; stroke-dasharray: 3 2; }
.hs svg.hs-board .los-cross.stop { stroke: #ff3030; stroke-width: 2.5; stroke-dasharray: none; }
.hs svg.hs-board .los-stop circle { fill: #fff; stroke: #ff3030; stroke-width: 2.5; }
.hs svg.hs-board .los-stop path { stroke: #ff3030; stroke-width: 2.5; stroke-linecap: round; }
.hs svg.hs-board text.los-h { font: 700 10px system-ui, sans-serif; fill: #fff; text-anchor: middle; paint-order: stroke; stroke: #000; stroke-width: 2.5px; }
.hs .los-note { display: flex; gap: 8px; align-items: flex-start; flex-wrap: wrap; }
.hs .los-note .los-words { flex: 1 1 260px; min-width: 0; }
.hs .los-note .los-line-text { margin-top: 2px; font-weight: 600; }
.hs .los-note .los-crossed { font-size: 11px; }
.hs .los-profile { flex: 0 1 320px; max-width: 100%; height: auto; }
.hs .los-profile .los-scale { font: 9px system-ui, sans-serif; fill: #333; }
.hs .hs-note .refusal-more { margin: 2px 0 0; padding-left: 18px; font-size: 12px; color: #6d1b1b; }
.hs svg.hs-board .figure { cursor: pointer; }
.hs svg.hs-board .fig-label { font: 700 11px system-ui, sans-serif; text-anchor: middle; fill: #fff; paint-order: stroke; stroke: #000; stroke-width: 2.5px; pointer-events: none; }
.hs svg.hs-board .active-ring { fill: none; stroke: #ffe14d; stroke-width: 4; filter: drop-shadow(0 0 4px #ffe14d); }
.hs svg.hs-board .target-ring { fill: none; stroke: #ff3030; stroke-width: 4; stroke-dasharray: 5 3; }
.hs svg.hs-board .wound-dot { fill: #c62828; stroke: #fff; stroke-width: 1; }
.hs svg.hs-board .wound-text { font: 700 9px system-ui, sans-serif; fill: #fff; text-anchor: middle; pointer-events: none; }
.hs .hs-wrap { position: relative; }
.hs .hs-note { position: absolute; left: 8px; right: 8px; bottom: 8px; margin: 0; background: rgba(255,255,255,.95); box-shadow: 0 2px 8px rgba(0,0,0,.4); pointer-events: none; }
.hs .hs-note[hidden] { display: none; }
.hs svg.hs-board .path.risky { stroke: #e65100; }
.hs svg.hs-board .path-risk { font: 700 12px system-ui, sans-serif; text-anchor: middle; fill: #fff3e0; paint-order: stroke; stroke: #bf360c; stroke-width: 3px; pointer-events: none; }
.hs .hs-powers li.by-hand { border-left: 3px solid #b8860b; padding-left: 6px; }
.hs .hs-by-hand { display: block; font-size: 11px; color: #7a5200; font-weight: 600; margin-top: 2px; }
.hs .hs-note.top { top: 8px; bottom: auto; }
.hs .hs-note .refusal { color: #b71c1c; font-weight: 600; margin: 0; }
.hs .los-note.ok { color: #1b5e20; }
.hs .los-note.no { color: #b71c1c; }
.hs .hs-legend .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; list-style: none; padding: 0; margin: 4px 0; font-size: 12px; }
.hs .hs-legend .sw { display: inline-block; width: 14px; height: 14px; border-radius: 3px; margin-right: 4px; vertical-align: -2px; border: 1px solid #333; }
.hs .hs-legend .sw.round { border-radius: 50%; }
.hs .hs-legend .sw.outline { border: 3px solid #e91e63; }
.hs .hs-legend .sw.dashed { border: 1px dashed #333; }
.hs .hs-card-head { display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; }
.hs .hs-card-head h3 { margin: 0; }
.hs .hs-words { margin: 2px 0 6px; text-transform: capitalize; }
.hs .hs-stats { display: grid; grid-template-columns: repeat(7, 1fr); gap: 3px; }
.hs .hs-stat { display: flex; flex-direction: column; align-items: center; background: #f1ece0; border: 1px solid #c9bfa8; border-radius: 4px; padding: 2px 0; }
.hs .hs-stat.atk { background: #fbe3e0; } .hs .hs-stat.def { background: #e0ecfb; } .hs .hs-stat.hurt .hs-stat-v { color: #c62828; }
.hs .hs-stat-v { font-weight: 700; font-size: 15px; color: #222; } .hs .hs-stat-l { font-size: 9px; color: #555; }
.hs .hs-powers { margin: 0; padding-left: 16px; font-size: 12px; } .hs .hs-powers li { margin: 2px 0; }
.hs .hs-wrow { display: flex; flex-wrap: wrap; gap: 4px 10px; } .hs .hs-wfig.gone { text-decoration: line-through; color: #888; }
.hs .hs-player h4 { margin: 6px 0 2px; }
.hs .hs-unit-list { list-style: none; margin: 0; padding: 0; }
.hs .hs-unit { display: flex; align-items: center; gap: 6px; border-left: 4px solid transparent; padding-left: 4px; }
.hs .hs-unit.active { border-left-color: #f0c000; background: rgba(255,225,77,.15); }
.hs .hs-unit.gone { opacity: .5; text-decoration: line-through; }
.hs .hs-unit-btn { flex: 1; display: flex; flex-direction: column; align-items: flex-start; text-align: left; background: none; border: none; padding: 3px 0; cursor: pointer; color: inherit; min-height: 36px; }
.hs .hs-unit-btn.droppable { outline: 2px dashed #999; outline-offset: -2px; border-radius: 4px; padding-left: 4px; }
.hs .hs-chips { display: inline-flex; gap: 3px; flex-wrap: wrap; }
.hs .hs-marker { display: inline-flex; align-items: center; justify-content: center; width: 24px; height: 24px; border-radius: 50%; background: #c8102e; color: #fff; font-weight: 800; font-size: 13px; border: 2px solid #5a0010; box-sizing: border-box; }
.hs .hs-marker.planned { background: #fff; color: #c8102e; border-style: dashed; }
.hs .hs-marker.back { background: repeating-linear-gradient(45deg, #5a0010 0 3px, #8e1a2e 3px 6px); }
.hs .hs-marker.big { flex: 0 0 44px; width: 44px; height: 44px; min-height: 44px; max-height: 44px; padding: 0; font-size: 20px; cursor: pointer; }
.hs .hs-marker.big.picked { outline: 3px solid #ffd700; outline-offset: 2px; }
.hs .hs-marker.big.used { opacity: .55; }
.hs .hs-marker.big:disabled { opacity: .3; cursor: default; }
.hs .hs-marker-picks { display: flex; align-items: center; gap: 12px; margin: 6px 0; }
.hs .hs-marker-cards { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-direction: column; gap: 4px; }
.hs .hs-drop:disabled { opacity: 1; color: inherit; cursor: default; }
.hs .hs-drop { width: 100%; display: flex; justify-content: space-between; align-items: center; min-height: 40px; padding: 4px 8px; }
.hs .hs-marker-actions { display: flex; gap: 8px; }
.hs .hs-dice-line { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 3px 0; }
.hs .hs-dice-line > .small { min-width: 120px; }
.hs .hs-dice-row { display: inline-flex; gap: 3px; flex-wrap: wrap; }
.hs .hs-markers { border: 2px solid #c8102e; }
@media (max-width: 1100px) {
  .game-layout.hs .hs-zoom { order: -4; }
  .game-layout.hs .board-wrap { order: -3; }
  .game-layout.hs .hs-note { position: static; }
  .game-layout.hs .hs-prompt { order: -1; }
  .game-layout.hs .hs-markers { order: 0; }
  .game-layout.hs .hs-dice { order: 1; }
  .game-layout.hs .hs-card { order: 2; }
  .game-layout.hs .hs-cards { order: 3; }
  .game-layout.hs .side > :not(.hs-prompt):not(.hs-markers):not(.hs-dice):not(.hs-card):not(.hs-cards) { order: 4; }
  .game-layout.hs .hs-stats { grid-template-columns: repeat(4, 1fr); }
  .hs svg.hs-board { max-height: none; }
}
@media (max-width: 700px) {
  /* Hexes big enough to tap: the board scrolls sideways. */
  .hs .hs-board-box { overflow-x: auto; -webkit-overflow-scrolling: touch; }
  .hs svg.hs-board { width: 660px; max-width: none; }
  .hs-phase { display: none; }
  .hs-status { display: block; }
  .hs-status > span + span::before { content: none; }
  .hs-round, .hs-turn, .hs-init { display: block; }
}
`;
