// The generic page module (docs/platform.md, "Page modules"): plays any ruleset with no code of
// its own. It draws the snapshot's generic `board` (square or hex), lists the legal actions as
// menus grouped by their `group`, shows the cells, acting piece and targets of the action under
// the pointer or the keyboard, and sends the chosen entry's `action` back unchanged. Its new-game
// form is built from the `setup` fields of `/api/content?ruleset=ID`.

import { t } from '../../i18n.js';
import { el, fill, modal } from '../../dom.js';
import { drawBoard } from './board.js';

export const STRINGS = {
  en: {
    'generic.actions': 'Actions',
    'generic.other': 'Other',
    'generic.pieces': 'Pieces',
    'generic.waiting': 'Waiting for the other side.',
    'generic.no_actions': 'Nothing to do now.',
    'generic.no_board': 'This server sends no board for this game: play it from the menus.',
    'generic.hint': 'Point at an action to see it on the board; click a piece to list only its actions, a highlighted cell to play there.',
    'generic.piece_filter': 'Actions of {name}',
    'generic.all_actions': 'All actions',
    'generic.choose': 'Which action?',
    'generic.step': 'Step {n}',
    'generic.no_setup': 'This game has no set-up options.',
    'generic.setup': 'Game options',
  },
  fr: {
    'generic.actions': 'Actions',
    'generic.other': 'Autres',
    'generic.pieces': 'Pièces',
    'generic.waiting': 'En attente de l’autre camp.',
    'generic.no_actions': 'Rien à faire pour l’instant.',
    'generic.no_board': 'Ce serveur n’envoie pas de plateau pour cette partie : jouez-la depuis les menus.',
    'generic.hint': 'Survolez une action pour la voir sur le plateau ; cliquez sur une pièce pour ne lister que ses actions, sur une case en surbrillance pour y jouer.',
    'generic.piece_filter': 'Actions de {name}',
    'generic.all_actions': 'Toutes les actions',
    'generic.choose': 'Quelle action ?',
    'generic.step': 'Étape {n}',
    'generic.no_setup': 'Cette partie n’a pas d’options de mise en place.',
    'generic.setup': 'Options de la partie',
  },
};

const key = (at) => `${at[0]},${at[1]}`;

let shell = null;
let root = null;
/** The entry under the pointer or the focus, the piece whose actions are listed. */
const S = { hover: null, piece: null, step: null };

/** The menu heading of an entry: its `group`, else its action's `type` as words. */
function groupOf(e) {
  if (e.group) return e.group;
  const a = e.action;
  if (a && typeof a === 'object' && typeof a.type === 'string') return a.type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return t('generic.actions');
}

function pieces(snap) {
  return (snap.board && snap.board.pieces) || [];
}

function pieceName(snap, id) {
  const p = pieces(snap).find((x) => x.id === id);
  return p ? p.name || p.label || `#${id}` : `#${id}`;
}

/** The entries this page may play now (its seat's). */
function mine() {
  const snap = shell.snapshot();
  if (!snap || shell.outcomeOf(snap) || shell.seat() === null) return [];
  return shell.legal().filter((e) => e.seat === undefined || e.seat === null || e.seat === shell.seat());
}

function highlight() {
  const e = S.hover;
  if (e) return { cells: e.cells || [], figure: e.figure ?? null, targets: e.targets || [], selected: S.piece };
  if (S.piece !== null) {
    const cells = [];
    const targets = new Set();
    for (const x of mine()) {
      if (x.figure !== S.piece) continue;
      for (const c of x.cells || []) if (!cells.some((q) => key(q) === key(c))) cells.push(c);
      for (const id of x.targets || []) targets.add(id);
    }
    return { cells, figure: S.piece, targets: [...targets], selected: S.piece };
  }
  return {};
}

function drawTheBoard() {
  const snap = shell.snapshot();
  const box = root.querySelector('.generic-board-box');
  const layout = root.querySelector('.game-layout');
  layout.classList.toggle('no-board', !(snap && snap.board));
  if (!snap || !snap.board) {
    // Menus only: the side takes the whole width.
    fill(box, el('p', { class: 'muted', 'data-testid': 'generic-no-board' }, t('generic.no_board')));
    return;
  }
  drawBoard(box, snap.board, {
    highlight: highlight(),
    seatName: shell.seatName,
    onCell: onCell,
    onPiece: onPiece,
  });
}

