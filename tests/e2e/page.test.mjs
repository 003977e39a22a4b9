// The rest of the page: French with the rulebook's terms, the keyboard, the hotseat, the board
// drawn with the rulebook's colours, and the team builder.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, baseUrl, shot, gameState, waitFor, waitMine, doSetupStep, dist,
} from './helpers.mjs';

test('hotseat in French, played with the keyboard', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ name: 'hotseat', viewport: { width: 1180, height: 820 } });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('lang-toggle').click();
    await page.getByText('Jouer contre l’ordinateur', { exact: true }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'fr');
    await page.getByTestId('play-hotseat').click();
    await page.waitForURL(/#game=/);
    await page.locator('svg.board .map-layer .grid').waitFor();

    // The board is drawn as the rulebook draws it: coloured lines inside the grid, walls.
    const colours = await page.$$eval('svg.board .boundaries path', (ps) => ps.map((p) => p.getAttribute('stroke')));
    assert.ok(colours.includes('#7b1fa2'), 'deployment zones in purple');
    const legend = await page.getByTestId('legend').textContent();
    assert.match(legend, /zone de déploiement \(ligne violette\)/);
    for (const [cls, colour, words] of [
      ['b-hindering', '#2e7d32', 'terrain gênant (ligne verte)'],
      ['b-blocking', '#795548', 'terrain bloquant (ligne marron)'],
      ['b-elevated', '#d32f2f', 'terrain élevé (ligne rouge)'],
      ['b-water', '#1565c0', 'eau (ligne bleue)'],
    ]) {
      const n = await page.locator(`svg.board .boundaries path.${cls}`).count();
      if (n) {
        assert.equal(await page.locator(`svg.board .boundaries path.${cls}`).getAttribute('stroke'), colour);
        assert.ok(legend.includes(words), `legend names ${words}`);
      }
    }

    // Both seats are played from this page: set up both sides.
    let st = await waitMine(page);
    while (!st.over && st.mine && st.mine.type !== 'turn') {
      await doSetupStep(page, st);
      st = await waitMine(page);
    }
    assert.equal(st.mine.type, 'turn');
    await shot(page, '20-hotseat-fr');

    // Keyboard: focus a figure of the side to play, Enter selects it, Esc cancels, Enter again,
    // the arrows walk the cursor to a legal destination, Enter moves there.
    const move = st.legal.find((a) => a.type === 'move' && dist(a.to, st.figures.find((f) => f.id === a.figure).square) >= 2)
      || st.legal.find((a) => a.type === 'move');
    const fig = st.figures.find((f) => f.id === move.figure);
    await page.locator(`svg.board .figure-layer [data-fig="${fig.id}"]`).focus();
    await page.keyboard.press('Enter');
    await waitFor(page, async () => (await page.evaluate(() => window.__skirmish.game().sel)) === fig.id, { what: 'selection by keyboard' });
    await page.keyboard.press('Escape');
    await waitFor(page, async () => (await page.evaluate(() => window.__skirmish.game().sel)) === null, { what: 'Esc to cancel' });
    await page.locator(`svg.board .figure-layer [data-fig="${fig.id}"]`).focus();
    await page.keyboard.press('Enter');
    await page.locator('svg.board .pick-square').first().waitFor();
    const dx = move.to.x - fig.square.x;
    const dy = move.to.y - fig.square.y;
    for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.locator('svg.board polyline.path').first().waitFor();
    await shot(page, '21-keyboard-path');
    await page.keyboard.press('Enter');
    st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the keyboard move' });
    assert.deepEqual(st.figures.find((f) => f.id === fig.id).square, move.to);
    // The log speaks French (the server's texts in the rulebook's terms).
    await page.locator('[data-testid=log] li', { hasText: 'se déplace' }).first().waitFor();

    // E ends the turn; the other side is now to play on the same screen.
    const seatBefore = st.seat;
    await page.locator('body').press('e');
    st = await waitFor(page, (s) => s.seat !== seatBefore && !!s.mine, { what: 'the other side to play' });
    assert.equal(st.mine.type, 'turn');
    await page.getByText('passez l’appareil').waitFor();
    await shot(page, '22-hotseat-other-side');
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, 'hotseat-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});

test('team builder: live point total and rule violations', { timeout: 120_000 }, async () => {
  const b = await openBrowser({ name: 'builder' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-catalogue').locator('li').first().waitFor();
    await page.getByTestId('builder-name').fill('Test Squad');
    const total = () => page.getByTestId('builder-points').textContent();
    assert.match(await total(), /^0 \//);
    const adds = page.locator('[data-testid^=builder-add-]');
    assert.ok((await adds.count()) > 2, 'the catalogue lists figures');
    await adds.first().click();
    await page.waitForFunction(() => !/^0 \//.test(document.querySelector('[data-testid=builder-points]').textContent));
    const one = await total();
    // Add figures until the build total is passed: a violation is listed and play is refused.
    for (let i = 0; i < 12; i++) {
      await adds.nth(i % (await adds.count())).click();
    }
    await page.getByTestId('builder-violations').locator('li.bad').first().waitFor();
    assert.notEqual(await total(), one);
    assert.ok(await page.getByTestId('builder-play').isDisabled());
    await shot(page, '30-builder-violations');
    // Remove figures down to one: the team is legal again.
    while ((await page.locator('[data-testid^=builder-remove-]').count()) > 1) {
      await page.locator('[data-testid^=builder-remove-]').last().click();
    }
    await page.getByTestId('builder-violations').locator('li.good').waitFor();
    assert.ok(await page.getByTestId('builder-play').isEnabled());
    await shot(page, '31-builder-ok');
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, 'builder-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});
