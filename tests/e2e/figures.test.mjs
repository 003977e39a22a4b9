// Figures as players read them, and a board that fits: the combat dial with the click showing
// marked, power texts on hover and on tap, special powers and combat symbols with their texts,
// the builder's powers and cards; the whole board in its box at 1280×800, the deployment zone on
// screen when deploying, the line of fire's explanation in sight while the target is hovered;
// at phone size (390×844) big squares, the prompt near the board and a builder that fits.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot, waitFor, waitMine, doSetupStep } from './helpers.mjs';

/** The bounding boxes of the board's box, its SVG and the window. */
async function boardBoxes(page) {
  return page.evaluate(() => {
    const box = document.getElementById('board').getBoundingClientRect();
    const svg = document.querySelector('#board svg.board').getBoundingClientRect();
    return { box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right, width: box.width, height: box.height }, svg: { width: svg.width, height: svg.height }, vw: innerWidth, vh: innerHeight };
  });
}

/** The shaded squares offered (deployment), and how many lie wholly inside both the window and
 * the board's box. */
async function squaresInView(page) {
  return page.evaluate(() => {
    const box = document.getElementById('board').getBoundingClientRect();
    const sq = [...document.querySelectorAll('svg.board .pick-square')].map((e) => e.getBoundingClientRect());
    const inside = (r) => r.top >= Math.max(0, box.top) - 1 && r.bottom <= Math.min(innerHeight, box.bottom) + 1
      && r.left >= Math.max(0, box.left) - 1 && r.right <= Math.min(innerWidth, box.right) + 1;
    return { total: sq.length, inView: sq.filter(inside).length, size: sq.length ? sq[0].width : 0 };
  });
}

/** Plays set-up until this page deploys; returns the state then. */
async function untilDeploy(page) {
  let st = await waitMine(page);
  while (!st.over && st.mine && st.mine.type !== 'deploy') {
    await doSetupStep(page, st);
    st = await waitMine(page);
  }
  assert.equal(st.mine.type, 'deploy');
  return st;
}

async function untilTurn(page) {
  let st = await waitMine(page);
  while (!st.over && st.mine && st.mine.type !== 'turn') {
    await doSetupStep(page, st);
    st = await waitMine(page);
  }
  assert.equal(st.mine.type, 'turn');
  return st;
}

test('1280×800: the board fits, the zone and the line of fire are in sight, figures read as their cards', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ name: 'figures-laptop', viewport: { width: 1280, height: 800 } });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=/);
    await page.locator('svg.board .map-layer .grid').waitFor();

    // Asked to deploy: the whole board is in its box, the box in the window, every square of the
    // zone on screen.
    await untilDeploy(page);
    await page.locator('svg.board .pick-square').first().waitFor();
    await page.waitForTimeout(300);
    const bb = await boardBoxes(page);
    assert.ok(bb.svg.height <= bb.box.height + 1 && bb.svg.width <= bb.box.width + 1, `board ${bb.svg.width}×${bb.svg.height} fits its box ${bb.box.width}×${bb.box.height}`);
    assert.ok(bb.box.bottom <= bb.vh + 1, `the board's box ends inside the window (${bb.box.bottom} ≤ ${bb.vh})`);
    const zone = await squaresInView(page);
    assert.ok(zone.total > 0);
    assert.equal(zone.inView, zone.total, 'every deployment square is on screen');
    await shot(page, '60-laptop-deploy');

    // Fit keeps the whole board; zooming in and Fit again comes back to it.
    await page.locator('#zoom-in').click();
    await page.locator('#zoom-fit').click();
    const fit = await boardBoxes(page);
    assert.ok(fit.svg.height <= fit.box.height + 1 && fit.svg.width <= fit.box.width + 1, 'Fit shows the whole board');

    let st = await untilTurn(page);

    // A figure's panel: the dial with the click showing marked, damage taken, powers with texts.
    const mine = st.figures.filter((f) => f.owner === st.seat && f.square && !f.ko);
    const captain = mine.find((f) => f.def === 'sk001') || mine[0];
    await page.getByTestId(`roster-${captain.id}`).click();
    const panel = page.getByTestId('figure-panel');
    await panel.getByTestId('dial').waitFor();
    const now = panel.locator('[data-testid=dial-click][data-now=yes]');
    assert.equal(await now.count(), 1, 'one click marked as showing');
    assert.equal(Number(await now.getAttribute('data-click')), captain.click, 'the marked click is the figure\'s');
    const clicks = Number(await panel.getByTestId('dial').getAttribute('data-clicks'));
    assert.ok(clicks >= 3, 'every click of the dial is drawn');
    assert.ok(await panel.locator('[data-testid=dial-click][data-start=yes]').count() >= 1, 'starting lines are marked');
    assert.match(await panel.getByTestId('damage-taken').textContent(), /No damage taken|Damage taken/);
    // Each value of a click is coloured as its power.
    const coloured = await panel.locator('.dial-col.now .dial-v[data-power]:not([data-power=""])').count();
    const shown = (captain.powers || []).filter(Boolean).length;
    assert.equal(coloured, shown, 'the showing click colours the values that have a power');
    // Powers: the name, and the text on hover (title) and on tap (opens).
    if (shown) {
      const item = panel.getByTestId('figure-power').first();
      assert.ok(((await item.getAttribute('title')) || '').includes(':'), 'hover gives the power text');
      await item.locator('summary').click();
      assert.ok(await item.getByTestId('power-text').isVisible(), 'a tap shows the power text');
    }
    // Turn the dial: the window reads the next click.
    await panel.getByTestId('dial-next').click();
    assert.equal(Number(await panel.getByTestId('dial-window').getAttribute('data-click')), captain.click + 1);
    await panel.locator(`[data-testid=dial-click][data-click="${clicks}"]`).click();
    assert.match(await panel.getByTestId('dial-window').textContent(), /KO/);
    // The card: combat symbols, special powers and traits with their names and texts, keywords.
    if (captain.def === 'sk001') {
      const specials = await panel.getByTestId('card-specials').textContent();
      assert.match(specials, /HOLD THE LINE/);
      assert.match(specials, /SHIELD THROW/);
      assert.match(specials, /Incapacitate/);
      assert.match(await panel.locator('[data-testid=card-ability][data-ability=indomitable]').textContent(), /Indomitable/);
      assert.match(await panel.getByTestId('card-keywords').textContent(), /Warden/);
    }
    await panel.getByTestId('dial').scrollIntoViewIfNeeded();
    await shot(page, '61-laptop-figure-card');

    // The line of fire: hovering an opposing figure with one of ours selected, its explanation is
    // in the window while the pointer is on the target.
    const enemy = st.figures.find((f) => f.owner !== st.seat && f.square && !f.ko);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(`svg.board .figure-layer [data-fig="${enemy.id}"]`).hover();
    const los = page.getByTestId('los-panel');
    await los.getByTestId('los-verdict').waitFor();
    const r = await los.boundingBox();
    assert.ok(r && r.y >= 0 && r.y + r.height <= 800, `the line of fire is in the window (${r && r.y}..${r && r.y + r.height})`);
    const target = await page.locator(`svg.board .figure-layer [data-fig="${enemy.id}"]`).boundingBox();
    const overlap = !(target.y + target.height <= r.y || target.y >= r.y + r.height || target.x + target.width <= r.x || target.x >= r.x + r.width);
    assert.ok(!overlap, 'the explanation does not cover the target');
    await shot(page, '62-laptop-line-of-fire');
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});

