// The setter's page's drawing of a board (board.js) as SVG: 100 units a cell, scaled
// to the screen by its viewBox. Each rule element is one group with `data-rule` (its
// key in the document), so a test can count them.

const NS = 'http://www.w3.org/2000/svg';
const S = 100;

/** Line styles: colour, width (in units) and opacity, after f-puzzles and SudokuPad. */
const LINE_STYLES = {
  thermo: ['#b8b8b8', 22, 1],
  slow_thermo: ['#b8b8b8', 22, 1],
  whisper: ['#4caf50', 12, 1],
  renban: ['#c060d0', 14, 0.8],
  palindrome: ['#9e9e9e', 14, 1],
  between: ['#7fa7d6', 10, 1],
  entropic: ['#f0a030', 12, 1],
  modular: ['#2aa198', 12, 1],
  zipper: ['#b39ddb', 12, 1],
  lockout: ['#66a060', 10, 1],
  region_sum: ['#3f7fd0', 10, 1],
  parity: ['#d05050', 10, 1],
  double_arrow: ['#8a8a8a', 8, 1],
  nabner: ['#e0b000', 12, 0.8],
};
const DEFAULT_LINE = ['#888888', 10, 1];

function el(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A digit as the page shows it: 1-9, then 10-25 (the solver's A-P). */
export function digitText(ch) {
  return String(parseInt(ch, 36));
}

/**
 * The board as an SVG element. `overlay` (optional) adds, per cell, `values` (an N×N
 * line of placed digits, `.` for none) or `candidates` (N strings of digits in the
 * solver's alphabet) with `fixed` marking cells with one candidate.
 */
export function drawBoard(board, overlay = {}) {
  const n = board.size;
  const outside = board.elements.some((e) => e.type === 'outside');
  const m = outside ? S : 6; // margin
  const svg = el('svg', {
    viewBox: `${-m} ${-m} ${n * S + 2 * m} ${n * S + 2 * m}`,
    role: 'img',
    'aria-label': `${n}×${n} puzzle`,
    class: 'board',
    'data-size': n,
  });
  const at = (i) => [(i % n) * S + S / 2, Math.floor(i / n) * S + S / 2];
  const layer = (name) => svg.appendChild(el('g', { class: name }));
  const under = layer('under');
  const grid = layer('grid-lines');
  const marks = layer('marks');
  const borders = layer('borders');
  const top = layer('top');
  const digits = layer('digits');

  under.append(el('rect', { x: 0, y: 0, width: n * S, height: n * S, fill: '#fff' }));
  // Thin cell lines, thick lines between regions (boxes or jigsaw pieces).
  let thin = '';
  for (let k = 1; k < n; k++) thin += `M${k * S} 0V${n * S}M0 ${k * S}H${n * S}`;
  grid.append(el('path', { d: thin, stroke: '#9aa4ae', 'stroke-width': 2, fill: 'none' }));
  let thick = '';
  const region = board.regions;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      if (c + 1 < n && region[i] !== region[i + 1]) thick += `M${(c + 1) * S} ${r * S}V${(r + 1) * S}`;
      if (r + 1 < n && region[i] !== region[i + n]) thick += `M${c * S} ${(r + 1) * S}H${(c + 1) * S}`;
    }
  }
  borders.append(el('path', { d: thick, stroke: '#1d232a', 'stroke-width': 6, fill: 'none', 'stroke-linecap': 'square' }));
  borders.append(el('rect', { x: 0, y: 0, width: n * S, height: n * S, fill: 'none', stroke: '#1d232a', 'stroke-width': 8 }));

  for (const e of board.elements) {
    const g = el('g', { 'data-rule': e.rule, class: `rule ${e.type}` });
    if (e.type === 'region') {
      for (const i of e.cells) {
        const [x, y] = at(i);
        g.append(el('rect', { x: x - S / 2, y: y - S / 2, width: S, height: S, fill: '#cfd8e3', opacity: 0.6 }));
      }
      under.append(g);
    } else if (e.type === 'parity') {
      for (const i of e.cells) {
        const [x, y] = at(i);
        g.append(e.parity === 'odd'
          ? el('circle', { cx: x, cy: y, r: S * 0.4, fill: '#d0d0d0' })
          : el('rect', { x: x - S * 0.4, y: y - S * 0.4, width: S * 0.8, height: S * 0.8, fill: '#d0d0d0' }));
      }
      under.append(g);
    } else if (e.type === 'diagonal') {
      g.append(polyline(e.cells.map(at), '#5b8fd0', 4, 0.8));
      marks.append(g);
    } else if (e.type === 'line') {
      const [colour, width, opacity] = LINE_STYLES[e.style] ?? DEFAULT_LINE;
      for (const line of e.lines) {
        const points = line.map(at);
        g.append(polyline(points, colour, width, opacity));
        if (e.style === 'thermo' || e.style === 'slow_thermo') {
          g.append(el('circle', { cx: points[0][0], cy: points[0][1], r: S * 0.36, fill: colour }));
        }
        if (e.style === 'between' || e.style === 'double_arrow') {
          for (const [x, y] of [points[0], points[points.length - 1]]) {
            g.append(el('circle', { cx: x, cy: y, r: S * 0.38, fill: '#fff', stroke: colour, 'stroke-width': 5 }));
          }
        }
        if (e.style === 'lockout') {
          for (const [x, y] of [points[0], points[points.length - 1]]) {
            const d = S * 0.4;
            g.append(el('path', { d: `M${x} ${y - d}L${x + d} ${y}L${x} ${y + d}L${x - d} ${y}Z`, fill: '#fff', stroke: colour, 'stroke-width': 5 }));
          }
        }
      }
      marks.append(g);
    } else if (e.type === 'arrow') {
      for (const line of e.lines) {
        const points = line.map(at);
        g.append(polyline(points, '#8a8a8a', 5, 1));
        const [x1, y1] = points[points.length - 1];
        const [x0, y0] = points[points.length - 2] ?? [x1 - 1, y1];
        const a = Math.atan2(y1 - y0, x1 - x0);
        const head = S * 0.22;
        const p = (t) => `${x1 - head * Math.cos(a + t)} ${y1 - head * Math.sin(a + t)}`;
        g.append(el('path', { d: `M${p(0.6)}L${x1} ${y1}L${p(-0.6)}`, stroke: '#8a8a8a', 'stroke-width': 5, fill: 'none', 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }));
      }
      for (const i of e.bulb) {
        const [x, y] = at(i);
        g.append(el('circle', { cx: x, cy: y, r: S * 0.4, fill: '#fff', stroke: '#8a8a8a', 'stroke-width': 5 }));
      }
      marks.append(g);
    } else if (e.type === 'cage') {
      g.append(el('path', { d: cagePath(e.cells, n), fill: 'none', stroke: '#1d232a', 'stroke-width': 2.5, 'stroke-dasharray': '7 5' }));
      if (String(e.label) !== '') {
        const first = Math.min(...e.cells);
        const [x, y] = at(first);
        const text = String(e.label);
        g.append(el('rect', { x: x - S / 2 + 4, y: y - S / 2 + 4, width: 13 * text.length + 6, height: 24, fill: '#fff' }));
        g.append(el('text', { x: x - S / 2 + 7, y: y - S / 2 + 24, class: 'cage-sum' }, text));
      }
      top.append(g);
    } else if (e.type === 'dot' || e.type === 'letter') {
      const [[xa, ya], [xb, yb]] = e.cells.map(at);
      const [x, y] = [(xa + xb) / 2, (ya + yb) / 2];
      if (e.type === 'dot') {
        g.append(el('circle', { cx: x, cy: y, r: S * 0.13, fill: e.colour === 'black' ? '#1d232a' : '#fff', stroke: '#1d232a', 'stroke-width': 3 }));
        if (e.label) g.append(el('text', { x, y: y + 7, class: `dot-label ${e.colour}` }, e.label));
      } else {
        g.append(el('text', { x, y: y + 11, class: 'edge-letter' }, e.text));
      }
      top.append(g);
    } else if (e.type === 'quad') {
      // A quadruple: a circle on the corner the four cells share, its digits inside.
      const [x, y] = at(e.cells[0]).map((v) => v + S / 2);
      g.append(el('circle', { cx: x, cy: y, r: S * 0.3, fill: '#fff', stroke: '#1d232a', 'stroke-width': 2.5 }));
      g.append(el('text', { x, y: y + 6, class: 'quad-digits', 'font-size': e.text.length > 2 ? 15 : 20 }, e.text));
      top.append(g);
    } else if (e.type === 'pair') {
      // Two cells apart tied by a relation: a dashed link, its label halfway.
      const [[xa, ya], [xb, yb]] = e.cells.map(at);
      g.append(el('path', { d: `M${xa} ${ya}L${xb} ${yb}`, stroke: '#7a5ab8', 'stroke-width': 3, 'stroke-dasharray': '8 6', fill: 'none' }));
      g.append(el('text', { x: (xa + xb) / 2, y: (ya + yb) / 2 + 11, class: 'edge-letter' }, e.text));
      top.append(g);
    } else if (e.type === 'tag') {
      // A cell's mark (low, high, listed or excluded digits) at its top, its given
      // candidates at its foot.
      for (const i of e.cells) {
        const [x, y] = at(i);
        g.append(el('text', { x: x - S / 2 + 6, y: e.corner === 'bottom' ? y + S / 2 - 7 : y - S / 2 + 19, class: 'cell-tag' }, e.text));
      }
      top.append(g);
    } else if (e.type === 'outside') {
      const [r, c] = e.at;
      g.append(el('text', { x: c * S + S / 2, y: r * S + S / 2 + 14, class: 'outside-clue' }, e.text));
      top.append(g);
    }
  }

  const { values, candidates } = overlay;
  for (let i = 0; i < n * n; i++) {
    const [x, y] = at(i);
    if (board.givens[i]) {
      digits.append(el('text', { x, y: y + 20, class: 'given' }, String(board.givens[i])));
      continue;
    }
    if (values && values[i] !== '.') {
      digits.append(el('text', { x, y: y + 20, class: 'placed' }, digitText(values[i])));
    } else if (candidates) {
      const digitsOf = [...candidates[i]];
      const g = el('g', { class: 'cands', 'data-cell': i, 'data-candidates': candidates[i] });
      if (digitsOf.length === 1) {
        g.append(el('text', { x, y: y + 20, class: 'fixed' }, digitText(digitsOf[0])));
      } else if (digitsOf.length === 0) {
        g.append(el('rect', { x: x - S / 2, y: y - S / 2, width: S, height: S, fill: '#fadbd8', opacity: 0.8 }));
      } else {
        const cols = Math.ceil(Math.sqrt(n));
        const step = (S - 12) / cols;
        for (const ch of digitsOf) {
          const d = parseInt(ch, 36) - 1;
          const cx = x - S / 2 + 6 + step * ((d % cols) + 0.5);
          const cy = y - S / 2 + 6 + step * (Math.floor(d / cols) + 0.5);
          g.append(el('text', { x: cx, y: cy + step * 0.3, class: 'cand', 'font-size': step * 0.8 }, String(d + 1)));
        }
      }
      digits.append(g);
    }
  }
  return svg;
}

