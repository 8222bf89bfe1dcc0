import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend, type MemoryBackend } from '@/backend/memory/memory-backend';
import type { DocData } from '@/backend/port';
import { jobOf } from '@/domain/jobs';
import { ImportRun } from '@/features/teams/components/import-run';
import { createImporterStore } from '@/features/teams/importer-store';
import { SYNC_RESULT_MS } from '@/features/teams/hooks/use-team-sync';
import { runJobsOn } from '../support/job-runner';
import { OWNER, renderTeam, seedAcme, seedCard } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

const SYNC_JOB = 'accounts/acme/jobs/sync-sales-v2';

function syncJob(extra: DocData): DocData {
  return {
    kind: 'teamSync',
    state: 'running',
    teamId: 'sales',
    version: 2,
    createdBy: OWNER,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...extra,
  };
}

/** Acme, whose Sales team is at version 2 not yet on its cards, with the sync job as `job` says. */
function syncingAcme(job: DocData): MemoryBackend {
  const db = createMemoryBackend();
  seedAcme(db, {
    sales: { syncVersion: 2, syncedVersion: 1, syncScope: { links: true, branding: false } },
  });
  db.seed(SYNC_JOB, job);
  return db;
}

/** The server finishes the sync: the job as `job` says, and the team at version 2. */
function finishSync(db: MemoryBackend, job: DocData): void {
  db.seed(SYNC_JOB, job);
  db.seed('accounts/acme/teams/sales', {
    ...(db.dump()['accounts/acme/teams/sales'] ?? {}),
    syncedVersion: 2,
  });
}

describe('team sync progress, from the job document', () => {
  it('shows the server’s progress, says the page may be left, then shows the result', async () => {
    const db = syncingAcme(syncJob({ total: 1200, done: 400, written: 380 }));
    const view = renderTeam('/team/sales', { db });
    stop = view.stop;

    const status = await screen.findByText(/Updating cards: 400 of 1200/);
    expect(status).toHaveTextContent('you can leave the page');
    expect(screen.getByRole('progressbar', { name: 'Applying the team to its cards' })).toHaveValue(
      400,
    );

    db.seed(SYNC_JOB, syncJob({ total: 1200, done: 800, written: 760 }));
    expect(await screen.findByText(/Updating cards: 800 of 1200/)).toBeInTheDocument();

    finishSync(db, syncJob({ state: 'done', total: 1200, done: 1200, written: 1140 }));
    expect(
      await screen.findByText('Updated 1140 cards with the team’s links and branding.'),
    ).toBeInTheDocument();
  });

  it('shows the result only for a moment, to the person whose save started the sync', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const db = syncingAcme(syncJob({ total: 3, done: 1, written: 1 }));
      const view = renderTeam('/team/sales', { db });
      stop = view.stop;
      expect(await screen.findByText(/Updating cards: 1 of 3/)).toBeInTheDocument();
      finishSync(db, syncJob({ state: 'done', total: 3, done: 3, written: 2 }));
      const result = await screen.findByText('Updated 2 cards with the team’s links and branding.');
      act(() => vi.advanceTimersByTime(SYNC_RESULT_MS));
      await waitFor(() => expect(result).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the previous result away as soon as a new save begins', async () => {
    const db = syncingAcme(syncJob({ total: 3, done: 1, written: 1 }));
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    expect(await screen.findByText(/Updating cards: 1 of 3/)).toBeInTheDocument();
    finishSync(db, syncJob({ state: 'done', total: 3, done: 3, written: 2 }));
    expect(
      await screen.findByText('Updated 2 cards with the team’s links and branding.'),
    ).toBeInTheDocument();

    // The new version's write is held on its way, as on a slow link.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const update = db.update.bind(db);
    db.update = async (path, data) => {
      await held;
      return update(path, data);
    };
    await user.type(screen.getByLabelText('Accent colour (hex)'), '#0f766e');
    await user.click(screen.getByRole('button', { name: 'Save brand kit and apply' }));
    expect(screen.queryByText(/Updated \d+ cards?/)).toBeNull();

    release();
    expect(await screen.findByText(/Reading the team’s cards|Updating cards/)).toBeInTheDocument();
    expect(screen.queryByText(/Updated \d+ cards?/)).toBeNull();
  });

  it('does not show a colleague’s sync result, nor one finished before the page opened', async () => {
    for (const job of [
      syncJob({ state: 'done', total: 3, done: 3, written: 2 }),
      syncJob({ state: 'running', total: 3, done: 1, written: 1, createdBy: 'colleague' }),
    ]) {
      const db = createMemoryBackend();
      const running = job.state === 'running';
      seedAcme(db, {
        sales: {
          syncVersion: 2,
          syncedVersion: running ? 1 : 2,
          syncScope: { links: true, branding: false },
        },
      });
      db.seed(SYNC_JOB, job);
      const view = renderTeam('/team/sales', { db });
      if (running) {
        // Everyone sees that the cards are being updated...
        expect(await screen.findByText(/Updating cards: 1 of 3/)).toBeInTheDocument();
        finishSync(db, { ...job, state: 'done', done: 3, written: 2 });
        await waitFor(() => expect(screen.queryByText(/Updating cards/)).toBeNull());
      } else {
        await screen.findByRole('heading', { level: 1, name: /Sales/ });
      }
      // ...but the result is the news of the person who saved, while they look.
      expect(screen.queryByText(/Updated \d+ cards?/)).toBeNull();
      expect(screen.queryByText(/Every card is up to date/)).toBeNull();
      view.stop();
      view.unmount();
    }
  });

  it('resumes a failed sync from where it stopped with Retry', async () => {
    const db = createMemoryBackend();
    seedAcme(db, {
      sales: {
        syncVersion: 2,
        syncedVersion: 1,
        syncScope: { links: true, branding: false },
        links: [{ id: 'web', name: 'Website', label: 'Website', value: 'https://acme.example' }],
      },
    });
    seedCard(db, 'ada');
    db.seed(
      SYNC_JOB,
      syncJob({ state: 'failed', total: 1, done: 0, written: 0, error: 'The disk is full.' }),
    );
    const view = renderTeam('/team/sales', { db });
    stop = view.stop;
    const user = userEvent.setup();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some cards were not updated yet (The disk is full.)');
    await user.click(within(alert).getByRole('button', { name: 'Retry now' }));
    expect(
      await screen.findByText('Updated 1 card with the team’s links and branding.'),
    ).toBeInTheDocument();
    expect(db.dump()['cards/ada']?.contacts).toEqual([
      expect.objectContaining({ id: 'web', isTeamLink: true }),
    ]);
    expect(db.dump()['accounts/acme/teams/sales']?.syncedVersion).toBe(2);
  });
});

