// @vitest-environment jsdom
/**
 * Analytics of a card with many leads: the CSV export reads every page (more than the 500 one read
 * returns, entries sharing a time included) and the tab lists the entries a page at a time, with
 * totals and charts from the card's summary.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend, type MemoryBackend } from '@/backend/memory/memory-backend';
import { ANALYTICS_PAGE_LIMIT } from '@/data/analytics';
import { exportLeadsCsv } from '@/features/builder/components/card-analytics';
import { renderBuilder } from './builder-harness';

/** `count` leads, three to each second, so pages often end in the middle of a shared time. */
function seedLeads(db: MemoryBackend, cardId: string, count: number) {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i += 1) {
    db.seed(`analytics/${cardId}/entries/e${String(i).padStart(5, '0')}`, {
      name: `Lead ${i}`,
      email: `lead${i}@visitor.test`,
      createdAt: new Date(start + Math.floor(i / 3) * 1000),
    });
  }
}

describe('lead export of a large card', { timeout: 30_000 }, () => {
  it('exports every one of more than 500 leads, once each, newest first', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    const total = ANALYTICS_PAGE_LIMIT * 2 + 234;
    seedLeads(db, 'card-big', total);
    const progress: number[] = [];
    const parts: string[] = [];
    const count = await exportLeadsCsv('card-big', (part, read) => {
      parts.push(part);
      progress.push(read);
    });
    const csv = parts.join('');
    expect(count).toBe(total);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Name,E-mail,Phone,Company,Note,Date,Consent,Title,Website,Address,Source',
    );
    expect(lines).toHaveLength(total + 1);
    const names = lines.slice(1).map((line) => line.split(',')[0]);
    expect(new Set(names).size).toBe(total);
    expect(names[0]).toMatch(/^Lead 123[123]$/);
    expect(progress).toEqual([0, 500, 1000, total]);
  });

  it('pages with ties at every boundary (pages of 7, three leads a second)', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    seedLeads(db, 'card-ties', 100);
    const parts: string[] = [];
    const count = await exportLeadsCsv('card-ties', (part) => parts.push(part), 7);
    const csv = parts.join('');
    expect(count).toBe(100);
    expect(new Set(csv.split('\r\n').slice(1)).size).toBe(100);
  });

  it('lists the entries a page at a time and counts and charts from the summary', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    const day = new Date().toISOString().slice(0, 10);
    db.seed('analytics/card-ada', {
      views: 9000,
      viewsByDay: { [day]: 70 },
      clicks: 4000,
      clicksByDay: { [day]: 33 },
      clicksByLink: { 'l-web': 4000 },
      leads: 120,
    });
    seedLeads(db, 'card-ada', 120);
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    const leads = await screen.findByRole('region', { name: 'Lead entries' });
    await waitFor(() => expect(within(leads).getAllByRole('listitem')).toHaveLength(50));
    expect(within(leads).getByText('Showing 50 of 120 entries')).toBeInTheDocument();
    const stats = screen.getByText('Leads').closest('div')!;
    expect(within(stats).getByText('120')).toBeInTheDocument();
    const clicksPerDay = screen.getByRole('table', { name: 'Clicks per day' });
    expect(within(clicksPerDay).getAllByRole('row').at(-1)).toHaveTextContent('33');
    await user.click(within(leads).getByRole('button', { name: 'Show 50 more entries' }));
    await waitFor(() => expect(within(leads).getAllByRole('listitem')).toHaveLength(100));
    await user.click(within(leads).getByRole('button', { name: 'Show 50 more entries' }));
    await waitFor(() => expect(within(leads).getAllByRole('listitem')).toHaveLength(120));
    expect(within(leads).queryByRole('button', { name: /more entries/ })).toBeNull();
    const names = within(leads)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.lead__name')?.textContent);
    expect(new Set(names).size).toBe(120);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 120 entries.')).toBeInTheDocument();
  });
});
