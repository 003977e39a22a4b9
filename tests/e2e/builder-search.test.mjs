// The team builder's search (issue 14, item 10): filters by name, keyword, team ability, power
// and points over the figures the content sends, and — for a catalogue too large to send whole
// — the server's search (`GET /api/content/search`), asked as the player types. The large
// catalogue is simulated by telling the page the content holds more figures than it sent; the
// search itself is the real server's, over its catalogue.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';

const names = (page) => page.$$eval('[data-testid=builder-catalogue] li strong', (l) => l.map((x) => x.textContent));

test('team builder: filters narrow the figures the content sent', { timeout: 120_000 }, async () => {
  const b = await openBrowser({ name: 'builder-search' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-catalogue').locator('li').first().waitFor();
    const all = await names(page);
    assert.ok(all.length > 10, `the starter figures are listed: ${all.length}`);
    assert.match(await page.getByTestId('builder-match').textContent(), new RegExp(`^${all.length} figure`));

    // A word of a name, typed in another case: that figure and only matching ones.
    const word = all[0].split(/\s+/)[0];
    await page.getByTestId('builder-filter').fill(word.toUpperCase());
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=builder-catalogue] li').length < n, all.length);
    const items = () => page.$$eval('[data-testid=builder-catalogue] li', (l) => l.map((x) => x.textContent.toLowerCase()));
    for (const text of await items()) assert.ok(text.includes(word.toLowerCase()), `${word} in ${text}`);
    assert.ok((await names(page)).includes(all[0]));
    await page.getByTestId('builder-filter').fill('no figure is called this');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=builder-catalogue] li').length === 0);
    assert.match(await page.getByTestId('builder-match').textContent(), /^0 figure/);
    await page.getByTestId('builder-filter').fill('');

    // A keyword: every figure listed carries it.
    const keyword = await page.$eval('[data-testid=builder-keyword] option:nth-child(2)', (o) => o.value);
    await page.getByTestId('builder-keyword').selectOption(keyword);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=builder-catalogue] li').length < n, all.length);
    const withKeyword = await page.$$eval('[data-testid=builder-catalogue] li', (l) => l.map((x) => x.textContent));
    for (const text of withKeyword) assert.ok(text.includes(keyword), `${keyword} in ${text}`);
    await page.getByTestId('builder-keyword').selectOption('');

    // Points: some starting line within the range.
    await page.getByTestId('builder-points-max').fill('30');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=builder-catalogue] li').length < n, all.length);
    const cheap = await page.$$eval('[data-testid=builder-catalogue] li', (l) => l.map((li) => [...li.querySelectorAll('[data-testid^=builder-add-]')].map((x) => Number((x.textContent.match(/(\d+) points/) || [])[1]))));
    assert.ok(cheap.length > 0);
    for (const lines of cheap) assert.ok(lines.some((p) => p <= 30), `a line of at most 30 points: ${lines}`);
    await shot(page, '32-builder-filters');
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});

test('team builder: a catalogue too large to send is searched on the server as the player types', { timeout: 120_000 }, async () => {
  const b = await openBrowser({ name: 'builder-remote' });
  const { page } = b;
  try {
    // The content says it holds more figures than it sent: the page must ask the server.
    await page.route(/\/api\/content\?/, async (route) => {
      const res = await route.fetch();
      const c = await res.json();
      c.figure_search.total = 5000;
      c.figures = c.figures.filter((f) => c.teams.some((t) => t.figures.some((x) => x.id === f.id)));
      await route.fulfill({ response: res, json: c });
    });
    const searches = [];
    page.on('request', (r) => { if (r.url().includes('/api/content/search')) searches.push(new URL(r.url()).searchParams); });
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-catalogue').locator('li').first().waitFor();
    assert.ok(searches.length >= 1, 'the first page of figures came from the search');
    const first = (await names(page))[0];
    const word = first.split(/\s+/)[0];
    await page.getByTestId('builder-filter').fill(word);
    for (let i = 0; i < 50 && !searches.some((p) => p.get('q') === word); i++) await page.waitForTimeout(100);
    assert.ok(searches.some((p) => p.get('q') === word), `searched for ${word}: ${searches.map(String)}`);
    await page.waitForTimeout(500);
    const texts = await page.$$eval('[data-testid=builder-catalogue] li', (l) => l.map((x) => x.textContent.toLowerCase()));
    assert.ok(texts.length > 0);
    for (const text of texts) assert.ok(text.includes(word.toLowerCase()), `${word} in ${text}`);
    assert.ok((await names(page)).includes(first));
    // A figure found by searching joins the team with its points.
    await page.locator('[data-testid^=builder-add-]').first().click();
    await page.waitForFunction(() => !/^0 \//.test(document.querySelector('[data-testid=builder-points]').textContent));
    assert.match(await page.getByTestId('builder-points').textContent(), /^[1-9]\d* \//);
    assert.match(await page.locator('#builder-team li').first().textContent(), new RegExp(word));
    await shot(page, '33-builder-remote-search');
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});

test('team builder: the team sheet prints each figure with its card, dial and power texts', { timeout: 120_000 }, async () => {
  const b = await openBrowser({ name: 'builder-sheet' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-catalogue').locator('li').first().waitFor();
    await page.getByTestId('builder-name').fill('Sheet Squad');
    const adds = page.locator('[data-testid^=builder-add-]');
    await adds.nth(0).click();
    await adds.nth(3).click();
    // Printing is stubbed: the sheet is what the print dialog would get.
    await page.evaluate(() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; });
    await page.getByTestId('builder-print').click();
    assert.equal(await page.evaluate(() => window.__printed), 1);
    const sheet = page.getByTestId('team-sheet');
    assert.match(await sheet.locator('h1').textContent(), /Sheet Squad/);
    assert.equal(await sheet.getByTestId('sheet-figure').count(), 2);
    assert.ok((await sheet.locator('.dial').count()) >= 2, 'each figure has its dial');
    // On screen the sheet is hidden; printed, only the sheet shows, power texts unfolded.
    assert.equal(await sheet.isVisible(), false);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await sheet.isVisible(), true);
    assert.equal(await page.getByTestId('builder-catalogue').isVisible(), false);
    const closed = await sheet.locator('details:not([open])').count();
    assert.equal(closed, 0, 'every power text is unfolded on paper');
    await shot(page, '34-team-sheet-print');
    await page.emulateMedia({ media: 'screen' });
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});
