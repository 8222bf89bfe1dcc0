/**
 * Reads the paper cards of `./paper-cards.ts` as the scanner does, but in Node: each card drawn to
 * a PNG by headless Chromium, its text read by tesseract.js with the English data of
 * `@tesseract.js-data/eng` (from node_modules: nothing is downloaded; tesseract's cache goes to a
 * temporary folder), and its fields found by `findCardFields`. The accuracy test checks the result
 * and `npm run bench` reports it with the time each card took.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { createWorker, OEM, PSM } from 'tesseract.js';
import { findCardFields, type ScannedCardFields } from '@/domain/card-scan';
import { chromiumArgs, findChromium } from './chromium';
import { ocrNodePaths } from './ocr-assets';
import { PAPER_CARDS, renderPaperCard, type PaperCard } from './paper-cards';

const root = resolve(import.meta.dirname, '..', '..');

export interface CardScanResult {
  readonly card: PaperCard;
  readonly text: string;
  readonly fields: ScannedCardFields;
  /** Time to read the card's text (OCR) and find its fields, ms. */
  readonly ms: number;
}

/**
 * Letters and digits only, lower case, without accents: how two values are compared for "mostly
 * right" (OCR often drops an umlaut; the person puts it back when checking).
 */
export function comparable(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Which expected fields the scan got: e-mail and phone exactly, the others ignoring case and marks. */
export function fieldHits(result: CardScanResult): Record<keyof PaperCard['expected'], boolean> {
  const { expected } = result.card;
  const { fields } = result;
  return {
    email: fields.email === expected.email,
    phone: fields.phone === expected.phone,
    name: comparable(fields.name) === comparable(expected.name),
    title: comparable(fields.title) === comparable(expected.title),
    company: comparable(fields.company) === comparable(expected.company),
  };
}

/** Draws and reads every card (or those given); also says how long the engine took to start. */
export async function scanPaperCards(cards: readonly PaperCard[] = PAPER_CARDS): Promise<{
  results: CardScanResult[];
  startMs: number;
}> {
  const executablePath = process.env.CHROME_PATH ?? findChromium()?.path;
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: chromiumArgs(),
  });
  const cachePath = mkdtempSync(join(tmpdir(), 'cardbuilder-ocr-'));
  try {
    // A phone photographs a card at more pixels than this page has: 1.5× is still less than most.
    const page = await browser.newPage({ deviceScaleFactor: 1.5 });
    const images: Buffer[] = [];
    for (const card of cards) images.push(await renderPaperCard(page, card));
    const started = performance.now();
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      ...ocrNodePaths(root),
      gzip: true,
      cachePath,
    });
    // As the scanner reads (src/features/builder/scanner/ocr.ts): a card is blocks of text of
    // several sizes, which the default single-block mode drops lines of.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO });
    const startMs = performance.now() - started;
    const results: CardScanResult[] = [];
    try {
      for (const [index, card] of cards.entries()) {
        const begin = performance.now();
        const { data } = await worker.recognize(images[index] ?? Buffer.alloc(0));
        const fields = findCardFields(data.text, { defaultCountry: card.country ?? 'US' });
        results.push({ card, text: data.text, fields, ms: performance.now() - begin });
      }
    } finally {
      await worker.terminate();
    }
    return { results, startMs };
  } finally {
    await browser.close();
    rmSync(cachePath, { recursive: true, force: true });
  }
}
