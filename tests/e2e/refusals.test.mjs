// Issue 14, items 4 and 5: a click the rules refuse is explained beside its square (the judge's
// reach and line of fire answers) instead of silently dropping the selection, and a move that
// rolled nothing can be taken back with Undo. At 1280×800, in a hotseat game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot, gameState, waitFor, waitMine, doSetupStep, clickFigure, clickSquare, dist } from './helpers.mjs';

/** Clicks the board at the centre of `sq`, highlighted or not (board.js: 26/24 px margins, 48 px squares). */
async function clickAnySquare(page, sq) {
  const board = page.locator('svg.board');
  const box = await board.boundingBox();
  const vb = (await board.getAttribute('viewBox')).split(/\s+/).map(Number);
  const scale = box.width / vb[2];
  await board.click({ position: { x: (26 + (sq.x + 0.5) * 48 - vb[0]) * scale, y: (24 + (sq.y + 0.5) * 48 - vb[1]) * scale } });
}

test('refused clicks are explained on the board, and a move can be undone', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ name: 'refusals', viewport: { width: 1280, height: 800 } });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('play-hotseat').click();
    await page.waitForURL(/#game=/);
    await page.locator('svg.board .map-layer .grid').waitFor();
    let st = await waitMine(page);
    while (!st.over && st.mine && st.mine.type !== 'turn') {
      assert.ok(await doSetupStep(page, st), `unexpected decision ${JSON.stringify(st.mine)}`);
      st = await waitMine(page);
    }
    assert.equal(st.mine.type, 'turn');

    // A figure of the side to play with a move; a free square it cannot reach.
    const seat = st.pendingSeats[0];
    const moves = st.legal.filter((a) => a.type === 'move');
    const mover = st.figures.find((f) => f.owner === seat && moves.some((a) => a.figure === f.id));
    const reachable = moves.filter((a) => a.figure === mover.id).map((a) => `${a.to.x},${a.to.y}`);
    const taken = new Set(st.figures.filter((f) => f.square).map((f) => `${f.square.x},${f.square.y}`));
    // The nearest square past its reach, so that it is on screen beside the figure.
    const most = Math.max(...moves.filter((a) => a.figure === mover.id).map((a) => dist(a.to, mover.square)));
    let far = null;
    for (let y = 0; y < st.map.height; y++) {
      for (let x = 0; x < st.map.width; x++) {
        const k = `${x},${y}`;
        if (reachable.includes(k) || taken.has(k) || dist({ x, y }, mover.square) <= most) continue;
        if (!far || dist({ x, y }, mover.square) < dist(far, mover.square)) far = { x, y };
      }
    }
    await clickFigure(page, mover.id);
    await page.locator('svg.board .pick-square').first().waitFor();
    await clickAnySquare(page, far);
    const note = page.getByTestId('board-note');
    await note.waitFor();
    const text = await note.textContent();
    assert.ok(text.trim().length > 10, `a reason is given: ${text}`);
    const sel = await page.evaluate(() => window.__skirmish.game().sel);
    assert.equal(sel, mover.id, 'the selection stays');
    await shot(page, 'refusal-square');

    // An opposing figure it cannot attack (first turn: far away): why, beside it.
    const enemy = st.figures.find((f) => f.owner !== seat && f.square
      && !st.legal.some((a) => (a.type === 'close_attack' && a.target === f.id) || (a.type === 'ranged_attack' && a.targets.includes(f.id))));
    if (enemy) {
      await clickFigure(page, enemy.id);
      await page.locator('svg.board [data-testid=board-note]').waitFor();
      const why = await page.getByTestId('board-note').textContent();
      assert.match(why, /range|line of fire|attack|action/i, why);
      assert.equal(await page.evaluate(() => window.__skirmish.game().sel), mover.id, 'still selected');
      await shot(page, 'refusal-target');
    }

    // A move that rolls nothing (no opposing figure next to it on the first turn), then Undo.
    if ((await page.evaluate(() => window.__skirmish.game().sel)) !== mover.id) await clickFigure(page, mover.id);
    const before = await gameState(page);
    const to = moves.find((a) => a.figure === mover.id && !(a.to.x === mover.square.x && a.to.y === mover.square.y)).to;
    await page.locator('svg.board .pick-square').first().waitFor();
    await clickSquare(page, to);
    st = await waitFor(page, (s) => s.step === before.step + 1 && !s.busy, { what: 'the move' });
    const undo = page.getByTestId('undo');
    await undo.waitFor();
    await shot(page, 'undo-offered');
    await undo.click();
    st = await waitFor(page, (s) => s.step === before.step && !s.busy, { what: 'the move taken back' });
    assert.deepEqual(st.figures.find((f) => f.id === mover.id).square, mover.square, 'back on its square');
    assert.equal(await undo.isVisible(), false, 'nothing more to take back');
  } finally {
    await b.close();
  }
});
