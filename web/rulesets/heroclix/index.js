// HeroClix's page module (docs/platform.md, "Page modules"): the game screen drawn from the
// ruleset's own view (`snapshot.view`: the map as the rulebook draws it, figures and their dials,
// powers, tactics), the decisions' panels and dialogs, reach and line-of-fire previews, the
// new-game form, the team builder (`#builder`) and the replay's board.

import { t, translateDom } from '../../i18n.js';
import { $ } from '../../dom.js';
import { createBoard } from './board.js';
import {
  H, g, fig, view, setShell, resetState, snapshotChanged, acted, onBoardClick, onBoardHover, loadLos, renderBoard,
  endTurn, onKey, BASE_DECISIONS,
} from './game.js';
import { renderPanels, renderDialogs } from './panels.js';
import { newGameForm } from './form.js';
import { initBuilder, showBuilder } from './builder.js';
import { STRINGS } from './strings.js';
import { updateRecap, clearRecap } from './recap.js';

/** The game screen: the board with its zoom, the line of fire over it (so it is in sight while
 * the target is hovered) and the legend; beside it the prompt, the decision panel, the shell's
 * error, the figure, the shell's dice, roster, tactics, the shell's log. On a narrow screen the
 * prompt comes right under the board (style.css). */
const LAYOUT = `
<div class="game-layout">
  <div class="board-col">
    <div class="zoom">
      <button type="button" id="zoom-out" data-i18n-aria="game.zoom.out" data-i18n-title="game.zoom.out">−</button>
      <button type="button" id="zoom-fit" data-i18n="game.zoom.fit"></button>
      <button type="button" id="zoom-in" data-i18n-aria="game.zoom.in" data-i18n-title="game.zoom.in">+</button>
    </div>
    <div class="board-wrap">
      <div id="board" class="board-scroll" tabindex="0" data-testid="board"></div>
      <div id="los-panel" class="panel los-panel" data-testid="los-panel" aria-live="polite" hidden></div>
    </div>
    <details class="legend-box" open>
      <summary data-i18n="game.legend"></summary>
      <ul id="legend" class="legend" data-testid="legend"></ul>
    </details>
  </div>
  <aside class="side">
    <div id="prompt" class="prompt" data-testid="prompt" aria-live="polite"></div>
    <section id="decision-panel" class="decision-panel" data-testid="decision-panel" aria-live="assertive" hidden></section>
    <span id="slot-error"></span>
    <div id="figure-panel" class="panel" data-testid="figure-panel" hidden></div>
    <span id="slot-dice"></span>
    <section id="recap-panel" class="panel recap-panel" data-testid="recap-panel" aria-live="polite" hidden></section>
    <div class="panel">
      <h3 data-i18n="game.figures"></h3>
      <div id="roster" class="roster" data-testid="roster"></div>
    </div>
    <div id="tactics-panel" class="panel tactics-panel" data-testid="tactics" hidden></div>
    <span id="slot-log"></span>
    <p class="keys muted" data-i18n="game.keys"></p>
  </aside>
</div>
`;

let shell = null;
let board = null;

