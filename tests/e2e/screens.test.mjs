// Issue 14, checked on the screen at laptop size (1280×800) and phone size (390×844): short games
// (a one-round limit in the create request, docs/web-protocol.md) that end at the round limit
// with an end screen that explains the result (victory points per side, and the tie-break roll
// when tied); the deployment zone on screen when asked to deploy; the refusal notes on the board
// (an unreachable square, a target that cannot be attacked, a breakaway needed) inside the
// window, inside the board's box and covered by nothing; Undo in sight and working; the dial
// with the click showing, and only that click under the rules option `dial_view = "current"`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, baseUrl, shot, gameState, waitFor, waitMine, doSetupStep, clickFigure, dist,
} from './helpers.mjs';

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Creates a game through the API (the page's own button sends the same request). */
async function createGame(body) {
  const res = await fetch(new URL('api/games', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset: 'heroclix', ...body }),
  });
  const out = await res.json();
  assert.ok(res.ok, `the game was created: ${JSON.stringify(out)}`);
  return out;
}

async function openGame(page, created) {
  await page.goto(new URL(created.url, baseUrl()).href);
  await page.locator('svg.board .map-layer .grid').waitFor();
}

/**
 * Whether `selector`'s element is on screen: inside the window, not clipped by a scrolling box
 * around it (the board's), and on top at points inside it (nothing covers it). `probe`: a
 * selector inside it whose box is hit-tested (default: the element itself). Returns the
 * problems found, [] when on screen.
 */
async function offScreen(page, selector, probe = null) {
  return page.evaluate(([sel, probeSel]) => {
    const node = document.querySelector(sel);
    if (!node) return [`${sel} is not on the page`];
    const r = node.getBoundingClientRect();
    const out = [];
    const box = (b) => `${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}`;
    if (r.width === 0 || r.height === 0) out.push(`${sel} has no size`);
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
      out.push(`${sel} (${box(r)}) is not inside the ${innerWidth}×${innerHeight} window`);
    }
    for (let a = node.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (!/(auto|scroll|hidden|clip)/.test(`${cs.overflowX} ${cs.overflowY}`)) continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 1 || r.left < b.left - 1 || r.bottom > b.bottom + 1 || r.right > b.right + 1) {
        out.push(`${sel} (${box(r)}) is cut by ${a.id ? `#${a.id}` : a.className || a.tagName} (${box(b)})`);
      }
    }
    // Hit-test inside it: an SVG note lets clicks through (pointer-events none), so it is made
    // hit-testable for the time of the test.
    const target = probeSel ? node.querySelector(probeSel) || node : node;
    const t = target.getBoundingClientRect();
    const old = node.style.pointerEvents;
    node.style.pointerEvents = 'visiblePainted';
    for (const [fx, fy] of [[0.5, 0.5], [0.15, 0.25], [0.85, 0.25], [0.15, 0.75], [0.85, 0.75]]) {
      const x = t.left + t.width * fx;
      const y = t.top + t.height * fy;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(node === hit || node.contains(hit))) {
        out.push(`${sel} is covered at ${Math.round(x)},${Math.round(y)} by ${hit ? `${hit.tagName}#${hit.id}.${hit.getAttribute('class') || ''}` : 'nothing (off screen)'}`);
        break;
      }
    }
    node.style.pointerEvents = old;
    // Overlays that let clicks through (the line of fire's explanation) hide it all the same.
    for (const o of document.querySelectorAll('.los-panel, .decision-panel, dialog[open]')) {
      if (o.contains(node) || getComputedStyle(o).display === 'none' || getComputedStyle(o).visibility === 'hidden') continue;
      const b = o.getBoundingClientRect();
      if (b.width && b.height && !(b.right <= t.left || b.left >= t.right || b.bottom <= t.top || b.top >= t.bottom)) {
        out.push(`${sel} (${box(t)}) is under ${o.className || o.tagName} (${box(b)})`);
      }
    }
    return out;
  }, [selector, probe]);
}

/** Plays set-up (both seats in a hotseat game) until `until` is asked or play starts. */
async function setUp(page, until = 'turn') {
  let st = await waitMine(page);
  while (!st.over && st.mine && st.mine.type !== until && st.mine.type !== 'turn') {
    assert.ok(await doSetupStep(page, st), `unexpected decision ${JSON.stringify(st.mine)}`);
    st = await waitMine(page);
  }
  return st;
}