async function choose(entries) {
  if (entries.length === 1) return shell.act(entries[0].action);
  const action = await modal((close) => el('div', { class: 'dialog-body', 'data-testid': 'choose-dialog' },
    el('h2', {}, t('generic.choose')),
    ...entries.map((e) => el('button', { type: 'button', class: 'choice', onclick: () => close(e.action) }, e.text)),
    el('button', { type: 'button', onclick: () => close(null) }, t('common.cancel'))));
  if (action) shell.act(action);
  return null;
}

function onCell(at) {
  if (shell.busy()) return;
  let entries = mine().filter((e) => (e.cells || []).some((c) => key(c) === key(at)));
  if (S.piece !== null && entries.some((e) => e.figure === S.piece)) entries = entries.filter((e) => e.figure === S.piece);
  if (entries.length) choose(entries);
}

function onPiece(id) {
  const targeting = mine().filter((e) => S.piece !== null && e.figure === S.piece && (e.targets || []).includes(id));
  if (targeting.length) {
    choose(targeting);
    return;
  }
  S.piece = S.piece === id ? null : id;
  S.hover = null;
  renderSide();
  drawTheBoard();
}

function entryButton(e, i) {
  const show = () => { S.hover = e; drawTheBoard(); };
  const hide = () => { if (S.hover === e) { S.hover = null; drawTheBoard(); } };
  return el('button', {
    type: 'button', class: 'choice legal-action', disabled: shell.busy(),
    'data-testid': 'legal-action', 'data-group': groupOf(e), 'data-index': i,
    'data-figure': e.figure ?? null, 'data-cells': (e.cells || []).map(key).join(' ') || null,
    onclick: () => shell.act(e.action),
    onmouseenter: show, onfocus: show, onmouseleave: hide, onblur: hide,
  }, e.text);
}

function renderSide() {
  const snap = shell.snapshot();
  const game = shell.game();
  const prompt = root.querySelector('.generic-prompt');
  const parts = [];
  if (game.notice) parts.push(el('p', { class: 'notice' }, game.notice));
  if (snap.prompt) parts.push(el('p', { class: 'server-prompt', 'data-testid': 'generic-prompt' }, snap.prompt));
  fill(prompt, parts);

  const menus = root.querySelector('.generic-menus');
  const over = shell.outcomeOf(snap);
  let entries = mine();
  if (S.piece !== null && !entries.some((e) => e.figure === S.piece)) S.piece = null;
  const all = entries;
  if (S.piece !== null) entries = entries.filter((e) => e.figure === S.piece);
  const out = [];
  if (over) {
    out.push(el('p', {}, t('game.phase.over')), el('button', { type: 'button', onclick: () => shell.showResult && shell.showResult(), 'data-testid': 'show-result' }, t('over.title')));
  } else if (!all.length) {
    out.push(el('p', { class: 'muted', 'data-testid': 'generic-waiting' }, shell.seat() === null ? t('game.spectator') : shell.myDecision() ? t('generic.no_actions') : t('generic.waiting')));
  } else {
    if (S.piece !== null) {
      out.push(el('p', { class: 'piece-filter' }, el('strong', {}, t('generic.piece_filter', { name: pieceName(snap, S.piece) })), ' ',
        el('button', { type: 'button', class: 'link', 'data-testid': 'generic-all-actions', onclick: () => { S.piece = null; renderSide(); drawTheBoard(); } }, t('generic.all_actions'))));
    }
    const groups = new Map();
    entries.forEach((e) => {
      const g = groupOf(e);
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(e);
    });
    for (const [name, list] of groups) {
      out.push(el('details', { class: 'legal-group', open: groups.size <= 4 || list.length <= 12 ? true : null, 'data-testid': 'legal-group', 'data-group': name },
        el('summary', {}, `${name} (${list.length})`),
        el('div', { class: 'legal-list' }, list.map((e) => entryButton(e, all.indexOf(e))))));
    }
    out.push(el('p', { class: 'muted small' }, t('generic.hint')));
  }
  fill(menus, out);

  const list = root.querySelector('.generic-pieces');
  const ps = pieces(snap);
  const seats = [...new Set(ps.map((p) => p.seat))].sort();
  fill(list, el('h3', {}, t('generic.pieces')), seats.map((s) => el('div', { class: 'roster-seat' },
    el('h4', {}, el('span', { class: 'dot', style: `background:${shell.seatColour(s ?? 0)}` }), s === undefined || s === null ? '—' : shell.seatName(s)),
    el('ul', {}, ps.filter((p) => p.seat === s).map((p) => el('li', { class: S.piece === p.id ? 'sel' : '' },
      el('button', { type: 'button', class: 'roster-fig', 'data-piece': p.id, onclick: () => onPiece(p.id) },
        el('span', { class: 'r-name' }, `${p.label ? `${p.label} · ` : ''}${p.name || ''}`),
        p.status ? el('span', { class: 'r-state' }, p.status) : null,
        p.at ? null : el('span', { class: 'r-state' }, '—'))))))));
  list.hidden = !ps.length;
}

