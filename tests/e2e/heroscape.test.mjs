// HeroScape against the bot through its page module, at 1280x800 and at 390x844: the
// battlefield with its levels, the order markers placed through the page's panel (and the bot's
// shown only as backs: no number of theirs on screen before it is revealed), a move with the
// reachable hexes and the path, a refused hex explained, an attack with the line of sight and
// the skull and shield dice, and the log.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';
import { hsState, waitFor, mineNow, checkBotMarkersHidden } from './heroscape-helpers.mjs';

async function play(viewport, name) {
  const b = await openBrowser({ viewport, name });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('ruleset-heroscape').click();
    await page.locator('#new-game-form[data-module=heroscape]').waitFor();
    // The form shows an army per player chosen, and teams only at four players.
    const shown = () => page.evaluate(() => [...document.querySelectorAll('#new-game-form [data-field]')]
      .filter((i) => i.closest('label').style.display !== 'none').map((i) => i.dataset.field));
    let fields = await shown();
    assert.ok(fields.includes('army_2') && !fields.includes('army_3') && !fields.includes('teams'), `two players: ${fields}`);
    await page.getByTestId('setup-players').fill('4');
    fields = await shown();
    assert.ok(fields.includes('army_4') && fields.includes('teams'), `four players: ${fields}`);
    await page.getByTestId('setup-players').fill('2');
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=.+&token=/);
    await page.getByTestId('hs-board').waitFor();
    await page.locator('svg.hs-board .hex[data-level]').first().waitFor();

    // The battlefield shows levels: numbers on the hexes, more than one level, start zones.
    const levels = await page.locator('svg.hs-board text.lvl').allTextContents();
    assert.ok(new Set(levels).size >= 3, `several levels are shown: ${[...new Set(levels)]}`);
    assert.ok(await page.locator('svg.hs-board .zones line').count() > 0, 'start zones are outlined');
    // The board fits the window (on a phone its hexes keep a size to tap, and it scrolls
    // sideways inside its own box); the page itself never scrolls sideways.
    const box = await page.getByTestId('board').boundingBox();
    assert.ok(box.width <= viewport.width, `the board's box fits the width (${box.width})`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling of the page');
    if (viewport.width >= 1280) {
      const svg = await page.getByTestId('hs-board').boundingBox();
      assert.ok(svg.y + svg.height <= viewport.height + 1, `the whole battlefield is in the window (${svg.y}+${svg.height})`);
    }
    // The zoom: larger, then the whole battlefield within the box's width, then the page's size.
    const width = async () => (await page.getByTestId('hs-board').boundingBox()).width;
    const before = await width();
    await page.getByTestId('hs-zoom-in').click();
    assert.ok(await width() > before * 1.2, 'zoom in enlarges the board');
    await page.getByTestId('hs-zoom-fit').click();
    assert.ok(await width() <= (await page.getByTestId('board').boundingBox()).width + 1, 'the whole battlefield fits its box');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'zoomed, the page still does not scroll sideways');

    // Placement: click a highlighted hex of the start zone for each figure.
    let st = await mineNow(page);
    let shotPlace = false;
    while (!st.over && st.mine && st.mine.type === 'place') {
      const e = st.legal.find((a) => a.type === 'place');
      const at = e.cells[0];
      if (!shotPlace) { await shot(page, `hs-${name}-01-placement`); shotPlace = true; }
      await page.locator(`svg.hs-board .pick-place[data-at="${at[0]},${at[1]}"]`).click();
      st = await waitFor(page, (s) => s.step > st.step && !s.busy, 'the placement');
      st = await mineNow(page);
    }

    // Order markers: pick 1, 2, 3, X in turn and drop each on a card, then confirm.
    assert.equal(st.mine.type, 'place_markers', `markers after placement, not ${JSON.stringify(st.mine)}`);
    await page.getByTestId('hs-markers').waitFor();
    const drops = page.getByTestId('hs-drop');
    const nCards = await drops.count();
    assert.ok(nCards >= 1);
    for (const [i, m] of ['1', '2', '3', 'X'].entries()) {
      await page.getByTestId(`hs-pick-${m}`).click();
      await drops.nth(i % nCards).click();
    }
    await shot(page, `hs-${name}-02-markers`);
    const planned = await page.locator('[data-testid=hs-markers] .hs-marker.planned').count();
    assert.equal(planned, 4, 'four markers planned');
    await page.getByTestId('hs-confirm-markers').click();
    st = await waitFor(page, (s) => !s.busy && s.view.phase === 'turns', 'the turns');
    const me = st.view.players.find((p) => p.seat === st.seat);
    assert.equal(me.markers.known.length, 4, 'my four markers are down and known to me');
    const chips = await checkBotMarkersHidden(page, st);
    assert.ok(chips.some((c) => c.m === 'back'), 'the bot\'s markers show as backs');
    // The initiative is in the bar.
    await page.getByTestId('hs-initiative').waitFor();

    // Play turns until this page has moved and attacked (the bot plays its own in between).
    let moved = false;
    let attacked = false;
    let refusedShown = false;
    for (let guard = 0; guard < 60 && !(moved && attacked); guard++) {
      st = await mineNow(page);
      if (st.over) break;
      await checkBotMarkersHidden(page, st);
      const d = st.mine.type;
      if (d === 'place_markers') {
        // Cards may have been destroyed since the first round.
        const n = await page.getByTestId('hs-drop').count();
        for (const [i, m] of ['1', '2', '3', 'X'].entries()) {
          await page.getByTestId(`hs-pick-${m}`).click();
          await page.getByTestId('hs-drop').nth(i % n).click();
        }
        if (await page.getByTestId('hs-confirm-markers').isDisabled()) {
          await shot(page, `hs-${name}-markers-stuck`);
          throw new Error(`markers panel: ${await page.getByTestId('hs-markers').innerText()}`);
        }
        await page.getByTestId('hs-confirm-markers').click();
        await waitFor(page, (s) => !s.busy && s.view.phase === 'turns', 'the turns');
        continue;
      }
      if (d === 'move') {
        const moves = st.legal.filter((a) => a.type === 'move');
        if (!moved && moves.length) {
          // The move that ends closest to an enemy.
          const enemies = st.pieces.filter((p) => p.seat !== st.seat && p.at);
          const dist = (a, b) => { const cube = ([c, r]) => { const q = c - (r - (r & 1)) / 2; return [q, r, -q - r]; }; const x = cube(a); const y = cube(b); return Math.max(...x.map((v, i) => Math.abs(v - y[i]))); };
          const best = moves.map((a) => ({ a, d: Math.min(...enemies.map((e) => dist(e.at, a.cells[0]))) })).sort((x, y) => x.d - y.d)[0].a;
          const fig = best.figure;
          const selected = await page.evaluate(() => window.__skirmish.game().sel).catch(() => null);
          if (selected !== fig) await page.locator(`svg.hs-board .figure[data-fig="${fig}"]`).click();
          await page.locator('svg.hs-board .pick-reach').first().waitFor();
          await page.getByTestId('hs-card-name').waitFor();
          // A hex it cannot reach: refused with a reason on the board.
          const reach = new Set(moves.filter((a) => a.figure === fig).map((a) => a.cells[0].join(',')));
          const taken = st.pieces.flatMap((p) => [p.at, ...(p.cells || [])]).filter(Boolean).map((c) => c.join(','));
          const far = await page.locator('svg.hs-board .hex[data-at]').evaluateAll((els, r) => els.map((e) => e.dataset.at).filter((k) => !r.includes(k)), [...reach, ...taken]);
          const farthest = far[far.length - 1];
          await page.locator(`svg.hs-board .hex[data-at="${farthest}"]`).dispatchEvent('click');
          await page.getByTestId('hs-refusal').waitFor();
          refusedShown = true;
          await shot(page, `hs-${name}-03-refused`);
          const at = best.cells[0].join(',');
          await page.locator(`svg.hs-board .pick-reach[data-at="${at}"]`).hover();
          await page.getByTestId('hs-path').waitFor({ state: 'attached', timeout: 10_000 });
          await shot(page, `hs-${name}-04-path`);
          await page.locator(`svg.hs-board .pick-reach[data-at="${at}"]`).click();
          st = await waitFor(page, (s) => s.step > st.step && !s.busy, 'the move');
          const p = st.pieces.find((x) => x.id === fig);
          assert.deepEqual(p.at.join(','), at, 'the figure stands where it was sent');
          assert.ok(st.log.some((l) => l.type === 'moved'), 'the move is in the log');
          moved = true;
          continue;
        }
        await page.getByTestId('hs-end-moves').click();
        await waitFor(page, (s) => s.step > st.step && !s.busy, 'the end of the moves');
        continue;
      }
      if (d === 'attack') {
        const atk = st.legal.find((a) => a.type === 'attack');
        if (atk && !attacked) {
          const selected = await page.evaluate(() => window.__skirmish.game().sel).catch(() => null);
          if (selected !== atk.figure) await page.locator(`svg.hs-board .figure[data-fig="${atk.figure}"]`).click();
          await page.locator(`svg.hs-board .figure.target[data-fig="${atk.target}"]`).waitFor();
          await page.locator(`svg.hs-board .figure[data-fig="${atk.target}"]`).hover();
          await page.getByTestId('hs-los').waitFor();
          assert.equal(await page.getByTestId('hs-los').getAttribute('data-allowed'), 'yes');
          await page.getByTestId('hs-los-line').waitFor({ state: 'attached' });
          // The line as the judge traced it in space: its words, the hexes it crosses outlined
          // on the board (the two figures' at least), the side view, and no stop on a clear line.
          await page.getByTestId('hs-los-text').waitFor();
          assert.equal(await page.getByTestId('hs-los-line').getAttribute('data-clear'), 'yes', 'an allowed attack has a clear line');
          const crossed = await page.getByTestId('hs-los-cross').count();
          assert.ok(crossed >= 2, `the line's hexes are outlined (${crossed})`);
          await page.getByTestId('hs-los-profile').waitFor();
          assert.equal(await page.getByTestId('hs-los-stop').count(), 0, 'a clear line is not stopped');
          assert.match(await page.getByTestId('hs-los-text').innerText(), /clear|dégagée/);
          await shot(page, `hs-${name}-05-los`);
          // An enemy it may not attack because something hides it: the stop is drawn and named.
          const others = st.pieces.filter((p) => p.seat !== st.seat && p.at && !st.legal.some((a) => a.type === 'attack' && a.figure === atk.figure && a.target === p.id));
          for (const o of others) {
            await page.locator(`svg.hs-board .figure[data-fig="${o.id}"]`).hover();
            // The judge answers asynchronously: give it a moment.
            await page.waitForTimeout(500);
            if (await page.getByTestId('hs-los-stop').count()) {
              const words = await page.getByTestId('hs-los-text').innerText();
              assert.match(words, /blocked: .* stopped on \d+,\d+ at height|bloquée : .* arrêtée en \d+,\d+ à la hauteur/, words);
              assert.equal(await page.getByTestId('hs-los-line').getAttribute('data-clear'), 'no');
              assert.equal(await page.getByTestId('hs-los-profile-stop').count(), 1, 'the stop is in the side view');
              await shot(page, `hs-${name}-05b-los-blocked`);
              break;
            }
          }
          await page.locator(`svg.hs-board .figure[data-fig="${atk.target}"]`).hover();
          await page.getByTestId('hs-los').waitFor();
          await page.locator(`svg.hs-board .figure[data-fig="${atk.target}"]`).click();
          st = await waitFor(page, (s) => s.step > st.step && !s.busy, 'the attack');
          await page.getByTestId('hs-attack-dice').waitFor();
          const faces = await page.locator('[data-testid=hs-attack-dice] svg.hs-die').count();
          assert.ok(faces >= 1, 'attack dice are drawn');
          assert.ok(await page.locator('[data-testid=hs-defence-dice] svg.hs-die').count() >= 1, 'defence dice are drawn');
          assert.ok(st.log.some((l) => l.type === 'attacked'), 'the attack is in the log');
          await shot(page, `hs-${name}-06-dice`);
          attacked = true;
          continue;
        }
        await page.getByTestId('hs-end-turn').click();
        await waitFor(page, (s) => s.step > st.step && !s.busy, 'the end of the turn');
        continue;
      }
      throw new Error(`unexpected decision ${JSON.stringify(st.mine)}`);
    }
    assert.ok(moved, 'a figure was moved through the page');
    assert.ok(refusedShown, 'a refused hex was explained');
    assert.ok(attacked, 'an attack was made through the page');
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
}

