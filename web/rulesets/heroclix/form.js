// HeroClix's new-game form on the start page: map, teams (the starter teams or the one built in
// the team builder), theme teams, a round limit, the rules options (docs/rules/heroclix-powers.md)
// and the way to the team builder. Its values join the common fields of `POST /api/games`.

import { t } from '../../i18n.js';
import { el, fill } from '../../dom.js';
import { savedTeam } from './builder.js';

const TEMPLATE = `
<p class="round-limit"><label><span data-i18n="start.rounds"></span>
  <select id="opt-rounds" data-testid="opt-rounds">
    <option value="0" data-i18n="start.rounds.none"></option>
    <option value="3">3</option><option value="5">5</option><option value="8">8</option><option value="10" selected>10</option><option value="12">12</option>
  </select></label>
  <span class="muted small" data-i18n="start.rounds.hint"></span></p>
<details id="start-options" class="options">
  <summary data-i18n="start.options"></summary>
  <div class="options-grid">
    <label><span data-i18n="start.map"></span> <select id="opt-map" data-testid="opt-map"></select></label>
    <label><span data-i18n="start.team.mine"></span> <select id="opt-team0" data-testid="opt-team0"></select></label>
    <label><span data-i18n="start.team.theirs"></span> <select id="opt-team1" data-testid="opt-team1"></select></label>
    <span id="opt-bot-slot"></span>
    <label class="check"><input id="opt-theme" type="checkbox" data-testid="opt-theme"> <span data-i18n="start.theme"></span>
      <span class="muted small" data-i18n="start.theme.hint"></span></label>
  </div>
</details>
<details id="opt-rules" class="options" data-testid="opt-rules">
  <summary data-i18n="start.rules"></summary>
  <p class="muted small" data-i18n="start.rules.hint"></p>
  <div id="opt-rules-grid" class="options-grid"></div>
</details>
<p><a href="#builder" class="link-button" data-testid="open-builder" data-i18n="start.builder"></a></p>
`;

/** Values kept while the start page is drawn again (a change of language, of ruleset). */
let kept = null;

/** Draws the form in `box` for the server's HeroClix `content`; returns `{ values(mode), destroy() }`. */
export function newGameForm(box, content, shell) {
  const c = content || {};
  box.innerHTML = TEMPLATE;
  const $ = (id) => box.querySelector(`#${id}`);
  $('opt-bot-slot').replaceWith(shell.botSelect());
  fill($('opt-map'), el('option', { value: '' }, t('start.map.any')), (c.maps || []).map((m) => el('option', { value: m.id }, m.name || m.id)));
  const custom = savedTeam();
  for (const [i, id] of [[0, 'opt-team0'], [1, 'opt-team1']]) {
    fill($(id), el('option', { value: '' }, t('start.team.default')),
      i === 0 && custom ? el('option', { value: 'custom' }, t('start.team.custom', { name: custom.name, points: custom.points ?? '?' })) : null,
      (c.teams || []).map((tm) => el('option', { value: tm.id }, `${tm.name || tm.id}${tm.points ? ` (${tm.points})` : ''}`)));
    $(id).value = i === 0 && custom ? 'custom' : '';
  }
  if (kept) {
    for (const [id, v] of Object.entries(kept.values)) if ($(id) && [...$(id).options].some((o) => o.value === v)) $(id).value = v;
    $('opt-theme').checked = kept.theme;
    $('start-options').open = kept.open;
    $('opt-rules').open = kept.rulesOpen;
  }
  renderRulesOptions(box, c.options);
  if (kept) {
    for (const input of box.querySelectorAll('#opt-rules-grid [data-rule]')) {
      const v = kept.rules[input.dataset.rule];
      if (v === undefined) continue;
      if (input.type === 'checkbox') input.checked = v;
      else input.value = JSON.stringify(v);
    }
  }
  return {
    values(mode) {
      const body = {};
      const map = $('opt-map').value;
      if (map) body.map = map;
      const a = $('opt-team0').value;
      const b = $('opt-team1').value;
      const mine = a === 'custom' ? savedTeam() : null;
      if (a || b) {
        const def = c.teams || [];
        const pick = (v, i) => (v === 'custom' && mine ? mine.team : v || (def[i] && def[i].id) || (def[0] && def[0].id));
        body.teams = [pick(a, 0), pick(b, 1)];
      }
      const rounds = $('opt-rounds').value;
      if (rounds) body.rounds = Number(rounds);
      if ($('opt-theme').checked) body.theme_teams = true;
      const rules = rulesOptionValues(box);
      if (Object.keys(rules).length) body.powers = rules;
      return body;
    },
    destroy() {
      kept = {
        values: Object.fromEntries(['opt-map', 'opt-team0', 'opt-team1', 'opt-rounds'].map((id) => [id, $(id).value])),
        theme: $('opt-theme').checked,
        open: $('start-options').open,
        rulesOpen: $('opt-rules').open,
        rules: rulesOptionValues(box),
      };
    },
  };
}

/**
 * The rules options of a new game (`docs/rules/heroclix-powers.md`): a box for each yes/no
 * option, a list for the others, set to the defaults the server sends; values already chosen
 * are kept when the screen is drawn again.
 */
function renderRulesOptions(box, options) {
  const grid = box.querySelector('#opt-rules-grid');
  if (!options || !options.defaults) {
    box.querySelector('#opt-rules').hidden = true;
    return;
  }
  const keep = rulesOptionValues(box);
  const choices = options.choices || {};
  fill(grid, Object.entries(options.defaults).map(([name, def]) => {
    const label = t(`rules.${name}`);
    const now = name in keep ? keep[name] : def;
    // Labelled with data-i18n so that a change of language renders them again.
    if (typeof def === 'boolean') {
      return el('label', { class: 'check', title: t(`rules.${name}.help`), 'data-i18n-title': `rules.${name}.help` },
        el('input', { type: 'checkbox', 'data-rule': name, 'data-default': String(def), 'data-testid': `rule-${name}`, checked: now ? '' : null }), ' ',
        el('span', { 'data-i18n': `rules.${name}` }, label));
    }
    const values = choices[name] || [def];
    return el('label', { title: t(`rules.${name}.help`), 'data-i18n-title': `rules.${name}.help` }, el('span', { 'data-i18n': `rules.${name}` }, label), ' ',
      el('select', { 'data-rule': name, 'data-default': JSON.stringify(def), 'data-testid': `rule-${name}` },
        values.map((v) => el('option', { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(now) ? '' : null, 'data-i18n': `rules.${name}.${v}` }, t(`rules.${name}.${v}`)))));
  }));
}

/** The rules options set to something else than their default, as `powers` of a new game. */
function rulesOptionValues(box) {
  const out = {};
  for (const input of box.querySelectorAll('#opt-rules-grid [data-rule]')) {
    const name = input.dataset.rule;
    if (input.type === 'checkbox') {
      if (String(input.checked) !== input.dataset.default) out[name] = input.checked;
    } else if (input.value !== input.dataset.default) {
      out[name] = JSON.parse(input.value);
    }
  }
  return out;
}
