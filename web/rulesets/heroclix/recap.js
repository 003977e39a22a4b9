// The other side's turn, step by step (issue 14, item 7): what moved where, who attacked whom
// with which roll, who was hit, damaged or knocked out — listed in a panel and drawn on the
// board, one action after the other when it arrives, and again on demand ("Replay their turn").
// Read from the log's event data (the same events the log's sentences come from).

import { t } from '../../i18n.js';
import { el, $, fill } from '../../dom.js';
import { dieSvg } from '../../dice.js';

const STEP_MS = 1100;

/** The actions shown: `[{ step, seat, lines: [{text, dice}], paths, arrows, hits, kos }]`. */
let steps = [];
/** The step drawn on the board now (an index into `steps`), or null for none. */
let showing = null;
let timer = null;
// (`timer` is set while the actions are being played one after the other.)
// The player is pointing at (or focused on) one action: actions the bot adds meanwhile are
// listed, not played, so the drawing does not jump away from what the player is reading.
let held = false;
let redraw = () => {};
let lastKey = '';

/** The figure's square in the view, if it is on the map. */
function squareOf(view, id) {
  const f = (view.figures || []).find((x) => x.id === id);
  return f && f.square ? { ...f.square } : null;
}

/** Reads one action's log entries into what the board draws. */
function stepOf(entries, view) {
  const s = { step: entries[0].step, seat: entries[0].seat, lines: [], paths: [], arrows: [], hits: [], kos: [] };
  // Where each figure ended, as the events of this action leave it.
  const at = new Map();
  const where = (id) => at.get(id) || squareOf(view, id);
  let attacker = null;
  for (const e of entries) {
    s.lines.push({ text: e.text, dice: e.dice || [] });
    const ev = e.event || {};
    switch (ev.event) {
      case 'moved':
      case 'knocked_back':
        if (Array.isArray(ev.path) && ev.path.length) {
          s.paths.push({ squares: ev.path.map((q) => ({ ...q })), knockback: ev.event === 'knocked_back' });
          at.set(ev.figure, { ...ev.path[ev.path.length - 1] });
        }
        break;
      case 'attack_roll':
        attacker = ev.attacker;
        break;
      case 'attack_result': {
        const from = attacker !== null ? where(attacker) : null;
        const to = where(ev.target);
        if (from && to) s.arrows.push({ from, to, hit: !!ev.hit });
        break;
      }
      case 'damage': {
        const q = where(ev.figure);
        if (q && ev.amount > 0) s.hits.push(q);
        break;
      }
      case 'knocked_out': {
        const q = where(ev.figure);
        if (q) s.kos.push(q);
        break;
      }
      default:
    }
  }
  return s;
}

/** The actions of other seats since this page's seat last acted, from the snapshot's log. */
function othersSince(log, mine) {
  let i = log.length - 1;
  while (i >= 0 && (log[i].seat === mine || log[i].seat === undefined || log[i].seat === null)) i--;
  const end = i;
  while (i >= 0 && log[i].seat !== mine) i--;
  const entries = log.slice(i + 1, end + 1).filter((e) => e.seat !== mine && e.seat !== null && e.seat !== undefined);
  const byStep = new Map();
  for (const e of entries) {
    if (!byStep.has(e.step)) byStep.set(e.step, []);
    byStep.get(e.step).push(e);
  }
  return [...byStep.values()];
}

/** The step index that stands for the whole turn at once, once it has been played. */
const ALL = -1;

/** What the board draws for the step shown (or the whole turn): `{ paths, arrows, hits, kos }`,
 * or null. */
export function recapDrawing() {
  if (showing === ALL) {
    const all = { paths: [], arrows: [], hits: [], kos: [] };
    for (const s of steps) for (const k of Object.keys(all)) all[k].push(...s[k]);
    return all;
  }
  if (showing === null || !steps[showing]) return null;
  return steps[showing];
}