export default {
  id: 'generic',
  strings: STRINGS,

  mount(s, container) {
    shell = s;
    root = container;
    S.hover = null;
    S.piece = null;
    container.append(el('div', { class: 'game-layout generic' },
      el('div', { class: 'board-col' }, el('div', { class: 'board-scroll generic-board-box', 'data-testid': 'board' })),
      el('aside', { class: 'side' },
        el('div', { class: 'prompt generic-prompt', 'aria-live': 'polite' }),
        s.slot('error'),
        el('section', { class: 'panel generic-menus', 'data-testid': 'legal-menus', 'aria-live': 'polite' }),
        s.slot('dice'),
        el('div', { class: 'panel roster generic-pieces', 'data-testid': 'generic-pieces' }),
        s.slot('log'))));
  },

  unmount() {
    shell = null;
    root = null;
  },

  update(snap, old) {
    if (!old || old.step !== snap.step) S.hover = null;
  },

  acted() {
    S.hover = null;
  },

  seatChanged() {
    S.hover = null;
    S.piece = null;
  },

  render(snap) {
    if (!shell) return;
    fill(shell.slot('status'), el('span', { class: 'muted' }, typeof snap.step === 'number' ? t('generic.step', { n: snap.step }) : ''));
    // The dice panel only for a game that rolls dice.
    shell.slot('dice').hidden = !(snap.dice || (snap.log || []).some((e) => e.dice && e.dice.length));
    renderSide();
    drawTheBoard();
  },

  state() {
    return { sel: S.piece };
  },

  /** The set-up fields of `content.setup`: a list for a choice, a number box, a check box. */
  newGameForm(box, content) {
    const fields = (content && Array.isArray(content.setup)) ? content.setup : [];
    const inputs = fields.map((f) => {
      const id = `setup-${f.field}`;
      const label = f.name || f.label || f.field.replace(/_/g, ' ');
      if (f.kind === 'bool') {
        return el('label', { class: 'check' }, el('input', { type: 'checkbox', id, 'data-field': f.field, 'data-kind': 'bool', 'data-testid': id, checked: f.default ? true : null }), ' ', label);
      }
      if (f.kind === 'number') {
        return el('label', {}, el('span', {}, label), ' ', el('input', {
          type: 'number', id, 'data-field': f.field, 'data-kind': 'number', 'data-testid': id, value: f.default ?? '', min: f.min ?? null, max: f.max ?? null,
        }));
      }
      const choices = f.choices || [];
      return el('label', {}, el('span', {}, label), ' ', el('select', { id, 'data-field': f.field, 'data-kind': 'choice', 'data-testid': id },
        choices.map((c) => {
          const v = typeof c === 'object' ? c.id : c;
          return el('option', { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(f.default) ? true : null }, typeof c === 'object' ? c.name || String(c.id) : String(c));
        })));
    });
    box.append(el('details', { class: 'options', id: 'start-options', open: true },
      el('summary', {}, t('generic.setup')),
      inputs.length ? el('div', { class: 'options-grid', 'data-testid': 'setup-fields' }, inputs) : el('p', { class: 'muted small' }, t('generic.no_setup'))));
    return {
      values() {
        const out = {};
        for (const input of box.querySelectorAll('[data-field]')) {
          const k = input.dataset.field;
          if (input.dataset.kind === 'bool') out[k] = input.checked;
          else if (input.dataset.kind === 'number') { if (input.value !== '') out[k] = Number(input.value); }
          else out[k] = JSON.parse(input.value);
        }
        return out;
      },
    };
  },

  /** The replay's board: each step's generic board. */
  replayView(container) {
    return {
      update(snap) {
        if (snap && snap.board) drawBoard(container, snap.board, {});
        else fill(container, el('p', { class: 'muted' }, t('generic.no_board')));
      },
    };
  },
};