/** The centre of square `sq` in the window, after panning the board's box so that it shows
 * (as a player pans a board larger than the screen). */
async function squareOnScreen(page, sq) {
  return page.evaluate(({ x, y }) => {
    const svg = document.querySelector('svg.board');
    const vb = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    const at = () => {
      const r = svg.getBoundingClientRect();
      const scale = r.width / vb[2];
      // board.js: 26/24 px margins, 48 px squares.
      return { x: r.left + (26 + (x + 0.5) * 48 - vb[0]) * scale, y: r.top + (24 + (y + 0.5) * 48 - vb[1]) * scale };
    };
    const scroller = svg.closest('.board-scroll');
    let p = at();
    if (scroller) {
      const b = scroller.getBoundingClientRect();
      scroller.scrollLeft += p.x - (b.left + b.width / 2);
      scroller.scrollTop += p.y - (b.top + b.height / 2);
    }
    p = at();
    if (p.y < 0 || p.y > innerHeight) window.scrollBy(0, p.y - innerHeight / 2);
    return at();
  }, sq);
}

/** The nearest free square `fig` cannot move to this turn. */
function unreachable(st, mover) {
  const moves = st.legal.filter((a) => a.type === 'move' && a.figure === mover.id);
  const reachable = new Set(moves.map((a) => `${a.to.x},${a.to.y}`));
  const taken = new Set(st.figures.filter((f) => f.square).map((f) => `${f.square.x},${f.square.y}`));
  const most = Math.max(...moves.map((a) => dist(a.to, mover.square)));
  let far = null;
  for (let y = 0; y < st.map.height; y++) {
    for (let x = 0; x < st.map.width; x++) {
      const k = `${x},${y}`;
      if (reachable.has(k) || taken.has(k) || dist({ x, y }, mover.square) <= most) continue;
      if (!far || dist({ x, y }, mover.square) < dist(far, mover.square)) far = { x, y };
    }
  }
  return far;
}

const NOTE = 'svg.board [data-testid=board-note]';
// The note's text box (its first rect is the square it is about).
const NOTE_BOX = 'rect:nth-of-type(2)';

