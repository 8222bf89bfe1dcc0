// @vitest-environment jsdom
/**
 * Sharing from the builder (src/features/builder/components/share-link-section.tsx): the QR code
 * of the card's tracked link on screen and as files in the card's colours, Copy link with its
 * confirmation beside the button, and the phone's share sheet or text and e-mail links. The whole
 * builder route is rendered for the Share and Handle tabs; the section alone for the colour cases.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardColors } from '@/domain/colors';
import { ShareLinkSection } from '@/features/builder/components/share-link-section';
import { renderBuilder } from './builder-harness';

const TRACKED = 'https://cards.test/ada-lovelace?via=1';

let writeText: ReturnType<typeof vi.fn>;
/** A clipboard that records what is written (after userEvent.setup, which installs its own). */
function stubClipboard() {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}
beforeEach(() => {
  writeText = vi.fn(() => Promise.resolve());
});

/** A downloaded file's text (jsdom's Blob has no text()). */
function blobText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('nothing downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
});

/** Captures what `downloadBlob` saves, by file name. */
function captureDownloads(): Map<string, Blob> {
  const saved = new Map<string, Blob>();
  let last: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    last = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last && this.download) saved.set(this.download, last);
  });
  return saved;
}

async function openShareTab() {
  const user = userEvent.setup();
  renderBuilder();
  await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
  await user.click(screen.getByRole('tab', { name: 'Share' }));
  stubClipboard();
  return user;
}

describe('sharing the card from the builder', { timeout: 20_000 }, () => {
  it('shows a large QR code of the tracked link, loaded when the Share tab opens', async () => {
    await openShareTab();
    const section = screen.getByRole('heading', { name: 'Share your card' }).closest('section');
    expect(section).not.toBeNull();
    expect(within(section as HTMLElement).getByLabelText('Card link')).toHaveValue(TRACKED);
    const qr = await screen.findByRole('img', { name: "QR code of your card's link" });
    const svg = decodeURIComponent(
      qr.getAttribute('src')?.replace('data:image/svg+xml,', '') ?? '',
    );
    expect(svg).toBe(
      await QRCode.toString(TRACKED, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 4,
        width: 1024,
        // Ada's yellow accent is too light on white for a scanner: her text colour draws it.
        color: { dark: '#111827', light: '#ffffff' },
      }),
    );
  });

  it('copies the link and says so beside the button, for screen readers too, then clears', async () => {
    const user = await openShareTab();
    const group = screen.getByRole('group', { name: 'Share the link' });
    await user.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(TRACKED);
    const status = within(group).getByRole('status');
    expect(status).toHaveTextContent('Link copied');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent(''), { timeout: 4000 });
  });

  it('says how to copy by hand when the browser refuses the clipboard', async () => {
    writeText.mockRejectedValue(new Error('NotAllowedError'));
    document.execCommand = vi.fn(() => false);
    const user = await openShareTab();
    const group = screen.getByRole('group', { name: 'Share the link' });
    await user.click(within(group).getByRole('button', { name: 'Copy link' }));
    expect(await within(group).findByRole('status')).toHaveTextContent(
      'Could not copy: select the link and copy it.',
    );
  });

  it('offers text message and e-mail links where the browser has no share sheet', async () => {
    await openShareTab();
    const body = encodeURIComponent(`Here is my digital business card: ${TRACKED}`);
    expect(screen.getByRole('link', { name: 'Text message' })).toHaveAttribute(
      'href',
      `sms:?&body=${body}`,
    );
    expect(screen.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent('Ada Lovelace: digital business card')}&body=${body}`,
    );
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('opens the phone’s share sheet with the link where the browser has one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = await openShareTab();
    await user.click(screen.getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Ada Lovelace: digital business card',
      text: `Here is my digital business card: ${TRACKED}`,
      url: TRACKED,
    });
    expect(screen.queryByRole('link', { name: 'Text message' })).toBeNull();
  });

  it('downloads the QR code as an SVG in the card colours and says so beside the buttons', async () => {
    const saved = captureDownloads();
    const user = await openShareTab();
    const group = screen.getByRole('group', { name: 'Download the QR code' });
    await user.click(within(group).getByRole('button', { name: 'Download SVG' }));
    await waitFor(() => expect(saved.has('ada-lovelace-qr-code.svg')).toBe(true));
    const svg = await blobText(saved.get('ada-lovelace-qr-code.svg'));
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#111827"');
    // A quiet zone of four modules: the first dark run starts at 4.
    expect(svg).toMatch(/d="M4 4\.5h7/);
    expect(within(group).getByRole('status')).toHaveTextContent('QR code downloaded (SVG)');
  });

  it('offers the saved address to copy on the Handle tab, and not an unsaved one', async () => {
    const user = await openShareTab();
    await user.click(screen.getByRole('tab', { name: 'Handle' }));
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith('https://cards.test/ada-lovelace');
    expect(screen.getByText('Link copied')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Your handle'));
    await user.type(screen.getByLabelText('Your handle'), 'countess');
    expect(screen.queryByRole('button', { name: 'Copy address' })).toBeNull();
    expect(screen.getByText(/Save the card to use this address/)).toBeInTheDocument();
  });
});

describe('the QR code colours', () => {
  it('falls back to dark on light, and says why, when the card colours are too close', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    stubClipboard();
    render(
      <ShareLinkSection
        url={TRACKED}
        colors={cardColors({
          accentColor: '#9ca3af',
          backgroundColor: '#6b7280',
          textColor: '#808080',
        })}
        name="Ada"
        fileStem=""
      />,
    );
    expect(screen.getByText(/too close for phone cameras/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    await waitFor(() => expect(saved.has('card-qr-code.svg')).toBe(true));
    const svg = await blobText(saved.get('card-qr-code.svg'));
    expect(svg).toContain('stroke="#000000"');
    expect(svg).toContain('fill="#ffffff"');
  });

  it('offers nothing to share before the card is saved', () => {
    render(<ShareLinkSection url={null} colors={cardColors({})} name="" fileStem="" />);
    expect(screen.getByText('Save the card first: sharing needs its link.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
  });
});
