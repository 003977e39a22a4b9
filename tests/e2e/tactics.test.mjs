// Tactics (rulebook Partie 4) through the page, against the real server: a hotseat game of the
// two sample tactics teams (Watch Patrol vs Salvage Crew) with theme teams on, started from the
// start screen's options; the zones, the theme team's choice to cancel a battlefield condition,
// the objects placed one by one by clicking the board (with the picker when several are left),
// the deployment; then the board's object markers and the Tactics section (conditions, one
// struck through, feats and their figures, each seat's theme with Probability Control uses), in
// English and French. Then the team builder: figures, a feat on a chosen character, an object, a
// battlefield condition, the server's check (points, theme) and a game with that team; and an
// alternate team ability card (Partie 3): its cost per character, refused without a character
// meeting its prerequisite, and in play.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot, waitFor, waitMine, clickSquare } from './helpers.mjs';

/** The page's view of the game (read-only). */
const viewOf = (page) => page.evaluate(() => window.__skirmish.game().snap.view);

test('tactics in a hotseat game: theme teams, a cancelled condition, objects placed on the board', { timeout: 400_000 }, async () => {
  const b = await openBrowser({ name: 'tactics-hotseat' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('play-hotseat').waitFor();
    // The start screen's options: the two sample tactics teams, theme teams on.
    await page.locator('#start-options summary').click();
    await page.locator('[data-testid=opt-team0] option[value=watch-patrol]').waitFor({ state: 'attached' });
    await page.locator('[data-testid=opt-team1] option[value=salvage-crew]').waitFor({ state: 'attached' });
    await page.getByTestId('opt-team0').selectOption('watch-patrol');
    await page.getByTestId('opt-team1').selectOption('salvage-crew');
    await page.getByTestId('opt-theme').check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await page.getByTestId('play-hotseat').click();
    const sent = JSON.parse((await created).request().postData());
    assert.equal(sent.theme_teams, true, 'the form sends theme_teams');
    assert.deepEqual(sent.teams, ['watch-patrol', 'salvage-crew']);
    await page.waitForURL(/#game=.+&token=/);
    await page.locator('svg.board .map-layer .grid').waitFor();

    // The set-up, through the page.
    let st = await waitMine(page);
    let cancelled = null;
    let declined = 0;
    let placed = 0;
    let picked = false;
    let shotPlace = false;
    for (let guard = 0; guard < 40 && !st.over && st.mine.type !== 'turn'; guard++) {
      const type = st.mine.type;
      if (type === 'choose_zone') {
        await page.locator('[data-testid^=zone-]').first().click();
      } else if (type === 'cancel_condition') {
        const panel = page.getByTestId('cancel-condition');
        await panel.waitFor();
        const v = await viewOf(page);
        // Every condition in play is shown with its text.
        for (const i of st.mine.conditions) {
          const row = page.getByTestId(`condition-choice-${i}`);
          await row.getByText(v.conditions[i].name).waitFor();
          await row.getByText(v.conditions[i].text).waitFor();
        }
        if (cancelled === null) {
          // The first theme team cancels Heavy Gravity.
          cancelled = v.conditions.findIndex((c) => c.name === 'Heavy Gravity');
          assert.ok(st.mine.conditions.includes(cancelled), 'Heavy Gravity may be cancelled');
          await shot(page, '60-tactics-cancel-condition');
          await page.getByTestId(`cancel-condition-${cancelled}`).click();
        } else {
          declined++;
          await page.getByTestId('cancel-condition-none').click();
        }
      } else if (type === 'place_object') {
        await page.getByTestId('place-object').waitFor();
        let object = st.mine.objects[0];
        if (st.mine.objects.length > 1) {
          // Several left: the picker chooses which one the board click places.
          object = st.mine.objects[st.mine.objects.length - 1];
          await page.getByTestId(`object-pick-${object}`).click();
          assert.equal(await page.getByTestId(`object-pick-${object}`).getAttribute('aria-pressed'), 'true');
          picked = true;
        }
        const squares = st.legal.filter((a) => a.type === 'place_object' && a.object === object);
        assert.ok(squares.length > 0, 'the object has squares');
        // The board shades exactly the chosen object's squares.
        await page.waitForFunction((n) => document.querySelectorAll('svg.board .pick-square').length === n, squares.length);
        const square = squares[Math.floor(squares.length / 2)].square;
        if (!shotPlace) {
          await shot(page, '61-tactics-place-object');
          shotPlace = true;
        }
        await clickSquare(page, square);
        st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the object to be placed' });
        const v = await viewOf(page);
        assert.deepEqual(v.objects[object].square, square, 'the object lies where it was clicked');
        await page.locator(`svg.board .object-layer [data-object="${object}"][data-x="${square.x}"][data-y="${square.y}"]`).waitFor();
        placed++;
        st = await waitMine(page);
        continue;
      } else if (type === 'deploy') {
        await page.getByTestId('auto-deploy').click();
      } else {
        assert.fail(`unexpected decision ${JSON.stringify(st.mine)}`);
      }
      await waitFor(page, (s) => s.step > st.step && !s.busy, { what: `the ${type} step` });
      st = await waitMine(page);
    }
    assert.equal(st.mine && st.mine.type, 'turn', 'the game reaches the first turn');
    assert.ok(cancelled !== null, 'a theme team was asked to cancel a condition');
    assert.equal(placed, 5, 'the five objects of both teams were placed from the board');
    assert.ok(picked, 'the picker was used');

    // The board: five object markers coloured by kind, the special ones with a star and their
    // text as a tooltip.
    const v = await viewOf(page);
    assert.equal(v.objects.length, 5);
    assert.ok(v.objects.every((o) => o.square && o.to_place === null), 'every object is on the map');
    await page.waitForFunction(() => document.querySelectorAll('svg.board .object-layer .object').length === 5);
    assert.equal(await page.locator('svg.board .object-layer .object[data-kind=light]').count(), 2);
    assert.equal(await page.locator('svg.board .object-layer .object[data-kind=heavy]').count(), 3);
    const specials = page.locator('svg.board .object-layer .object.special');
    assert.equal(await specials.count(), 2);
    assert.match(await specials.first().locator('text').textContent(), /★/);
    const tips = await specials.locator('title').allTextContents();
    assert.ok(tips.some((x) => x.includes('Field Generator') && x.includes('defense values by +1')), `special object tooltip: ${tips}`);
    // No generic "O" marker doubles them.
    assert.equal(await page.locator('svg.board .markers [data-marker=object]').count(), 0);

    // The Tactics section.
    const tactics = page.getByTestId('tactics');
    await tactics.waitFor();
    const conds = tactics.getByTestId('tactics-condition');
    assert.equal(await conds.count(), 2);
    const off = tactics.locator('[data-testid=tactics-condition][data-off=yes]');
    assert.equal(await off.count(), 1, 'one condition is cancelled');
    assert.equal(await off.locator('s').first().textContent(), 'Heavy Gravity', 'struck through');
    await tactics.locator('[data-testid=tactics-condition][data-off=no]', { hasText: 'Crowded Streets' }).waitFor();
    const feats = tactics.getByTestId('tactics-feat');
    assert.equal(await feats.count(), 2);
    await tactics.locator('[data-testid=tactics-feat]', { hasText: 'Steady Aim' }).getByText(/Quillon Marsh/).waitFor();
    await tactics.locator('[data-testid=tactics-feat]', { hasText: "Brawler's Edge" }).getByText(/Grumblestone, Rook Maddox/).waitFor();
    const themes = tactics.getByTestId('tactics-theme');
    assert.equal(await themes.count(), 2);
    await tactics.locator('[data-testid=tactics-theme]', { hasText: 'Warden' }).getByText(/Probability Control: 2 use\(s\) left/).waitFor();
    await tactics.locator('[data-testid=tactics-theme]', { hasText: 'Ravager' }).getByText(/Probability Control: 1 use\(s\) left/).waitFor();
    assert.equal(await tactics.getByTestId('tactics-object').count(), 5);
    await tactics.locator('[data-testid=tactics-object]', { hasText: 'Targeting Visor' }).getByText(/attack value by \+1/).waitFor();
    // The log tells the set-up in the server's words.
    await page.locator('[data-testid=log] li', { hasText: 'places the object' }).first().waitFor();
    await page.locator('[data-testid=log] li', { hasText: 'battlefield condition' }).first().waitFor();
    // The legend names the kinds of object in play.
    await page.locator('[data-testid=legend] li', { hasText: 'heavy object' }).waitFor();
    await tactics.scrollIntoViewIfNeeded();
    await shot(page, '62-tactics-game');

    // A selected figure names its feats.
    const quillon = st.figures.find((f) => f.label === 'Quillon Marsh');
    await page.getByTestId(`roster-${quillon.id}`).click();
    await page.getByTestId('figure-feats').getByText(/Steady Aim/).waitFor();

    // In French, the rulebook's words.
    await page.getByTestId('lang-toggle').click();
    await tactics.getByText('Tactiques', { exact: true }).waitFor();
    await tactics.getByText('Conditions de bataille', { exact: true }).waitFor();
    await tactics.getByText('Exploits', { exact: true }).waitFor();
    await tactics.getByText('Objets', { exact: true }).waitFor();
    await tactics.getByText('Équipes à thème', { exact: true }).waitFor();
    await tactics.getByText(/Contrôle des probabilités : 2 utilisation/).waitFor();
    await tactics.getByText(/objet lourd, spécial/).first().waitFor();
    await tactics.getByText('(annulée)').waitFor();
    await page.getByTestId('lang-toggle').click();
    await tactics.getByText('Battlefield conditions', { exact: true }).waitFor();
    assert.deepEqual(b.problems, [], 'no script errors on the page');
  } catch (e) {
    await shot(page, 'tactics-hotseat-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});

test('the team builder: a feat on a chosen character, an object, a condition, the theme', { timeout: 200_000 }, async () => {
  const b = await openBrowser({ name: 'tactics-builder' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-add-sk001-1').waitFor();
    await page.getByTestId('builder-name').fill('Patrol Two');
    for (const id of ['sk001', 'sk005', 'sk004']) await page.getByTestId(`builder-add-${id}-1`).click();
    const points = page.getByTestId('builder-points');
    await page.waitForFunction(() => /^240 \//.test(document.querySelector('[data-testid=builder-points]').textContent));

    // A feat with a character to choose: Steady Aim (10 points) on entry 2, Quillon Marsh.
    await page.getByTestId('builder-feat-select').selectOption('ft01');
    await page.getByTestId('builder-feat-add').click();
    const feat = page.getByTestId('builder-feat-0');
    await feat.getByText('Steady Aim').waitFor();
    // Not chosen yet: the check says so.
    await page.locator('[data-testid=builder-violations] li.bad').first().waitFor();
    assert.equal(await page.getByTestId('builder-play').isDisabled(), true);
    await page.getByTestId('builder-feat-0-char-2').check();

    // An object (the Field Generator, 5 points) and a battlefield condition.
    await page.getByTestId('builder-object-select').selectOption('special:so01');
    await page.getByTestId('builder-object-add').click();
    await page.getByTestId('builder-object-0').getByText('Field Generator').waitFor();
    await page.getByTestId('builder-object-select').selectOption('kind:light');
    await page.getByTestId('builder-object-add').click();
    await page.getByTestId('builder-object-1').waitFor();
    await page.getByTestId('builder-condition').selectOption('bc01');
    await page.getByText('Lines of fire longer than 6 squares are blocked.').waitFor();

    // The server's check: 240 + 10 + 5 points, legal, a Warden theme team.
    await page.waitForFunction(() => /^255 \//.test(document.querySelector('[data-testid=builder-points]').textContent), null, { timeout: 10_000 });
    await page.locator('[data-testid=builder-violations] li.good').waitFor();
    await page.getByTestId('builder-theme').getByText(/Theme team: Warden \(3 characters, Probability Control ×1\)/).waitFor();
    assert.equal(await page.getByTestId('builder-play').isDisabled(), false);
    assert.match(await points.textContent(), /255 \/ 300/);
    await shot(page, '63-tactics-builder');

    // What the page sends: the feat with its entries counted from 1, the objects, the condition.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('skirmish.team')));
    assert.deepEqual(saved.feats, [{ id: 'ft01', characters: [2] }]);
    assert.deepEqual(saved.objects.map((o) => o.special || o.kind), ['so01', 'light']);
    assert.equal(saved.condition, 'bc01');

    // Removing entry 1 moves Quillon Marsh to entry 1: the feat follows.
    await page.getByTestId('builder-remove-0').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=builder-feat-0-char-1]')?.checked === true);
    await page.getByTestId('builder-add-sk001-1').click();

    // Playing with it: the server accepts the team, the game shows the feat on its figure.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await page.getByTestId('builder-play').click();
    const body = JSON.parse((await created).request().postData());
    assert.deepEqual(body.teams[0].feats, [{ id: 'ft01', characters: [1] }]);
    assert.equal(body.teams[0].condition, 'bc01');
    assert.deepEqual(body.teams[0].objects, [{ special: 'so01' }, { kind: 'light' }]);
    await page.waitForURL(/#game=.+&token=/);
    await page.getByTestId('tactics').locator('[data-testid=tactics-feat]', { hasText: 'Steady Aim' }).getByText(/Quillon Marsh/).waitFor();
    const st = await waitFor(page, (s) => !!s.mine || s.over, { what: 'the first decision' });
    assert.ok(!st.over);
    assert.deepEqual(b.problems, [], 'no script errors on the page');
  } catch (e) {
    await shot(page, 'tactics-builder-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});

test('the team builder: an alternate team ability card, its cost per character, refused without a character meeting it', { timeout: 200_000 }, async () => {
  const b = await openBrowser({ name: 'tactics-builder-ata' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-add-sk001-1').waitFor();
    await page.getByTestId('builder-name').fill('Two Wardens');
    // Captain Varga (120) and Kestrel Vane (50), both Wardens.
    for (const id of ['sk001', 'sk004']) await page.getByTestId(`builder-add-${id}-1`).click();
    await page.waitForFunction(() => /^170 \//.test(document.querySelector('[data-testid=builder-points]').textContent));

    // Harbour Watch: 2 points per Warden.
    await page.getByTestId('builder-ata').selectOption('ata01');
    await page.getByTestId('builder-ata-cost').getByText('2 character(s) × 2 = 4 points').waitFor();
    await page.waitForFunction(() => /^174 \//.test(document.querySelector('[data-testid=builder-points]').textContent), null, { timeout: 10_000 });
    await page.locator('[data-testid=builder-violations] li.good').waitFor();

    // Ravager Pack: no Ravager in the team, the server refuses it.
    await page.getByTestId('builder-ata').selectOption('ata02');
    await page.locator('[data-testid=builder-violations] li.bad', { hasText: 'no character of the team meets its prerequisite' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('builder-play').isDisabled(), true);

    await page.getByTestId('builder-ata').selectOption('ata01');
    await page.locator('[data-testid=builder-violations] li.good').waitFor({ timeout: 10_000 });
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('skirmish.team')));
    assert.equal(saved.ata, 'ata01');
    await shot(page, '64-tactics-builder-ata');

    // Playing with it: the card goes with the team, the Tactics section names who possesses it.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await page.getByTestId('builder-play').click();
    const body = JSON.parse((await created).request().postData());
    assert.equal(body.teams[0].ata, 'ata01');
    await page.waitForURL(/#game=.+&token=/);
    const st = await waitFor(page, (s) => !!s.mine || s.over, { what: 'the first decision' });
    assert.ok(!st.over);
    const v = await viewOf(page);
    assert.equal(v.atas.length, 1);
    assert.equal(v.atas[0].figures.length, 2);
    await page.getByTestId('tactics').locator('[data-testid=tactics-ata]', { hasText: 'Harbour Watch' }).getByText(/Kestrel Vane/).waitFor();
    assert.deepEqual(b.problems, [], 'no script errors on the page');
  } catch (e) {
    await shot(page, 'tactics-builder-ata-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});