function polyline(points, colour, width, opacity) {
  return el('polyline', {
    points: points.map(([x, y]) => `${x},${y}`).join(' '),
    fill: 'none',
    stroke: colour,
    'stroke-width': width,
    'stroke-opacity': opacity,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
}

/** A killer cage's outline, inset in its cells: a segment along every side of a cell
 * whose neighbour is outside the cage, meeting its neighbours' at the corners. */
function cagePath(cells, n) {
  const inside = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inside.has(r * n + c);
  const d = 9;
  let path = '';
  for (const i of cells) {
    const [r, c] = [Math.floor(i / n), i % n];
    const [x0, y0, x1, y1] = [c * S, r * S, (c + 1) * S, (r + 1) * S];
    // Where a side starts and ends: inset at an outer corner, at the cell's corner
    // when the side goes on in the next cell, past it at an inner corner.
    const end = (along, diagonal) => (along ? (diagonal ? -d : 0) : d);
    if (!has(r - 1, c)) path += `M${x0 + end(has(r, c - 1), has(r - 1, c - 1))} ${y0 + d}H${x1 - end(has(r, c + 1), has(r - 1, c + 1))}`;
    if (!has(r + 1, c)) path += `M${x0 + end(has(r, c - 1), has(r + 1, c - 1))} ${y1 - d}H${x1 - end(has(r, c + 1), has(r + 1, c + 1))}`;
    if (!has(r, c - 1)) path += `M${x0 + d} ${y0 + end(has(r - 1, c), has(r - 1, c - 1))}V${y1 - end(has(r + 1, c), has(r + 1, c - 1))}`;
    if (!has(r, c + 1)) path += `M${x1 - d} ${y0 + end(has(r - 1, c), has(r - 1, c + 1))}V${y1 - end(has(r + 1, c), has(r + 1, c + 1))}`;
  }
  return path;
}
