// The Simulate page (web/simulate.js, `/api/simulations`): reached from the start page, it runs a
// tiny HeroClix matchup on the server (4 random games, a second or two) and shows the progress
// bar, the results table with intervals and the charts; a bad request is refused with the field
// named. Screenshots at laptop (1280×800) and phone (390×844) size.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const size of SIZES) {
  test(`a tiny simulation shows its table and charts (${size.name})`, async () => {
    const b = await openBrowser({ viewport: size.viewport, name: `simulate-${size.name}` });
    try {
      const { page } = b;
      await page.goto(baseUrl());
      await page.getByTestId('ruleset-heroclix').click();
      await page.getByTestId('open-simulate').click();
      await page.getByTestId('sim-form').waitFor();
      const teams = await page.locator('#sim-team-a option').count();
      assert.ok(teams >= 2, 'the ruleset offers its teams');
      await page.locator('#sim-team-b').selectOption({ index: 1 });
      // The search bots are named for people, not by their ids.
      const bots = await page.locator('#sim-bot-a option').allTextContents();
      assert.ok(bots.includes('Search (100 ms a move)'), bots.join(' | '));
      await page.locator('#sim-games').fill('4');
      await page.getByTestId('sim-run').click();
      await page.getByTestId('sim-table').waitFor({ timeout: 60_000 });
      const rows = await page.locator('[data-testid=sim-table] tbody tr').count();
      assert.equal(rows, 3);
      assert.match(await page.getByTestId('sim-status').textContent(), /4 games played/);
      const chart = page.getByTestId('sim-chart-winrate');
      await chart.waitFor();
      const shown = await chart.evaluate((img) => img.complete && img.naturalWidth > 0);
      assert.ok(shown, 'the win-rate chart is drawn');
      assert.ok(await page.getByTestId('sim-chart-vp').isVisible());
      await page.getByTestId('sim-table').scrollIntoViewIfNeeded();
      await shot(page, `simulate-${size.name}`);
      assert.deepEqual(b.problems, []);
    } finally {
      await b.close();
    }
  });
}

test('a bad simulation request names the field', async () => {
  const post = (body) => fetch(new URL('api/simulations', baseUrl()), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  let res = await post({ ruleset: 'heroclix', teams: ['wardens', 'ravagers'], games: 100000 });
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /^games:/);
  res = await post({ ruleset: 'heroclix', teams: ['wardens', 'nobody'], games: 2 });
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /team 'nobody'/);
  res = await post({ ruleset: 'heroclix', teams: ['wardens', 'ravagers'], games: 2, bots: ['mcts:10s'] });
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /^bots:/);
});
