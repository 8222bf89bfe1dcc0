// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBuilder } from './builder-harness';

describe('card analytics', { timeout: 20_000 }, () => {
  it('shows views, clicks per link and lead entries of the open card', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    const today = new Date();
    const day = today.toISOString().slice(0, 10);
    db.seed('analytics/card-ada', {
      views: 42,
      scans: 4,
      saves: 6,
      viewsByDay: { [day]: 7 },
      clicks: 5,
      clicksByLink: { 'l-web': 3, 'l-phone': 2 },
    });
    db.seed('analytics/card-ada/entries/e1', {
      name: 'Visitor One',
      email: 'one@visitor.test',
      phone: '',
      company: 'Initech',
      note: '=cmd',
      createdAt: today,
    });
    db.seed('analytics/card-ada/clicks/k1', { linkId: 'l-web', name: 'Website', at: today });
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByText('42')).toBeInTheDocument();
    const stats = screen.getByText('Link clicks').closest('div')!;
    expect(within(stats).getByText('5')).toBeInTheDocument();
    // QR scans and contact saves are counted and shown too.
    expect(within(screen.getByText('QR scans').closest('div')!).getByText('4')).toBeInTheDocument();
    expect(
      within(screen.getByText('Contact saves').closest('div')!).getByText('6'),
    ).toBeInTheDocument();
    const perLink = screen.getByRole('table', { name: 'Clicks per link' });
    expect(
      within(perLink).getByRole('rowheader', { name: 'Website' }).nextSibling,
    ).toHaveTextContent('3');
    expect(
      within(perLink).getByRole('rowheader', { name: 'Mobile' }).nextSibling,
    ).toHaveTextContent('2');
    const views = screen.getByRole('table', { name: 'Views per day' });
    expect(within(views).getAllByRole('row')).toHaveLength(31);
    const leads = await screen.findByRole('region', { name: 'Lead entries' });
    expect(within(leads).getByText('Visitor One')).toBeInTheDocument();
    expect(within(leads).getByText('Initech')).toBeInTheDocument();
    // One block per entry: each fact labelled, the date a <time>, no six-column table to squeeze.
    const entry = within(leads).getByRole('listitem');
    expect(within(entry).getByText('Company').nextSibling).toHaveTextContent('Initech');
    expect(entry.querySelector('time')).toHaveAttribute('datetime', today.toISOString());
    expect(within(leads).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    // All of one entry is shown: no "Showing 1 of 1 entries".
    expect(within(leads).getByText('1 entry')).toBeInTheDocument();
  });

  it('is not offered for a card that is not created yet', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: /New card/ }));
    expect(screen.queryByRole('tab', { name: 'Analytics' })).not.toBeInTheDocument();
  });
});