function play(from = 0) {
  clearTimeout(timer);
  held = false;
  showing = steps.length ? from : null;
  renderRecap();
  redraw();
  const next = () => {
    if (showing === null) return;
    if (showing + 1 >= steps.length) {
      // Then the whole turn stays drawn until the player does something.
      timer = null;
      showing = ALL;
      renderRecap();
      redraw();
      return;
    }
    showing += 1;
    renderRecap();
    redraw();
    timer = setTimeout(next, STEP_MS);
  };
  timer = setTimeout(next, STEP_MS);
}

/** Stops drawing the other side's turn (the player acts or picks a figure). */
export function clearRecap() {
  clearTimeout(timer);
  if (showing === null) return;
  showing = null;
  renderRecap();
}

/** Reads the snapshot: when other seats acted since this seat last did, their actions are
 * listed and played on the board one after the other. `mine` is this page's seat (null for a
 * spectator, who sees every action). `again` redraws the board. */
export function updateRecap(snap, mine, again) {
  redraw = again;
  const log = (snap && snap.log) || [];
  const view = snap && snap.view;
  if (!view || mine === null || mine === undefined) {
    steps = [];
    return;
  }
  const groups = othersSince(log, mine);
  const key = groups.map((g) => g[0].step).join(',');
  if (key === lastKey) return;
  const old = steps;
  steps = groups.map((g) => stepOf(g, view));
  lastKey = key;
  // The same turn going on: only its new actions are played, from where the drawing stands
  // (an action not yet drawn is not skipped); a new turn is played from its start.
  const sameTurn = old.length && steps.length && old[0].step === steps[0].step;
  const from = sameTurn ? Math.min(showing === null || showing === ALL ? old.length : showing + 1, steps.length - 1) : 0;
  if (steps.length && (!sameTurn || steps.length > old.length)) {
    if (sameTurn && held) {
      renderRecap();
    } else if (sameTurn && timer && showing !== null && showing !== ALL && showing < old.length - 1) {
      // Still playing the earlier actions: the new ones follow.
      renderRecap();
    } else {
      play(from);
    }
  } else {
    renderRecap();
  }
}

let built = '';

/** Shows step `i` (hovered or focused) on the board. */
function pick(i) {
  clearTimeout(timer);
  timer = null;
  held = true;
  showing = i;
  renderRecap();
  redraw();
}

/** The panel listing the other side's actions, one line each, with their dice; the list is
 * built when the actions change, and only its highlight follows the step shown (rebuilding it
 * under the pointer would lose the hover). */
export function renderRecap() {
  const box = $('recap-panel');
  if (!box) return;
  box.hidden = !steps.length;
  if (!steps.length) return;
  const key = `${lastKey}:${t('recap.title')}`;
  if (built !== key || !box.querySelector('[data-testid=recap-list]')) {
    built = key;
    fill(box,
      el('div', { class: 'recap-head' },
        el('h3', {}, t('recap.title')),
        el('button', { type: 'button', class: 'link', 'data-testid': 'recap-replay', onclick: () => play(0) }, t('recap.replay'))),
      el('ol', { class: 'recap-list', 'data-testid': 'recap-list', onmouseleave: () => { held = false; } }, steps.map((s, i) => el('li', {
        'data-testid': `recap-step-${i}`,
        tabindex: '0',
        onmouseenter: () => pick(i),
        onfocus: () => pick(i),
      }, s.lines.map((l) => el('div', { class: 'recap-line' },
        l.dice.length ? el('span', { class: 'recap-dice', html: l.dice.map((n) => dieSvg(n, 18)).join('') }) : null,
        l.text))))));
  }
  box.querySelectorAll('.recap-list li').forEach((li, i) => li.classList.toggle('now', i === showing));
  // The action played is kept in view inside the list, without scrolling the page.
  const list = box.querySelector('.recap-list');
  const now = box.querySelector('li.now');
  if (list && now) {
    if (now.offsetTop < list.scrollTop) list.scrollTop = now.offsetTop;
    else if (now.offsetTop + now.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = now.offsetTop + now.offsetHeight - list.clientHeight;
  }
}
