// Shared helpers of the end-to-end tests: launching Debian's Chromium through playwright-core,
// screenshots, and driving the page through its own buttons and board (the page's
// `window.__skirmish` is only read, to know what is on screen and to choose what to click).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'artifacts', 'e2e');

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** The server under test, started by scripts/e2e.sh. */
export function baseUrl() {
  const url = process.env.SKIRMISH_URL;
  if (!url) throw new Error('SKIRMISH_URL is not set: run the tests through scripts/e2e.sh');
  return url.endsWith('/') ? url : `${url}/`;
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * A browser with a fresh temporary profile (one Chromium per call, so two calls are two
 * strangers: separate storage, separate cookies). Returns `{ context, page, close }`.
 */
export async function openBrowser({ viewport = { width: 1366, height: 900 }, locale = 'en-GB', name = 'browser' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skirmish-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
    locale,
    timeout: 60_000,
  });
  context.setDefaultTimeout(20_000);
  const page = context.pages()[0] || (await context.newPage());
  const problems = [];
  page.on('pageerror', (e) => problems.push(`${name}: page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/WebSocket|ERR_CONNECTION|404|409|400|Failed to load resource/.test(m.text())) {
      problems.push(`${name}: console error: ${m.text()}`);
    }
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Saves a screenshot under artifacts/e2e/. */
export async function shot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** What the page shows of the game (read-only). */
export async function gameState(page) {
  return page.evaluate(() => {
    const g = window.__skirmish && window.__skirmish.game();
    if (!g || !g.snap) return null;
    const s = g.snap;
    const p = s.pending || {};
    const d = p.decide || (p.decision ? p : null);
    return {
      id: g.id,
      seat: g.seat,
      busy: g.busy,
      step: s.step,
      over: !!(p.over || s.over),
      outcome: p.over || null,
      decision: d ? d.decision : null,
      pendingSeats: d ? d.seats : [],
      mine: window.__skirmish.myDecision(),
      legal: (s.legal || []).map((e) => e.action || e),
      figures: s.view.figures,
      phase: s.view.phase && s.view.phase.phase,
      log: (s.log || []).map((e) => ({ step: e.step, text: e.text, dice: e.dice || null })),
      map: { width: s.view.map.width, height: s.view.map.height },
    };
  });
}

export async function waitFor(page, predicate, { timeout = 30_000, what = 'condition' } = {}) {
  const start = Date.now();
  for (;;) {
    const st = await gameState(page);
    if (st && (await predicate(st))) return st;
    if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(st && { step: st.step, mine: st.mine, over: st.over, pending: st.pendingSeats, phase: st.phase })}`);
    await page.waitForTimeout(150);
  }
}

/** Waits until this page must decide something, or the game is over. */
export async function waitMine(page, timeout = 60_000) {
  return waitFor(page, (s) => !s.busy && (s.over || !!s.mine), { timeout, what: 'a decision for this page' });
}

/** Answers set-up decisions (map, zone, battlefield conditions, objects, deployment) through the
 * page's buttons and board until play. */
export async function doSetupStep(page, st) {
  const t = st.mine && st.mine.type;
  if (t === 'choose_map') {
    await page.locator('[data-testid^=map-]').first().click();
  } else if (t === 'choose_zone') {
    await page.locator('[data-testid^=zone-]').first().click();
  } else if (t === 'cancel_condition') {
    await page.getByTestId('cancel-condition-none').click();
  } else if (t === 'place_object') {
    await page.locator('svg.board .pick-square').first().click();
  } else if (t === 'deploy') {
    await page.getByTestId('auto-deploy').click();
  } else {
    return false;
  }
  await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the set-up step to be played' });
  return true;
}

export const dist = (a, b) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** Clicks a figure's token on the board. */
export async function clickFigure(page, id) {
  await page.locator(`svg.board .figure-layer [data-fig="${id}"]`).click();
}

/** Clicks a square highlighted on the board (a move destination, a deployment square...). */
export async function clickSquare(page, sq) {
  await page.locator(`svg.board .pick-square[data-x="${sq.x}"][data-y="${sq.y}"]`).click();
}

/**
 * Answers a split-damage or knockback dialog if one is open, or a decision in the middle of an
 * action (the decision panel: a free attack, Blades/Claws/Fangs...) by declining it when it can
 * be declined, else with its first answer.
 */
export async function answerDialogs(page) {
  const panel = page.getByTestId('decision-panel');
  if (await panel.isVisible().catch(() => false)) {
    const decline = panel.locator('[data-testid=decision-choice][data-type=decline]');
    if (await decline.count()) await decline.click();
    else {
      const first = panel.locator('[data-testid=decision-choice]').first();
      if (!(await first.isVisible())) await panel.locator('details summary').first().click();
      await first.click();
    }
    return true;
  }
  const split = page.getByTestId('split-dialog');
  if (await split.isVisible().catch(() => false)) {
    await page.getByTestId('split-confirm').click();
    return true;
  }
  const knock = page.getByTestId('knockback-dialog');
  if (await knock.isVisible().catch(() => false)) {
    await knock.locator('button.choice').first().click();
    return true;
  }
  return false;
}

/** The move of `seat`'s figures that gets closest to an opposing figure. */
export function bestApproach(st) {
  const enemies = st.figures.filter((f) => !f.ko && f.square && f.owner !== st.seat);
  let best = null;
  for (const a of st.legal) {
    if (a.type !== 'move') continue;
    const me = st.figures.find((f) => f.id === a.figure);
    const before = Math.min(...enemies.map((e) => dist(e.square, me.square)));
    const after = Math.min(...enemies.map((e) => dist(e.square, a.to)));
    const score = after - before * 0.01;
    if (!best || score < best.score) best = { score, action: a, gain: before - after };
  }
  return best;
}

/** Plays one of this page's attacks through the board, if one is legal: the attacker's token, then the target's. */
export async function attackIfPossible(page, st) {
  const attack = st.legal.find((a) => a.type === 'close_attack') || st.legal.find((a) => a.type === 'ranged_attack' && a.targets.length === 1);
  if (!attack) return null;
  const target = attack.type === 'close_attack' ? attack.target : attack.targets[0];
  await clickFigure(page, attack.attacker);
  await page.locator(`svg.board .figure-layer [data-fig="${target}"].target`).waitFor();
  await page.locator(`svg.board .figure-layer [data-fig="${target}"]`).hover();
  // The line of fire is explained when hovering the target.
  await page.getByTestId('los-verdict').waitFor({ timeout: 10_000 }).catch(() => {});
  await clickFigure(page, target);
  // Close and ranged attacks on the same target ask which.
  const choice = page.locator('dialog .choice').first();
  if (await choice.isVisible({ timeout: 1000 }).catch(() => false)) await choice.click();
  await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the attack to be played' });
  return { attacker: attack.attacker, target };
}
