// A game against the bot through the page: start in one click, set up, move a figure (with the
// path shown), attack (with the line of fire and the dice), end turns, reload and find the game
// intact, resign, see the end screen, reload again, and step through the replay.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, baseUrl, shot, gameState, waitFor, waitMine, doSetupStep, clickFigure, clickSquare,
  answerDialogs, bestApproach, attackIfPossible,
} from './helpers.mjs';

test('a game against the bot: move, attack, log, reload, resign, replay', { timeout: 600_000 }, async () => {
  const b = await openBrowser({ name: 'player' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('play-bot').waitFor();
    await shot(page, '01-start');
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=.+&token=/);
    await page.locator('svg.board .map-layer .grid').waitFor();

    // Set-up: map, deployment zone, figures, through the page's buttons.
    let st = await waitMine(page);
    let shotSetup = false;
    while (!st.over && st.mine && st.mine.type !== 'turn') {
      if (!shotSetup && st.mine.type === 'deploy') {
        await shot(page, '02-deploy');
        shotSetup = true;
      }
      assert.ok(await doSetupStep(page, st), `unexpected decision ${JSON.stringify(st.mine)}`);
      st = await waitMine(page);
    }
    assert.equal(st.mine.type, 'turn', 'my first turn');
    assert.equal(await page.getByTestId('turn-text').getAttribute('data-mine'), 'yes');
    await shot(page, '03-my-turn');

    // Move: select the figure that gets closest to the enemy, hover its destination (the path is
    // drawn), click it.
    const logBefore = st.log.length;
    const move = bestApproach(st);
    assert.ok(move, 'a move is legal on the first turn');
    await clickFigure(page, move.action.figure);
    await page.locator('svg.board .pick-square').first().waitFor();
    await page.getByTestId('figure-panel').waitFor();
    await page.locator(`svg.board .pick-square[data-x="${move.action.to.x}"][data-y="${move.action.to.y}"]`).hover();
    await page.locator('svg.board polyline.path').first().waitFor();
    await shot(page, '04-move-path');
    await clickSquare(page, move.action.to);
    st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the move' });
    const moved = st.figures.find((f) => f.id === move.action.figure);
    assert.deepEqual(moved.square, move.action.to, 'the figure stands on its new square');
    assert.ok(st.log.length > logBefore, 'the log grew');
    const label = moved.label;
    await page.locator('[data-testid=log] li', { hasText: label }).last().waitFor();
    assert.equal(await page.locator(`svg.board .figure-layer [data-fig="${moved.id}"]`).getAttribute('data-x'), String(moved.square.x));

    // Reload mid-game: the same game, the same position.
    await page.reload();
    await page.locator('svg.board .figure-layer .figure').first().waitFor();
    const again = await waitFor(page, (s) => s.step >= st.step, { what: 'the game after reload' });
    assert.equal(again.id, st.id);
    assert.deepEqual(again.figures.find((f) => f.id === moved.id).square, moved.square);
    assert.ok(again.log.length >= st.log.length, 'the log is back after reload');

    // Play on until an attack is made: approach, end turn, let the bot play.
    let attacked = null;
    for (let turn = 0; turn < 14 && !attacked; turn++) {
      st = await waitMine(page, 90_000);
      if (st.over) break;
      if (await answerDialogs(page)) continue;
      if (st.mine.type !== 'turn') {
        await doSetupStep(page, st);
        continue;
      }
      attacked = await attackIfPossible(page, st);
      if (attacked) break;
      const step = bestApproach(st);
      if (step && st.mine.actions_left > 0) {
        await clickFigure(page, step.action.figure);
        await clickSquare(page, step.action.to);
        st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'an approach move' });
        if (st.mine && st.mine.type === 'turn') {
          attacked = await attackIfPossible(page, st);
          if (attacked) break;
        }
      }
      st = await gameState(page);
      if (st.mine && st.legal.some((a) => a.type === 'end_turn')) {
        // The keyboard ends the turn as well as the button: use E every other turn.
        if (turn % 2) await page.keyboard.press('e');
        else await page.getByTestId('end-turn').click();
        await waitFor(page, (s) => s.step > st.step, { what: 'the end of the turn' });
      }
    }
    st = await gameState(page);
    if (!st.over) {
      assert.ok(attacked, 'an attack was possible within the turns played');
      await answerDialogs(page);
      // The dice are shown as faces with the total, and the log has the roll.
      await page.locator('[data-testid=dice-panel] svg.die').first().waitFor();
      st = await gameState(page);
      assert.ok(st.log.some((e) => e.dice && e.dice.length === 2), 'the attack roll is in the log');
      assert.ok(await page.locator('[data-testid=log] .log-dice svg.die').count() >= 2, 'dice faces in the log');
      await shot(page, '05-attack-dice');
    }

    // Resign: confirm, the end screen shows the result and the victory points.
    if (!st.over) {
      await page.getByTestId('resign').click();
      await page.getByTestId('resign-confirm').click();
    }
    await page.getByTestId('over-dialog').waitFor();
    st = await gameState(page);
    assert.ok(st.over, 'the game is over');
    await page.getByTestId('vp-0').waitFor();
    await shot(page, '06-game-over');

    // Reload: still over, same game.
    await page.reload();
    await page.getByTestId('over-dialog').waitFor();
    const after = await gameState(page);
    assert.equal(after.id, st.id);
    assert.ok(after.over);

    // The replay steps through the finished game.
    await page.getByTestId('over-replay').click();
    await page.waitForURL(/#replay=/);
    await page.getByTestId('replay-step').waitFor();
    await page.locator('#replay-board svg.board .grid').waitFor();
    await page.getByTestId('replay-first').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=replay-slider]').value === '0');
    await page.getByTestId('replay-next').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=replay-slider]').value === '1');
    await page.getByTestId('replay-last').click();
    const max = await page.getByTestId('replay-slider').getAttribute('max');
    assert.ok(Number(max) > 3, 'the replay has the game\'s actions');
    await shot(page, '07-replay');
    assert.deepEqual(b.problems, [], 'no script errors on the page');
  } catch (e) {
    await shot(page, 'bot-game-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});
