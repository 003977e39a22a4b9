// The replay viewer, for every ruleset: steps through a game's recorded actions, the board drawn
// by the ruleset's page module (`replayView`) or the generic one. The server computes every
// position (rules never run here): `GET /api/games/{id}?at=K` gives the spectator snapshot after
// K actions (see "Proposed changes" in docs/web-protocol.md). Without it the page shows the final
// position and steps through the log only.

import { t, lang } from './i18n.js';
import { api } from './api.js';
import { $, fill } from './dom.js';
import { renderDice, renderLog } from './log.js';

let R = null;
let wired = false;
/** The board of the replay shown: `{ update(snapshot) }`, from `viewFor(container, snapshot)`. */
let board = null;
let viewFor = null;

function wire() {
  if (wired) return;
  wired = true;
  $('replay-first').addEventListener('click', () => go(0));
  $('replay-prev').addEventListener('click', () => go((R ? R.at : 0) - 1));
  $('replay-next').addEventListener('click', () => go((R ? R.at : 0) + 1));
  $('replay-last').addEventListener('click', () => go(R ? R.total : 0));
  $('replay-play').addEventListener('click', togglePlay);
  $('replay-slider').addEventListener('input', (e) => go(Number(e.target.value)));
  document.addEventListener('keydown', (ev) => {
    if (document.body.dataset.screen !== 'replay' || !R) return;
    if ((ev.target.tagName || '').toLowerCase() === 'input' && ev.target.type !== 'range') return;
    if (ev.key === 'ArrowRight' || ev.key === 'PageDown') { ev.preventDefault(); go(R.at + 1); }
    if (ev.key === 'ArrowLeft' || ev.key === 'PageUp') { ev.preventDefault(); go(R.at - 1); }
    if (ev.key === 'Home') { ev.preventDefault(); go(0); }
    if (ev.key === 'End') { ev.preventDefault(); go(R.total); }
    if (ev.key === ' ') { ev.preventDefault(); togglePlay(); }
  });
}

function togglePlay() {
  if (!R) return;
  if (R.timer) {
    clearInterval(R.timer);
    R.timer = null;
  } else {
    if (R.at >= R.total) go(0);
    R.timer = setInterval(() => {
      if (!R || R.at >= R.total) {
        if (R) { clearInterval(R.timer); R.timer = null; }
        updateButtons();
        return;
      }
      go(R.at + 1);
    }, 900);
  }
  updateButtons();
}

function updateButtons() {
  if (!R) return;
  $('replay-play').textContent = R.timer ? t('replay.pause') : t('replay.play');
  $('replay-prev').disabled = R.at <= 0;
  $('replay-first').disabled = R.at <= 0;
  $('replay-next').disabled = R.at >= R.total;
  $('replay-last').disabled = R.at >= R.total;
  $('replay-slider').max = String(R.total);
  $('replay-slider').value = String(R.at);
  $('replay-step').textContent = t('replay.step', { i: R.at, n: R.total });
}

export function hideReplay() {
  if (R && R.timer) clearInterval(R.timer);
  R = null;
}

/** Opens the replay of game `id`; `saved` holds this browser's tokens for it, if any. */
export async function showReplay(id, saved, view) {
  wire();
  viewFor = view;
  const keepAt = R && R.id === id ? R.at : null;
  hideReplay();
  const token = saved && saved.tokens ? Object.values(saved.tokens)[0] : null;
  const me = { id, at: 0, total: 0, timer: null, token, steps: true, final: null, cache: new Map() };
  R = me;
  $('replay-note').textContent = '';
  let replay;
  try {
    replay = await api.replay(id, token);
  } catch (e) {
    if (R !== me) return;
    $('replay-note').textContent = `${t('replay.unavailable')} (${e.message})`;
    return;
  }
  if (R !== me) return;
  // A finished game's replay lists `actions`; a player's view of one in progress, `steps`.
  me.total = (replay.actions || replay.steps || []).length;
  try {
    me.final = await api.snapshot(id, null, lang());
  } catch (_) { /* shown below if nothing works */ }
  if (R !== me) return;
  $('replay-board').replaceChildren();
  board = viewFor ? await viewFor($('replay-board'), me.final) : null;
  if (R !== me) return;
  await go(keepAt ?? me.total);
}

async function snapshotAt(k) {
  if (R.cache.has(k)) return R.cache.get(k);
  let s = null;
  if (R.steps) {
    try {
      s = await api.snapshot(R.id, null, lang(), { at: k });
      if (s && s.at !== k && k !== R.total) {
        R.steps = false;
        s = null;
      }
    } catch (_) {
      R.steps = false;
    }
  }
  if (!s) s = R.final;
  if (s && R.steps) R.cache.set(k, s);
  return s;
}

async function go(k) {
  if (!R) return;
  const me = R;
  k = Math.max(0, Math.min(k, R.total));
  R.at = k;
  updateButtons();
  const s = await snapshotAt(k);
  if (R !== me || R.at !== k) return;
  if (!s) return;
  $('replay-note').textContent = R.steps ? '' : t('replay.no_steps');
  let log = s.log || [];
  if (!R.steps) {
    // Only the final position: step the log instead (log steps count the actions from 1).
    log = log.filter((e) => (e.step || 0) <= k);
  }
  if (board) board.update(s);
  // A ruleset whose dice are not numbers (HeroScape's skulls and shields) shows them its way.
  if (board && board.dice) board.dice($('replay-dice'), log);
  else renderDice($('replay-dice'), log);
  renderLog($('replay-log'), log);
  fill($('replay-step'), t('replay.step', { i: k, n: R.total }));
}

export const replayState = () => R;
