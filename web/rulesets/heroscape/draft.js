// HeroScape's draft on the page (*Constituer son armée en « Draft »*): the d20 roll for the
// first pick, whose pick it is, the cards left on the table with their numbers and points (the
// ones this page's player may take are buttons), each army as it grows with the points spent
// and left, and the end of the draft. Everything here is in the server's view (`view.draft`):
// the cards are picked face up. Also the new-game form's switch between pre-built armies and
// the draft.

import { t } from '../../i18n.js';
import { el, fill } from '../../dom.js';

export const DRAFT_STRINGS = {
  en: {
    'hs.phase.draft': 'Draft',
    'hs.draft.title': 'Draft',
    'hs.draft.rolls': 'd20 for the first pick: {list}',
    'hs.draft.to_pick': '{name} picks',
    'hs.draft.your_pick': 'Your pick: {left} points left',
    'hs.draft.over': 'The draft is over.',
    'hs.draft.pool': 'Cards on the table',
    'hs.draft.left': '×{n}',
    'hs.draft.figures': '{n} figure(s)',
    'hs.draft.army': '{spent} of {limit} points',
    'hs.draft.done': 'done',
    'hs.draft.empty': 'no card yet',
    'hs.draft.stop': 'Stop: my army is complete',
    'hs.draft.help': 'Pick a card: its figures are placed in your start zone at once, then the next player picks (two players: 1 card, then 2, then 1 each; more: the order turns back at each end). Who can afford no card left is done.',
    'hs.setup.mode_help': 'Pre-built: each player takes an army. Draft: the players pick cards from the table in turn, within the points.',
  },
  fr: {
    'hs.phase.draft': 'Draft',
    'hs.draft.title': 'Draft',
    'hs.draft.rolls': 'd20 pour le premier choix : {list}',
    'hs.draft.to_pick': '{name} choisit',
    'hs.draft.your_pick': 'À vous de choisir : il vous reste {left} points',
    'hs.draft.over': 'Le draft est terminé.',
    'hs.draft.pool': 'Cartes sur la table',
    'hs.draft.left': '×{n}',
    'hs.draft.figures': '{n} figurine(s)',
    'hs.draft.army': '{spent} points sur {limit}',
    'hs.draft.done': 'terminé',
    'hs.draft.empty': 'aucune carte pour l’instant',
    'hs.draft.stop': 'Arrêter : mon armée est constituée',
    'hs.draft.help': 'Choisissez une carte : ses figurines sont placées aussitôt dans votre zone de départ, puis le joueur suivant choisit (à deux : 1 carte, puis 2, puis 1 chacun ; à plus : l’ordre repart en sens inverse à chaque bout). Qui ne peut plus payer aucune carte a terminé.',
    'hs.setup.mode_help': 'Pré-constituées : chaque joueur prend une armée. Draft : les joueurs choisissent à tour de rôle les cartes sur la table, dans la limite des points.',
  },
};

const num = (s) => (s === null || s === undefined ? null : typeof s === 'object' && 'seat' in s ? s.seat : Number(s));

function numbers(c) {
  return el('span', { class: 'hs-draft-nums muted small' },
    `${t('hs.card.life')} ${c.life} · ${t('hs.card.move')} ${c.move} · ${t('hs.card.range')} ${c.range} · ${t('hs.card.attack')} ${c.attack} · ${t('hs.card.defense')} ${c.defense} · ${t('hs.draft.figures', { n: c.figures || 1 })}`);
}

/**
 * The draft panel. `view.draft`: `limit`, `pool` ([{card, left}]), `to_pick`, `armies`
 * ([{seat, picks, spent, left, done}]), `rolls` ([[{seat, die, bonus, total}]]), `over`.
 * `legal`: this page's `draft_pick` / `draft_pass` entries; `act` plays one.
 */
