// The page's generic module (web/rulesets/generic/, docs/platform.md "Page modules"): a ruleset
// with no page module of its own is played in the browser from the platform's generic shapes
// alone (the snapshot's `board`, `legal` entries with hints and groups, the content's `setup`).
//
// - The toy ruleset on the server under test: skipped, with a message, while `/api/rulesets` does
//   not list `toy`; otherwise picked on the start page, played hotseat by clicking menu entries
//   until the game is over.
// - The same against the mock server's toy ruleset (tests/e2e/mock-server.mjs), always.
// - HeroClix forced through the generic module (`?module=generic`): its menus (and its board, once
//   the server sends `board`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';
import { startMock } from './mock-server.mjs';

/** What the page shows (read-only). */
async function state(page) {
  return page.evaluate(() => {
    const g = window.__skirmish && window.__skirmish.game();
    if (!g || !g.snap) return null;
    const s = g.snap;
    const p = s.pending || {};
    return {
      seat: g.seat, busy: g.busy, step: s.step, module: g.module, over: !!(p.over || s.over === true),
      legal: (s.legal || []).map((e) => ({ seat: e.seat, figure: e.figure ?? null, cells: e.cells || [], targets: e.targets || [], group: e.group || null, type: e.action && e.action.type })),
      board: s.board || null,
      mine: window.__skirmish.myDecision(),
    };
  });
}

async function until(page, pred, what, timeout = 30_000) {
  const start = Date.now();
  for (;;) {
    const st = await state(page);
    if (st && (await pred(st))) return st;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(st && { step: st.step, over: st.over, legal: st.legal.length })}`);
    await page.waitForTimeout(120);
  }
}

/** The entry to click: a capture or attack (it names targets), else the move that brings one of
 * this side's pieces nearest an enemy piece, else the first. */
function pick(st) {
  const entries = st.legal.map((e, i) => ({ ...e, i })).filter((e) => e.seat === undefined || e.seat === null || e.seat === st.seat);
  const attack = entries.find((e) => e.targets.length);
  if (attack) return attack;
  const pieces = (st.board && st.board.pieces) || [];
  const enemies = pieces.filter((p) => p.seat !== st.seat && p.at);
  let best = null;
  for (const e of entries) {
    if (!e.cells.length || !enemies.length) continue;
    const d = Math.min(...enemies.map((p) => Math.abs(p.at[0] - e.cells[0][0]) + Math.abs(p.at[1] - e.cells[0][1])));
    if (!best || d < best.d) best = { ...e, d };
  }
  return best || entries[0];
}

/** Clicks legal entry `i` in its menu (opening the menu if it is folded). */
async function clickEntry(page, i, { hover = false } = {}) {
  const button = page.locator(`[data-testid=legal-action][data-index="${i}"]`);
  if (!(await button.isVisible())) {
    await page.locator('[data-testid=legal-group]', { has: button }).locator('summary').click();
  }
  if (hover) await button.hover();
  return button;
}

async function playToy(base, prefix, { hex = false } = {}) {
  const b = await openBrowser({ name: `${prefix}-toy`, viewport: { width: 1280, height: 860 } });
  const { page } = b;
  try {
    await page.goto(base);
    await page.getByTestId('ruleset-toy').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=new-game-form]')?.dataset.ruleset === 'toy');
    assert.equal(await page.getByTestId('ruleset-toy').getAttribute('aria-checked'), 'true');
    if (hex) await page.getByTestId('setup-board').selectOption(JSON.stringify('hex'));
    await shot(page, `${prefix}-80-start-toy`);
    await page.getByTestId('play-hotseat').click();
    await page.waitForURL(/#game=/);
    await page.getByTestId('generic-board').waitFor();
    let st = await until(page, (s) => s.legal.length > 0 || s.over, 'the first legal actions');
    assert.equal(st.module, 'generic');
    assert.equal(await page.getByTestId('generic-board').getAttribute('data-kind'), st.board.kind);
    if (hex) assert.equal(st.board.kind, 'hex');
    const startPieces = st.board.pieces.filter((p) => p.at).length;
    assert.equal(await page.locator('svg.generic-board .piece').count(), st.board.pieces.length);
    assert.ok((await page.getByTestId('legal-group').count()) >= 1, 'the legal actions are listed in menus');
    let shots = 0;
    for (let n = 0; n < 300 && !st.over; n++) {
      const e = pick(st);
      const button = await clickEntry(page, e.i, { hover: true });
      if (e.cells.length) {
        // The hovered action's cells are highlighted on the board.
        const [x, y] = e.cells[0];
        await page.locator(`svg.generic-board .cell.hl[data-at="${x},${y}"]`).waitFor();
      }
      if (shots < 2 && (e.cells.length || e.targets.length)) await shot(page, `${prefix}-8${1 + shots++}-toy-hover`);
      const before = st.step;
      await button.click();
      st = await until(page, (s) => (s.step > before && !s.busy && (s.legal.length > 0 || s.over)), 'the action to be played');
    }
    assert.ok(st.over, 'the game ended');
    await page.getByTestId('over-dialog').waitFor();
    await shot(page, `${prefix}-83-toy-over`);
    await page.getByTestId('over-close').click();
    await shot(page, `${prefix}-84-toy-final-board`);
    // The replay steps through the game on the generic board.
    const id = await page.evaluate(() => window.__skirmish.game().id);
    await page.goto(`${base}#replay=${id}`);
    await page.locator('[data-testid=replay-board] svg.generic-board').waitFor();
    await page.getByTestId('replay-first').click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=replay-board] svg.generic-board .piece').length === n, startPieces);
    await shot(page, `${prefix}-85-toy-replay`);
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, `${prefix}-toy-failure`).catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
}

