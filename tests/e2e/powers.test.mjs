// HeroClix powers through the page. Against the real server: a hotseat game with a team of
// power users (Barrier markers placed square by square on the board, then Charge and the
// decision on its free attack), and a game against the bot in French (the powers' names, a
// Charge, the bot answering whatever its own powers ask of it). Against the mock server
// (tests/e2e/mock-server.mjs) and its decision hook: the decision panel for Blades/Claws/Fangs,
// a free attack answered by clicking the target, markers placed from the board and drawn, a
// figure lent by Mind Control moved on the board, and a Mastermind decision that belongs to the
// other seat of a hotseat game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, baseUrl, shot, waitFor, waitMine, doSetupStep, clickFigure, clickSquare, dist, answerDialogs,
} from './helpers.mjs';
import { startMock } from './mock-server.mjs';

/** Plays the set-up through the page's buttons until a turn is to be played. */
async function setUp(page) {
  let st = await waitMine(page);
  while (!st.over && st.mine && st.mine.type !== 'turn') {
    assert.ok(await doSetupStep(page, st), `unexpected decision ${JSON.stringify(st.mine)}`);
    st = await waitMine(page);
  }
  return st;
}

/** Ends turns (through the button) until `seat` is to play. */
async function untilSeatPlays(page, seat, st) {
  for (let i = 0; i < 4 && st.seat !== seat; i++) {
    await page.getByTestId('end-turn').click();
    st = await waitFor(page, (s) => s.step > st.step && !s.busy && !!s.mine, { what: 'the next turn' });
  }
  assert.equal(st.seat, seat);
  return st;
}

const enemiesOf = (st, seat) => st.figures.filter((f) => !f.ko && f.square && f.owner !== seat);

/**
 * The Charge destination that ends next to an enemy if any (preferring one where nothing stands
 * between them for a close attack: no wall on either square, the same level), else the one
 * closest to one. `cells` are the map's cells as the page has them.
 */
function bestCharge(st, figure, cells = null) {
  const enemies = enemiesOf(st, st.seat);
  const cell = (sq) => (cells ? cells[sq.y * st.map.width + sq.x] : null);
  const clear = (a, b) => !cells || (!cell(a)[8] && !cell(b)[8] && cell(a)[1] === cell(b)[1]);
  let best = null;
  for (const a of st.legal) {
    if (a.type !== 'power_move' || a.power !== 'charge' || a.figure !== figure || a.carry !== undefined) continue;
    const near = enemies.map((e) => ({ d: dist(e.square, a.to), ok: clear(a.to, e.square) }));
    const d = Math.min(...near.map((n) => n.d));
    const clean = near.some((n) => n.d === 1 && n.ok);
    const score = d * 2 - (clean ? 1 : 0);
    if (!best || score < best.score) best = { d, score, clean, action: a };
  }
  return best;
}

const mapCells = (page) => page.evaluate(() => window.__skirmish.game().snap.view.map.cells);

/** Moves `figId` (through the board) as close to `goal` as one move goes, on a square `prefer` likes if it can. */
async function moveToward(page, st, figId, goal, prefer = () => true) {
  let best = null;
  for (const a of st.legal) {
    if (a.type !== 'move' || a.figure !== figId || a.carry !== undefined) continue;
    const d = dist(a.to, goal) + (prefer(a.to) ? 0 : 100);
    if (!best || d < best.d) best = { d, a };
  }
  if (!best) return st;
  await clickFigure(page, figId);
  await clickSquare(page, best.a.to);
  return waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'a move toward the enemy' });
}

/** Ends the turn through the button and waits for the other side's turn. */
async function endTurn(page, st) {
  await page.getByTestId('end-turn').click();
  return waitFor(page, (s) => s.step > st.step && !s.busy && s.mine && s.mine.type === 'turn', { what: 'the next turn' });
}

