// HeroClix's panels around the board: the prompt and set-up choices, the decision panel for
// decisions in the middle of an action, the selected figure's panel with its powers, the line of
// fire, the roster, the tactics (rulebook Partie 4), the split-damage and knockback dialogs.

import { t, lang, powerName } from '../../i18n.js';
import { SEAT_COLOURS, dieSvg, objectSwatch } from './board.js';
import { el, $, fill, modal, modalKey, closeModal } from '../../dom.js';
import { renderLegend } from './legend.js';
import { gameCard, currentPowers } from './figure-card.js';
import {
  S, H, g, legal, myDecision, act, seatName, render, view, fig, legalOf, figureLegal, commandable, powerChip, powerGroups,
  BASE_DECISIONS, STAT_KEYS, decisionFigure, actionSquare, actionFigure, loadLos, select, matchingRanged, attacksOn,
  rangedTargets, autoDeploy, onBoardClick, renderBoard, currentObject, board, boardState,
} from './game.js';

/** Everything the module draws beside the board, for the snapshot on screen. */
export function renderPanels() {
  renderStatus();
  renderPrompt();
  renderDecisionPanel();
  renderFigurePanel();
  renderLos();
  renderRoster();
  renderTactics();
  renderLegend($('legend'), view().map, view().objects);
  renderBoard();
  revealSetup();
}

/** Asked to choose a zone, deploy or place an object: the squares offered are scrolled into
 * view once (on a phone the board pans; the zone may be off its box). */
function revealSetup() {
  const d = myDecision();
  if (!d || !['choose_zone', 'deploy', 'place_object'].includes(d.type) || !board) return;
  const key = `${g().id}:${g().seat}:${d.type}`;
  if (H.revealed === key) return;
  const squares = boardState().squares;
  if (!squares.length) return;
  H.revealed = key;
  board.reveal(squares);
}

export function button(text, onclick, attrs = {}) {
  return el('button', { type: 'button', onclick, ...attrs }, text);
}

export function renderPrompt() {
  const p = $('prompt');
  const d = myDecision();
  const parts = [];
  if (g().notice) parts.push(el('p', { class: 'notice' }, g().notice));
  const over = S.outcomeOf(g().snap);
  if (over) {
    parts.push(el('p', {}, t('game.phase.over')), button(t('over.title'), () => S.showResult(), { 'data-testid': 'show-result' }));
    fill(p, parts);
    return;
  }
  if (!d) {
    const any = S.decisionOf(g().snap);
    const phase = view().phase && view().phase.phase;
    if (any && phase !== 'play' && g().seat !== null) parts.push(el('p', {}, t('setup.waiting')));
    // Another seat answers something in the middle of an action (a defender's Mastermind...).
    const midAction = any && any.decision && !BASE_DECISIONS.has(any.decision.type);
    if (any && g().snap.prompt) parts.push(el('p', { class: midAction ? 'server-prompt other-decision' : 'muted server-prompt', 'data-testid': midAction ? 'other-decision' : null }, g().snap.prompt));
    fill(p, parts);
    return;
  }
  if (!BASE_DECISIONS.has(d.type)) {
    // The decision panel asks it.
    fill(p, parts);
    return;
  }
  if (g().snap.prompt) parts.push(el('p', { class: 'muted server-prompt' }, g().snap.prompt));
  switch (d.type) {
    case 'choose_map': {
      parts.push(el('h3', {}, t('setup.choose_map')));
      for (const e of legalOf('choose_map')) {
        parts.push(button((d.maps || [])[e.action.map] || e.text, () => act(e.action), { class: 'choice', 'data-testid': `map-${e.action.map}` }));
      }
      break;
    }
    case 'choose_zone': {
      parts.push(el('h3', {}, t('setup.choose_zone')));
      for (const e of legalOf('choose_zone')) {
        parts.push(button(t('setup.zone', { n: e.action.zone }), () => act(e.action), {
          class: 'choice', 'data-testid': `zone-${e.action.zone}`,
          onmouseenter: () => { H.hoverZone = e.action.zone; renderBoard(); },
          onfocus: () => { H.hoverZone = e.action.zone; renderBoard(); },
        }));
      }
      break;
    }
    case 'cancel_condition': {
      parts.push(cancelConditionPanel(d));
      break;
    }
    case 'place_object': {
      parts.push(placeObjectPanel(d));
      break;
    }
    case 'deploy': {
      parts.push(el('h3', {}, t('setup.deploy')), el('p', { class: 'muted' }, t('setup.deploy.hint')));
      const todo = d.figures || [];
      if (!todo.includes(H.deployFig)) H.deployFig = todo[0] ?? null;
      parts.push(el('div', { class: 'choices' }, todo.map((id) =>
        button(fig(id)?.label || `#${id}`, () => { H.deployFig = id; render(); }, {
          class: `choice${H.deployFig === id ? ' on' : ''}`, 'aria-pressed': H.deployFig === id ? 'true' : 'false', 'data-testid': `deploy-${id}`,
        }))));
      parts.push(button(t('setup.deploy.auto'), autoDeploy, { class: 'primary', 'data-testid': 'auto-deploy' }));
      break;
    }
    case 'turn': {
      parts.push(el('p', {}, el('strong', {}, t('game.your_turn')), ' — ', t('game.actions', { used: view().actions[0], total: view().actions[1] })));
      if (H.sel === null || fig(H.sel)?.owner !== g().seat) parts.push(el('p', { class: 'muted' }, t('game.select_hint')));
      break;
    }
    case 'split_damage':
    case 'knockback_line':
      parts.push(el('p', {}, t(d.type === 'split_damage' ? 'split.title' : 'knockback.title')));
      parts.push(button(t(d.type === 'split_damage' ? 'split.title' : 'knockback.title'), () => { renderDialogs(true); }));
      break;
    default:
      break;
  }
  fill(p, parts);
}

