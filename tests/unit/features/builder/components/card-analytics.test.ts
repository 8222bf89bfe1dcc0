/** The analytics panel's pure helpers: the days shown, the chart's axes, the counts, the CSV. */
import { describe, expect, it } from 'vitest';
import {
  chartScales,
  countByDay,
  lastDays,
  leadEntriesCsv,
} from '@/features/builder/components/card-analytics';

describe('card analytics helpers', () => {
  it('lists the last 30 UTC days oldest first', () => {
    const days = lastDays(new Date('2025-03-02T10:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2025-03-02');
    expect(days[0]).toBe('2025-02-01');
  });

  it('ticks every count axis in whole numbers from zero, whichever way the bars run', () => {
    // "Clicks per link" runs sideways: its count axis is x, and it counted in tenths.
    expect(chartScales(true).x).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(chartScales(true).y.ticks).not.toHaveProperty('precision');
    expect(chartScales(false).y).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(chartScales(false).x.ticks).not.toHaveProperty('precision');
  });

  it('counts events per day', () => {
    expect(
      countByDay([new Date('2025-03-01T01:00:00Z'), new Date('2025-03-01T23:00:00Z'), null]),
    ).toEqual({ '2025-03-01': 2 });
  });

  it('exports lead entries as formula-safe CSV', async () => {
    const csv = await leadEntriesCsv([
      {
        id: 'e1',
        name: '=HYPERLINK("http://evil")',
        email: 'a@b.co',
        phone: '+1 555',
        company: 'Acme, Inc',
        note: '',
        title: '',
        website: '',
        address: '',
        source: 'form',
        createdAt: new Date('2025-03-01T00:00:00Z'),
        consent: { text: 'You may e-mail me.', given: true, at: null },
      },
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Name,E-mail,Phone,Company,Note,Date,Consent,Title,Website,Address,Source');
    expect(row).toBe(
      `"'=HYPERLINK(""http://evil"")",a@b.co,"'+1 555","Acme, Inc",,2025-03-01T00:00:00.000Z,Given: “You may e-mail me.”,,,,Lead form`,
    );
  });
});
