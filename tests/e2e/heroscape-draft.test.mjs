// HeroScape's draft on the page against the bot: the new-game form switches between pre-built
// armies and the draft; the draft panel shows the d20 roll, whose pick it is, the cards on the
// table with their numbers and points, each army as it grows; each card picked is placed at
// once on the start zone, and the end of the draft leads to the order markers.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';
import { waitFor } from './heroscape-helpers.mjs';

test('a drafted HeroScape game: the pool, the picks, the armies and the end of the draft', async () => {
  const b = await openBrowser({ viewport: { width: 1280, height: 800 }, name: 'hs-draft' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('ruleset-heroscape').click();
    await page.locator('#new-game-form[data-module=heroscape]').waitFor();
    // Pre-built armies by default: the army lists are shown, the pool is not.
    assert.ok(await page.getByTestId('setup-army_1').isVisible(), 'armies shown for pre-built');
    assert.ok(!(await page.getByTestId('setup-pool').isVisible()), 'no pool for pre-built');
    await page.getByTestId('setup-army_mode').selectOption('"draft"');
    assert.ok(!(await page.getByTestId('setup-army_1').isVisible()), 'no army lists in a draft');
    assert.ok(await page.getByTestId('setup-pool').isVisible(), 'the pool in a draft');
    await page.getByTestId('setup-points').fill('200');
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=.+&token=/);
    await page.getByTestId('hs-draft').waitFor();
    await page.getByTestId('hs-draft-rolls').waitFor();

    let st = await waitFor(page, (s) => !s.busy && (s.view.phase !== 'draft' || !!s.mine), 'my pick or the end');
    let picks = 0;
    for (let guard = 0; guard < 80 && st.view.phase !== 'markers' && st.view.phase !== 'turns'; guard++) {
      if (st.mine && st.mine.type === 'draft') {
        await page.getByTestId('hs-draft-turn').waitFor();
        const pick = st.legal.find((a) => a.type === 'draft_pick');
        if (picks === 0) {
          // The pool shows the cards with their numbers and points.
          const text = await page.getByTestId('hs-draft-pool').innerText();
          assert.match(text, /pts/);
          assert.match(text, /Life \d+ · Move \d+/);
          await shot(page, 'hs-draft-01-pool');
        }
        if (pick) await page.getByTestId(`hs-draft-pick-${pick.card}`).click();
        else await page.getByTestId('hs-draft-stop').click();
        picks += 1;
      } else if (st.mine && st.mine.type === 'place') {
        const e = st.legal.find((a) => a.type === 'place');
        const at = e.cells[0];
        await page.locator(`svg.hs-board .pick-place[data-at="${at[0]},${at[1]}"]`).click();
      }
      const before = st.step;
      st = await waitFor(page, (s) => !s.busy && s.step > before && (s.view.phase === 'markers' || s.view.phase === 'turns' || !!s.mine), 'the next decision');
    }
    assert.ok(picks >= 1, 'this page picked');
    assert.equal(st.view.draft.over, true, 'the draft is over');
    // The finished draft folds away; opening it shows the end and each army.
    await page.locator('[data-testid=hs-draft] summary').click();
    await page.getByTestId('hs-draft-over').waitFor();
    // Each army as drafted, with its points.
    for (const a of st.view.draft.armies) {
      const text = await page.getByTestId(`hs-draft-army-${a.seat}`).innerText();
      assert.ok(text.includes(`${a.spent} of 200 points`), text);
      assert.ok(a.spent <= 200);
    }
    const drafted = st.view.draft.armies.reduce((n, a) => n + a.picks.length, 0);
    assert.ok(st.view.units.length >= 2 && st.view.units.length <= drafted, 'the drafted cards are the army cards');
    await shot(page, 'hs-draft-02-over');
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});