/** A theme team may cancel one battlefield condition (rulebook *Équipes à thème*): each revealed
 * condition with its text and a button, and "cancel none". */
export function cancelConditionPanel(d) {
  const conds = view().conditions || [];
  const answers = legalOf('cancel_condition');
  const none = answers.find((e) => e.action.condition === null || e.action.condition === undefined);
  const rows = (d.conditions || []).map((i) => {
    const c = conds[i] || {};
    const e = answers.find((x) => x.action.condition === i);
    return el('li', { class: 'tactic-card', 'data-testid': `condition-choice-${i}` },
      el('div', {}, el('strong', {}, c.name || e?.text || `#${i}`), c.seat !== undefined ? el('span', { class: 'muted' }, ` · ${t('tactics.brought_by', { name: seatName(c.seat) })}`) : null),
      c.text ? el('p', { class: 'card-text' }, c.text) : null,
      e ? button(t('tactics.cancel_this'), () => act(e.action), { class: 'choice', disabled: g().busy, title: e.text, 'data-testid': `cancel-condition-${i}` }) : null);
  });
  return el('div', { class: 'tactics-decision', 'data-testid': 'cancel-condition' },
    el('h3', {}, t('tactics.cancel.title')),
    el('p', { class: 'muted' }, t('tactics.cancel.hint')),
    el('ul', { class: 'tactic-list' }, rows),
    none ? button(t('tactics.cancel_none'), () => act(none.action), { class: 'primary', disabled: g().busy, title: none.text, 'data-testid': 'cancel-condition-none' }) : null);
}

/** Placing the team's objects (*Placer les objets*): a picker when several are left, the legal
 * squares of the chosen one shaded on the board. */
export function placeObjectPanel(d) {
  const objs = view().objects || [];
  const todo = d.objects || [];
  const sel = currentObject(d);
  const ob = objs[sel] || null;
  const n = legalOf('place_object', (a) => a.object === sel).length;
  const label = (o) => [el('span', { html: objectSwatch(o.kind, !!o.special) }), ' ', o.name, ' ', el('span', { class: 'muted' }, `(${objectKindText(o)})`)];
  return el('div', { class: 'tactics-decision', 'data-testid': 'place-object' },
    el('h3', {}, t('tactics.place.title')),
    el('p', { class: 'muted' }, t('tactics.place.hint', { n: todo.length })),
    todo.length > 1
      ? el('div', { class: 'choices', role: 'group', 'aria-label': t('tactics.place.pick') }, todo.map((i) => button(label(objs[i] || { name: `#${i}`, kind: '' }), () => { H.objectSel = i; render(); }, {
        class: `choice${sel === i ? ' on' : ''}`, 'aria-pressed': sel === i ? 'true' : 'false', 'data-testid': `object-pick-${i}`,
      })))
      : null,
    ob ? el('p', { 'data-testid': 'object-selected' }, el('strong', {}, t('tactics.place.now')), ' ', label(ob)) : null,
    ob && ob.special ? el('p', { class: 'card-text' }, ob.special) : null,
    el('p', { class: 'hint' }, t('tactics.place.squares', { n })));
}

/** "heavy object, special" in the page's language. */
export function objectKindText(o) {
  const k = o.kind ? t(`object.kind.${o.kind}`) : '';
  return o.special ? `${k}, ${t('object.special')}` : k;
}

/** Where an object is: its square, its holder, or still to be placed by a seat. */
export function objectWhere(o) {
  if (o.held_by !== null && o.held_by !== undefined) return t('object.held_by', { name: fig(o.held_by)?.label || `#${o.held_by}` });
  if (o.square) return t('terrain.square', o.square);
  if (o.to_place !== null && o.to_place !== undefined) return t('object.to_place', { name: seatName(o.to_place) });
  return t('object.gone');
}

/** The side section on tactics (rulebook Partie 4): revealed battlefield conditions (cancelled
 * ones struck through), feats and their figures, alternate team ability cards (Partie 3) and
 * the figures possessing their team ability, objects, each seat's theme. */