/** Answers the free attack decision through the page: the target on the board, or "No attack". */
async function answerFreeAttack(page, st) {
  const attack = st.legal.find((a) => a.type === 'free_attack' && a.targets.length === 1);
  if (attack) {
    await page.locator(`svg.board .figure-layer [data-fig="${attack.targets[0]}"].target`).waitFor();
    await clickFigure(page, attack.targets[0]);
    const choice = page.locator('[data-testid=choose-dialog] .choice').first();
    if (await choice.isVisible({ timeout: 1000 }).catch(() => false)) await choice.click();
    return 'attack';
  }
  await page.locator('[data-testid=decision-choice][data-type=decline]').click();
  return 'decline';
}

test('powers in a hotseat game: Barrier markers from the board, Charge and its free attack', { timeout: 400_000 }, async () => {
  const b = await openBrowser({ name: 'powers-hotseat' });
  const { page } = b;
  try {
    // A team of power users: the Captain (Charge), Meridian Lark (Barrier), Kestrel Vane, a cadet.
    const res = await fetch(`${baseUrl()}api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'hotseat', teams: [{ name: 'Power Squad', figures: ['sk001', 'sk019', 'sk004', 'sk007'] }, 'ravagers'] }),
    });
    assert.equal(res.status, 201);
    const created = await res.json();
    await page.goto(`${baseUrl()}${created.url.replace(/^\//, '')}`);
    await page.locator('svg.board .map-layer .grid').waitFor();
    let st = await setUp(page);
    st = await untilSeatPlays(page, 0, st);
    const lark = st.figures.find((f) => f.label === 'Meridian Lark');
    const captain = st.figures.find((f) => f.label === 'Captain Ysolde Varga');
    assert.ok(lark && captain, 'the team is on the board');

    // The figure's panel names its powers (with their colours) and lists its power actions.
    await clickFigure(page, lark.id);
    const panel = page.getByTestId('figure-panel');
    await panel.locator('[data-testid=figure-powers] [data-power=barrier]', { hasText: 'Barrier' }).waitFor();
    await panel.locator('[data-testid=figure-powers] [data-power=energy_explosion]', { hasText: 'Energy Explosion' }).waitFor();
    const barrier = panel.locator('[data-testid=power-act][data-power=barrier]');
    assert.match(await barrier.textContent(), /Barrier: Meridian Lark/);
    await shot(page, '40-powers-panel');
    await barrier.click();

    // Barrier asks for its markers one by one: the panel asks, the board shades the squares.
    st = await waitFor(page, (s) => !s.busy && s.mine && s.mine.type === 'place_markers', { what: 'the place_markers decision' });
    const dp = page.getByTestId('decision-panel');
    await dp.waitFor();
    assert.equal(await dp.getAttribute('data-decision'), 'place_markers');
    assert.match(await page.getByTestId('decision-prompt').textContent(), /Barrier: place Meridian Lark's marker 1/);
    const firstSquare = st.legal.find((a) => a.type === 'place_marker').square;
    await page.locator('svg.board .pick-square').first().waitFor();
    await shot(page, '41-barrier-decision');
    await clickSquare(page, firstSquare);
    st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the first marker' });
    await page.locator(`svg.board .markers [data-marker=barrier][data-x="${firstSquare.x}"][data-y="${firstSquare.y}"]`).waitFor();
    assert.equal(st.mine && st.mine.type, 'place_markers', 'a second marker may follow');
    // The second one through the panel's own button, then stop.
    const second = st.legal.find((a) => a.type === 'place_marker');
    const secondButton = page.locator(`[data-testid=decision-choice][data-type=place_marker][data-x="${second.square.x}"][data-y="${second.square.y}"]`);
    if (!(await secondButton.isVisible())) await dp.locator('details.decision-squares summary').click();
    await secondButton.click();
    st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'the second marker' });
    if (st.mine && st.mine.type === 'place_markers') {
      await page.locator('[data-testid=decision-choice][data-type=decline]').click();
      st = await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'no more markers' });
    }
    assert.equal(st.mine && st.mine.type, 'turn');
    assert.equal(await page.locator('svg.board .markers [data-marker=barrier]').count(), 2, 'two barrier markers drawn');
    await page.getByTestId('legend').locator('li', { hasText: 'barrier marker' }).waitFor();
    assert.ok(st.log.some((e) => /places a barrier marker/.test(e.text)), 'the log has the markers');
    await shot(page, '42-barrier-markers');

    // Charge: the panel's button shades the squares, a click on one charges, the free attack
    // is asked in the decision panel.
    await clickFigure(page, captain.id);
    await panel.locator('[data-testid=figure-powers] [data-power=charge]', { hasText: 'Charge' }).waitFor();
    await panel.locator('[data-testid=power-pick][data-power=charge]').click();
    const charge = bestCharge(st, captain.id);
    assert.ok(charge, 'the Captain can charge');
    const to = charge.action.to;
    await page.locator(`svg.board .pick-square[data-x="${to.x}"][data-y="${to.y}"]`).hover();
    await page.locator('svg.board polyline.path').first().waitFor();
    await shot(page, '43-charge-squares');
    await clickSquare(page, to);
    st = await waitFor(page, (s) => s.step > st.step && !s.busy && s.mine && s.mine.type !== 'turn', { what: 'the free attack decision' });
    assert.equal(st.mine.type, 'free_attack');
    assert.equal(st.mine.power, 'charge');
    assert.equal(await dp.getAttribute('data-decision'), 'free_attack');
    assert.match(await page.getByTestId('decision-prompt').textContent(), /may make Charge's free attack/);
    assert.ok(await dp.locator('[data-testid=decision-choice][data-type=decline]', { hasText: 'No attack' }).isVisible());
    await shot(page, '44-charge-free-attack');
    await answerFreeAttack(page, st);
    st = await waitFor(page, (s) => s.step > st.step && !s.busy && !(s.mine && s.mine.type === 'free_attack'), { what: 'the answer to the free attack' });
    assert.deepEqual(st.figures.find((f) => f.id === captain.id).square, to, 'the Captain charged');
    await page.locator('[data-testid=log] li', { hasText: 'uses Charge' }).first().waitFor();
    assert.ok(await dp.isHidden(), 'the decision panel is gone');
    await shot(page, '45-after-charge');

    // A Ravager comes within reach of the Captain (on open ground, a square or more away), then
    // the Captain charges into contact and makes the free attack by clicking the target.
    const knuckles = st.figures.find((f) => f.label === 'Knuckles');
    let attacked = false;
    for (let cycle = 0; cycle < 4 && !attacked; cycle++) {
      st = await endTurn(page, st);
      assert.equal(st.seat, 1);
      const cells = await mapCells(page);
      const here = st.figures.find((f) => f.id === captain.id).square;
      st = await moveToward(page, st, knuckles.id, here, (sq) => dist(sq, here) >= 2 && !cells[sq.y * st.map.width + sq.x][8]);
      st = await endTurn(page, st);
      assert.equal(st.seat, 0);
      const contact = bestCharge(st, captain.id, await mapCells(page));
      if (!contact || contact.d !== 1 || !contact.clean) continue;
      await clickFigure(page, captain.id);
      await panel.locator('[data-testid=power-pick][data-power=charge]').click();
      await clickSquare(page, contact.action.to);
      st = await waitFor(page, (s) => s.step > st.step && !s.busy && s.mine && s.mine.type === 'free_attack', { what: 'the second free attack decision' });
      await shot(page, '46-charge-contact');
      const rolls = st.log.filter((e) => e.dice && e.dice.length === 2).length;
      attacked = (await answerFreeAttack(page, st)) === 'attack';
      st = await waitFor(page, (s) => s.step > st.step && !s.busy && !(s.mine && s.mine.type === 'free_attack'), { what: 'the free attack' });
      if (attacked) assert.ok(st.log.filter((e) => e.dice && e.dice.length === 2).length > rolls, 'the free attack is rolled');
    }
    assert.ok(attacked, 'the Captain charged into contact and made the free attack');
    await answerDialogs(page);
    await shot(page, '47-charge-attack-rolled');
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, 'powers-hotseat-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});

test('powers against the bot, in French: names on the dial, Charge, the bot answers its own decisions', { timeout: 400_000 }, async () => {
  const b = await openBrowser({ name: 'powers-bot', locale: 'fr-FR' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    if ((await page.locator('html').getAttribute('lang')) !== 'fr') await page.getByTestId('lang-toggle').click();
    await page.getByText('Jouer contre l’ordinateur', { exact: true }).waitFor();
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=.+&token=/);
    await page.locator('svg.board .map-layer .grid').waitFor();
    let st = await setUp(page);
    assert.equal(st.mine.type, 'turn');
    const captain = st.figures.find((f) => f.owner === st.seat && f.label === 'The Captain');
    assert.ok(captain, 'the Wardens\' Captain');
    await clickFigure(page, captain.id);
    const panel = page.getByTestId('figure-panel');
    await panel.locator('[data-testid=figure-powers] [data-power=super_strength]', { hasText: 'Force herculéenne' }).waitFor();
    await panel.locator('[data-testid=figure-powers] [data-power=leadership]', { hasText: 'Commandement' }).waitFor();
    await panel.locator('[data-testid=power-pick][data-power=charge]').click();
    const charge = bestCharge(st, captain.id);
    await clickSquare(page, charge.action.to);
    st = await waitFor(page, (s) => s.step > st.step && !s.busy && s.mine && s.mine.type !== 'turn', { what: 'la décision de l’attaque gratuite' });
    assert.equal(st.mine.type, 'free_attack');
    assert.match(await page.getByTestId('decision-prompt').textContent(), /peut faire l'attaque gratuite de Charge/);
    await shot(page, '48-charge-fr');
    await answerFreeAttack(page, st);
    st = await waitFor(page, (s) => s.step > st.step && !s.busy && !(s.mine && s.mine.type === 'free_attack'), { what: 'la réponse' });
    await page.locator('[data-testid=log] li', { hasText: 'utilise Charge' }).first().waitFor();

    // The bot plays its turn, answering whatever its powers ask (free attacks, Blades...), and
    // the turn comes back.
    st = await waitMine(page);
    const before = st.step;
    if (st.mine && st.mine.type === 'turn') {
      await page.getByTestId('end-turn').click();
      st = await waitFor(page, (s) => s.step > before + 1 && !s.busy && (s.over || (s.mine && s.mine.type === 'turn')), { timeout: 120_000, what: 'the bot\'s turn to be played' });
    }
    assert.ok(st.over || st.step > before + 1, 'the bot played its turn');
    await shot(page, '49-after-bot-turn');
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, 'powers-bot-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});

/** Puts a decision before `seat` on the mock server. */
async function inject(base, id, body) {
  const r = await fetch(`${base}mock/games/${id}/decision`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 200);
}

async function answers(base, id) {
  return (await fetch(`${base}mock/games/${id}/answers`)).json();
}

test('the decision panel with the mock server: Blades, a free attack, markers, the other seat\'s Mastermind', { timeout: 300_000 }, async () => {
  const server = await startMock(0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const b = await openBrowser({ name: 'powers-mock' });
  const { page } = b;
  try {
    // A game against the mock's bot: set up, then Blades/Claws/Fangs is asked.
    await page.goto(base);
    await page.getByTestId('play-bot').click();
    await page.waitForURL(/#game=/);
    let st = await setUp(page);
    const id = st.id;
    const me = st.figures.find((f) => f.owner === 0 && f.square);
    const enemy = st.figures.find((f) => f.owner === 1 && f.square);
    await inject(base, id, {
      seat: 0,
      decision: { type: 'blades', attacker: me.id, damage: 3 },
      prompt: `Wardens (player 1): ${me.label} hits: roll Blades/Claws/Fangs (a d6 replaces its damage of 3)?`,
      legal: [
        { action: { type: 'accept' }, text: 'Roll Blades/Claws/Fangs: a d6 replaces the damage value' },
        { action: { type: 'decline' }, text: 'Keep the damage value' },
      ],
    });
    const dp = page.getByTestId('decision-panel');
    await dp.waitFor();
    assert.equal(await dp.getAttribute('data-decision'), 'blades');
    assert.match(await dp.locator('h3').textContent(), /Blades\/Claws\/Fangs/);
    assert.match(await page.getByTestId('decision-prompt').textContent(), /roll Blades\/Claws\/Fangs/);
    const buttons = dp.locator('[data-testid=decision-choice]');
    assert.deepEqual(await buttons.allTextContents(), ['Roll Blades/Claws/Fangs: a d6 replaces the damage value', 'Keep the damage value']);
    assert.equal(await page.getByTestId('turn-text').textContent(), 'Decide now');
    // Focus is on the first answer: the keyboard answers.
    assert.equal(await page.evaluate(() => document.activeElement && document.activeElement.dataset.type), 'accept');
    await shot(page, '50-mock-blades');
    await page.keyboard.press('Enter');
    await waitFor(page, (s) => !s.mine || s.mine.type === 'turn', { what: 'the blades answer' });
    assert.deepEqual(await answers(base, id), [{ seat: 0, action: { type: 'accept' } }]);
    await dp.waitFor({ state: 'hidden' });

    // A free attack: the target is ringed on the board; clicking it answers.
    const free = { type: 'free_attack', targets: [enemy.id], ranged: false };
    await inject(base, id, {
      seat: 0,
      decision: { type: 'free_attack', figure: me.id, power: 'charge' },
      prompt: `Wardens (player 1): ${me.label} may make Charge's free attack`,
      legal: [
        { action: free, text: `Close attack: ${me.label} → ${enemy.label} (needs 9, 28%) (free)` },
        { action: { type: 'decline' }, text: 'No attack' },
      ],
    });
    await dp.waitFor();
    assert.match(await dp.locator('h3').textContent(), /Free attack \(Charge\)/);
    await page.locator(`svg.board .figure-layer [data-fig="${enemy.id}"].target`).waitFor();
    await page.locator(`svg.board .figure-layer [data-fig="${me.id}"] .select-ring`).waitFor();
    await shot(page, '51-mock-free-attack');
    await clickFigure(page, enemy.id);
    await waitFor(page, (s) => !s.mine || s.mine.type === 'turn', { what: 'the free attack' });
    assert.deepEqual((await answers(base, id))[1], { seat: 0, action: free });

    // Smoke Cloud markers: squares shaded on the board, a click places one, the board draws it.
    const squares = [{ x: 7, y: 4 }, { x: 8, y: 4 }, { x: 9, y: 4 }];
    await inject(base, id, {
      seat: 0,
      marker: 'smoke',
      decision: { type: 'place_markers', figure: me.id, power: 'smoke_cloud', placed: [] },
      prompt: `Wardens (player 1): Smoke Cloud: place ${me.label}'s marker 1 (0 placed, 4 at most)`,
      legal: squares.map((sq) => ({ action: { type: 'place_marker', square: sq }, text: `Place a marker on ${sq.x},${sq.y}` })),
    });
    await dp.waitFor();
    assert.match(await dp.locator('h3').textContent(), /Place markers \(Smoke Cloud\)/);
    assert.equal(await page.locator('svg.board .pick-square').count(), 3);
    await clickSquare(page, squares[1]);
    await waitFor(page, (s) => !s.mine || s.mine.type === 'turn', { what: 'the marker' });
    assert.deepEqual((await answers(base, id))[2], { seat: 0, action: { type: 'place_marker', square: squares[1] } });
    await page.locator('svg.board .markers [data-marker=smoke][data-x="8"][data-y="4"] .smoke-cloud').waitFor();
    await page.getByTestId('legend').locator('li', { hasText: 'smoke marker' }).waitFor();
    await shot(page, '52-mock-smoke');

    // Mind Control lends an opposing figure: it is selected, its moves are on the board.
    const dy = enemy.square.y < 8 ? 2 : -2;
    const lent = [{ x: enemy.square.x, y: enemy.square.y + dy }, { x: enemy.square.x + 1, y: enemy.square.y + dy }];
    await inject(base, id, {
      seat: 0,
      decision: { type: 'controlled', controller: me.id, figure: enemy.id },
      prompt: `Wardens (player 1): ${me.label}'s Mind Control: give ${enemy.label} one free action, or none`,
      legal: [
        { action: { type: 'decline' }, text: `No action for ${enemy.label}` },
        ...lent.map((sq) => ({ action: { type: 'move', figure: enemy.id, to: sq }, text: `Move ${enemy.label} to ${sq.x},${sq.y}` })),
      ],
    });
    await dp.waitFor();
    assert.equal(await dp.getAttribute('data-decision'), 'controlled');
    assert.deepEqual(await dp.locator('[data-testid=decision-choice]').allTextContents(), [`No action for ${enemy.label}`]);
    await page.getByTestId('figure-panel').locator('h3', { hasText: enemy.label }).waitFor();
    assert.equal(await page.locator('svg.board .pick-square').count(), 2);
    await shot(page, '53-mock-mind-control');
    await clickSquare(page, lent[1]);
    await waitFor(page, (s) => !s.mine || s.mine.type === 'turn', { what: 'the lent figure\'s move' });
    assert.deepEqual((await answers(base, id))[3], { seat: 0, action: { type: 'move', figure: enemy.id, to: lent[1] } });
    assert.deepEqual(b.problems, []);
  } catch (e) {
    await shot(page, 'powers-mock-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }

  // Hotseat: a Mastermind decision for the seat not on the screen switches the screen to it.
  const h = await openBrowser({ name: 'powers-mock-hotseat' });
  try {
    const p = h.page;
    await p.goto(base);
    await p.getByTestId('play-hotseat').click();
    await p.waitForURL(/#game=/);
    let st = await setUp(p);
    const id = st.id;
    const seat = st.seat;
    const other = 1 - seat;
    const theirs = st.figures.filter((f) => f.owner === other && f.square);
    await inject(base, id, {
      seat: other,
      decision: { type: 'mastermind', figure: theirs[0].id, amount: 2, options: [theirs[1].id] },
      prompt: `Player ${other + 1}: Mastermind: ${theirs[0].label} may hand its 2 damage to a cheaper adjacent friend`,
      legal: [
        { action: { type: 'redirect', friend: theirs[1].id }, text: `Mastermind: ${theirs[1].label} takes the damage instead` },
        { action: { type: 'decline' }, text: `${theirs[0].label} takes the damage` },
      ],
    });
    st = await waitFor(p, (s) => s.seat === other && s.mine && s.mine.type === 'mastermind', { what: 'the page to switch to the other seat' });
    const dp = p.getByTestId('decision-panel');
    await dp.waitFor();
    assert.match(await dp.locator('h3').textContent(), /Mastermind/);
    await p.locator(`svg.board .figure-layer [data-fig="${theirs[1].id}"].target`).waitFor();
    await shot(p, '54-mock-mastermind-other-seat');
    await clickFigure(p, theirs[1].id);
    await waitFor(p, (s) => !(s.mine && s.mine.type === 'mastermind'), { what: 'the Mastermind answer' });
    assert.deepEqual(await answers(base, id), [{ seat: other, action: { type: 'redirect', friend: theirs[1].id } }]);
    assert.deepEqual(h.problems, []);
  } catch (e) {
    await shot(h.page, 'powers-mock-hotseat-failure').catch(() => {});
    throw e;
  } finally {
    await h.close();
    server.close();
  }
});
