/**
 * The paper-card scanner's figures for `npm run bench` (`--card-scan` runs it alone): how many of
 * the fields printed on the test's own paper cards (scripts/lib/paper-cards.ts) the scanner finds,
 * e-mail and phone exactly, name, title and company ignoring case and accents, and how long
 * tesseract.js takes to start (engine and English data) and to read each card, in Node on this
 * machine. A phone's browser is slower (WebAssembly on a phone CPU): the e2e journey reads one card
 * there.
 */
import { fieldHits, scanPaperCards } from './lib/card-scan-run';

type Report = (name: string, value: string, budget: string) => void;

export async function benchCardScan(report: Report): Promise<Record<string, unknown>> {
  const { results, startMs } = await scanPaperCards();
  const fields = ['email', 'phone', 'name', 'title', 'company'] as const;
  const found: Record<string, number> = {};
  for (const field of fields) found[field] = results.filter((r) => fieldHits(r)[field]).length;
  const total = fields.reduce((sum, field) => sum + (found[field] ?? 0), 0);
  const of = results.length;
  report(
    'card scan: fields found (5 per card)',
    `${total}/${of * fields.length}`,
    'e-mail, phone all',
  );
  for (const field of fields) {
    report(
      `card scan: ${field}`,
      `${found[field]}/${of}`,
      field === 'email' || field === 'phone' ? 'all' : 'most',
    );
  }
  report('card scan: engine start (Node)', `${Math.round(startMs)} ms`, 'report');
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  report('card scan: read one card, median (Node)', `${Math.round(median)} ms`, 'report');
  report(
    'card scan: read one card, slowest (Node)',
    `${Math.round(times.at(-1) ?? 0)} ms`,
    'report',
  );
  for (const r of results) {
    const hits = fieldHits(r);
    const missed = fields.filter((f) => !hits[f]);
    console.log(
      `    ${r.card.id.padEnd(14)} ${String(Math.round(r.ms)).padStart(5)} ms  ${missed.length === 0 ? 'all fields' : `missed ${missed.join(', ')}`}`,
    );
  }
  return {
    found,
    cards: of,
    startMs,
    perCardMs: results.map((r) => ({ id: r.card.id, ms: r.ms })),
  };
}