export function renderTactics() {
  const panel = $('tactics-panel');
  const v = view();
  const conds = v.conditions || [];
  const feats = v.feats || [];
  const atas = v.atas || [];
  const objs = v.objects || [];
  const themes = (v.themes || []).map((x, i) => (x ? { seat: i, keyword: x[0], left: x[1] } : null)).filter(Boolean);
  if (!conds.length && !feats.length && !atas.length && !objs.length && !themes.length) {
    panel.hidden = true;
    delete panel.dataset.key;
    return;
  }
  const key = JSON.stringify([lang(), conds, feats, atas, objs, themes, v.figures.map((f) => f.label), (g().snap.seats || []).map((s) => s.name)]);
  if (panel.dataset.key === key && !panel.hidden) return;
  panel.dataset.key = key;
  panel.hidden = false;
  const dot = (s) => el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s % SEAT_COLOURS.length]}` });
  const parts = [el('h3', {}, t('tactics.title'))];
  if (themes.length) {
    parts.push(el('h4', {}, t('tactics.themes')), el('ul', { class: 'tactic-list' }, themes.map((th) =>
      el('li', { 'data-testid': 'tactics-theme', 'data-seat': th.seat },
        dot(th.seat), el('strong', {}, seatName(th.seat)), ' — ', t('tactics.theme.keyword', { keyword: th.keyword }), ' · ',
        el('span', { 'data-testid': 'theme-rerolls', 'data-left': th.left }, t('tactics.theme.rerolls', { n: th.left }))))));
  }
  if (conds.length) {
    parts.push(el('h4', {}, t('tactics.conditions')), el('ul', { class: 'tactic-list' }, conds.map((c) =>
      el('li', { class: `tactic-card${c.off ? ' off' : ''}`, 'data-testid': 'tactics-condition', 'data-off': c.off ? 'yes' : 'no' },
        el('div', {}, dot(c.seat), c.off ? el('s', {}, c.name) : el('strong', {}, c.name), c.off ? el('span', { class: 'muted' }, ` (${t('tactics.cancelled')})`) : null),
        el('p', { class: 'card-text' }, c.off ? el('s', {}, c.text) : c.text)))));
  }
  if (feats.length) {
    parts.push(el('h4', {}, t('tactics.feats')), el('ul', { class: 'tactic-list' }, feats.map((f) => {
      const who = (f.figures || []).map((id) => fig(id)?.label || `#${id}`);
      return el('li', { class: `tactic-card${f.off ? ' off' : ''}`, 'data-testid': 'tactics-feat', 'data-off': f.off ? 'yes' : 'no', title: f.text },
        el('div', {}, dot(f.seat), f.off ? el('s', {}, f.name) : el('strong', {}, f.name),
          el('span', { class: 'muted' }, ` · ${who.length ? who.join(', ') : t('tactics.feat.team', { name: seatName(f.seat) })}`),
          f.off ? el('span', { class: 'muted' }, ` (${t('tactics.feat.off')})`) : null),
        el('p', { class: 'card-text' }, f.text));
    })));
  }
  if (atas.length) {
    const fr = lang() === 'fr';
    parts.push(el('h4', {}, t('tactics.atas')), el('ul', { class: 'tactic-list' }, atas.map((a) => {
      const who = (a.figures || []).map((id) => fig(id)?.label || `#${id}`);
      const text = (fr && a.text_fr) || a.text;
      return el('li', { class: 'tactic-card', 'data-testid': 'tactics-ata', title: text },
        el('div', {}, dot(a.seat), el('strong', {}, (fr && a.name_fr) || a.name),
          el('span', { class: 'muted' }, ` · ${t('tactics.ata.who', { names: who.join(', ') })}`)),
        el('p', { class: 'card-text' }, text));
    })));
  }
  if (objs.length) {
    parts.push(el('h4', {}, t('tactics.objects')), el('ul', { class: 'tactic-list' }, objs.map((o, i) =>
      el('li', { class: 'tactic-object', 'data-testid': 'tactics-object', 'data-object': i, 'data-kind': o.kind, title: o.special || '' },
        el('span', { html: objectSwatch(o.kind, !!o.special) }), ' ', el('strong', {}, o.name), ' ',
        el('span', { class: 'muted' }, `(${objectKindText(o)}) · ${objectWhere(o)}`),
        o.special ? el('p', { class: 'card-text' }, o.special) : null))));
  }
  fill(panel, parts);
}

/** The decision panel's title for a mid-action decision. */
export function decisionTitle(d) {
  if (!d) return '';
  const titles = {
    blades: t('decision.blades'),
    free_attack: t('decision.free_attack'),
    ability_attack: t('decision.ability_attack'),
    move_on: t('decision.move_on'),
    place_markers: t('decision.place_markers'),
    reroll: t('decision.reroll'),
    roll_reroll: t('decision.roll_reroll'),
    mastermind: t('decision.mastermind'),
    controlled: t('decision.controlled'),
    pick_up: t('decision.pick_up'),
    place_passenger: t('decision.place_passenger'),
    place_captive: t('decision.place_captive'),
    elect_knockback: t('decision.elect_knockback'),
    leadership_token: t('decision.leadership_token'),
  };
  const power = d.power || (d.type === 'reroll' || d.type === 'roll_reroll' ? 'probability_control' : d.type === 'mastermind' ? 'mastermind' : d.type === 'blades' ? 'blades_claws_fangs' : null);
  const base = titles[d.type] || t('decision.other');
  return power && !['reroll', 'roll_reroll', 'mastermind', 'blades'].includes(d.type) ? `${base} (${powerName(power)})` : base;
}

