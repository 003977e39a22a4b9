// A whole HeroScape game against the bot played through page clicks only, for looking at the
// product by hand (not part of the test suite, whose runner takes `*.test.mjs` only):
//   SKIRMISH_URL=http://localhost:8098/ node tests/e2e/realgame.mjs WIDTH HEIGHT NAME ARMY1 ARMY2 [BATTLEFIELD]
// ARMY1 and ARMY2 are card ids joined by commas (the server started with `--content` holding the
// card catalogue). With PROBE_VORTEX=1 it also clicks, once, a hex next to the bot's Air Elemental
// that a figure cannot reach, and saves the refusal shown on the board.
import { openBrowser, baseUrl, shot } from './helpers.mjs';
import { mineNow, waitFor, checkBotMarkersHidden } from './heroscape-helpers.mjs';

const [w, h, name, a1, a2, bf] = process.argv.slice(2);
const viewport = { width: Number(w || 1280), height: Number(h || 800) };
const body = { ruleset: 'heroscape', mode: 'bot', points: 500, rounds: 6, army_1: a1.split(','), army_2: a2.split(',') };
if (bf) body.battlefield = bf;
const res = await fetch(`${baseUrl()}api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const made = await res.json();
if (!res.ok) throw new Error(JSON.stringify(made));
const b = await openBrowser({ viewport, name });
const { page } = b;
const seen = new Map();
const count = (k) => seen.set(k, (seen.get(k) || 0) + 1);
const cube = ([c, r]) => { const q = c - (r - (r & 1)) / 2; return [q, r, -q - r]; };
const dist = (a, b2) => { const x = cube(a); const y = cube(b2); return Math.max(...x.map((v, i) => Math.abs(v - y[i]))); };
const clickAt = async (sel, at) => page.locator(`svg.hs-board ${sel}[data-at="${at[0]},${at[1]}"]`).first().dispatchEvent('click');
async function chooseDialog() {
  if (await page.getByTestId('hs-choose').count()) { await page.locator('[data-testid=hs-choose] button.choice').first().click(); }
}
try {
  await page.goto(`${baseUrl()}#game=${made.game}&token=${made.token}`);
  await page.getByTestId('hs-board').waitFor();
  let st = await mineNow(page);
  let shots = 0;
  const moved = new Set();
  let lastTurnKey = '';
  for (let guard = 0; guard < 2000 && !st.over; guard++) {
    await checkBotMarkersHidden(page, st);
    const d = st.mine.type;
    count(d);
    const turnKey = JSON.stringify(st.view.turn || null);
    if (turnKey !== lastTurnKey) { moved.clear(); lastTurnKey = turnKey; }
    const before = st.step;
    const types = new Set(st.legal.map((a) => a.type));
    const placing = st.legal.find((a) => ['place', 'place_carried', 'place_tile', 'deploy'].includes(a.type) && a.cells.length);
    if (d === 'place_markers') {
      const n = await page.getByTestId('hs-drop').count();
      for (const [i, m] of ['1', '2', '3', 'X'].entries()) {
        await page.getByTestId(`hs-pick-${m}`).click();
        await page.getByTestId('hs-drop').nth(i % n).click();
      }
      if (shots < 2) { await shot(page, `real-${name}-markers`); shots++; }
      await page.getByTestId('hs-confirm-markers').click();
    } else if (process.env.PROBE_VORTEX && d === 'move' && !globalThis.probed && globalThis.lastProbe !== st.step) {
      globalThis.lastProbe = st.step;
      const el = st.pieces.find((p) => p.seat !== st.seat && p.at && /Air Elemental/.test(p.name || ''));
      const mine = st.legal.filter((a) => a.type === 'move' && a.cells.length);
      const figs = [...new Set(mine.map((a) => a.figure))];
      for (const fig of figs) {
        const me = st.pieces.find((p) => p.id === fig);
        if (!me || !el || dist(me.at, el.at) > 7) continue;
        const reach = new Set(mine.filter((a) => a.figure === fig).map((a) => a.cells[0].join(',')));
        await page.locator(`svg.hs-board .figure[data-fig="${fig}"]`).dispatchEvent('click');
        const near = await page.locator('svg.hs-board .hex[data-at]').evaluateAll((els) => els.map((e) => e.dataset.at));
        for (const k of near) {
          const at = k.split(',').map(Number);
          if (reach.has(k) || dist(at, el.at) !== 1 || dist(at, me.at) > 4) continue;
          await page.locator(`svg.hs-board .hex[data-at="${k}"]`).dispatchEvent('click');
          await page.waitForTimeout(600);
          if (await page.getByTestId('hs-refusal').count()) {
            const words = await page.getByTestId('hs-refusal').innerText();
            console.log('refusal', k, words);
            if (/Vortex/.test(words)) { await shot(page, `real-${name}-vortex`); globalThis.probed = true; break; }
          }
        }
        if (globalThis.probed) break;
      }
      continue;
    } else if (placing) {
      const at = placing.cells[0];
      if (await page.locator(`svg.hs-board .pick-place[data-at="${at[0]},${at[1]}"]`).count()) await clickAt('.pick-place', at);
      else await clickAt('.hex', at);
      await chooseDialog();
    } else if (types.has('attack') && Math.random() < 0.9) {
      const atk = st.legal.find((a) => a.type === 'attack');
      const sel = await page.evaluate(() => window.__skirmish.game().sel).catch(() => null);
      if (sel !== atk.figure) await page.locator(`svg.hs-board .figure[data-fig="${atk.figure}"]`).dispatchEvent('click');
      await page.locator(`svg.hs-board .figure[data-fig="${atk.targets[0] ?? atk.target}"]`).dispatchEvent('click');
      await chooseDialog();
      if (await page.getByTestId('hs-special-confirm').count()) await page.getByTestId('hs-special-confirm').click();
    } else if (st.legal.some((a) => (a.type === 'move' || a.type === 'power_move') && a.cells.length && !moved.has(a.figure))) {
      const moves = st.legal.filter((a) => (a.type === 'move' || a.type === 'power_move') && a.cells.length && !moved.has(a.figure));
      const enemies = st.pieces.filter((p) => p.seat !== st.seat && p.at);
      const best = moves.map((a) => ({ a, d: enemies.length ? Math.min(...enemies.map((e) => dist(e.at, a.cells[0]))) : 0 })).sort((x, y) => x.d - y.d)[0].a;
      const sel = await page.evaluate(() => window.__skirmish.game().sel).catch(() => null);
      if (sel !== best.figure) await page.locator(`svg.hs-board .figure[data-fig="${best.figure}"]`).dispatchEvent('click');
      await clickAt('.pick-reach', best.cells[0]);
      await chooseDialog();
      moved.add(best.figure);
      if (shots < 4) { await shot(page, `real-${name}-move`); shots++; }
    } else if (await page.getByTestId('hs-use-power').count()) {
      await page.getByTestId('hs-use-power').first().click();
      count(`use_power`);
    } else if (await page.getByTestId('hs-end-moves').count()) {
      await page.getByTestId('hs-end-moves').click();
    } else if (await page.getByTestId('hs-end-turn').count()) {
      await page.getByTestId('hs-end-turn').click();
    } else if (await page.locator('button.hs-power').count()) {
      await page.locator('button.hs-power').first().click();
    } else {
      await shot(page, `real-${name}-stuck`);
      throw new Error(`no click for ${JSON.stringify(st.mine)} legal ${JSON.stringify([...types])}`);
    }
    try {
      st = await waitFor(page, (s) => (s.step > before || s.over) && !s.busy, `progress after ${d}`, 30_000);
    } catch (e) {
      await shot(page, `real-${name}-noprogress`);
      throw e;
    }
    if (!st.over) st = await mineNow(page);
    if (guard % 60 === 0) await shot(page, `real-${name}-${String(guard).padStart(4, '0')}`);
  }
  await shot(page, `real-${name}-end`);
  const end = await page.evaluate(() => document.querySelector('[data-testid=hs-status]')?.innerText || document.body.innerText.slice(0, 300));
  console.log(JSON.stringify({ over: st.over, step: st.step, decisions: Object.fromEntries(seen), problems: b.problems, end: end.slice(0, 300), log: st.log.slice(-5).map((l) => l.text) }, null, 1));
  console.log(`replay: ${baseUrl()}#replay=${made.game}`);
} finally {
  await b.close();
}