test('the toy ruleset on the server, through the generic module', { timeout: 300_000 }, async (t) => {
  const base = baseUrl();
  const r = await fetch(`${base}api/rulesets`).catch(() => null);
  const list = r && r.ok ? await r.json() : null;
  if (!list || !(list.rulesets || []).some((x) => x.id === 'toy')) {
    t.skip(`the server under test does not list a "toy" ruleset in /api/rulesets (${r ? `HTTP ${r.status}` : 'no answer'}): run \`E2E_TOY=1 bash scripts/e2e.sh\` (the server example with --toy)`);
    return;
  }
  await playToy(base, 'server');
});

test('the mock server\'s toy ruleset, through the generic module', { timeout: 300_000 }, async () => {
  const server = await startMock(0);
  try {
    await playToy(`http://127.0.0.1:${server.address().port}/`, 'mock');
  } finally {
    server.close();
    server.closeAllConnections?.();
  }
});

test('the mock server\'s toy ruleset on hexes, through the generic module', { timeout: 300_000 }, async () => {
  const server = await startMock(0);
  try {
    await playToy(`http://127.0.0.1:${server.address().port}/`, 'mock-hex', { hex: true });
  } finally {
    server.close();
    server.closeAllConnections?.();
  }
});

test('HeroClix through the generic module (?module=generic)', { timeout: 300_000 }, async (t) => {
  const b = await openBrowser({ name: 'heroclix-generic' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}?module=generic`);
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=/);
    await page.getByTestId('legal-menus').waitFor();
    let st = await until(page, (s) => s.legal.length > 0, 'HeroClix\'s first decision');
    assert.equal(st.module, 'generic');
    if (st.board) {
      await page.getByTestId('generic-board').waitFor();
    } else {
      await page.getByTestId('generic-no-board').waitFor();
      t.diagnostic('the server sends no generic `board` yet: only the menus are checked');
    }
    await shot(page, '85-heroclix-generic-setup');
    // Set-up and a few actions through the menus: each click plays the entry's action.
    for (let n = 0; n < 12 && !st.over; n++) {
      const entries = st.legal.map((e, i) => ({ ...e, i }));
      // Prefer what moves the game on (a move, a placement, a choice) over ending the turn.
      const e = entries.find((x) => x.type !== 'end_turn' && x.type !== 'pass') || entries[0];
      const before = st.step;
      await (await clickEntry(page, e.i)).click();
      st = await until(page, (s) => s.step > before && !s.busy && (s.legal.length > 0 || s.over), 'the menu action to be played', 60_000);
    }
    if (st.board) {
      assert.ok((await page.locator('svg.generic-board .piece').count()) > 0, 'the figures are on the generic board');
      assert.ok((await page.locator('svg.generic-board .walls line.wall').count()) > 0, "the map's walls are drawn on cell edges");
    }
    await shot(page, '86-heroclix-generic-play');
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, 'heroclix-generic-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});