/** Order of the answers in the decision panel: using the power first, declining last. */
export function answerRank(a) {
  if (a.type === 'accept') return 0;
  if (a.type === 'redirect' || a.type === 'free_attack') return 1;
  if (a.type === 'decline') return 9;
  return actionSquare(a) ? 5 : 3;
}

/**
 * The panel for a decision in the middle of an action (Blades/Claws/Fangs, a free attack, moving
 * on, markers, Probability Control, Mastermind, Mind Control...): the server's question, one
 * button per legal answer with the server's text, and the board's squares and figures for the
 * answers that have one. It does not block the board.
 */
export function renderDecisionPanel() {
  const panel = $('decision-panel');
  const d = myDecision();
  if (!d || BASE_DECISIONS.has(d.type) || S.outcomeOf(g().snap)) {
    panel.hidden = true;
    panel.replaceChildren();
    delete panel.dataset.key;
    return;
  }
  const key = `${d.type}:${g().snap.step}:${g().seat}:${lang()}:${g().busy}`;
  if (panel.dataset.key === key && !panel.hidden) return;
  const fresh = !panel.dataset.key || panel.dataset.key.split(':')[0] !== d.type;
  panel.dataset.key = key;
  panel.dataset.decision = d.type;
  panel.hidden = false;
  const acting = decisionFigure(d);
  const entries = legal().sort((a, b) => answerRank(a.action) - answerRank(b.action));
  const actingFig = acting !== null ? fig(acting) : null;
  const parts = [];
  const power = d.power || { blades: 'blades_claws_fangs', reroll: 'probability_control', roll_reroll: 'probability_control', elect_knockback: 'combat_reflexes', leadership_token: 'leadership', mastermind: 'mastermind', controlled: 'mind_control' }[d.type];
  parts.push(el('h3', {}, power ? powerChip(power) : null, decisionTitle(d)));
  parts.push(el('p', { class: 'decision-prompt', 'data-testid': 'decision-prompt' }, g().snap.prompt || ''));
  if (d.type === 'roll_reroll' && Array.isArray(d.dice)) {
    parts.push(el('p', { class: 'decision-dice', 'data-roll': d.roll },
      el('span', { class: 'dice-faces', html: d.dice.map((n) => dieSvg(n, 30)).join('') })));
  }
  if (d.type === 'reroll' && Array.isArray(d.dice)) {
    parts.push(el('p', { class: 'decision-dice' },
      el('span', { class: 'dice-faces', html: d.dice.map((n) => dieSvg(n, 30)).join('') }), ' ', t('decision.dice', { a: d.dice[0], b: d.dice[1] })));
  }
  if (d.type === 'controlled') {
    parts.push(el('p', { class: 'hint' }, t('decision.board_controlled')));
  } else {
    const onBoard = entries.some((e) => actionSquare(e.action));
    const figures = entries.some((e) => e.action.type === 'redirect' || (Array.isArray(e.action.targets) && e.action.targets.length === 1) || typeof e.action.target === 'number');
    if (figures) parts.push(el('p', { class: 'hint' }, t('decision.board_figures')));
    else if (onBoard) parts.push(el('p', { class: 'hint' }, t('decision.board_squares')));
  }
  const answer = (e) => {
    const a = e.action;
    const sq = actionSquare(a);
    const target = a.type === 'redirect' ? a.friend : Array.isArray(a.targets) && a.targets.length === 1 ? a.targets[0] : typeof a.target === 'number' ? a.target : null;
    const show = () => {
      if (sq) {
        H.hover = { square: sq, figure: null };
        H.cursor = { ...sq };
        renderBoard();
      } else if (target !== null && acting !== null && a.type !== 'redirect') {
        loadLos(acting, target);
      }
    };
    return button(e.text, () => act(a), {
      class: `choice answer${a.type === 'accept' || a.type === 'free_attack' || a.type === 'redirect' ? ' primary' : ''}${a.type === 'decline' ? ' decline' : ''}`,
      disabled: g().busy,
      'data-testid': 'decision-choice',
      'data-type': a.type,
      'data-target': target ?? null,
      'data-x': sq ? sq.x : null,
      'data-y': sq ? sq.y : null,
      onmouseenter: show,
      onfocus: show,
    });
  };
  // A lent figure's own actions are in its panel below (and on the board): here, only the rest.
  const shown = d.type === 'controlled' ? entries.filter((e) => actionFigure(e.action) === null) : entries;
  const withSquare = shown.filter((e) => actionSquare(e.action));
  const others = shown.filter((e) => !actionSquare(e.action));
  const main = others.filter((e) => e.action.type !== 'decline');
  const declines = others.filter((e) => e.action.type === 'decline');
  parts.push(el('div', { class: 'decision-choices' }, main.map(answer)));
  if (withSquare.length > 8) {
    parts.push(el('details', { class: 'decision-squares' },
      el('summary', {}, t('decision.squares', { n: withSquare.length })),
      el('div', { class: 'decision-list' }, withSquare.map(answer))));
  } else if (withSquare.length) {
    parts.push(el('div', { class: 'decision-choices' }, withSquare.map(answer)));
  }
  if (declines.length) parts.push(el('div', { class: 'decision-choices' }, declines.map(answer)));
  if (actingFig && d.type !== 'controlled') parts.push(el('p', { class: 'muted small' }, actingFig.label, ' ', statLineText(actingFig)));
  const focused = document.activeElement;
  const hadFocus = panel.contains(focused);
  fill(panel, parts);
  // A new question takes the keyboard focus, unless the player answers it on the board where
  // the keyboard already is.
  const boardAnswers = d.type === 'controlled' || entries.some((e) => actionSquare(e.action));
  if (hadFocus || (fresh && !(boardAnswers && $('board').contains(focused)))) {
    const first = panel.querySelector('button.answer:not(:disabled)');
    if (first) first.focus({ preventScroll: true });
  }
}

