// The Simulate page (`#simulate`): two teams of any ruleset played against each other by bots
// over many games on the server (`/api/simulations`, crates/server/src/sims.rs), with a
// progress bar, the results with their 95 % intervals, and the server's charts (SVG drawn by
// plotters, shown as images so that nothing in them runs). The page knows no ruleset: the
// teams and bots come from the server. Its words are the shell's (`sim.*` in web/i18n.js).

import { t, lang, botName } from './i18n.js';
import { ApiError } from './api.js';
import { el, fill } from './dom.js';
import { rulesets, rulesetName } from './rulesets.js';


async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The page's state: the form's choices survive a language switch. */
const state = { ruleset: null, run: 0 };

function select(id, label, options, value) {
  const s = el('select', { id, 'data-testid': id }, options.map((o) => el('option', { value: o.id }, o.name)));
  if (value && options.some((o) => o.id === value)) s.value = value;
  return el('label', { class: 'sim-field' }, el('span', {}, label), s);
}

/** Draws the Simulate page in `container`. */
export async function showSimulate(container) {
  const list = await rulesets();
  const id = state.ruleset && list.rulesets.some((r) => r.id === state.ruleset) ? state.ruleset : list.default;
  state.ruleset = id;
  const opts = await request('GET', `/api/simulations?ruleset=${encodeURIComponent(id)}&lang=${lang()}`);
  const teams = opts.teams || [];
  const bots = (opts.bots || []).map((b) => ({ id: b, name: botName(b) }));
  const max = (opts.limits && opts.limits.max_games) || 100;
  const status = el('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'sim-status' });
  const bar = el('progress', { max: 1, value: 0, 'data-testid': 'sim-progress', hidden: true });
  const results = el('div', { class: 'sim-results', 'data-testid': 'sim-results' });
  const rulesetSel = select('sim-ruleset', t('sim.ruleset'), list.rulesets.map((r) => ({ id: r.id, name: rulesetName(r, lang()) })), id);
  rulesetSel.querySelector('select').addEventListener('change', (e) => {
    state.ruleset = e.target.value;
    showSimulate(container);
  });
  const form = el('form', { class: 'sim-form', 'data-testid': 'sim-form' },
    rulesetSel,
    teams.length ? [
      select('sim-team-a', t('sim.team_a'), teams, teams[0].id),
      select('sim-team-b', t('sim.team_b'), teams, (teams[1] || teams[0]).id),
    ] : el('p', { class: 'muted' }, t('sim.no_teams')),
    select('sim-bot-a', t('sim.bot_a'), bots, 'random'),
    select('sim-bot-b', t('sim.bot_b'), bots, 'random'),
    el('label', { class: 'sim-field' }, el('span', {}, t('sim.games')),
      el('input', { id: 'sim-games', 'data-testid': 'sim-games', type: 'number', min: 1, max, value: Math.min(50, max) })),
    el('label', { class: 'sim-field' }, el('span', {}, t('sim.seed')),
      el('input', { id: 'sim-seed', 'data-testid': 'sim-seed', type: 'number', min: 0, value: 1 })),
    el('button', { type: 'submit', class: 'primary', 'data-testid': 'sim-run', disabled: !teams.length }, t('sim.run')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    run(form, status, bar, results);
  });
  fill(container, el('div', { class: 'sim-page' },
    el('p', {}, el('a', { href: '#', 'data-testid': 'sim-back' }, `← ${t('sim.back')}`)),
    el('h2', {}, t('sim.title')),
    form, bar, status, results));
}

async function run(form, status, bar, results) {
  const v = (id) => form.querySelector(`#${id}`).value;
  const body = {
    ruleset: v('sim-ruleset'),
    teams: [v('sim-team-a'), v('sim-team-b')],
    bots: [v('sim-bot-a'), v('sim-bot-b')],
    games: Number(v('sim-games')),
    seed: Number(v('sim-seed')),
    lang: lang(),
  };
  const run = ++state.run;
  fill(results);
  status.classList.remove('error');
  let job;
  try {
    job = await request('POST', '/api/simulations', body);
  } catch (e) {
    status.textContent = t('sim.error', { reason: e.message });
    status.classList.add('error');
    return;
  }
  bar.hidden = false;
  for (;;) {
    let s;
    try {
      s = await request('GET', `/api/simulations/${encodeURIComponent(job.id)}`);
    } catch (e) {
      status.textContent = t('sim.error', { reason: e.message });
      status.classList.add('error');
      return;
    }
    if (run !== state.run) return;
    bar.max = s.total;
    bar.value = s.done;
    if (s.state === 'running') {
      status.textContent = t('sim.running', { done: s.done, total: s.total });
      await sleep(300);
      continue;
    }
    if (s.state === 'failed') {
      status.textContent = t('sim.error', { reason: s.error });
      status.classList.add('error');
      return;
    }
    status.textContent = t('sim.done', { total: s.report.games });
    showReport(results, s.report, s.charts);
    return;
  }
}

function showReport(box, r, charts) {
  const row = (name, n, rate) => el('tr', {}, el('th', { scope: 'row' }, name), el('td', {}, String(n)),
    el('td', {}, pct(rate.rate)), el('td', {}, `${pct(rate.low)} – ${pct(rate.high)}`));
  const table = el('table', { class: 'sim-table', 'data-testid': 'sim-table' },
    el('thead', {}, el('tr', {}, el('th', {}), el('th', {}, t('sim.col.games')), el('th', {}, t('sim.col.rate')), el('th', {}, t('sim.col.interval')))),
    el('tbody', {},
      row(t('sim.wins', { team: r.teams[0] }), r.wins, r.win_a),
      row(t('sim.draws'), r.draws, r.draw),
      row(t('sim.wins', { team: r.teams[1] }), r.losses, r.win_b)));
  const vp = el('ul', {}, r.teams.map((team, i) => el('li', {},
    `${team}: ${r.vp[i].mean.toFixed(1)} (${r.vp[i].min} – ${r.vp[i].max})`)));
  const figures = (r.figures || []).slice(0, 8);
  const img = (svg, testid) => el('img', {
    class: 'sim-chart', 'data-testid': testid, alt: '',
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
  });
  fill(box,
    table,
    el('h3', {}, t('sim.vp')), vp,
    el('p', {}, t('sim.length', { mean: r.actions.mean.toFixed(1), min: r.actions.min, max: r.actions.max })),
    figures.length ? [el('h3', {}, t('sim.figures')), el('ul', {}, figures.map((f) =>
      el('li', {}, `${f.name} (${r.teams[f.team]}): ${f.per_game.toFixed(1)}`)))] : null,
    el('div', { class: 'sim-charts' }, img(charts.winrate, 'sim-chart-winrate'), img(charts.vp, 'sim-chart-vp')));
}
