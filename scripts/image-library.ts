/**
 * Draws the bundled image library (src/ui/image-library.ts) into public/library/ as small SVG
 * files, the project's own work. Deterministic (a seeded random source), so a rerun rewrites the
 * same bytes; run `npx tsx scripts/image-library.ts` after changing a drawing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIBRARY_IMAGES } from '@/ui/image-library';
import { seededRandom as random } from './lib/seeded-random';

// Each drawing keeps its subject in the middle: a card's cover crops it to anything from a thin
// banner to a tall panel.
const W = 1200;
const H = 800;

const r1 = (n: number) => Math.round(n * 10) / 10;

function svg(body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" preserveAspectRatio="xMidYMid slice">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`;
}

function linear(id: string, stops: readonly string[], vertical = true): string {
  const [x2, y2] = vertical ? ['0', '1'] : ['1', '1'];
  const s = stops
    .map(
      (c, i) =>
        `<stop offset="${r1((i / Math.max(stops.length - 1, 1)) * 100)}%" stop-color="${c}"/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id: string, color: string, opacity = 0.85): string {
  return `<radialGradient id="${id}"><stop offset="0%" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/** A ridge line across the picture: `base` ± `amp`, `steps` points, closed down to the bottom. */
function ridge(rand: () => number, base: number, amp: number, steps: number, fill: string): string {
  const pts: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * W;
    const y = base - rand() * amp;
    pts.push(`${r1(x)},${r1(y)}`);
  }
  return `<path d="M0,${H} L${pts.join(' L')} L${W},${H} Z" fill="${fill}"/>`;
}

/** A smooth wave across the picture, closed down to the bottom. */
function wave(base: number, amp: number, length: number, phase: number, fill: string): string {
  let d = `M0,${H} L0,${r1(base + Math.sin(phase) * amp)}`;
  for (let x = 40; x <= W; x += 40) {
    d += ` L${x},${r1(base + Math.sin(phase + (x / length) * Math.PI * 2) * amp)}`;
  }
  return `<path d="${d} L${W},${H} Z" fill="${fill}"/>`;
}