for (const size of SIZES) {
  test(`${size.name}: a one-round game against the bot ends at the round limit and the end screen explains why`, { timeout: 300_000 }, async () => {
    const b = await openBrowser({ name: `end-${size.name}`, viewport: size.viewport });
    const { page } = b;
    try {
      const created = await createGame({ mode: 'bot', rounds: 1 });
      await openGame(page, created);
      let st = await setUp(page);
      // Both sides end their one turn; the bot plays its own.
      for (let i = 0; i < 4 && !st.over; i++) {
        if (st.mine && st.mine.type === 'turn') {
          const end = page.getByTestId('end-turn');
          await end.scrollIntoViewIfNeeded();
          await end.click();
          await waitFor(page, (s) => s.step > st.step, { what: 'the end of the turn' });
        } else {
          await doSetupStep(page, st);
        }
        st = await waitMine(page, 120_000);
      }
      assert.ok(st.over, 'the game is over after one round');
      await page.getByTestId('over-dialog').waitFor();
      await page.waitForTimeout(300);
      const note = page.getByTestId('over-note');
      const text = await note.innerText();
      assert.match(text, /round limit/i, text);
      const scores = st.outcome.scores.map(([, n]) => n);
      // Victory points per side, each named: "Victory points: Wardens 0, Ravagers 0."
      const vp = text.match(/Victory points: (.+?) (\d+), (.+?) (\d+)\./);
      assert.ok(vp, `victory points per side in: ${text}`);
      const teams = [vp[1], vp[3]];
      assert.notEqual(teams[0], teams[1]);
      assert.deepEqual([Number(vp[2]), Number(vp[4])], scores, 'the victory points are the outcome\'s');
      const mine = await page.getByTestId('over-mine').innerText();
      if (scores[0] === scores[1]) {
        // A tie: the 2d6 tie-break roll decided, and the screen says so with the dice.
        assert.match(text, /tie .*2d6/i, text);
        const rollOff = await page.evaluate(() => (window.__skirmish.game().snap.log || []).some((e) => e.event && e.event.event === 'roll_off'));
        assert.ok(rollOff, 'the roll-off is in the log');
        const dice = text.slice(text.indexOf('2d6'));
        for (const name of teams) assert.match(dice, new RegExp(`${name} \\d+`), `${name}'s roll in: ${dice}`);
        assert.match(mine, /tie-break roll/i, `the result names the tie-break: ${mine}`);
      } else {
        assert.doesNotMatch(text, /2d6/, text);
      }
      const winner = st.outcome.winners.map((w) => (typeof w === 'object' ? w.seat : Number(w)))[0];
      assert.match(mine, winner === created.seat ? /You win/ : /You lose/, mine);
      for (const sel of ['[data-testid=over-mine]', '[data-testid=over-note]']) {
        const problems = await offScreen(page, sel);
        assert.deepEqual(problems, [], `${sel} on screen`);
      }
      await shot(page, `screens-${size.name}-round-limit`);
      assert.deepEqual(b.problems, [], 'no script errors on the page');
    } catch (e) {
      await shot(page, `screens-${size.name}-round-limit-failure`).catch(() => {});
      throw e;
    } finally {
      await b.close();
    }
  });

  test(`${size.name}: the zone when deploying, refusals on the board, Undo, the dial`, { timeout: 400_000 }, async () => {
    const b = await openBrowser({ name: `play-${size.name}`, viewport: size.viewport });
    const { page } = b;
    try {
      const created = await createGame({ mode: 'hotseat', seed: 14, rounds: 5 });
      await openGame(page, created);

      // Asked to deploy: the zone's squares are on screen, in the board's box.
      let st = await setUp(page, 'deploy');
      assert.equal(st.mine.type, 'deploy');
      await page.locator('svg.board .pick-square').first().waitFor();
      await page.waitForTimeout(400);
      const zone = await page.evaluate(() => {
        const box = document.querySelector('.board-scroll').getBoundingClientRect();
        const top = Math.max(0, box.top);
        const bottom = Math.min(innerHeight, box.bottom);
        const sq = [...document.querySelectorAll('svg.board .pick-square')].map((e) => e.getBoundingClientRect());
        const inside = (r) => r.top >= top - 1 && r.bottom <= bottom + 1 && r.left >= Math.max(0, box.left) - 1 && r.right <= Math.min(innerWidth, box.right) + 1;
        return { total: sq.length, inView: sq.filter(inside).length, boxTop: box.top, boxBottom: box.bottom, size: sq.length ? sq[0].width : 0 };
      });
      assert.ok(zone.total > 0, 'squares to deploy on');
      assert.ok(zone.boxTop >= 0 && zone.boxTop < size.viewport.height / 2, `the board starts in the top half of the window (${zone.boxTop})`);
      // The whole zone at laptop size; at phone size at least a full row of it (the board pans).
      const want = size.name === 'laptop' ? zone.total : Math.min(zone.total, 8);
      assert.ok(zone.inView >= want, `the deployment zone is on screen: ${zone.inView} of ${zone.total} squares (want ${want})`);
      await shot(page, `screens-${size.name}-deploy`);
      st = await setUp(page);
      assert.equal(st.mine.type, 'turn');

      // The dial with the click showing marked, at both sizes.
      const seat = st.pendingSeats[0];
      const moves = st.legal.filter((a) => a.type === 'move');
      const mover = st.figures.find((f) => f.owner === seat && moves.some((a) => a.figure === f.id));
      await clickFigure(page, mover.id);
      const panel = page.getByTestId('figure-panel');
      await panel.getByTestId('dial').waitFor();
      const now = panel.locator('[data-testid=dial-click][data-now=yes]');
      assert.equal(await now.count(), 1, 'one click marked as showing');
      assert.equal(Number(await now.getAttribute('data-click')), mover.click);
      assert.ok(Number(await panel.getByTestId('dial').getAttribute('data-clicks')) > 1, 'the whole dial by default');
      await panel.getByTestId('dial').scrollIntoViewIfNeeded();
      assert.deepEqual(await offScreen(page, '[data-testid=figure-panel] [data-testid=dial-click][data-now=yes]'), [], 'the click showing is on screen');
      await shot(page, `screens-${size.name}-dial`);

      // An unreachable square: why, beside it, on screen.
      if ((await page.evaluate(() => window.__skirmish.game().sel)) !== mover.id) await clickFigure(page, mover.id);
      await page.locator('svg.board .pick-square').first().waitFor();
      const far = unreachable(st, mover);
      const p = await squareOnScreen(page, far);
      await page.mouse.click(p.x, p.y);
      await page.locator(NOTE).waitFor();
      await page.waitForTimeout(300);
      assert.ok((await page.locator(NOTE).textContent()).trim().length > 10, 'a reason is given');
      assert.deepEqual(await offScreen(page, NOTE, NOTE_BOX), [], 'the note on an unreachable square is on screen');
      assert.equal(await page.evaluate(() => window.__skirmish.game().sel), mover.id, 'the selection stays');
      await shot(page, `screens-${size.name}-refusal-square`);

      // An opposing figure it cannot attack: why, beside it, on screen.
      const enemy = st.figures.find((f) => f.owner !== seat && f.square
        && !st.legal.some((a) => (a.type === 'close_attack' && a.target === f.id) || (a.type === 'ranged_attack' && a.targets.includes(f.id))));
      assert.ok(enemy, 'an opposing figure out of reach on the first turn');
      const squareNote = await page.locator(NOTE).textContent();
      await clickFigure(page, enemy.id);
      await page.waitForFunction((old) => {
        const n = document.querySelector('svg.board [data-testid=board-note]');
        return n && n.textContent !== old;
      }, squareNote);
      await page.waitForTimeout(400);
      const why = await page.locator(NOTE).textContent();
      assert.match(why, /range|line of fire|attack|action/i, why);
      assert.deepEqual(await offScreen(page, NOTE, NOTE_BOX), [], 'the note on a target is on screen');
      await shot(page, `screens-${size.name}-refusal-target`);

      // A move that rolls nothing, then Undo, in sight.
      if ((await page.evaluate(() => window.__skirmish.game().sel)) !== mover.id) await clickFigure(page, mover.id);
      const before = await gameState(page);
      const to = moves.find((a) => a.figure === mover.id && dist(a.to, mover.square) >= 2).to;
      const q = await squareOnScreen(page, to);
      await page.mouse.click(q.x, q.y);
      await waitFor(page, (s) => s.step === before.step + 1 && !s.busy, { what: 'the move' });
      const undo = page.getByTestId('undo');
      await undo.waitFor();
      assert.deepEqual(await offScreen(page, '[data-testid=undo]'), [], 'Undo is in sight after a move');
      await shot(page, `screens-${size.name}-undo`);
      await undo.click();
      st = await waitFor(page, (s) => s.step === before.step && !s.busy, { what: 'the move taken back' });
      assert.deepEqual(st.figures.find((f) => f.id === mover.id).square, mover.square, 'back on its square');
      assert.equal(await undo.isVisible(), false, 'nothing more to take back');

      // A breakaway: both sides close in until a figure of the side to play stands next to an
      // opposing one, then select it: the roll it needs is said beside it.
      let found = null;
      for (let i = 0; i < 40 && !found; i++) {
        st = await waitMine(page);
        assert.ok(!st.over, 'the game goes on');
        const side = st.pendingSeats[0];
        const foes = st.figures.filter((f) => f.owner !== side && f.square && !f.ko);
        const next = st.figures.filter((f) => f.owner === side && f.square && !f.ko
          && foes.some((e) => dist(e.square, f.square) === 1)
          && st.legal.some((a) => a.type === 'move' && a.figure === f.id));
        // The server's reach answer says which must roll (Leap/Climb, Phasing... need not).
        for (const f of next) {
          const r = await (await fetch(new URL(`api/games/${created.game}/reach?figure=${f.id}&token=${created.token}`, baseUrl()))).json();
          if (r.needs_breakaway) found = f;
        }
        if (found) break;
        // Moves of figures not next to an opposing one (no breakaway roll to fail).
        const ownMoves = st.legal.filter((a) => a.type === 'move' && (a.carry === undefined || a.carry === null)
          && !foes.some((e) => dist(e.square, st.figures.find((f) => f.id === a.figure).square) <= 1));
        let best = null;
        for (const a of ownMoves) {
          const me = st.figures.find((f) => f.id === a.figure);
          const d = Math.min(...foes.map((e) => dist(e.square, a.to)));
          const score = d - Math.min(...foes.map((e) => dist(e.square, me.square))) * 0.01;
          if (!best || score < best.score) best = { score, a };
        }
        if (best && st.mine.actions_left > 0) {
          if ((await page.evaluate(() => window.__skirmish.game().sel)) !== best.a.figure) await clickFigure(page, best.a.figure);
          await page.locator(`svg.board .pick-square[data-x="${best.a.to.x}"][data-y="${best.a.to.y}"]`).waitFor();
          const at = await squareOnScreen(page, best.a.to);
          await page.mouse.click(at.x, at.y);
        } else {
          await page.getByTestId('end-turn').click();
        }
        await waitFor(page, (s) => s.step > st.step && !s.busy, { what: 'an action' });
      }
      assert.ok(found, 'a figure next to an opposing one');
      await page.evaluate(() => window.scrollTo(0, 0));
      await clickFigure(page, found.id);
      await page.waitForFunction(() => document.querySelector('svg.board .board-note.info'));
      await page.waitForTimeout(300);
      assert.match(await page.locator(NOTE).textContent(), /break ?away/i);
      assert.deepEqual(await offScreen(page, NOTE, NOTE_BOX), [], 'the breakaway note is on screen');
      await shot(page, `screens-${size.name}-breakaway`);
      assert.deepEqual(b.problems, [], 'no script errors on the page');
    } catch (e) {
      await shot(page, `screens-${size.name}-play-failure`).catch(() => {});
      throw e;
    } finally {
      await b.close();
    }
  });
}