export function statLineText(f) {
  const [s, a, d, g] = f.values || [];
  return `${t('stat.speed')} ${s} · ${t('stat.attack')} ${a} · ${t('stat.defense')} ${d} · ${t('stat.damage')} ${g}`;
}

export function statLine(f) {
  if (f.ko) return el('div', { class: 'stats' }, el('span', { class: 'stat ko' }, el('span', { class: 'stat-value' }, t('game.ko'))));
  const [s, a, d, g] = f.values || [];
  const cell = (label, value, power) =>
    el('span', { class: 'stat', title: power ? humanPower(power) : '' }, el('span', { class: 'stat-label' }, label), el('span', { class: `stat-value${power ? ' has-power' : ''}` }, value));
  const p = f.powers || [];
  return el('div', { class: 'stats' },
    cell(t('stat.speed'), s, p[0]), cell(t('stat.attack'), a, p[1]), cell(t('stat.defense'), d, p[2]), cell(t('stat.damage'), g, p[3]),
    cell(t('stat.range'), f.targets > 1 ? `${f.range} ${'ϟ'.repeat(f.targets)}` : f.range));
}

export function humanPower(id) {
  return powerName(id);
}

/** The powers showing on a figure's dial now, by name, with their column and colour. */
export function powerList(f) {
  const items = (f.powers || []).map((p, i) => (p ? { p, i } : null)).filter(Boolean);
  if (!items.length) return null;
  return el('ul', { class: 'power-list', 'data-testid': 'figure-powers' }, items.map(({ p, i }) =>
    el('li', { 'data-power': p }, powerChip(p), el('span', { class: 'power-name' }, powerName(p)), ' ', el('span', { class: 'muted' }, `(${t(STAT_KEYS[i])})`))));
}