test('390×844 in French: big squares, the prompt near the board, the dial, the builder fits', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ name: 'figures-phone', viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    if ((await page.locator('html').getAttribute('lang')) !== 'fr') await page.getByTestId('lang-toggle').click();
    await page.getByText('Jouer contre l’ordinateur', { exact: true }).waitFor();

    // The builder fits the phone and shows each figure's powers and card.
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-catalogue').locator('li').first().waitFor();
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, builder: document.querySelector('.builder').getBoundingClientRect().right }));
    assert.ok(widths.doc <= 390 && widths.builder <= 390, `the builder fits 390 px (${JSON.stringify(widths)})`);
    const first = page.getByTestId('builder-catalogue').locator('li').first();
    assert.ok(await first.getByTestId('builder-powers').locator('.power-item').count() >= 1, 'the builder lists powers');
    await first.locator('.cat-card > summary').click();
    await first.getByTestId('dial').waitFor();
    assert.equal(await first.locator('[data-testid=dial-click][data-now=yes]').count(), 0, 'no click "showing" outside a game');
    await shot(page, '63-phone-builder');

    await page.goto(baseUrl());
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=/);
    await page.locator('svg.board .map-layer .grid').waitFor();
    await untilDeploy(page);
    await page.locator('svg.board .pick-square').first().waitFor();
    await page.waitForTimeout(300);
    const zone = await squaresInView(page);
    assert.ok(zone.size >= 30, `squares are big enough to tap (${zone.size} px)`);
    assert.ok(zone.inView >= 4, `the deployment zone is on screen (${zone.inView} of ${zone.total} squares)`);
    const prompt = await page.getByTestId('prompt').boundingBox();
    assert.ok(prompt && prompt.y < 844, `the prompt starts in the window (${prompt && prompt.y})`);
    await shot(page, '64-phone-deploy');

    const st = await untilTurn(page);
    const p2 = await page.getByTestId('prompt').boundingBox();
    assert.ok(p2 && p2.y < 844, `the prompt is near the board (${p2 && p2.y})`);
    assert.match(await page.locator('#seats-text').textContent(), /PV/);
    assert.doesNotMatch(await page.locator('#seats-text').textContent(), /VP/);
    const mine = st.figures.find((f) => f.owner === st.seat && f.square && !f.ko);
    await page.getByTestId(`roster-${mine.id}`).click();
    const panel = page.getByTestId('figure-panel');
    await panel.getByTestId('dial').waitFor();
    assert.equal(await panel.locator('[data-testid=dial-click][data-now=yes]').count(), 1);
    const pw = await panel.boundingBox();
    assert.ok(pw.width <= 390, 'the figure panel fits the phone');
    await panel.getByTestId('dial').scrollIntoViewIfNeeded();
    await shot(page, '65-phone-figure-card');
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});