const STOCK: Record<string, () => string> = {
  'mountain-dawn': () => {
    const rand = random(11);
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="780" cy="360" r="150" fill="url(#sun)"/><circle cx="780" cy="360" r="58" fill="#fff4d6"/>` +
        ridge(rand, 470, 200, 9, '#8f7fb3') +
        ridge(rand, 560, 150, 12, '#5f5690') +
        ridge(rand, 660, 90, 16, '#3a3566') +
        ridge(rand, 760, 50, 20, '#24213f'),
      linear('sky', ['#fbc2a4', '#f6d7b8', '#c7c6e8']) + radial('sun', '#fff1c9', 0.9),
    );
  },
  'city-dusk': () => {
    const rand = random(23);
    let towers = '';
    let lights = '';
    for (let x = -20; x < W;) {
      const w = 50 + Math.floor(rand() * 70);
      const h = 160 + Math.floor(rand() * 330);
      towers += `<rect x="${x}" y="${H - h}" width="${w}" height="${h}" fill="${rand() > 0.5 ? '#1d2240' : '#262b4f'}"/>`;
      for (let wy = H - h + 20; wy < H - 20; wy += 34) {
        for (let wx = x + 10; wx < x + w - 14; wx += 20) {
          if (rand() > 0.72)
            lights += `<rect x="${wx}" y="${wy}" width="8" height="12" fill="#ffd98a" opacity="0.85"/>`;
        }
      }
      x += w + 6;
    }
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="300" cy="300" r="220" fill="url(#glow)"/>${towers}${lights}`,
      linear('sky', ['#2b2d64', '#8a4f8f', '#f08a6a']) + radial('glow', '#ffc48a', 0.7),
    );
  },
  'ocean-horizon': () =>
    svg(
      `<rect width="${W}" height="460" fill="url(#sky)"/><rect y="460" width="${W}" height="340" fill="url(#sea)"/>` +
        `<circle cx="600" cy="200" r="180" fill="url(#sun)"/>` +
        [0, 1, 2, 3, 4, 5]
          .map(
            (i) =>
              `<path d="M${120 + i * 40},${500 + i * 48} h${960 - i * 80}" stroke="#ffffff" stroke-opacity="${r1(0.35 - i * 0.05)}" stroke-width="${4 - i * 0.4}" stroke-linecap="round" stroke-dasharray="${60 + i * 10} ${40 + i * 14}"/>`,
          )
          .join('') +
        `<ellipse cx="260" cy="170" rx="120" ry="28" fill="#fff" opacity="0.7"/><ellipse cx="330" cy="150" rx="80" ry="30" fill="#fff" opacity="0.75"/><ellipse cx="930" cy="240" rx="140" ry="24" fill="#fff" opacity="0.55"/>`,
      linear('sky', ['#6cc3f0', '#c9ecfb']) +
        linear('sea', ['#2a8fc2', '#0d4f7c']) +
        radial('sun', '#fffbe6', 0.95),
    ),
  'forest-hills': () => {
    const rand = random(37);
    let trees = '';
    for (let layer = 0; layer < 3; layer++) {
      const base = 470 + layer * 120;
      const size = 60 + layer * 30;
      const colour = ['#4f8a6b', '#2f6b4f', '#1b4a36'][layer] ?? '#1b4a36';
      for (let x = -20; x < W + 20; x += size * 0.55 + rand() * size * 0.5) {
        const h = size * (1.4 + rand() * 0.8);
        trees += `<path d="M${r1(x)},${r1(base - h)} L${r1(x + size / 2)},${base + 10} L${r1(x - size / 2)},${base + 10} Z" fill="${colour}"/>`;
      }
      trees += `<rect y="${base + 8}" width="${W}" height="${H - base}" fill="${colour}"/>`;
    }
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
        ridge(rand, 420, 120, 8, '#a9c9b4') +
        trees,
      linear('sky', ['#dff1e6', '#f4f1dc']),
    );
  },
  'desert-dunes': () =>
    svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="880" cy="230" r="90" fill="#fff3d1"/>` +
        wave(470, 40, 1500, 0.6, '#e8b27a') +
        wave(560, 50, 1100, 2.1, '#d9955c') +
        wave(660, 45, 1300, 4.0, '#c27a45') +
        wave(740, 30, 900, 1.2, '#a4613a'),
      linear('sky', ['#f7c98b', '#fbe7c6']),
    ),
  'night-sky': () => {
    const rand = random(53);
    let stars = '';
    for (let i = 0; i < 140; i++) {
      stars += `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * 520)}" r="${r1(0.8 + rand() * 1.8)}" fill="#fff" opacity="${r1(0.4 + rand() * 0.6)}"/>`;
    }
    return svg(
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${stars}<circle cx="900" cy="170" r="60" fill="#f4f1e1"/><circle cx="925" cy="155" r="56" fill="#1a2150"/>` +
        ridge(rand, 640, 120, 10, '#151a3a') +
        ridge(rand, 740, 80, 14, '#0c1028'),
      linear('sky', ['#0b1030', '#1a2a6c', '#3b3f8f']),
    );
  },
};

function aurora(colours: readonly [string, string, string, string]): () => string {
  return () =>
    svg(
      `<rect width="${W}" height="${H}" fill="${colours[0]}"/>` +
        `<circle cx="260" cy="220" r="480" fill="url(#a)"/><circle cx="980" cy="300" r="520" fill="url(#b)"/><circle cx="620" cy="760" r="460" fill="url(#c)"/>`,
      radial('a', colours[1]) + radial('b', colours[2]) + radial('c', colours[3]),
    );
}

function waves(colours: readonly string[]): () => string {
  return () =>
    svg(
      `<rect width="${W}" height="${H}" fill="${colours[0] ?? '#000'}"/>` +
        colours
          .slice(1)
          .map((c, i) => wave(200 + i * 130, 50 + i * 6, 900 + i * 170, i * 1.3, c))
          .join(''),
    );
}

function blocks(colours: readonly string[], seed: number): () => string {
  return () => {
    const rand = random(seed);
    const size = 200;
    let shapes = '';
    for (let y = 0; y < H; y += size) {
      for (let x = 0; x < W; x += size) {
        const fill = colours[1 + Math.floor(rand() * (colours.length - 1))] ?? '#000';
        const kind = Math.floor(rand() * 4);
        const cx = x + size / 2;
        const cy = y + size / 2;
        if (kind === 0)
          shapes += `<circle cx="${cx}" cy="${cy}" r="${size * 0.42}" fill="${fill}"/>`;
        else if (kind === 1)
          shapes += `<path d="M${x},${y} L${x + size},${y} L${x},${y + size} Z" fill="${fill}"/>`;
        else if (kind === 2)
          shapes += `<path d="M${x},${y + size} A${size},${size} 0 0 1 ${x + size},${y} L${x + size},${y + size} Z" fill="${fill}"/>`;
        else
          shapes += `<rect x="${x + size * 0.2}" y="${y + size * 0.2}" width="${size * 0.6}" height="${size * 0.6}" fill="${fill}"/>`;
      }
    }
    return svg(`<rect width="${W}" height="${H}" fill="${colours[0] ?? '#fff'}"/>${shapes}`);
  };
}

function rings(background: string, colour: string, cx: number, cy: number): () => string {
  return () => {
    let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
    for (let r = 60; r < 1100; r += 60) {
      body += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="${r1(Math.max(0.1, 0.45 - r / 3000))}" stroke-width="${r1(2 + r / 150)}"/>`;
    }
    return svg(body, linear('bg', [background, colour], false));
  };
}