export function draftPanel(box, { view, seat, legal, seatName, seatColour, act, busy }) {
  const d = view && view.draft;
  if (!d) { fill(box); box.hidden = true; return; }
  box.hidden = false;
  const picks = new Map(legal.filter((e) => e.action.type === 'draft_pick').map((e) => [e.action.card, e]));
  const pass = legal.find((e) => e.action.type === 'draft_pass');
  const cardById = new Map();
  for (const p of d.pool) cardById.set(p.card.id, p.card);
  for (const u of view.units || []) if (!cardById.has(u.card)) cardById.set(u.card, { id: u.card, name: u.name, points: u.points });
  const rolls = (d.rolls || []).map((throwing) => throwing.map((r) => `${seatName(num(r.seat))} ${r.total}`).join(', ')).join(' · ');
  const toPick = d.to_pick === null || d.to_pick === undefined ? null : num(d.to_pick);
  const mine = d.armies.find((a) => num(a.seat) === seat);
  const head = d.over
    ? el('p', { class: 'hs-draft-state', 'data-testid': 'hs-draft-over' }, t('hs.draft.over'))
    : el('p', { class: 'hs-draft-state', 'data-testid': 'hs-draft-turn' },
      toPick === seat && mine ? t('hs.draft.your_pick', { left: mine.left }) : t('hs.draft.to_pick', { name: seatName(toPick) }));
  const armies = el('div', { class: 'hs-draft-armies' }, d.armies.map((a) => {
    const s = num(a.seat);
    return el('div', { class: `hs-draft-army${s === toPick ? ' picking' : ''}`, 'data-testid': `hs-draft-army-${s}` },
      el('h4', {}, el('span', { class: 'dot', style: `background:${seatColour(s)}` }), seatName(s),
        el('span', { class: 'muted small' }, ` · ${t('hs.draft.army', { spent: a.spent, limit: d.limit })}${a.done ? ` · ${t('hs.draft.done')}` : ''}`)),
      a.picks.length
        ? el('ol', { class: 'hs-draft-picks' }, a.picks.map((id) => { const c = cardById.get(id) || { name: id, points: '?' }; return el('li', {}, `${c.name} (${c.points})`); }))
        : el('p', { class: 'muted small' }, t('hs.draft.empty')));
  }));
  const pool = d.over ? null : el('div', { class: 'hs-draft-pool-box' },
    el('h4', {}, t('hs.draft.pool')),
    el('ul', { class: 'hs-draft-pool', 'data-testid': 'hs-draft-pool' }, d.pool.map((p) => {
      const c = p.card;
      const e = picks.get(c.id);
      const label = [el('strong', {}, c.name), ` ${c.points} pts`, p.left > 1 ? ` ${t('hs.draft.left', { n: p.left })}` : '', el('br'), numbers(c)];
      return el('li', { 'data-card': c.id },
        e ? el('button', { type: 'button', class: 'hs-draft-card', 'data-testid': `hs-draft-pick-${c.id}`, disabled: busy ? true : null, onclick: () => act(e.action) }, label)
          : el('div', { class: 'hs-draft-card off' }, label));
    })));
  // Open while drafting, folded once the draft is over; a player's own opening or folding stays
  // across the page's redraws.
  const prev = box.querySelector('details');
  const open = prev && box.dataset.over === String(!!d.over) ? prev.open : !d.over;
  box.dataset.over = String(!!d.over);
  fill(box,
    el('details', { open: open ? true : null },
      el('summary', {}, t('hs.draft.title')),
      rolls ? el('p', { class: 'muted small', 'data-testid': 'hs-draft-rolls' }, t('hs.draft.rolls', { list: rolls })) : null,
      head,
      !d.over && toPick === seat ? el('p', { class: 'muted small' }, t('hs.draft.help')) : null,
      pass ? el('button', { type: 'button', 'data-testid': 'hs-draft-stop', disabled: busy ? true : null, onclick: () => act(pass.action) }, t('hs.draft.stop')) : null,
      armies,
      pool));
}

/** Shows the new-game form's army fields for the mode chosen: the armies for pre-built, the
 * pool for the draft. */
export function modeSwitch(box) {
  const mode = box.querySelector('[data-field="army_mode"]');
  if (!mode) return;
  const label = (field) => { const i = box.querySelector(`[data-field="${field}"]`); return i ? i.closest('label') : null; };
  const players = box.querySelector('[data-field="players"]');
  const show = (field, on) => { const l = label(field); if (l) l.style.display = on ? '' : 'none'; };
  // Only the fields this game uses are shown: an army per player (none in a draft), the draft's
  // cards, and two teams only at four players. A style, not `hidden`: the form's grid styles
  // its labels' display. Hidden fields are still sent; the server reads only the players' ones.
  const apply = () => {
    const draft = JSON.parse(mode.value) === 'draft';
    const n = Math.min(4, Math.max(2, Number(players && players.value) || 2));
    ['army_1', 'army_2', 'army_3', 'army_4'].forEach((f, i) => show(f, !draft && i < n));
    show('pool', draft);
    show('teams', n === 4);
    const teams = box.querySelector('[data-field="teams"]');
    // Teams of two need four players: a hidden choice must not send them.
    if (teams && n !== 4) teams.value = JSON.stringify('free_for_all');
  };
  mode.addEventListener('change', apply);
  if (players) players.addEventListener('input', apply);
  const help = el('p', { class: 'muted small', 'data-testid': 'hs-mode-help' }, t('hs.setup.mode_help'));
  const l = mode.closest('label');
  if (l && l.parentNode) l.parentNode.insertBefore(help, l.nextSibling);
  apply();
}

export const DRAFT_STYLE = `
.hs-draft-pool { list-style: none; padding: 0; margin: 0; max-height: 22rem; overflow: auto; display: grid; gap: 4px; }
.hs-draft-card { display: block; width: 100%; text-align: left; padding: 4px 6px; border: 1px solid #8884; border-radius: 4px; background: transparent; }
button.hs-draft-card { cursor: pointer; }
button.hs-draft-card:hover { background: #f2c74433; }
.hs-draft-card.off { opacity: .55; }
.hs-draft-army.picking h4 { text-decoration: underline; }
.hs-draft-picks { margin: 0 0 6px 1.2rem; padding: 0; }
`;
