// Every text of the page exists in English and French, and every key the page names exists:
// the shell's catalogue (web/i18n.js) with the page modules' own (web/rulesets/<id>/, each
// module's `strings`). (No browser needed.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLES as SHELL, botName, setLang } from '../../web/i18n.js';
import heroclix from '../../web/rulesets/heroclix/index.js';
import heroscape from '../../web/rulesets/heroscape/index.js';
import generic from '../../web/rulesets/generic/index.js';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const MODULES = { heroclix, heroscape, generic };

/** The shell's words and every module's, as the page has them once the modules are loaded. */
const TABLES = { en: { ...SHELL.en }, fr: { ...SHELL.fr } };
for (const m of Object.values(MODULES)) for (const l of ['en', 'fr']) Object.assign(TABLES[l], m.strings[l]);

/** Every .js file under `dir`. */
function scripts(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    (d.isDirectory() ? scripts(path.join(dir, d.name)) : d.name.endsWith('.js') ? [path.join(dir, d.name)] : []));
}

test('each catalogue has the same keys in both languages, and no module replaces a shell word', () => {
  for (const [name, m] of Object.entries({ shell: { strings: SHELL }, ...MODULES })) {
    assert.deepEqual(Object.keys(m.strings.fr).sort(), Object.keys(m.strings.en).sort(), name);
    if (name !== 'shell') for (const k of Object.keys(m.strings.en)) assert.ok(!(k in SHELL.en), `${name} redefines ${k}`);
  }
});

test('both languages have the same keys', () => {
  const en = Object.keys(TABLES.en).sort();
  const fr = Object.keys(TABLES.fr).sort();
  assert.deepEqual(fr, en);
  for (const k of en) {
    const params = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
    assert.equal(params(TABLES.fr[k]), params(TABLES.en[k]), `parameters of ${k}`);
  }
});

test('every key the page uses is translated', () => {
  const used = new Set();
  const html = fs.readFileSync(path.join(WEB, 'index.html'), 'utf8');
  for (const m of html.matchAll(/data-i18n(?:-title|-aria|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
  for (const f of scripts(WEB)) {
    const js = fs.readFileSync(f, 'utf8');
    for (const m of js.matchAll(/data-i18n(?:-title|-aria|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
    for (const m of js.matchAll(/\bt\(\s*'([a-z_]+\.[a-z_.]+)'/g)) used.add(m[1]);
  }
  const missing = [...used].filter((k) => !(k in TABLES.en));
  assert.deepEqual(missing, []);
});

test('the French uses the rulebook\'s terms', () => {
  const fr = Object.values(TABLES.fr).join('\n').toLowerCase();
  for (const term of ['ligne de vue', 'terrain gênant', 'évasion', 'marqueur action', 'recul', 'points de victoire', 'terrain bloquant', 'terrain élevé', 'zone de déploiement',
    'exploits', 'conditions de bataille', 'objets', 'objet léger', 'objet lourd', 'objet immobile', 'spécial', 'équipe à thème',
    'contrôle des probabilités', 'placer les objets', 'compétence de groupe alternative']) {
    assert.ok(fr.includes(term), term);
  }
});

test('bots are named in the page language, search budgets included', () => {
  // setLang marks the page's language on its root element: node has no page.
  globalThis.document ??= { documentElement: {} };
  setLang('fr');
  assert.equal(botName('greedy'), 'Agressif (attaque dès qu’il peut)');
  assert.equal(botName('mcts:100ms'), 'Recherche (100 ms par coup)');
  assert.equal(botName('mcts:500i'), 'Recherche (500 itérations par coup)');
  setLang('en');
  assert.equal(botName('mcts:1s'), 'Search (1 s a move)');
  // An id the page has no words for is shown as the server lists it.
  assert.equal(botName('mcts:fast'), 'mcts:fast');
  assert.equal(botName('expert'), 'expert');
});
