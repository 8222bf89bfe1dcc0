/**
 * The QR code of a card's tracked link as an inline SVG, made on the server with `qrcode` (so the
 * page needs no script for it and it shows with JavaScript off). One path of horizontal runs keeps
 * the markup small; results are memoised because the same card is rendered again and again.
 */
import QRCode from 'qrcode';

const cache = new Map<string, string>();
const CACHE_MAX = 500;

/** An SVG (square, black on white, 4-module quiet zone) that encodes `text`. */
export function qrSvg(text: string, label: string): string {
  const key = `${label}\n${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;

  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const quiet = 4;
  let d = '';
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (modules.get(row, col) === 0) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && modules.get(row, col) !== 0) col += 1;
      d += `M${start + quiet} ${row + quiet}h${col - start}v1h${start - col}z`;
    }
  }
  const box = size + quiet * 2;
  const safeLabel = label.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" role="img" ` +
    `aria-label="${safeLabel}" shape-rendering="crispEdges">` +
    `<rect width="${box}" height="${box}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;

  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  }
  cache.set(key, svg);
  return svg;
}