export function renderFigurePanel() {
  const panel = $('figure-panel');
  const f = H.sel !== null ? fig(H.sel) : null;
  if (!f) {
    panel.hidden = true;
    panel.replaceChildren();
    return;
  }
  panel.hidden = false;
  const parts = [];
  parts.push(el('h3', {}, el('span', { class: 'dot', style: `background:${SEAT_COLOURS[f.owner % SEAT_COLOURS.length]}` }), f.label, ' ', el('span', { class: 'muted' }, `(${seatName(f.owner)})`)));
  parts.push(statLine(f));
  const notes = [];
  if (f.ko) notes.push(t('game.ko'));
  if (f.tokens) notes.push(t('game.tokens', { n: f.tokens }));
  if (f.acted) notes.push(t('game.acted'));
  if (f.square) notes.push(t('terrain.square', f.square));
  if (notes.length) parts.push(el('p', { class: 'muted' }, notes.join(' · ')));
  const powers = f.ko ? null : currentPowers(f);
  if (powers) parts.push(el('h4', { class: 'powers-title' }, t('game.powers'), ' ', el('span', { class: 'muted small' }, t('card.tap'))), powers);
  const myFeats = (view().feats || []).filter((x) => (x.figures || []).includes(f.id) && !x.off);
  const held = (view().objects || []).filter((o) => o.held_by === f.id);
  if (myFeats.length) parts.push(el('p', { class: 'small', 'data-testid': 'figure-feats', title: myFeats.map((x) => `${x.name}: ${x.text}`).join('\n') }, t('tactics.figure_feats', { names: myFeats.map((x) => x.name).join(', ') })));
  if (held.length) parts.push(el('p', { class: 'small', 'data-testid': 'figure-objects' }, held.map((o) => [el('span', { html: objectSwatch(o.kind, !!o.special) }), ' ', o.name, o.special ? ` — ${o.special}` : '', ' '])));

  const actions = commandable(f) ? figureLegal(f.id) : [];
  if (commandable(f)) {
    if (!actions.length) parts.push(el('p', { class: 'muted' }, t('game.no_actions')));
    const moves = actions.filter((e) => e.action.type === 'move');
    const closes = actions.filter((e) => e.action.type === 'close_attack');
    const ranged = actions.filter((e) => e.action.type === 'ranged_attack');
    const destroys = actions.filter((e) => e.action.type === 'destroy_blocking' || e.action.type === 'destroy_wall');
    const passes = actions.filter((e) => e.action.type === 'pass');
    const box = el('div', { class: 'actions', 'data-testid': 'actions' });
    if (moves.length) {
      box.append(el('p', { class: 'hint' }, el('strong', {}, t('act.move')), ' — ', t('act.move.hint')));
      const r = H.reach && H.reach.fig === f.id ? H.reach.data : null;
      if (r && r.needs_breakaway) box.append(el('p', { class: 'hint warn' }, t('act.move.breakaway')));
      if (r && r.halved) box.append(el('p', { class: 'hint warn' }, t('act.move.halved')));
    }
    for (const e of closes) box.append(button(e.text, () => act(e.action), { class: 'act', 'data-testid': 'act-close', 'data-target': e.action.target, onmouseenter: () => loadLos(f.id, e.action.target), onfocus: () => loadLos(f.id, e.action.target) }));
    for (const e of ranged.filter((x) => x.action.targets.length === 1)) {
      box.append(button(e.text, () => act(e.action), { class: 'act', 'data-testid': 'act-ranged', 'data-target': e.action.targets[0], onmouseenter: () => loadLos(f.id, e.action.targets[0]), onfocus: () => loadLos(f.id, e.action.targets[0]) }));
    }
    if (ranged.some((x) => x.action.targets.length > 1)) {
      if (H.tool === 'ranged') {
        box.append(el('p', { class: 'hint' }, t('act.ranged.hint', { n: f.targets })));
        const m = matchingRanged(H.chosen);
        box.append(button(t('act.fire'), () => m && act(m.action), { class: 'primary', disabled: !m, 'data-testid': 'act-fire' }));
        box.append(button(t('common.cancel'), () => { H.tool = 'auto'; H.chosen = new Set(); render(); }));
      } else {
        box.append(button(`${t('act.ranged_attack')} (${t('act.ranged.hint', { n: f.targets })})`, () => { H.tool = 'ranged'; render(); }, { class: 'act', 'data-testid': 'act-ranged-multi' }));
      }
    }
    if (destroys.length) {
      if (H.tool === 'destroy') {
        box.append(el('p', { class: 'hint' }, t('act.destroy.hint')));
        for (const e of destroys) box.append(button(e.text, () => act(e.action), { class: 'act' }));
        box.append(button(t('common.cancel'), () => { H.tool = 'auto'; render(); }));
      } else {
        box.append(button(t('act.destroy'), () => { H.tool = 'destroy'; render(); }, { class: 'act', 'data-testid': 'act-destroy' }));
      }
    }
    for (const e of passes) box.append(button(e.text || t('act.pass'), () => act(e.action), { class: 'act', 'data-testid': 'act-pass' }));
    const groups = powerGroups(actions);
    if (groups.length) box.append(el('h4', { class: 'powers-title' }, t('act.powers')), ...groups.map((g) => powerGroupBox(f, g)));
    if (actions.length) {
      const all = el('details', { class: 'all-actions' }, el('summary', {}, t('act.all', { n: actions.length })),
        el('ul', {}, actions.map((e) => el('li', {}, button(e.text, () => act(e.action), {
          class: 'link',
          onmouseenter: () => { if (e.action.type === 'move') { H.hover = { square: e.action.to, figure: null }; renderBoard(); } },
          onfocus: () => { if (e.action.type === 'move') { H.hover = { square: e.action.to, figure: null }; H.cursor = { ...e.action.to }; renderBoard(); } },
        })))));
      box.append(all);
    }
    parts.push(box);
  }
  const card = gameCard(f, () => renderFigurePanel(), (g().snap.view || {}).dial_view);
  if (card) parts.push(card);
  fill(panel, parts);
}

/** One power (or ability) of the selected figure in its panel: its actions as buttons with the
 * server's texts, or, for powers that go to a square, a button that shows the squares. */