describe('import result, from the job document', () => {
  function renderRun(store: ReturnType<typeof createImporterStore>, canInviteSeats = true) {
    return render(
      <MemoryRouter>
        <ImportRun
          store={store}
          accountId="acme"
          teamName="Sales"
          validation={{ rows: new Map(), imported: 1, ready: 0, skipped: 0, errors: 0 }}
          positions={new Map([[4, 5]])}
          checking={false}
          linksOrBranding
          canInviteSeats={canInviteSeats}
          onRun={() => undefined}
        />
      </MemoryRouter>,
    );
  }

  it('lists the rows the server refused, by their row in the preview', () => {
    const store = createImporterStore();
    const job = jobOf('j1', {
      kind: 'import',
      state: 'done',
      total: 2,
      done: 2,
      written: 1,
      failed: 1,
      problems: [
        { row: 4, state: 'error', message: 'The handle “ada” is taken: edit the handle.' },
      ],
    });
    store.setState({
      job,
      outcome: { imported: 1, error: null, jobId: 'j1' },
      importer: {
        ...store.getState().importer,
        status: { ...store.getState().importer.status, submitted: true },
      },
    });
    renderRun(store);
    expect(screen.getByText('Imported 1 card into Sales.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'invite them to claim their cards' })).toHaveAttribute(
      'href',
      '/settings/people#seats',
    );
    const list = screen.getByRole('list', { name: 'Rows the server did not import' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Row 5: The handle “ada” is taken: edit the handle.',
    );
  });

  it('tells someone other than the owner that the owner invites people to claim their cards', () => {
    const store = createImporterStore();
    store.setState({
      job: jobOf('j1', { kind: 'import', state: 'done', total: 1, done: 1, written: 1 }),
      outcome: { imported: 1, error: null, jobId: 'j1' },
      importer: {
        ...store.getState().importer,
        status: { ...store.getState().importer.status, submitted: true },
      },
    });
    renderRun(store, false);
    expect(screen.queryByRole('link', { name: /claim their cards/ })).toBeNull();
    expect(
      screen.getByText(/The account’s owner can invite each person to claim their card/),
    ).toBeInTheDocument();
  });

  it('resumes a failed import job and shows its result', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    setBackend(db);
    db.seed('accounts/acme/jobs/j2/rows/0000', {
      rows: [
        {
          row: 0,
          name: 'Ada One',
          email: 'ada1@example.com',
          title: '',
          handle: 'ada-one',
          links: [],
        },
        {
          row: 1,
          name: 'Ada Two',
          email: 'ada2@example.com',
          title: '',
          handle: 'ada-two',
          links: [],
        },
      ],
    });
    db.seed('accounts/acme/jobs/j2', {
      kind: 'import',
      state: 'failed',
      teamId: 'sales',
      createdBy: OWNER,
      rowCount: 2,
      rowParts: 1,
      cursor: 0,
      error: 'The disk is full.',
    });
    stop = runJobsOn(db);
    const store = createImporterStore();
    store.setState({
      job: jobOf('j2', db.dump()['accounts/acme/jobs/j2'] ?? {}),
      outcome: { imported: 0, error: 'The disk is full.', jobId: 'j2' },
      importer: {
        ...store.getState().importer,
        status: { ...store.getState().importer.status, submitted: true },
      },
    });
    renderRun(store);
    const user = userEvent.setup();
    expect(screen.getByText(/then stopped: The disk is full\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume the import' }));
    expect(await screen.findByText('Imported 2 cards into Sales.')).toBeInTheDocument();
    // Imported cards get server-chosen random ids: find the resumed row's card by its handle.
    await waitFor(() =>
      expect(
        Object.entries(db.dump()).some(
          ([path, data]) => path.startsWith('cards/j2-') && data.handle === 'ada-two',
        ),
      ).toBe(true),
    );
  });
});