test('HeroScape against the bot at 1280x800', { timeout: 600_000 }, async () => {
  await play({ width: 1280, height: 800 }, 'desktop');
});

test('HeroScape against the bot at 390x844', { timeout: 600_000 }, async () => {
  await play({ width: 390, height: 844 }, 'phone');
});

test('HeroScape to the round limit: the end explains the points of surviving cards', { timeout: 600_000 }, async () => {
  const b = await openBrowser({ viewport: { width: 1280, height: 800 }, name: 'end' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('ruleset-heroscape').click();
    await page.locator('#new-game-form[data-module=heroscape]').waitFor();
    await page.getByTestId('setup-rounds').fill('1');
    await page.getByTestId('play-bot').click();
    await page.getByTestId('hs-board').waitFor();
    let st = await mineNow(page);
    for (let guard = 0; guard < 200 && !st.over; guard++) {
      const d = st.mine.type;
      if (d === 'place') {
        const c = st.legal.find((a) => a.type === 'place').cells[0];
        await page.locator(`svg.hs-board .pick-place[data-at="${c[0]},${c[1]}"]`).click();
      } else if (d === 'place_markers') {
        const n = await page.getByTestId('hs-drop').count();
        for (const [i, m] of ['1', '2', '3', 'X'].entries()) {
          await page.getByTestId(`hs-pick-${m}`).click();
          await page.getByTestId('hs-drop').nth(i % n).click();
        }
        await page.getByTestId('hs-confirm-markers').click();
      } else if (d === 'move') {
        await page.getByTestId('hs-end-moves').click();
      } else if (d === 'attack') {
        await page.getByTestId('hs-end-turn').click();
      } else throw new Error(`unexpected decision ${JSON.stringify(st.mine)}`);
      const before = st.step;
      st = await waitFor(page, (s) => s.over || (s.step > before && !s.busy && !!s.mine), 'the next decision');
    }
    assert.ok(st.over, 'the game ended at the round limit');
    const dialog = page.locator('dialog');
    await dialog.getByText(/round limit \(1\)/).waitFor();
    const text = await dialog.innerText();
    for (const p of st.view.players) assert.ok(text.includes(`${p.name} ${p.points}`) || text.includes(String(p.points)), `the points of ${p.name}`);
    await shot(page, 'hs-end');
    // The replay ends on the same game, with the last attack's skull and shield faces.
    const attacked = st.log.some((e) => e.type === 'attacked' || e.type === 'special_attacked');
    await dialog.getByRole('button', { name: /Watch the replay/ }).click();
    await page.locator('#replay-step').filter({ hasText: /\d+ of \d+/ }).waitFor();
    if (attacked) await page.locator('#replay-dice [data-testid=hs-attack-dice] .hs-dice-row').waitFor();
    else await page.locator('#replay-dice').getByText(/No dice/).waitFor();
    // The replay draws the battlefield with its levels, and each step's figures: none before
    // placement, the end's at the end.
    const rb = page.getByTestId('hs-replay-board');
    await rb.waitFor();
    assert.ok(await rb.locator('text.lvl').count() > 0, 'level numbers on the replay board');
    const finalFigs = await rb.locator('g.figure').count();
    assert.ok(finalFigs > 0, 'figures on the replay board at the end');
    await shot(page, 'hs-end-replay');
    await page.locator('#replay-first').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=hs-replay-board] g.figure').length === 0);
    await page.locator('#replay-last').click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=hs-replay-board] g.figure').length === n, finalFigs);
    assert.deepEqual(b.problems, []);
  } finally {
    await b.close();
  }
});