function peaks(colours: readonly string[], seed: number): () => string {
  return () => {
    const rand = random(seed);
    const cols = 7;
    const rows = 5;
    const pts: [number, number][][] = [];
    for (let j = 0; j <= rows; j++) {
      const row: [number, number][] = [];
      for (let i = 0; i <= cols; i++) {
        const edgeX = i === 0 || i === cols;
        const edgeY = j === 0 || j === rows;
        row.push([
          (i / cols) * W + (edgeX ? 0 : (rand() - 0.5) * 110),
          (j / rows) * H + (edgeY ? 0 : (rand() - 0.5) * 110),
        ]);
      }
      pts.push(row);
    }
    let body = '';
    const at = (i: number, j: number) => pts[j]?.[i] ?? [0, 0];
    const tri = (a: [number, number], b: [number, number], c: [number, number]) => {
      const shade = colours[Math.floor(rand() * colours.length)] ?? '#000';
      body += `<path d="M${r1(a[0])},${r1(a[1])} L${r1(b[0])},${r1(b[1])} L${r1(c[0])},${r1(c[1])} Z" fill="${shade}" stroke="${shade}" stroke-width="1"/>`;
    };
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        tri(at(i, j), at(i + 1, j), at(i, j + 1));
        tri(at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
      }
    }
    return svg(body);
  };
}

const ABSTRACT: Record<string, () => string> = {
  'aurora-violet': aurora(['#1e1b4b', '#a855f7', '#ec4899', '#6366f1']),
  'aurora-teal': aurora(['#042f2e', '#14b8a6', '#22d3ee', '#84cc16']),
  'waves-ocean': waves(['#e0f2fe', '#7dd3fc', '#38bdf8', '#0284c7', '#075985']),
  'waves-sunset': waves(['#fff7ed', '#fdba74', '#fb923c', '#ea580c', '#9a3412']),
  'blocks-primary': blocks(['#f5f0e6', '#e63946', '#1d3557', '#f4a261', '#2a9d8f'], 7),
  'blocks-pastel': blocks(['#fdf6f0', '#f9c6c9', '#c3e4dd', '#f6e3a1', '#c9c6f2'], 19),
  'rings-indigo': rings('#312e81', '#818cf8', 900, 620),
  'rings-coral': rings('#7c2d12', '#fda4af', 260, 160),
  'peaks-slate': peaks(['#334155', '#475569', '#64748b', '#1e293b', '#3f4d63'], 29),
  'peaks-emerald': peaks(['#065f46', '#047857', '#10b981', '#064e3b', '#34d399'], 41),
  'stripes-citrus': () => {
    let body = `<rect width="${W}" height="${H}" fill="#fef9c3"/>`;
    const colours = ['#facc15', '#fb923c', '#f97316', '#a3e635', '#fde047'];
    for (let i = -10; i < 22; i++) {
      const c = colours[((i % colours.length) + colours.length) % colours.length] ?? '#000';
      body += `<path d="M${i * 90},0 l70,0 l-${H},${H} l-70,0 Z" fill="${c}" opacity="0.85"/>`;
    }
    return svg(body);
  },
  'dots-midnight': () => {
    let body = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
    for (let y = 24; y < H; y += 48) {
      for (let x = 24; x < W; x += 48) {
        const d = Math.hypot(x - 900, y - 250) / 1100;
        const r = r1(Math.max(1.2, 13 * (1 - d)));
        body += `<circle cx="${x}" cy="${y}" r="${r}" fill="#fde68a" opacity="${r1(0.25 + (1 - d) * 0.6)}"/>`;
      }
    }
    return svg(body, linear('bg', ['#0f172a', '#1e3a8a'], false));
  },
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
for (const image of LIBRARY_IMAGES) {
  const draw = (image.kind === 'stock' ? STOCK : ABSTRACT)[image.id];
  if (draw === undefined) throw new Error(`No drawing for ${image.kind}/${image.id}`);
  const file = join(root, image.path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, draw());
}
console.log(`Drew ${LIBRARY_IMAGES.length} images into public/library/`);
