/**
 * Video-call background from the Share tab: a 1920×1080 PNG with the card's colours, logo, name,
 * title, company and the QR code of its tracked link, in two layouts. Drawn in the browser with
 * canvas, not on the server: the browser has the card's fonts, the Functions image needs no native
 * image library, and the picture stays on the owner's machine until they upload it.
 */
import type QRCode from 'qrcode';
import { useState } from 'react';
import { accessibleTextColor, cardColors } from '@/domain/colors';
import type { CardTemplate } from '@/domain/model';
import { downloadBlob } from '@/ui/download';
import { Section } from './fields';

export const BACKGROUND_WIDTH = 1920;
export const BACKGROUND_HEIGHT = 1080;

export type BackgroundLayout = 'side' | 'lower';

export interface BackgroundInput {
  name: string;
  title: string;
  company: string;
  template: CardTemplate | undefined;
  /** The card's tracked link, encoded in the QR code. */
  url: string;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    // A logo whose host refuses cross-origin reads would taint the canvas: it fails to load and is
    // left out, so the PNG can still be exported.
    image.crossOrigin = 'anonymous';
    const timer = setTimeout(() => resolve(null), 4000);
    image.onload = () => {
      clearTimeout(timer);
      resolve(image);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
    image.src = src;
  });
}

/** Writes text shrunk until it fits `maxWidth` (long names stay on one line). */
function fitText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  maxWidth: number,
  size: number,
  weight: number,
) {
  let px = size;
  ctx.font = `${weight} ${px}px ${FONT}`;
  while (px > 18 && ctx.measureText(text).width > maxWidth) {
    px -= 2;
    ctx.font = `${weight} ${px}px ${FONT}`;
  }
  ctx.fillText(text, x, y);
}

type QrModules = ReturnType<typeof QRCode.create>['modules'];

/** Draws the QR code (dark on white, with its quiet zone) as a square at x, y. */
function drawQr(
  ctx: CanvasRenderingContext2D,
  modules: QrModules,
  x: number,
  y: number,
  size: number,
) {
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const cell = size / cells;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col) !== 0) {
        ctx.fillRect(
          Math.floor(x + (col + quiet) * cell),
          Math.floor(y + (row + quiet) * cell),
          Math.ceil(cell),
          Math.ceil(cell),
        );
      }
    }
  }
}

/** Paints the background on a 1920×1080 canvas. */
export async function drawVirtualBackground(
  ctx: CanvasRenderingContext2D,
  input: BackgroundInput,
  layout: BackgroundLayout,
): Promise<void> {
  // Loaded only when a background is made: the builder's first screen does not need it.
  const { modules } = (await import('qrcode')).default.create(input.url, {
    errorCorrectionLevel: 'M',
  });
  const { accent, background } = cardColors(input.template ?? {});
  const onAccent = accessibleTextColor(accent);
  const W = BACKGROUND_WIDTH;
  const H = BACKGROUND_HEIGHT;
  const gradient = ctx.createLinearGradient(0, 0, W, H);
  gradient.addColorStop(0, accent);
  gradient.addColorStop(1, background);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, W, H);

  const logoSrc = input.template?.photoLogo;
  const logo = logoSrc ? await loadImage(logoSrc) : null;
  const role = [input.title.trim(), input.company.trim()].filter(Boolean).join(' · ');
  ctx.textBaseline = 'alphabetic';

  if (layout === 'side') {
    // A panel on the right third; the person sits in the free left and middle.
    const x = 1280;
    ctx.fillStyle = 'rgba(255,255,255,0.94)';
    ctx.fillRect(x, 0, W - x, H);
    ctx.fillStyle = accent;
    ctx.fillRect(x, 0, 12, H);
    const left = x + 80;
    const width = W - left - 80;
    let y = 140;
    if (logo) {
      const h = Math.min(120, (logo.height / logo.width) * width);
      ctx.drawImage(logo, left, y, (logo.width / logo.height) * h, h);
      y += h + 80;
    } else y += 60;
    ctx.fillStyle = '#0f172a';
    fitText(ctx, input.name.trim() || 'Your name', left, y + 60, width, 64, 750);
    ctx.fillStyle = '#334155';
    if (role !== '') fitText(ctx, role, left, y + 130, width, 36, 500);
    const qr = 300;
    drawQr(ctx, modules, left, H - qr - 170, qr);
    ctx.fillStyle = '#334155';
    fitText(ctx, 'Scan for my card', left, H - 110, width, 30, 600);
  } else {
    // A band along the bottom: name and role on the left, the QR code on the right.
    const band = 300;
    const top = H - band;
    ctx.fillStyle = accent;
    ctx.fillRect(0, top, W, band);
    ctx.fillStyle = onAccent;
    let left = 96;
    if (logo) {
      const h = 140;
      const w = Math.min(360, (logo.width / logo.height) * h);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(left - 16, top + 80 - 16, w + 32, h + 32);
      ctx.drawImage(logo, left, top + 80, w, h);
      left += w + 80;
      ctx.fillStyle = onAccent;
    }
    const qr = 240;
    const width = W - left - qr - 200;
    fitText(ctx, input.name.trim() || 'Your name', left, top + 140, width, 72, 750);
    if (role !== '') fitText(ctx, role, left, top + 210, width, 40, 500);
    drawQr(ctx, modules, W - qr - 96, top + (band - qr) / 2, qr);
  }
}

/** The PNG of a background. */
export async function virtualBackgroundPng(
  input: BackgroundInput,
  layout: BackgroundLayout,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = BACKGROUND_WIDTH;
  canvas.height = BACKGROUND_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('This browser cannot draw pictures (no canvas).');
  await drawVirtualBackground(ctx, input, layout);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))),
      'image/png',
    ),
  );
}

const LAYOUTS: readonly { layout: BackgroundLayout; label: string; hint: string }[] = [
  { layout: 'side', label: 'Side panel', hint: 'Your details on the right, you in the middle.' },
  { layout: 'lower', label: 'Lower third', hint: 'Your details along the bottom.' },
];

export function VirtualBackgroundSection(props: {
  input: Omit<BackgroundInput, 'url'>;
  /** The tracked link; null while the card is not saved yet. */
  url: string | null;
  fileStem: string;
}) {
  const [busy, setBusy] = useState<BackgroundLayout | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { url } = props;

  async function download(layout: BackgroundLayout) {
    if (url === null) return;
    setBusy(layout);
    setError(null);
    try {
      const png = await virtualBackgroundPng({ ...props.input, url }, layout);
      downloadBlob(png, `${props.fileStem || 'card'}-background-${layout}.png`);
    } catch (err) {
      setError((err as { message?: string }).message ?? 'The picture could not be made.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section
      title="Video-call background"
      description="A 1920×1080 picture with your name, title and the QR code of your card, for Zoom, Teams or Meet."
    >
      {url === null ? (
        <p className="field__hint">Save the card first: the QR code needs its link.</p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="virtual-bg__layouts">
        {LAYOUTS.map((item) => (
          <button
            key={item.layout}
            type="button"
            className="button button--secondary"
            disabled={url === null || busy !== null}
            onClick={() => void download(item.layout)}
            title={item.hint}
          >
            {busy === item.layout ? 'Making…' : `Download “${item.label}”`}
          </button>
        ))}
      </div>
    </Section>
  );
}
