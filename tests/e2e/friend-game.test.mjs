// Two browsers playing each other (friend mode): one creates the game and passes the join link,
// the other opens it; each sees the other's moves live; one resigns and both see the result.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, baseUrl, shot, gameState, waitFor, doSetupStep, clickFigure, clickSquare, bestApproach,
} from './helpers.mjs';

async function mine(page) {
  const s = await gameState(page);
  return s && !s.busy && s.mine ? s : null;
}

test('two browsers play each other through a join link', { timeout: 600_000 }, async () => {
  const a = await openBrowser({ name: 'alice', viewport: { width: 1280, height: 860 } });
  // The second player is on a tablet-sized screen.
  const b = await openBrowser({ name: 'bob', viewport: { width: 1024, height: 1366 } });
  try {
    await a.page.goto(baseUrl());
    await a.page.getByTestId('play-friend').click();
    await a.page.waitForURL(/#game=.+&token=/);
    const url = await a.page.getByTestId('join-url').inputValue();
    // An invite, not a token: the creator never holds the friend's token.
    assert.match(url, /#game=.+&invite=/);
    // The test server listens on this machine only: the dialog says how to reach it from another.
    assert.ok(await a.page.getByTestId('join-local-only').isVisible(), 'a link only this machine can open is explained');
    await shot(a.page, '10-friend-link');
    await a.page.getByTestId('join-close').click();
    const aToken = new URL(a.page.url()).hash;
    assert.ok(!url.endsWith(aToken), 'the friend gets a token of their own');

    await b.page.goto(url);
    await b.page.locator('svg.board .map-layer .grid').waitFor();
    const sa = await waitFor(a.page, (s) => s.id, { what: 'alice game' });
    const sb = await waitFor(b.page, (s) => s.id, { what: 'bob game' });
    assert.equal(sa.id, sb.id, 'both look at the same game');
    assert.notEqual(sa.seat, sb.seat, 'they hold different seats');

    // Set-up: whoever is asked answers, until someone has a turn.
    const deadline = Date.now() + 120_000;
    for (;;) {
      assert.ok(Date.now() < deadline, 'set-up finished in time');
      const pa = await mine(a.page);
      const pb = await mine(b.page);
      const p = pa && pa.mine.type !== 'turn' ? [a.page, pa] : pb && pb.mine.type !== 'turn' ? [b.page, pb] : null;
      if (p) {
        await doSetupStep(p[0], p[1]);
        continue;
      }
      if ((pa && pa.mine.type === 'turn') || (pb && pb.mine.type === 'turn')) break;
      await a.page.waitForTimeout(200);
    }

    // Two turns: the player to act moves a figure; the other sees it move; then the turn passes.
    for (let turn = 0; turn < 2; turn++) {
      const [actor, watcher, who] = (await mine(a.page)) ? [a.page, b.page, 'alice'] : [b.page, a.page, 'bob'];
      let st = await gameState(actor);
      assert.equal(st.mine.type, 'turn', `${who} has the turn`);
      const m = bestApproach(st);
      assert.ok(m, 'a move is legal');
      await clickFigure(actor, m.action.figure);
      await clickSquare(actor, m.action.to);
      st = await waitFor(actor, (s) => s.step > st.step && !s.busy, { what: `${who}'s move` });
      // The other browser sees the figure on its new square, pushed over the WebSocket.
      await waitFor(watcher, (s) => {
        const f = s.figures.find((x) => x.id === m.action.figure);
        return f && f.square && f.square.x === m.action.to.x && f.square.y === m.action.to.y;
      }, { what: 'the move to show in the other browser' });
      await watcher.locator(`svg.board .figure-layer [data-fig="${m.action.figure}"][data-x="${m.action.to.x}"][data-y="${m.action.to.y}"]`).waitFor();
      await shot(watcher, `11-friend-sees-move-${turn}`);
      await actor.getByTestId('end-turn').click();
      await waitFor(watcher, (s) => !!s.mine && !s.busy, { what: 'the turn to pass' });
      assert.equal(await watcher.getByTestId('turn-text').getAttribute('data-mine'), 'yes');
    }

    // During play both pages show the dice commitment (a hash), never a seed.
    for (const p of [a.page, b.page]) {
      await p.getByTestId('dice-commitment').waitFor();
      assert.match(await p.getByTestId('dice-commitment').textContent(), /[0-9a-f]{16}…/);
      assert.equal(await p.getByTestId('dice-reveal').count(), 0, 'no seed before the end');
    }

    // Alice resigns; both see the end screen, Bob as the winner.
    await a.page.getByTestId('resign').click();
    await a.page.getByTestId('resign-confirm').click();
    await a.page.getByTestId('over-dialog').waitFor();
    await b.page.getByTestId('over-dialog').waitFor({ timeout: 30_000 });
    assert.match(await b.page.getByTestId('over-mine').textContent(), /win|gagné/i);
    assert.match(await a.page.getByTestId('over-mine').textContent(), /lose|perdu/i);
    // The seed is revealed, and each page checks it against the commitment it showed.
    const replay = await (await fetch(`${baseUrl()}api/games/${sa.id}/replay`)).json();
    for (const p of [a.page, b.page]) {
      await p.locator('[data-testid="dice-reveal"][data-verified="verified"]').waitFor();
      await p.locator('[data-testid="over-dice-reveal"][data-verified="verified"]').waitFor();
      assert.ok((await p.getByTestId('dice-reveal').textContent()).includes(String(replay.reveal.seed)));
    }
    await shot(a.page, '12-friend-over-alice');
    await shot(b.page, '13-friend-over-bob');
    assert.deepEqual([...a.problems, ...b.problems], [], 'no script errors on the pages');
  } catch (e) {
    await shot(a.page, 'friend-failure-alice').catch(() => {});
    await shot(b.page, 'friend-failure-bob').catch(() => {});
    throw e;
  } finally {
    await a.close();
    await b.close();
  }
});
