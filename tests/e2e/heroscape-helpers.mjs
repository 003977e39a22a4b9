// What the HeroScape end-to-end tests share: reading the page's game, waiting on it, and checking
// that no other seat's order marker is on screen before it is revealed.

import assert from 'node:assert/strict';

/** What the page holds of the game (read-only). */
export async function hsState(page) {
  return page.evaluate(() => {
    const g = window.__skirmish && window.__skirmish.game();
    if (!g || !g.snap || !g.snap.view) return null;
    const s = g.snap;
    return {
      seat: g.seat,
      busy: g.busy,
      step: s.step,
      over: !!(s.pending && s.pending.over),
      mine: window.__skirmish.myDecision(),
      legal: (s.legal || []).map((e) => ({ ...(e.action || e), cells: e.cells || [], figure: e.figure, targets: e.targets || [] })),
      view: s.view,
      pieces: (s.board && s.board.pieces) || [],
      log: (s.log || []).map((e) => ({ text: e.text, type: e.event && e.event.type })),
    };
  });
}

export async function waitFor(page, pred, what, timeout = 60_000) {
  const start = Date.now();
  for (;;) {
    const st = await hsState(page);
    if (st && pred(st)) return st;
    if (Date.now() - start > timeout) {
      // What the page shows and holds, for a failure seen once in a hundred runs.
      const error = await page.getByTestId('error').innerText().catch(() => '?');
      const module = await page.evaluate(() => { const g = window.__skirmish.game(); return g && { plan: g.plan, pick: g.pick, busy: g.busy, legal: (g.snap.legal || []).length }; }).catch(() => null);
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(st && { step: st.step, mine: st.mine, phase: st.view.phase })}; page error: ${JSON.stringify(error)}; page: ${JSON.stringify(module)}`);
    }
    await page.waitForTimeout(150);
  }
}

export const mineNow = (page) => waitFor(page, (s) => !s.busy && (s.over || !!s.mine), 'a decision for this page');

/** The bot's marker numbers must never be on screen before they are revealed. */
export async function checkBotMarkersHidden(page, st) {
  return checkMarkersHidden(page, st, st.view.players.find((p) => p.seat !== st.seat).seat);
}

/** Another seat's marker numbers must never be on screen before they are revealed. */
export async function checkMarkersHidden(page, st, other) {
  const them = st.view.players.find((p) => p.seat === other);
  // The view itself holds no number of theirs but those turned face up.
  const revealed = new Set((them.markers.known || []).map(([m, u]) => `${m}@${u}`));
  const chips = await page.locator(`[data-testid=hs-player-${them.seat}] .hs-marker`).evaluateAll((els) => els.map((e) => ({ m: e.dataset.marker, unit: e.closest('[data-unit]') && Number(e.closest('[data-unit]').dataset.unit) })));
  for (const c of chips) {
    if (c.m === 'back') continue;
    assert.ok(revealed.has(`${c.m}@${c.unit}`), `seat ${other}'s marker ${c.m} is shown on card ${c.unit} before being revealed`);
  }
  return chips;
}
