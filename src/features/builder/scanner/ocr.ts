/**
 * Reading the text of a photo in the browser with tesseract.js. The worker, the WebAssembly engine
 * and the English data are served by the app's own origin (copied into the build by
 * `scripts/lib/ocr-assets.ts`), never a CDN. tesseract.js is imported on first use, so only a
 * person who opens the scanner downloads it (about 15 MB the first time, then cached).
 */
import type { Worker } from 'tesseract.js';

export interface OcrProgress {
  /** What the engine does now, in its words ("loading language traineddata", "recognizing text"). */
  readonly status: string;
  /** 0 to 1 within that step. */
  readonly progress: number;
}

/** The longest side a photo is read at: a phone's 12-megapixel photo takes far longer, no better. */
export const OCR_MAX_SIDE = 2000;

function assetBase(): string {
  const configured = (import.meta.env.VITE_OCR_ASSETS as string | undefined) ?? '/assets/ocr/';
  return new URL(configured, window.location.href).href;
}

export interface CardReader {
  read(image: HTMLCanvasElement): Promise<string>;
  close(): Promise<void>;
}

/** Starts the OCR worker (loads the engine and the English data); `onProgress` hears each step. */
export async function startCardReader(
  onProgress: (progress: OcrProgress) => void,
): Promise<CardReader> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const base = assetBase();
  const worker: Worker = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    corePath: `${base}core/`,
    langPath: `${base}lang`,
    gzip: true,
    workerBlobURL: false,
    logger: (message: { status: string; progress: number }) =>
      onProgress({ status: message.status, progress: message.progress }),
  });
  // A card is blocks of text of several sizes: the default (one uniform block) drops whole lines,
  // such as a name in large capitals (the accuracy test's centred card).
  await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
  return {
    async read(image) {
      const result = await worker.recognize(image);
      return result.data.text;
    },
    async close() {
      await worker.terminate();
    },
  };
}

/**
 * The photo drawn at most `OCR_MAX_SIDE` on its longest side (turned as its EXIF says), on white:
 * a transparent PNG would otherwise read as black.
 */
export async function photoForOcr(file: Blob): Promise<HTMLCanvasElement> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, OCR_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the photo.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}
