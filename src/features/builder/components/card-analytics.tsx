/**
 * Card analytics for its owner: views and clicks over 30 days as charts (Chart.js, loaded on
 * demand) with the same numbers as tables, clicks per link, the lead entries and their CSV export.
 * Totals and charts come from the card's summary document, never from raw entries, so a card with
 * any number of leads loads fast; entries are listed, and exported, a page at a time.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/ui/toast';
import type { toCsv as toCsvType } from '@/domain/csv-safe';
import { linkDisplayLabel } from '@/domain/links';
import type { Card } from '@/domain/model';
import {
  forEachLeadPage,
  LEAD_PAGE_SIZE,
  leadCursorAfter,
  listLeadPage,
  listLinkClicks,
  RECENT_CLICKS_LIMIT,
  watchCardCounters,
  type CardCounters,
  type LeadCursor,
  type LinkClick,
} from '@/data/analytics';
import { consentCell, type LeadEntry } from '@/domain/schemas/lead';
import { downloadBlob } from '@/ui/download';
import { Dialog } from '@/ui/dialog';
import { Section } from './fields';
import './card-analytics.css';

export const ANALYTICS_DAYS = 30;

/** The last `days` UTC days as 'YYYY-MM-DD', oldest first. */
export function lastDays(now: Date, days = ANALYTICS_DAYS): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i));
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** Counts per day of dated events. */
export function countByDay(dates: readonly (Date | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const date of dates) {
    if (!date) continue;
    const key = date.toISOString().slice(0, 10);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

/** The scanner's fields (title, website, address, source) come last: earlier files keep their columns. */
const LEAD_CSV_HEADER = [
  'Name',
  'E-mail',
  'Phone',
  'Company',
  'Note',
  'Date',
  'Consent',
  'Title',
  'Website',
  'Address',
  'Source',
];

function leadRows(entries: readonly LeadEntry[]) {
  return entries.map((e) => [
    e.name,
    e.email,
    e.phone,
    e.company,
    e.note,
    e.createdAt,
    consentCell(e.consent),
    e.title,
    e.website,
    e.address,
    e.source === 'scanned' ? 'Scanned card' : 'Lead form',
  ]);
}

/**
 * The CSV writer (papaparse), loaded when a file is made: the builder's first load does not need
 * it, and most visits never export.
 */
async function csvWriter(): Promise<typeof toCsvType> {
  return (await import('@/domain/csv-safe')).toCsv;
}

/** The lead entries as a spreadsheet-safe CSV document. */
export async function leadEntriesCsv(entries: readonly LeadEntry[]): Promise<string> {
  const toCsv = await csvWriter();
  return toCsv([LEAD_CSV_HEADER, ...leadRows(entries)]);
}

/**
 * Every lead entry of a card as one CSV document, read page by page and handed over in parts as
 * they arrive (the header first): joined, the parts are `leadEntriesCsv` of all the entries.
 * `onPart` also hears how many entries are in so far. Returns how many entries were exported.
 */
export async function exportLeadsCsv(
  cardId: string,
  onPart: (part: string, read: number) => void,
  pageSize?: number,
): Promise<number> {
  const toCsv = await csvWriter();
  onPart(toCsv([LEAD_CSV_HEADER]), 0);
  return forEachLeadPage(
    cardId,
    (page, read) => onPart(`\r\n${toCsv(leadRows(page))}`, read),
    pageSize,
  );
}

/**
 * The paper-card scanner, loaded when opened: its form, the field finder (libphonenumber) and,
 * once a photo is read, the OCR engine stay out of the builder's own code.
 */
const CardScanner = lazy(() =>
  import('../scanner/card-scanner').then((m) => ({ default: m.CardScanner })),
);

function canDrawCharts(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    !/jsdom/i.test(navigator.userAgent)
  );
}

function shortDay(key: string): string {
  const date = new Date(`${key}T00:00:00Z`);
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Count axes tick in whole numbers from zero; the other axis lists days or links. */
export function chartScales(horizontal: boolean) {
  const count = {
    beginAtZero: true,
    grid: { color: '#e2e8f0' },
    ticks: { precision: 0, color: '#475569' },
  };
  const category = {
    grid: { display: false },
    ticks: { maxRotation: 0, autoSkip: true, color: '#475569' },
  };
  return horizontal ? { x: count, y: category } : { x: category, y: count };
}

/** A lead's date and time, short enough for a narrow column ("Nov 22, 2026, 9:15 PM"). */
export function leadDate(date: Date): string {
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function BarChart(props: {
  title: string;
  labels: readonly string[];
  values: readonly number[];
  color: string;
  horizontal?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { labels, values, color, horizontal } = props;
  useEffect(() => {
    const node = canvas.current;
    if (!node || !canDrawCharts()) return;
    let chart: { destroy: () => void } | null = null;
    let cancelled = false;
    void import('chart.js').then((lib) => {
      if (cancelled) return;
      lib.Chart.register(
        lib.BarController,
        lib.BarElement,
        lib.CategoryScale,
        lib.LinearScale,
        lib.Tooltip,
      );
      chart = new lib.Chart(node, {
        type: 'bar',
        data: {
          labels: [...labels],
          datasets: [
            { label: props.title, data: [...values], backgroundColor: color, borderRadius: 4 },
          ],
        },
        options: {
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: chartScales(horizontal === true),
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, values, color, horizontal, props.title]);

  const total = values.reduce((a, b) => a + b, 0);
  return (
    <figure className="chart">
      <div className="chart__canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${props.title}: ${total} in total. The table below lists each value.`}
        />
      </div>
      <details className="chart__table">
        <summary>Show {props.title.toLowerCase()} as a table</summary>
        <table className="data-table">
          <caption className="visually-hidden">{props.title}</caption>
          <thead>
            <tr>
              <th scope="col">{horizontal ? 'Link' : 'Day'}</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={`${label}-${i}`}>
                <th scope="row">{label}</th>
                <td>{values[i] ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function CardAnalytics(props: { card: Card; now?: Date }) {
  const { card } = props;
  const [counters, setCounters] = useState<CardCounters | null>(null);
  const [entries, setEntries] = useState<LeadEntry[] | null>(null);
  const [cursor, setCursor] = useState<LeadCursor | null>(null);
  const [moreLeads, setMoreLeads] = useState(false);
  const [loadingLeads, setLoadingLeads] = useState(false);
  const [exporting, setExporting] = useState<{ read: number } | null>(null);
  const [clicks, setClicks] = useState<LinkClick[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  /** Raised after a scanned lead is saved: the first page of entries is read again. */
  const [leadsVersion, setLeadsVersion] = useState(0);
  const [nowMs] = useState(() => (props.now ?? new Date()).getTime());

  useEffect(() => {
    return watchCardCounters(
      card.id,
      (next) => setCounters(next),
      (err) => {
        console.error('[builder] following analytics failed', err);
        setError("Analytics couldn't be loaded. Please try again later.");
      },
    );
  }, [card.id]);

  useEffect(() => {
    let active = true;
    Promise.all([listLeadPage(card.id), listLinkClicks(card.id, RECENT_CLICKS_LIMIT)])
      .then(([leadEntries, linkClicks]) => {
        if (!active) return;
        setEntries(leadEntries);
        setCursor(leadCursorAfter(leadEntries));
        setMoreLeads(leadEntries.length >= LEAD_PAGE_SIZE);
        setClicks(linkClicks);
      })
      .catch((err: unknown) => {
        console.error('[builder] reading analytics failed', err);
        if (active) {
          setEntries([]);
          setError("Analytics couldn't be loaded. Please try again later.");
        }
      });
    return () => {
      active = false;
    };
  }, [card.id, leadsVersion]);

  function showMoreLeads() {
    if (!cursor || loadingLeads) return;
    setLoadingLeads(true);
    listLeadPage(card.id, cursor).then(
      (page) => {
        setLoadingLeads(false);
        setEntries((prev) => [...(prev ?? []), ...page]);
        setCursor(leadCursorAfter(page, cursor));
        setMoreLeads(page.length >= LEAD_PAGE_SIZE);
      },
      (err: unknown) => {
        setLoadingLeads(false);
        console.error('[builder] reading more entries failed', err);
        toast.error("More entries couldn't be loaded. Please try again.");
      },
    );
  }

  const days = useMemo(() => lastDays(new Date(nowMs)), [nowMs]);
  const dayLabels = useMemo(() => days.map(shortDay), [days]);
  const viewValues = useMemo(() => days.map((d) => counters?.viewsByDay[d] ?? 0), [days, counters]);
  const clickValues = useMemo(
    () => days.map((d) => counters?.clicksByDay[d] ?? 0),
    [days, counters],
  );
  const perLink = useMemo(() => {
    const byLink = counters?.clicksByLink ?? {};
    const rows = Object.entries(byLink).map(([linkId, count]) => {
      const link = card.contacts.find((l) => l.id === linkId);
      const fallback = clicks.find((c) => c.linkId === linkId)?.name;
      return { label: link ? linkDisplayLabel(link) : (fallback ?? 'Removed link'), count };
    });
    return rows.sort((a, b) => b.count - a.count);
  }, [counters, card.contacts, clicks]);
  const perLinkLabels = useMemo(() => perLink.map((r) => r.label), [perLink]);
  const perLinkValues = useMemo(() => perLink.map((r) => r.count), [perLink]);
  // The summary's count is the true total; a card whose summary predates it counts what is read.
  const leadTotal = Math.max(counters?.leads ?? 0, entries?.length ?? 0);

  async function exportCsv() {
    if (!entries || entries.length === 0 || exporting) return;
    setExporting({ read: 0 });
    try {
      // Each page becomes a Blob as it arrives, so the file is never built in one long step.
      const parts: Blob[] = [];
      const count = await exportLeadsCsv(card.id, (part, read) => {
        parts.push(new Blob([part]));
        setExporting({ read });
      });
      downloadBlob(
        new Blob(parts, { type: 'text/csv;charset=utf-8' }),
        `${card.handle || card.id}-leads.csv`,
      );
      toast.success(`Exported ${count} ${count === 1 ? 'entry' : 'entries'}.`);
    } catch (err) {
      console.error('[builder] exporting the entries failed', err);
      toast.error("The export couldn't be completed. Please try again.");
    } finally {
      setExporting(null);
    }
  }

  return (
    <div className="card-analytics">
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <dl className="stat-row">
        <div className="stat">
          <dt>Views</dt>
          <dd>{counters ? counters.views : '…'}</dd>
        </div>
        <div className="stat">
          <dt>QR scans</dt>
          <dd>{counters ? counters.scans : '…'}</dd>
        </div>
        <div className="stat">
          <dt>Contact saves</dt>
          <dd>{counters ? counters.saves : '…'}</dd>
        </div>
        <div className="stat">
          <dt>Link clicks</dt>
          <dd>{counters ? counters.clicks : '…'}</dd>
        </div>
        <div className="stat">
          <dt>Leads</dt>
          <dd>{entries && counters ? leadTotal : '…'}</dd>
        </div>
      </dl>
      <Section title={`Views, last ${ANALYTICS_DAYS} days`}>
        <BarChart title="Views per day" labels={dayLabels} values={viewValues} color="#4f46e5" />
      </Section>
      <Section title={`Link clicks, last ${ANALYTICS_DAYS} days`}>
        <BarChart title="Clicks per day" labels={dayLabels} values={clickValues} color="#0f766e" />
      </Section>
      <Section title="Clicks per link">
        {perLink.length === 0 ? (
          <p className="builder-empty">No link has been clicked yet.</p>
        ) : (
          <BarChart
            title="Clicks per link"
            labels={perLinkLabels}
            values={perLinkValues}
            color="#0f766e"
            horizontal
          />
        )}
      </Section>
      <Section title="Lead entries">
        <div className="section-actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => setScanning(true)}
          >
            Scan a paper card
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void exportCsv()}
            disabled={!entries || entries.length === 0 || exporting !== null}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
          {exporting ? (
            <span className="export-progress" role="status">
              Exported {exporting.read.toLocaleString()} of {leadTotal.toLocaleString()} entries…
            </span>
          ) : null}
        </div>
        {entries === null ? (
          <p className="builder-empty">Loading entries…</p>
        ) : entries.length === 0 ? (
          <p className="builder-empty">
            No one has left their details yet. Met someone with a paper card? Scan it.
          </p>
        ) : (
          <section className="lead-list" aria-label="Lead entries">
            {/* Each entry is a short block, not a table row: six columns never fit the editor column
                (about 340 px on a phone), which wrapped phone numbers and cut dates off. */}
            <ol>
              {entries.map((entry) => (
                <li key={entry.id} className="lead">
                  <p className="lead__head">
                    <span className="lead__name">{entry.name || 'No name given'}</span>
                    {entry.source === 'scanned' ? (
                      <span className="lead__source">Scanned card</span>
                    ) : null}
                    {entry.createdAt ? (
                      <time className="lead__date" dateTime={entry.createdAt.toISOString()}>
                        {leadDate(entry.createdAt)}
                      </time>
                    ) : null}
                  </p>
                  <dl className="lead__facts">
                    {entry.email ? (
                      <div>
                        <dt>E-mail</dt>
                        <dd className="lead__email">{entry.email}</dd>
                      </div>
                    ) : null}
                    {entry.phone ? (
                      <div>
                        <dt>Phone</dt>
                        <dd className="lead__phone">{entry.phone}</dd>
                      </div>
                    ) : null}
                    {entry.title ? (
                      <div>
                        <dt>Title</dt>
                        <dd>{entry.title}</dd>
                      </div>
                    ) : null}
                    {entry.company ? (
                      <div>
                        <dt>Company</dt>
                        <dd>{entry.company}</dd>
                      </div>
                    ) : null}
                    {entry.website ? (
                      <div>
                        <dt>Website</dt>
                        <dd className="lead__email">{entry.website}</dd>
                      </div>
                    ) : null}
                    {entry.address ? (
                      <div>
                        <dt>Address</dt>
                        <dd className="lead__note">{entry.address}</dd>
                      </div>
                    ) : null}
                    {entry.note ? (
                      <div>
                        <dt>Note</dt>
                        <dd className="lead__note">{entry.note}</dd>
                      </div>
                    ) : null}
                    {entry.consent ? (
                      <div>
                        <dt>Consent</dt>
                        <dd className="lead__consent">{consentCell(entry.consent)}</dd>
                      </div>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ol>
            {moreLeads ? (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={showMoreLeads}
                disabled={loadingLeads}
              >
                {loadingLeads ? 'Loading…' : `Show ${LEAD_PAGE_SIZE} more entries`}
              </button>
            ) : null}
            <p className="builder-empty">
              {entries.length === leadTotal
                ? `${leadTotal.toLocaleString()} ${leadTotal === 1 ? 'entry' : 'entries'}`
                : `Showing ${entries.length.toLocaleString()} of ${leadTotal.toLocaleString()} entries`}
            </p>
          </section>
        )}
      </Section>
      {scanning ? (
        <Suspense
          fallback={
            <Dialog open wide title="Scan a paper card" onClose={() => setScanning(false)}>
              <p className="builder-empty" role="status">
                Opening the scanner…
              </p>
            </Dialog>
          }
        >
          <CardScanner
            cardId={card.id}
            cardName={card.name}
            onClose={() => setScanning(false)}
            onSaved={() => setLeadsVersion((v) => v + 1)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
