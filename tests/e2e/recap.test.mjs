// The bot's turn, step by step (issue 14, item 7): after the player ends a turn, the bot's
// actions are listed in "Their last actions", played on the board one after the other (its
// moves drawn as paths, attacks as arrows, hits as rings), and drawn again on hover.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';

/** Plays this page's seat through the API: its first non-final action, or ends its turn. */
async function playMine(page) {
  return page.evaluate(async () => {
    const g = window.__skirmish.game();
    const legal = (g.snap && g.snap.legal) || [];
    if (!legal.length) return false;
    const types = legal.map((e) => e.action.type);
    const a = types.includes('end_turn') ? legal[types.indexOf('end_turn')] : legal[0];
    const r = await fetch(`/api/games/${g.id}/actions?token=${g.token}`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: a.action }),
    });
    return r.ok;
  });
}

test("the bot's turn is listed and drawn step by step", { timeout: 180_000 }, async () => {
  const b = await openBrowser({ name: 'recap', viewport: { width: 1280, height: 800 } });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=.+&token=/);
    await page.locator('svg.board').waitFor();
    // Set-up and a first turn ended at once: the bot then plays a whole turn of moves.
    let moves = 0;
    for (let i = 0; i < 120 && moves === 0; i++) {
      await playMine(page);
      await page.waitForTimeout(250);
      moves = await page.locator('[data-testid=recap-list] li', { hasText: /moves:/ }).count();
    }
    assert.ok(moves > 0, 'the bot moved and its moves are listed');
    const panel = page.getByTestId('recap-panel');
    assert.ok(await panel.isVisible());
    // Hovering a move draws its path on the board.
    const move = page.locator('[data-testid=recap-list] li', { hasText: /moves:/ }).first();
    // A straight move along a column draws a polyline with no width, which Playwright calls
    // hidden: wait for the path to be drawn (attached, with its points), not for "visible".
    await move.hover();
    const path = page.locator('[data-testid=recap-drawing] .recap-path').first();
    await path.waitFor({ state: 'attached' });
    assert.ok((await path.getAttribute('points')).trim().split(/\s+/).length >= 2, 'the path has its steps');
    assert.ok(await move.evaluate((li) => li.classList.contains('now')), 'the hovered action is the one drawn');
    await shot(page, '40-recap-bot-turn');
    // "Replay them" plays the turn again from its first action.
    await page.getByTestId('recap-replay').click();
    await page.locator('[data-testid=recap-step-0].now').waitFor();
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});
