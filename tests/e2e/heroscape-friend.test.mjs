// Two browsers playing HeroScape against each other through a join link: both place their
// figures, then both place their order markers at the same moment (the simultaneous secret
// decision: neither page waits for the other, neither sees the other's numbers), then the player
// with the initiative moves and the other sees the move arrive.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';
import { hsState, waitFor, checkMarkersHidden } from './heroscape-helpers.mjs';

const MARKERS = ['1', '2', '3', 'X'];

/** Plans the four markers on this page's cards (round robin) and confirms. */
async function placeMarkers(page) {
  await page.getByTestId('hs-markers').waitFor();
  const drops = page.getByTestId('hs-drop');
  const n = await drops.count();
  for (const [i, m] of MARKERS.entries()) {
    await page.getByTestId(`hs-pick-${m}`).click();
    await drops.nth(i % n).click();
  }
  await page.getByTestId('hs-confirm-markers').click();
}

test('two browsers play HeroScape: placement, simultaneous secret markers, a move seen live', { timeout: 600_000 }, async () => {
  const a = await openBrowser({ name: 'hs-alice', viewport: { width: 1280, height: 800 } });
  const b = await openBrowser({ name: 'hs-bob', viewport: { width: 390, height: 844 } });
  try {
    await a.page.goto(baseUrl());
    await a.page.getByTestId('ruleset-heroscape').click();
    await a.page.locator('#new-game-form[data-module=heroscape]').waitFor();
    await a.page.getByTestId('play-friend').click();
    await a.page.waitForURL(/#game=.+&token=/);
    const url = await a.page.getByTestId('join-url').inputValue();
    assert.match(url, /#game=.+&invite=/);
    await a.page.getByTestId('join-close').click();
    await b.page.goto(url);
    await b.page.getByTestId('hs-board').waitFor();
    const sa = await waitFor(a.page, (s) => s.seat !== null && s.seat !== undefined, 'alice seated');
    const sb = await waitFor(b.page, (s) => s.seat !== null && s.seat !== undefined, 'bob seated');
    assert.notEqual(sa.seat, sb.seat, 'they hold different seats');

    // Placement, whoever is asked, one figure at a time.
    const deadline = Date.now() + 180_000;
    for (;;) {
      assert.ok(Date.now() < deadline, 'the placement ends in time');
      const [x, y] = [await hsState(a.page), await hsState(b.page)];
      if (x.mine && x.mine.type === 'place_markers' && y.mine && y.mine.type === 'place_markers') break;
      const actor = x.mine && x.mine.type === 'place' && !x.busy ? [a.page, x] : y.mine && y.mine.type === 'place' && !y.busy ? [b.page, y] : null;
      if (!actor) {
        await a.page.waitForTimeout(150);
        continue;
      }
      const [page, st] = actor;
      const at = st.legal.find((e) => e.type === 'place').cells[0];
      await page.locator(`svg.hs-board .pick-place[data-at="${at[0]},${at[1]}"]`).click();
      // A double-space figure lies over the hex in several ways: the page asks which, each
      // choice naming both hexes.
      const choose = page.getByTestId('hs-choose');
      if (await choose.isVisible().catch(() => false) || await choose.waitFor({ timeout: 1_000 }).then(() => true, () => false)) {
        const texts = await choose.locator('button').allInnerTexts();
        const ways = texts.filter((x) => /\d+,\d+ (and|et) \d+,\d+/.test(x));
        assert.ok(ways.length >= 2 && new Set(ways).size === ways.length, `each way is told apart: ${texts}`);
        await shot(page, 'hs-friend-00-double-space');
        await choose.locator('button').first().click();
      }
      try {
        await waitFor(page, (s) => s.step > st.step && !s.busy, 'the placement', 15_000);
      } catch (e) {
        await shot(page, 'hs-friend-placement-stuck');
        throw new Error(`${e.message}; page error: ${await page.getByTestId('error').innerText().catch(() => '?')}`);
      }
    }

    // Both confirm their markers at once: whichever answers second finds the step moved by the
    // other's answer, and its markers must still go down.
    await Promise.all([placeMarkers(a.page), placeMarkers(b.page)]);
    const ta = await waitFor(a.page, (s) => !s.busy && s.view.phase === 'turns', 'the turns for alice');
    const tb = await waitFor(b.page, (s) => !s.busy && s.view.phase === 'turns', 'the turns for bob');
    for (const [page, st, other] of [[a.page, ta, sb.seat], [b.page, tb, sa.seat]]) {
      const me = st.view.players.find((p) => p.seat === st.seat);
      assert.equal(me.markers.known.length, 4, 'my four markers are down and known to me');
      const chips = await checkMarkersHidden(page, st, other);
      assert.ok(chips.some((c) => c.m === 'back'), "the other player's markers show as backs");
    }
    await shot(a.page, 'hs-friend-01-alice-markers');
    await shot(b.page, 'hs-friend-02-bob-markers');

    // The player whose turn it is moves a figure; the other page sees it arrive.
    const start = Date.now();
    let actor;
    let watcher;
    let st;
    for (;;) {
      assert.ok(Date.now() - start < 60_000, 'someone has a move');
      const [x, y] = [await hsState(a.page), await hsState(b.page)];
      if (x.mine && x.mine.type === 'move' && !x.busy) [actor, watcher, st] = [a.page, b.page, x];
      else if (y.mine && y.mine.type === 'move' && !y.busy) [actor, watcher, st] = [b.page, a.page, y];
      if (actor) break;
      await a.page.waitForTimeout(150);
    }
    const mv = st.legal.find((e) => e.type === 'move');
    assert.ok(mv, 'a move is legal');
    // The page may have selected the card's figure already: a second click would unselect it.
    const selected = await actor.evaluate(() => window.__skirmish.game().sel).catch(() => null);
    if (selected !== mv.figure) await actor.locator(`svg.hs-board .figure[data-fig="${mv.figure}"]`).click();
    await actor.locator('svg.hs-board .pick-reach').first().waitFor();
    const at = mv.cells[0].join(',');
    await actor.locator(`svg.hs-board .pick-reach[data-at="${at}"]`).click();
    await waitFor(actor, (s) => s.step > st.step && !s.busy, 'the move');
    await waitFor(watcher, (s) => {
      const p = s.pieces.find((q) => q.id === mv.figure);
      return p && p.at && p.at.join(',') === at;
    }, 'the move to show in the other browser');
    await shot(watcher, 'hs-friend-03-sees-move');
  } finally {
    await a.close();
    await b.close();
  }
});
