// Dice faces as SVG: shared by the shell's dice panel and log and by the ruleset modules.

function esc(s) {
  return String(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Dice faces as SVG, pips drawn as on a d6. */
export function dieSvg(n, size = 30, opts = {}) {
  const pips = {
    1: [[2, 2]],
    2: [[1, 1], [3, 3]],
    3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
  }[n];
  const fill = opts.fill || '#fff';
  const pip = opts.pip || '#111';
  const body = pips
    ? pips.map(([a, b]) => `<circle cx="${a * 6}" cy="${b * 6}" r="2.1" fill="${pip}"/>`).join('')
    : `<text x="12" y="16" text-anchor="middle" font-size="11" fill="${pip}">${esc(n)}</text>`;
  return `<svg class="die" width="${size}" height="${size}" viewBox="0 0 24 24" role="img" aria-label="${esc(n)}"><rect x="1" y="1" width="22" height="22" rx="4" fill="${fill}" stroke="#333" stroke-width="1.4"/>${body}</svg>`;
}
