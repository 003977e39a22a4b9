// The Skirmish web player's shell: the start page (which game, how to play it), routing by the
// URL's hash (`#game=…`, `#replay=…`, a ruleset's own pages such as `#builder`), the language
// switch, and the starting of games. What a game shows is the ruleset's page module
// (`web/rulesets/<id>/`, loaded by rulesets.js; the generic one when a ruleset has none): the
// session around it (sockets, acting, dice, log, the end of the game) is session.js.
// The rules never run here (docs/platform.md, docs/web-protocol.md).

import { t, lang, setLang, onLangChange, translateDom, botName } from './i18n.js';
import { api } from './api.js';
import { el, $, fill } from './dom.js';
import { showReplay, hideReplay } from './replay.js';
import { rulesets, rulesetInfo, rulesetName, loadModule, loadGeneric, forcedModule } from './rulesets.js';
import { showSimulate } from './simulate.js';
import { store, session, openGame, closeGame, showJoinLink, rerender, reloadSnapshot, onKey, initSession, shellApi } from './session.js';

export { store };

function parseHash() {
  const h = location.hash.replace(/^#/, '');
  const p = new URLSearchParams(h);
  if (h && !h.includes('=') && /^[a-z0-9_-]+$/.test(h)) return { page: h };
  return { game: p.get('game'), token: p.get('token'), invite: p.get('invite'), replay: p.get('replay') };
}

export function showScreen(name) {
  for (const s of ['start', 'game', 'page', 'replay']) $(`screen-${s}`).hidden = s !== name;
  document.body.dataset.screen = name;
}

// ------------------------------------------------------------------------------------------
// Start page: the game, the ruleset's new-game form, the recent games.

const RULESET_KEY = 'skirmish.ruleset';
const contents = new Map();
/** The start page's state: the chosen ruleset, its module and the form it drew. */
const start = { ruleset: null, module: null, form: null, info: null, drawn: null };

function chosenRuleset(list) {
  let id = null;
  try { id = localStorage.getItem(RULESET_KEY); } catch (_) { /* storage off */ }
  return list.rulesets.some((r) => r.id === id) ? id : list.default;
}

/** The content of ruleset `id` for its new-game form (`/api/content?ruleset=ID`). */
export async function loadContent(id) {
  const key = `${id || ''}:${lang()}`;
  if (contents.has(key)) return contents.get(key);
  let c;
  try {
    c = await api.content(id, lang());
  } catch (_) {
    c = { ruleset: id, maps: [], teams: [], figures: [] };
  }
  // A server that does not know `?ruleset=` answers with its only ruleset's content.
  if (c && c.ruleset && id && c.ruleset !== id && Array.isArray(c.rulesets) && !c.rulesets.includes(id)) c = { ruleset: id };
  contents.set(key, c);
  return c;
}

async function renderStart() {
  showScreen('start');
  let list;
  try {
    list = await rulesets();
  } catch (e) {
    fill($('ruleset-list'), el('p', { class: 'error-text' }, e.message));
    return;
  }
  const id = start.ruleset && list.rulesets.some((r) => r.id === start.ruleset) ? start.ruleset : chosenRuleset(list);
  start.ruleset = id;
  fill($('ruleset-list'), list.rulesets.map((r) => {
    const on = r.id === id;
    return el('button', {
      type: 'button', role: 'radio', class: `ruleset-card${on ? ' on' : ''}`, 'aria-checked': on ? 'true' : 'false',
      'data-testid': `ruleset-${r.id}`, 'data-ruleset': r.id,
      onclick: () => pickRuleset(r.id),
    },
    el('span', { class: 'ruleset-name' }, rulesetName(r, lang())),
    el('span', { class: 'ruleset-hint muted small' }, [
      r.board === 'hex' ? t('start.board.hex') : r.board === 'square' ? t('start.board.square') : '',
      !r.module || forcedModule() === 'generic' ? t('start.generic') : '',
    ].filter(Boolean).join(' · ')));
  }));
  const info = await rulesetInfo(id);
  start.info = info;
  $('start-bot').hidden = !(info.bots && info.bots.length);
  await drawForm(id, info);
  await renderRecent();
}

async function pickRuleset(id) {
  if (id === start.ruleset) return;
  start.ruleset = id;
  try { localStorage.setItem(RULESET_KEY, id); } catch (_) { /* storage off */ }
  $('start-message').textContent = '';
  await renderStart();
}

/** The bot select of the form (its choices: the ruleset's bots). */
function botSelect(info, keep) {
  const bots = (info.bots && info.bots.length ? info.bots : ['greedy']);
  const sel = el('select', { id: 'opt-bot', 'data-testid': 'opt-bot' },
    bots.map((b) => el('option', { value: b }, botName(b))));
  if (keep && bots.includes(keep)) sel.value = keep;
  return el('label', { class: 'opt-bot' }, el('span', {}, t('start.bot.kind')), ' ', sel);
}

async function drawForm(id, info) {
  const box = $('new-game-form');
  const [module, content] = await Promise.all([loadModule(id), loadContent(id)]);
  if (start.ruleset !== id) return;
  if (start.form && start.form.destroy) start.form.destroy();
  const bot = document.getElementById('opt-bot')?.value;
  start.module = module;
  box.replaceChildren();
  box.dataset.ruleset = id;
  box.dataset.module = module.id;
  const api_ = { ...shellApi(), ruleset: info, botSelect: () => botSelect(info, bot), createGame };
  start.form = (module.newGameForm && module.newGameForm(box, content, api_)) || null;
  // A form that did not place the bot select gets it at its end.
  if ((info.bots || []).length && !box.querySelector('#opt-bot')) {
    const grid = box.querySelector('.options-grid');
    if (grid) grid.append(botSelect(info, bot));
    else box.append(el('div', { class: 'options-grid' }, botSelect(info, bot)));
  }
  translateDom(box);
}

async function renderRecent() {
  const list = $('recent');
  let games = [];
  try {
    games = await api.games();
  } catch (_) { /* offline */ }
  const mine = store.all();
  const ids = new Set((games || []).map((g) => g.id));
  for (const [id, e] of Object.entries(mine)) if (!ids.has(id)) games.push({ id, created: e.created, mine: true, local: true });
  games.sort((a, b) => String(b.created || '').localeCompare(String(a.created || '')) || 0);
  if (!games.length) {
    fill(list, el('li', { class: 'muted' }, t('start.recent.none')));
    return;
  }
  const all = (await rulesets()).rulesets;
  fill(list, games.slice(0, 15).map((g) => {
    const saved = mine[g.id];
    const names = (g.seats || []).map((s) => s.name || (s.kind === 'bot' ? 'bot' : '')).filter(Boolean).join(' – ');
    const token = saved && saved.tokens ? Object.values(saved.tokens)[0] : null;
    const rs = g.ruleset || (saved && saved.ruleset);
    const game = all.length > 1 && rs ? rulesetName(all.find((r) => r.id === rs) || { id: rs }, lang()) : '';
    return el('li', {},
      el('span', { class: 'recent-name' }, game ? el('span', { class: 'recent-game' }, `${game} · `) : null, names || g.id, ' ', el('span', { class: 'muted' }, g.over ? t('start.over') : t('start.running'))),
      token && !g.over ? el('a', { href: `#game=${encodeURIComponent(g.id)}&token=${encodeURIComponent(token)}`, class: 'link-button', 'data-testid': 'resume' }, t('start.resume')) : null,
      !token && !g.over && !g.local ? el('a', { href: `#game=${encodeURIComponent(g.id)}`, class: 'link-button' }, t('start.watch')) : null,
      g.over || token ? el('a', { href: `#replay=${encodeURIComponent(g.id)}`, class: 'link-button', 'data-testid': 'replay-link' }, t('start.replay')) : null);
  }));
}

let lastError = '';

/**
 * Creates a game of the start page's ruleset (or `extra.ruleset`): the common fields, the form's
 * set-up fields, then `extra`. Goes to the game; resolves to the server's answer, or null.
 */
export async function createGame(mode, extra = {}) {
  const msg = $('start-message');
  msg.textContent = t('start.creating');
  msg.classList.remove('error');
  lastError = '';
  const ruleset = extra.ruleset || start.ruleset || (await rulesets()).default;
  const body = { ruleset, mode, lang: lang() };
  if (start.form && start.form.values && ruleset === start.ruleset) Object.assign(body, start.form.values(mode));
  Object.assign(body, extra);
  if (mode === 'bot' && !body.bot) body.bot = document.getElementById('opt-bot')?.value || 'greedy';
  let res;
  try {
    res = await api.create(body);
  } catch (e) {
    lastError = t('start.error', { reason: e.message });
    msg.textContent = lastError;
    // A refused set-up is the player's to fix: shown as an error, where they are looking.
    msg.classList.add('error');
    msg.scrollIntoView({ block: 'nearest' });
    return null;
  }
  msg.textContent = '';
  const tokens = {};
  for (const s of res.seats || []) if (s.token) tokens[s.seat] = s.token;
  const first = tokens[0] ?? Object.values(tokens)[0];
  store.put(res.game, { mode, tokens, join: res.join || null, created: Date.now(), seat: 0, ruleset });
  location.hash = `#game=${encodeURIComponent(res.game)}&token=${encodeURIComponent(first)}`;
  if (mode === 'friend' && res.join) {
    setTimeout(() => { const g = session(); if (g && g.id === res.game) showJoinLink(); }, 50);
  }
  return res;
}

// ------------------------------------------------------------------------------------------
// A ruleset's own pages (`#builder`...): `module.pages[name]`.

let page = null;

async function showPage(name) {
  // The Simulate page is the shell's own, for every ruleset.
  if (name === 'simulate') {
    if (page && page.hide) page.hide();
    page = null;
    showScreen('page');
    try {
      await showSimulate($('screen-page'));
    } catch (e) {
      fill($('screen-page'), el('p', { class: 'error-text' }, e.message));
    }
    return;
  }
  const list = await rulesets();
  // The page belongs to the start page's ruleset, or else to the first ruleset that has it.
  const order = [start.ruleset || chosenRuleset(list), ...list.rulesets.map((r) => r.id)];
  for (const id of order) {
    const m = await loadModule(id);
    const p = m && m.pages && m.pages[name];
    if (!p) continue;
    showScreen('page');
    if (page && page !== p && page.hide) page.hide();
    page = p;
    const content = await loadContent(id);
    p.show($('screen-page'), content, { ...shellApi(), createGame: (mode, extra) => createGame(mode, { ruleset: id, ...extra }), lastError: () => lastError });
    return;
  }
  location.hash = '';
}

// ------------------------------------------------------------------------------------------
// Routing and start-up.

/** The view the replay draws with: the ruleset's module's, or the generic one. */
async function replayView(container, snap) {
  const m = await loadModule((snap && snap.ruleset) || (await rulesets()).default);
  if (m.replayView) return m.replayView(container, snap);
  return (await loadGeneric()).replayView(container);
}

// A friend's link carries an invite, not a token: the server draws the friend's token when the
// invite is used (once), so the friend's seat is theirs alone. Opening the link again later
// finds the token kept from the first time.
async function useInvite(id, invite) {
  const saved = store.get(id);
  let token = saved && saved.invite === invite ? Object.values(saved.tokens || {})[0] : null;
  if (!token) {
    try {
      const res = await api.join(id, invite);
      token = res.token;
      store.put(id, { mode: 'friend', tokens: { [res.seat]: token }, invite, created: Date.now(), seat: res.seat });
    } catch (e) {
      closeGame();
      showScreen('game');
      await openGame(id, null);
      const g = session();
      if (g && g.id === id) {
        g.notice = t(e.code === 'invite-used' ? 'game.invite_used' : 'game.bad_token');
        rerender();
      }
      return;
    }
  }
  location.replace(`#game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`);
}

async function route() {
  const h = parseHash();
  if (h.page) {
    closeGame();
    hideReplay();
    await showPage(h.page);
    return;
  }
  if (page && page.hide) page.hide();
  page = null;
  if (h.replay) {
    closeGame();
    showScreen('replay');
    showReplay(h.replay, store.get(h.replay), replayView);
    return;
  }
  hideReplay();
  if (h.game && h.invite) {
    await useInvite(h.game, h.invite);
    return;
  }
  if (h.game) {
    showScreen('game');
    await openGame(h.game, h.token);
    return;
  }
  closeGame();
  renderStart();
}

function applyLang() {
  document.documentElement.lang = lang();
  $('lang-toggle').textContent = t('lang.toggle');
  translateDom();
  document.title = t('app.title');
}

function init() {
  applyLang();
  $('lang-toggle').addEventListener('click', () => setLang(lang() === 'en' ? 'fr' : 'en'));
  onLangChange(async () => {
    applyLang();
    const s = document.body.dataset.screen;
    if (s === 'start') renderStart();
    if (s === 'page') showPage(parseHash().page);
    if (s === 'replay') showReplay(parseHash().replay, store.get(parseHash().replay), replayView);
    if (session() && session().snap) {
      await reloadSnapshot();
      rerender();
    }
  });
  $('start-bot').addEventListener('click', () => createGame('bot'));
  $('start-friend').addEventListener('click', () => createGame('friend'));
  $('start-hotseat').addEventListener('click', () => createGame('hotseat'));
  initSession();
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', route);
  route();
}

init();