export default {
  id: 'heroclix',
  strings: STRINGS,

  mount(s, container) {
    shell = s;
    resetState();
    container.innerHTML = LAYOUT;
    for (const name of ['error', 'dice', 'log']) container.querySelector(`#slot-${name}`).replaceWith(s.slot(name));
    const status = s.slot('status');
    status.innerHTML = '<span id="round-text" class="muted"></span> <span id="actions-text" class="muted" data-testid="actions-text"></span>';
    s.slot('buttons').innerHTML = '<button id="end-turn" type="button" class="primary" data-testid="end-turn" aria-keyshortcuts="E" data-i18n="game.end_turn"></button>';
    translateDom(container);
    translateDom(s.slot('buttons'));
    board = createBoard($('board'), {
      click: onBoardClick,
      hover: onBoardHover,
      focus: (id) => {
        if (!g() || !g().snap) return;
        const f = fig(id);
        if (f) H.cursor = f.square ? { ...f.square } : H.cursor;
        if (H.sel !== null && f && fig(H.sel) && f.owner !== fig(H.sel).owner) loadLos(H.sel, id);
        else renderBoard();
      },
    });
    setShell(s, board);
    $('end-turn').addEventListener('click', endTurn);
    $('zoom-in').addEventListener('click', () => board.zoomBy(1.25));
    $('zoom-out').addEventListener('click', () => board.zoomBy(0.8));
    $('zoom-fit').addEventListener('click', () => board.fit());
  },

  unmount() {
    setShell(null, null);
    shell = null;
    board = null;
  },

  focus() {
    const b = $('board');
    if (b) b.focus({ preventScroll: true });
  },

  update(snap, old) {
    if (!old) H.los = null;
    snapshotChanged(snap, old);
    updateRecap(snap, g() ? g().seat : null, renderBoard);
  },

  render() {
    if (!shell || !view()) return;
    renderPanels();
  },

  dialogs(snap, force) {
    renderDialogs(force);
  },

  acted(action) {
    // The other side's turn stops being drawn once the player acts.
    clearRecap();
    return acted(action);
  },

  seatChanged() {
    resetState(false);
  },

  onKey,

  /** "Your turn" for the turn and the set-up choices; "decide" for a decision inside an action. */
  turnText(snap, mine) {
    return BASE_DECISIONS.has(mine.type) ? t('game.your_turn') : t('decision.title');
  },

  /** A seat's name and victory points from the view ("PV" in French, the rulebook's *points de
   * victoire*). */
  seatInfo(snap, seat) {
    const s = snap && snap.view && snap.view.seats && snap.view.seats[seat];
    return s ? { name: s[0], note: t('game.vp', { n: s[1] }) } : null;
  },

  scores(snap, over) {
    const v = snap.view || {};
    const scores = new Map((over.scores || []).map(([s, n]) => [typeof s === 'object' ? s.seat : Number(s), n]));
    return {
      label: t('over.vp'),
      rows: (v.seats || []).map((s, i) => ({ seat: i, name: shell ? shell.seatName(i) : s[0], score: scores.has(i) ? scores.get(i) : s[1] })),
    };
  },

  /**
   * Why the game ended, for the end screen: the rule that ended it, the victory points when
   * they decided, and the roll-off when a tie had to be broken (rulebook *Désigner le
   * vainqueur*: tied players roll 2d6, highest wins).
   */
  overNote(snap, over) {
    const log = (snap && snap.log) || [];
    const end = [...log].reverse().find((e) => e.event && e.event.event === 'game_over');
    const rollOff = [...log].reverse().find((e) => e.event && e.event.event === 'roll_off');
    const name = (s) => (shell ? shell.seatName(Number(s)) : `${Number(s) + 1}`);
    if (over.resigned !== undefined && over.resigned !== null) return t('over.why.resigned', { name: name(over.resigned) });
    const reason = end ? end.event.reason : null;
    const parts = [];
    if (reason) parts.push(t(`over.why.${reason}`));
    if (reason === 'round_limit' || reason === 'no_figure_left') {
      const vp = (over.scores || []).map(([s, n]) => `${name(s)} ${n}`).join(', ');
      if (vp) parts.push(t('over.why.vp', { vp }));
    }
    if (rollOff) {
      const rolls = rollOff.event.rolls.map(([s, r]) => `${name(s)} ${r.join(t('over.why.roll_off.then'))}`).join(', ');
      parts.push(t('over.why.roll_off', { rolls }));
    }
    return parts.join(' ');
  },

  /** The player's result: a tie on victory points broken by the 2d6 roll-off says so. */
  overMine(snap, over, won) {
    const log = (snap && snap.log) || [];
    const rollOff = log.some((e) => e.event && e.event.event === 'roll_off');
    if (!rollOff || (over.resigned !== undefined && over.resigned !== null)) return null;
    return t(won ? 'over.mine.roll_off_win' : 'over.mine.roll_off_lose');
  },

  state() {
    return { sel: H.sel, tool: H.tool };
  },

  newGameForm,

  pages: {
    builder: {
      show(container, content, s) {
        initBuilder(container, { createGame: s.createGame, lastError: s.lastError });
        showBuilder(content);
      },
    },
  },

  /** The replay's board: the map and figures of each step's view. */
  replayView(container) {
    const b = createBoard(container, {});
    return {
      update(snap) {
        const v = snap.view;
        if (!v || !v.map) return;
        b.update({ map: v.map, figures: v.figures, objects: Array.isArray(v.objects) ? v.objects : undefined, lang: snap.lang, seatName: (i) => (v.seats[i] ? v.seats[i][0] : ''), squares: [], targets: new Set(), chosen: new Set() });
      },
    };
  },
};