export function powerGroupBox(f, g) {
  const box = el('div', { class: 'power-group', 'data-testid': 'power-group', 'data-power': g.power, 'data-key': g.key });
  const actButton = (e) => {
    const a = e.action;
    const target = typeof a.target === 'number' ? a.target : Array.isArray(a.targets) && a.targets.length === 1 ? a.targets[0] : null;
    const show = () => { if (target !== null && fig(target) && fig(target).owner !== f.owner) loadLos(f.id, target); };
    return button(e.text, () => act(a), {
      class: 'act power-act', 'data-testid': 'power-act', 'data-power': g.power, 'data-type': a.type, 'data-target': target,
      onmouseenter: show, onfocus: show,
    });
  };
  if (g.squares) {
    if (H.tool === `power:${g.key}`) {
      box.append(
        el('p', { class: 'hint' }, powerChip(g.power), ' ', t('act.powers.pick_hint', { power: g.label })),
        button(t('common.cancel'), () => { H.tool = 'auto'; render(); }, { 'data-testid': 'power-cancel' }),
        el('details', { class: 'all-actions' }, el('summary', {}, t('act.powers.list', { power: g.label, n: g.entries.length })),
          el('ul', {}, g.entries.map((e) => el('li', {}, button(e.text, () => act(e.action), {
            class: 'link',
            onmouseenter: () => { H.hover = { square: e.action.to, figure: null }; renderBoard(); },
            onfocus: () => { H.hover = { square: e.action.to, figure: null }; H.cursor = { ...e.action.to }; renderBoard(); },
          }))))));
    } else {
      box.append(button([powerChip(g.power), t('act.powers.pick', { power: g.label, n: g.entries.length })], () => {
        H.tool = `power:${g.key}`;
        H.chosen = new Set();
        render();
      }, { class: 'act power-pick', 'data-testid': 'power-pick', 'data-power': g.power, 'data-key': g.key }));
    }
  } else if (g.entries.length <= 4) {
    box.append(...g.entries.map(actButton));
  } else {
    box.append(el('details', { class: 'power-more' },
      el('summary', {}, powerChip(g.power), ' ', t('act.powers.list', { power: g.label, n: g.entries.length })),
      el('div', { class: 'power-more-list' }, g.entries.map(actButton))));
  }
  return box;
}

export function renderLos() {
  const p = $('los-panel');
  const l = g() && H.los;
  if (!l || !l.data) {
    p.hidden = true;
    return;
  }
  p.hidden = false;
  // Over the board, on the side away from the target so both stay in sight.
  const target = document.querySelector(`#board [data-fig="${l.toId}"]`);
  const box = $('board').getBoundingClientRect();
  const tr = target ? target.getBoundingClientRect() : null;
  p.classList.toggle('at-top', !!tr && (tr.top + tr.bottom) / 2 > (box.top + box.bottom) / 2);
  p.classList.toggle('at-right', !!tr && (tr.left + tr.right) / 2 < (box.left + box.right) / 2);
  const verdict = String(l.data.verdict || '').toLowerCase();
  const name = l.data.verdict_text || (['clear', 'hindered', 'blocked'].includes(verdict) ? t(`los.${verdict}`) : verdict);
  const range = l.data.range !== undefined ? ` / ${t('stat.range')} ${l.data.range}` : '';
  fill(p,
    el('h3', {}, t('los.title'), ': ', el('span', { class: `verdict v-${verdict}`, 'data-testid': 'los-verdict', 'data-verdict': verdict }, name)),
    el('p', { class: 'muted' }, `${fig(l.fromId)?.label || ''} → ${fig(l.toId)?.label || ''}`,
      l.data.distance !== undefined ? ` · ${t('los.distance', { n: l.data.distance })}${range}` : '',
      l.data.in_range === false ? el('strong', { class: 'v-blocked' }, ` · ${t('los.out_of_range')}`) : null),
    l.data.attack && l.data.attack.text ? el('p', { class: 'los-attack', 'data-testid': 'los-attack' }, l.data.attack.text) : null,
    (l.data.notes || []).length ? el('ul', { class: 'notes' }, (l.data.notes || []).map((n) => el('li', {}, typeof n === 'string' ? n : n.text || JSON.stringify(n)))) : null);
}

export function renderRoster() {
  const v = view();
  const seats = [...new Set(v.figures.map((f) => f.owner))].sort();
  fill($('roster'), seats.map((s) =>
    el('div', { class: 'roster-seat' },
      el('h4', {}, el('span', { class: 'dot', style: `background:${SEAT_COLOURS[s % SEAT_COLOURS.length]}` }), seatName(s), s === g().seat ? ' ★' : ''),
      el('ul', {}, v.figures.filter((f) => f.owner === s).map((f) => {
        const captor = f.captured_by !== undefined && f.captured_by !== null ? v.figures.find((c) => c.id === f.captured_by) : null;
        const held = (f.captives || []).map((c) => (v.figures.find((x) => x.id === c) || {}).label).filter(Boolean);
        const state = f.ko ? t('game.ko') : captor ? t('game.captive', { name: captor.label }) : !f.square ? t('game.not_placed') : held.length ? t('game.holds', { names: held.join(', ') }) : '';
        const usable = f.owner === g().seat && figureLegal(f.id).length > 0;
        const targetable = H.sel !== null && f.owner !== g().seat && (attacksOn(f.id).length > 0 || rangedTargets().has(f.id));
        return el('li', { class: `${f.ko ? 'ko' : ''}${H.sel === f.id ? ' sel' : ''}` },
          button([
            el('span', { class: 'r-name' }, f.label),
            f.ko ? null : el('span', { class: 'r-vals' }, `${(f.values || []).join(' · ')} · ${t('stat.range')} ${f.range}${f.targets > 1 ? 'ϟ'.repeat(f.targets) : ''}`),
            (f.powers || []).some(Boolean) && !f.ko
              ? el('span', { class: 'r-powers', title: (f.powers || []).filter(Boolean).map(powerName).join(', ') }, (f.powers || []).filter(Boolean).map(powerChip))
              : null,
            f.tokens ? el('span', { class: 'r-tokens', title: t('game.tokens', { n: f.tokens }) }, '●'.repeat(f.tokens)) : null,
            state ? el('span', { class: 'r-state' }, state) : null,
            targetable ? el('span', { class: 'r-target' }, '◎') : null,
          ], () => onRosterClick(f), {
            class: `roster-fig${usable ? ' usable' : ''}`, disabled: f.ko, 'data-fig': f.id, 'data-testid': `roster-${f.id}`,
            onmouseenter: () => { if (targetable) loadLos(H.sel, f.id); },
            onfocus: () => { if (targetable) loadLos(H.sel, f.id); },
          }));
      })))));
}

