// The rulesets the server plays (`GET /api/rulesets`, docs/platform.md) and their page modules,
// loaded with `import()` from the `module` URL the server gives. A ruleset without a module of
// its own gets the generic
// fallback, `rulesets/generic/index.js`, which draws the board from the snapshot's `board` and
// lists the legal actions as menus. The page names no ruleset of its own: everything it knows
// of them comes from the server.
//
// `?module=generic` in the page's URL forces the generic module for every ruleset (for trying a
// ruleset through the fallback); `?module=ID` forces `rulesets/ID/index.js`.

import { api } from './api.js';
import { addStrings } from './i18n.js';

export const GENERIC = '/rulesets/generic/index.js';

let list = null;
const modules = new Map();

/** `{ rulesets: [{id, name, names, board, module, judge, bots}], default }`, as the server lists
 * them. A failed request is not kept: the next call asks again. */
export async function rulesets() {
  if (list) return list;
  const r = await api.rulesets();
  const all = (r && Array.isArray(r.rulesets)) ? r.rulesets : [];
  list = { rulesets: all, default: (r && r.default) || (all[0] && all[0].id) || null };
  return list;
}

/** The ruleset `id`'s entry, or a bare one when the server does not list it. */
export async function rulesetInfo(id) {
  const l = await rulesets();
  return l.rulesets.find((r) => r.id === id) || { id, name: id, names: {}, board: null, module: null, judge: [], bots: [] };
}

/** The ruleset's name in language `lang`. */
export function rulesetName(info, lang) {
  return (info && ((info.names && info.names[lang]) || info.name || info.id)) || '';
}

/** The module forced by the page's URL (`?module=generic`), if any. */
export function forcedModule() {
  const m = new URLSearchParams(location.search).get('module');
  return m && /^[a-z0-9_-]{1,40}$/.test(m) ? m : null;
}

/** The URL of the page module that shows ruleset `id`. */
export async function moduleUrl(id) {
  const forced = forcedModule();
  if (forced) return forced === 'generic' ? GENERIC : `/rulesets/${forced}/index.js`;
  const info = (await rulesets()).rulesets.find((r) => r.id === id);
  return (info && info.module) || GENERIC;
}

/** The generic module itself (for what a module leaves out, such as the replay's board). */
export function loadGeneric() {
  if (!modules.has(GENERIC)) modules.set(GENERIC, import(GENERIC).then((m) => { if (m.default.strings) addStrings(m.default.strings); return m.default; }));
  return modules.get(GENERIC);
}

/** The page module that shows ruleset `id` (loaded once; its catalogue joins the page's). If its
 * own module fails to load, the generic one. */
export async function loadModule(id) {
  const url = await moduleUrl(id);
  if (!modules.has(url)) {
    modules.set(url, import(url).then((m) => m.default).catch((e) => {
      console.warn(`page module ${url} failed to load (${e && e.message}); using the generic one`);
      return url === GENERIC ? Promise.reject(e) : import(GENERIC).then((m) => m.default);
    }).then((m) => {
      if (m && m.strings) addStrings(m.strings);
      return m;
    }));
  }
  return modules.get(url);
}
