// Rules options through the page, against the real server: the start screen offers the ruleset
// options the server lists (docs/rules/heroclix-powers.md), in English and French; the ones
// changed go with the new game, the server plays them and the game screen names them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, baseUrl, shot } from './helpers.mjs';

test('rules options: chosen on the start screen, sent with the game, named in the game', { timeout: 200_000 }, async () => {
  const b = await openBrowser({ name: 'rules-options' });
  const { page } = b;
  try {
    await page.goto(baseUrl());
    await page.getByTestId('play-hotseat').waitFor();
    await page.locator('#opt-rules summary').click();
    const era = page.getByTestId('rule-era');
    await era.waitFor();
    // Every option the server lists has a control, set to the default.
    const names = await page.locator('#opt-rules-grid [data-rule]').evaluateAll((xs) => xs.map((x) => x.dataset.rule));
    for (const n of ['era', 'combat_reflexes', 'energy_explosion', 'blades_locked', 'leadership_threshold', 'mind_control_tokens', 'hereditary_enemies']) {
      assert.ok(names.includes(n), `no control for ${n}: ${names}`);
    }
    assert.equal(await era.inputValue(), '"pac2008"');
    assert.match(await page.locator('#opt-rules').innerText(), /Powers card/);
    await era.selectOption('"pac2010"');
    await page.getByTestId('rule-combat_reflexes').selectOption('"ignore"');
    await page.getByTestId('rule-blades_locked').check();
    const hereditary = page.getByTestId('rule-hereditary_enemies');
    assert.equal(await hereditary.inputValue(), '"off"');
    assert.match(await hereditary.innerText(), /any two enemy rings/);
    await hereditary.selectOption('"any_ring"');
    await shot(page, 'rules-options-start');

    const created = page.waitForResponse((r) => r.url().endsWith('/api/games') && r.request().method() === 'POST');
    await page.getByTestId('play-hotseat').click();
    const res = await created;
    const sent = JSON.parse(res.request().postData());
    assert.deepEqual(sent.powers, { era: 'pac2010', combat_reflexes: 'ignore', blades_locked: true, hereditary_enemies: 'any_ring' }, 'only the options changed are sent');
    assert.ok(res.ok(), await res.text());
    await page.waitForURL(/#game=.+&token=/);
    await page.waitForFunction(() => !!document.getElementById('round-text')?.dataset.options, null, { timeout: 30_000 });
    const options = await page.locator('#round-text').getAttribute('data-options');
    assert.match(options, /era = "pac2010"/);
    assert.match(options, /combat_reflexes = "ignore"/);
    assert.match(options, /blades_locked = true/);
    assert.match(options, /hereditary_enemies = "any_ring"/);

    // In French the start screen names them with the rulebook's terms.
    await page.goto('about:blank');
    await page.goto(baseUrl());
    await page.getByTestId('play-hotseat').waitFor();
    await page.getByTestId('lang-toggle').click();
    await page.locator('#opt-rules summary').click();
    await page.waitForFunction(() => /Carte des pouvoirs/.test(document.getElementById('opt-rules').innerText), null, { timeout: 30_000 });
    assert.match(await page.locator('#opt-rules').innerText(), /Réflexes de combat/);
    assert.match(await page.locator('#opt-rules').innerText(), /Ennemis héréditaires/);
    await shot(page, 'rules-options-fr');
  } finally {
    await b.close();
  }
});

test('the team builder shows the hereditary-enemy rings of the bases', { timeout: 100_000 }, async () => {
  const b = await openBrowser({ name: 'rules-options-rings' });
  const { page } = b;
  try {
    await page.goto(`${baseUrl()}#builder`);
    await page.getByTestId('builder-add-sk001-1').waitFor();
    const ring = page.getByTestId('builder-ring-sk001');
    assert.equal(await ring.innerText(), 'enemy ring: red');
    assert.match(await ring.getAttribute('title'), /double/);
    await page.getByTestId('builder-ring-sk009').waitFor();
    assert.equal(await page.getByTestId('builder-ring-sk004').count(), 0, 'an ordinary base has no ring');
    assert.deepEqual(b.problems, [], 'no script errors on the page');
  } finally {
    await b.close();
  }
});

test('rules options: a bad option is refused by the server with its name', { timeout: 60_000 }, async () => {
  const res = await fetch(new URL('api/games', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruleset: 'heroclix', mode: 'hotseat', powers: { quake: true } }),
  });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.match(JSON.stringify(body), /quake/);
  assert.match(JSON.stringify(body), /quake_locked/);
});