export function onRosterClick(f) {
  const d = myDecision();
  if (d && d.type === 'deploy' && (d.figures || []).includes(f.id)) {
    H.deployFig = f.id;
    render();
    return;
  }
  if (f.square) onBoardClick({ figure: f.id, square: f.square });
  else select(f.id);
}

/** The module's part of the shell's bar: the round or set-up phase, the actions used, End turn. */
export function renderStatus() {
  if (!g() || !g().snap) return;
  const v = view();
  const over = S.outcomeOf(g().snap);
  const phase = (v.phase && v.phase.phase) || v.phase;
  const round = $('round-text');
  round.textContent = phase === 'play' || phase === 'over' ? t('game.round', { n: v.round }) : t(`game.phase.${phase}`);
  round.title = (v.options || []).length ? t('game.options', { list: v.options.join(', ') }) : '';
  round.dataset.options = (v.options || []).join(', ');
  const [used, total] = v.actions || [0, 0];
  $('actions-text').textContent = phase === 'play' ? t('game.actions', { used, total }) : '';
  const end = $('end-turn');
  end.hidden = !!over || g().seat === null || phase !== 'play';
  end.disabled = legalOf('end_turn').length === 0 || g().busy;
}

/** The dialogs a pending decision opens (split damage, knockback); the shell shows the end. */
export function renderDialogs(force = false) {
  const d = myDecision();
  const key = modalKey();
  if (d && d.type === 'split_damage') {
    const k = `split:${g().snap.step}`;
    if (key !== k || force) showSplit(d, k);
    return;
  }
  if (d && d.type === 'knockback_line') {
    const k = `knock:${g().snap.step}`;
    if (key !== k || force) showKnockback(d, k);
    return;
  }
  if (key && (key.startsWith('split:') || key.startsWith('knock:'))) closeModal();
}

export async function showSplit(d, key) {
  const targets = d.targets || [];
  const amounts = targets.map((_, i) => (i === 0 ? d.damage : 0));
  const options = legalOf('split_damage');
  const result = await modal((close) => {
    const left = el('p', { class: 'muted', 'data-testid': 'split-left' });
    const confirm = button(t('common.confirm'), () => close({ type: 'split_damage', amounts: [...amounts] }), { class: 'primary', 'data-testid': 'split-confirm' });
    const update = () => {
      const rest = d.damage - amounts.reduce((a, b) => a + b, 0);
      left.textContent = t('split.left', { n: rest });
      const ok = options.length ? options.some((o) => JSON.stringify(o.action.amounts) === JSON.stringify(amounts)) : rest === 0;
      confirm.disabled = !ok;
    };
    const rows = targets.map((id, i) => {
      const input = el('input', { type: 'number', min: 0, max: d.damage, value: amounts[i], 'aria-label': fig(id)?.label || `#${id}`, 'data-testid': `split-${id}` });
      input.addEventListener('input', () => { amounts[i] = Math.max(0, Number(input.value) | 0); update(); });
      return el('label', { class: 'split-row' }, el('span', {}, fig(id)?.label || `#${id}`), input);
    });
    update();
    return el('div', { class: 'dialog-body', 'data-testid': 'split-dialog' },
      el('h2', {}, t('split.title')),
      el('p', {}, t('split.hint', { attacker: fig(d.attacker)?.label || '', n: targets.length, damage: d.damage })),
      ...rows, left, el('div', { class: 'row' }, confirm));
  }, { mustChoose: true, key, label: t('split.title') });
  if (result) act(result);
}

export async function showKnockback(d, key) {
  const f = fig(d.figure);
  const options = legalOf('knockback_via');
  const result = await modal((close) =>
    el('div', { class: 'dialog-body', 'data-testid': 'knockback-dialog' },
      el('h2', {}, t('knockback.title')),
      el('p', {}, t('knockback.hint', { figure: f ? f.label : '' })),
      ...options.map((o) => button(o.text || t('terrain.square', o.action.square), () => close(o.action), {
        class: 'choice',
        onmouseenter: () => { H.hover = { square: o.action.square, figure: null }; renderBoard(); },
        onfocus: () => { H.hover = { square: o.action.square, figure: null }; renderBoard(); },
      }))),
  { mustChoose: true, key, label: t('knockback.title') });
  if (result) act(result);
}