test('phone: under dial_view = "current" a dial in play shows the click showing alone; the builder the whole dial', { timeout: 300_000 }, async () => {
  const b = await openBrowser({ name: 'dial-view', viewport: { width: 390, height: 844 } });
  const { page } = b;
  try {
    const created = await createGame({ mode: 'hotseat', seed: 3, rounds: 1, powers: { dial_view: 'current' } });
    await openGame(page, created);
    const st = await setUp(page);
    assert.equal(st.mine.type, 'turn');
    const f = st.figures.find((x) => x.owner === st.pendingSeats[0] && x.square && !x.ko);
    await page.getByTestId(`roster-${f.id}`).click();
    const panel = page.getByTestId('figure-panel');
    const dial = panel.getByTestId('dial');
    await dial.waitFor();
    assert.equal(await dial.getAttribute('data-view'), 'current');
    const clicks = panel.locator('[data-testid=dial-click]');
    assert.equal(await clicks.count(), 1, 'one click drawn');
    assert.equal(await clicks.first().getAttribute('data-now'), 'yes');
    assert.equal(Number(await clicks.first().getAttribute('data-click')), f.click);
    assert.equal(await panel.getByTestId('dial-next').count(), 0, 'no turning the dial');
    assert.equal(await panel.getByTestId('dial-prev').count(), 0);
    assert.equal(await dial.locator('.dial-tick').count(), 0, 'the picture tells nothing of the other clicks');
    assert.doesNotMatch(await panel.getByTestId('dial-window').innerText(), / of \d/, 'the number of clicks is not said');
    assert.match(await panel.getByTestId('dial-hint').innerText(), /rulebook/);
    await dial.scrollIntoViewIfNeeded();
    await shot(page, 'screens-phone-dial-current');

    // The team builder still shows whole dials.
    await page.goto(`${baseUrl()}#builder`);
    const first = page.getByTestId('builder-catalogue').locator('li').first();
    await first.waitFor();
    await first.locator('.cat-card > summary').click();
    await first.getByTestId('dial').waitFor();
    assert.ok(await first.locator('[data-testid=dial-click]').count() > 2, 'the builder shows every click');
    assert.deepEqual(b.problems, [], 'no script errors on the page');
  } catch (e) {
    await shot(page, 'screens-dial-current-failure').catch(() => {});
    throw e;
  } finally {
    await b.close();
  }
});
