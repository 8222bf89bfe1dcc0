// @vitest-environment jsdom
/**
 * The video-call background from the Share tab, drawn on a recording stand-in for the canvas
 * (jsdom has no canvas): 1920×1080, the card's name, title and company written, the QR code drawn,
 * a PNG downloaded per layout; an unsaved card offers no download (its QR would have no link).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  drawVirtualBackground,
  VirtualBackgroundSection,
} from '@/features/builder/components/virtual-background';

interface Recorded {
  texts: string[];
  rects: number;
}

function fakeContext(recorded: Recorded): CanvasRenderingContext2D {
  const ctx = {
    font: '',
    fillStyle: '',
    textBaseline: '',
    createLinearGradient: () => ({ addColorStop: () => {} }),
    fillRect: () => {
      recorded.rects += 1;
    },
    fillText: (text: string) => recorded.texts.push(text),
    measureText: (text: string) => ({ width: text.length * 20 }),
    drawImage: () => {},
  };
  return ctx as unknown as CanvasRenderingContext2D;
}

afterEach(() => vi.restoreAllMocks());

const input = {
  name: 'Ada Lovelace',
  title: 'Head of Sales',
  company: 'Acme Co',
  template: { accentColor: '#4f46e5' },
  url: 'https://cards.example/ada?via=1',
};

describe('virtual background', () => {
  it('writes the name, title and company and draws the QR code, in both layouts', async () => {
    for (const layout of ['side', 'lower'] as const) {
      const recorded: Recorded = { texts: [], rects: 0 };
      await drawVirtualBackground(fakeContext(recorded), input, layout);
      expect(recorded.texts).toContain('Ada Lovelace');
      expect(recorded.texts).toContain('Head of Sales · Acme Co');
      // The QR code is hundreds of dark modules.
      expect(recorded.rects).toBeGreaterThan(200);
    }
  });

  it('downloads a 1920×1080 PNG per layout', async () => {
    const sizes: [number, number][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      sizes.push([this.width, this.height]);
      return fakeContext({ texts: [], rects: 0 }) as never;
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(new Blob(['png'], { type: 'image/png' })),
    );
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    render(<VirtualBackgroundSection input={input} url={input.url} fileStem="ada-lovelace" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download “Side panel”' }));
    await user.click(screen.getByRole('button', { name: 'Download “Lower third”' }));
    await waitFor(() =>
      expect(names).toEqual([
        'ada-lovelace-background-side.png',
        'ada-lovelace-background-lower.png',
      ]),
    );
    expect(sizes).toEqual([
      [1920, 1080],
      [1920, 1080],
    ]);
  });

  it('offers no download before the card is saved', () => {
    render(<VirtualBackgroundSection input={input} url={null} fileStem="" />);
    expect(
      screen.getByText('Save the card first: the QR code needs its link.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download “Side panel”' })).toBeDisabled();
  });
});
