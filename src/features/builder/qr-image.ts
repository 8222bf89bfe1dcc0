/**
 * The card's QR code as the owner downloads it: an SVG (for print, any size) and a PNG, in the
 * colours `qrColors` picks, with a quiet zone of four modules around the code (the margin the QR
 * standard asks for, without which scanners miss the code on a busy background). The `qrcode`
 * package is loaded when first needed, so the builder's first screen does not carry it.
 */
import type { QrColors } from '@/domain/qr-colors';

/** The blank margin around the code, in modules (the QR standard's minimum). */
export const QR_QUIET_ZONE = 4;
/** The side of the downloaded PNG, and the nominal size of the SVG, in pixels. */
export const QR_FILE_SIZE = 1024;

/** The two colours of the code: the modules and their ground. */
export type QrInk = Pick<QrColors, 'dark' | 'light'>;

function options(colors: QrInk) {
  return {
    errorCorrectionLevel: 'M' as const,
    margin: QR_QUIET_ZONE,
    width: QR_FILE_SIZE,
    color: { dark: colors.dark, light: colors.light },
  };
}

async function loadQrCode() {
  return (await import('qrcode')).default;
}

/** The QR code of `url` as an SVG document. */
export async function qrSvg(url: string, colors: QrInk): Promise<string> {
  const QRCode = await loadQrCode();
  return QRCode.toString(url, { ...options(colors), type: 'svg' });
}

/** The QR code of `url` as a PNG file. */
export async function qrPng(url: string, colors: QrInk): Promise<Blob> {
  const QRCode = await loadQrCode();
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, url, options(colors));
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))),
      'image/png',
    ),
  );
}
