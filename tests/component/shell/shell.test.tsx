// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNewerRelease } from '@/app/release';
import { forgetVia, readAffiliate, referralParam } from '@/app/referral';
import { loadScript } from '@/app/third-party-scripts';
import { createAccountStore, subscribeAccountChanged } from '@/stores/account-store';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { User } from '@/domain/model';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the shell', () => {
  it('has the landmarks and one h1 on the landing page', async () => {
    const app = renderApp('/');
    stop = app.stop;
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('offers a reload when settings/release names a newer release', async () => {
    const auth = createFakeAuth();
    auth.addUser({ uid: 'u1', email: 'ada@example.com' }, 'Right-pass1');
    const app = renderApp('/builder', { auth, release: '1.2.0' });
    stop = app.stop;
    seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
    seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1' });
    auth.restore('u1');
    await screen.findByRole('heading', { level: 1, name: 'Your cards' });
    expect(screen.queryByText(/new version/i)).not.toBeInTheDocument();
    await act(() => app.db.set('settings/release', { version: '1.3.0' }));
    expect(
      await screen.findByText('A new version of Cardbuilder is available.'),
    ).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Dismiss the update notice' }));
    expect(screen.queryByText(/new version/i)).not.toBeInTheDocument();
  });

  it('compares releases as dotted numbers', () => {
    expect(isNewerRelease('1.10.0', '1.9.2')).toBe(true);
    expect(isNewerRelease('1.9.2', '1.10.0')).toBe(false);
    expect(isNewerRelease('1.2.0', '1.2.0')).toBe(false);
    expect(isNewerRelease(null, '1.2.0')).toBe(false);
    expect(isNewerRelease('2.0.0', 'dev')).toBe(false);
  });
});

describe('the account store', () => {
  it('recomputes the gates when the account or the user changes, and signals account changes', async () => {
    const db = createMemoryBackend();
    setBackend(db);
    db.seed('accounts/a1', {
      id: 'a1',
      name: 'Paid',
      isActive: true,
      dateUpdated: new Date(),
      directory: { slug: 'paid' },
      plan: { type: 'growth', isPaidAccount: true, cardLimit: 10, compCards: 0, cardsInUse: 1 },
      ownerId: 'u1',
    });
    db.seed('accounts/a2', {
      id: 'a2',
      name: 'Free',
      isActive: true,
      dateUpdated: new Date(),
      directory: { slug: 'free' },
      plan: { type: 'free', isPaidAccount: false, cardLimit: 1, compCards: 0, cardsInUse: 0 },
      ownerId: 'u1',
    });
    const store = createAccountStore({ storage: null });
    const changes: (string | null)[] = [];
    const unsubscribe = subscribeAccountChanged((id) => changes.push(id), store);
    const base = {
      id: 'u1',
      email: 'a@b.c',
      source: 'password',
      displayName: '',
      photoURL: '',
      isAccountOwner: true,
    } as unknown as User;

    store.getState().syncUser({ ...base, accountId: 'a1' });
    await waitFor(() => expect(store.getState().account?.id).toBe('a1'));
    expect(store.getState().gates).toMatchObject({
      canPickColors: true,
      canHideBranding: true,
      canAddCollaborators: true,
      canViewBeta: false,
    });

    store.getState().syncUser({ ...base, accountId: 'a1', isSuperAdmin: true });
    expect(store.getState().gates.canViewBeta).toBe(true);

    expect(store.getState().switchAccount('a2')).toBe(true);
    await waitFor(() => expect(store.getState().account?.id).toBe('a2'));
    expect(store.getState().gates).toMatchObject({
      canPickColors: false,
      canHideBranding: false,
      canAddCollaborators: false,
    });
    expect(changes).toEqual(['a1', 'a2']);

    store.getState().syncUser(null);
    expect(changes).toEqual(['a1', 'a2', null]);
    unsubscribe();
  });

  it('does not let a normal user switch into another account', () => {
    setBackend(createMemoryBackend());
    const store = createAccountStore({ storage: null });
    store.getState().syncUser({ id: 'u1', accountId: 'a1' } as unknown as User);
    expect(store.getState().switchAccount('a2')).toBe(false);
    expect(store.getState().currentAccountId).toBe('a1');
  });
});

describe('referral and third-party scripts', () => {
  it('takes the affiliate from ?via= at once', async () => {
    await expect(readAffiliate({ scriptEnabled: true, search: '?via=partner42' })).resolves.toBe(
      'partner42',
    );
  });

  it('remembers ?via= seen on any route, in local storage, for a sign-up in another tab', async () => {
    const app = renderApp('/terms?via=partner42');
    stop = app.stop;
    await waitFor(() => expect(localStorage.getItem('cardbuilder.via')).toBe('partner42'));
    await expect(readAffiliate({ scriptEnabled: false, search: '' })).resolves.toBe('partner42');
    forgetVia();
    await expect(readAffiliate({ scriptEnabled: false, search: '' })).resolves.toBeNull();
  });

  it('ignores a malformed ?via=, and prefers the address to what is remembered', async () => {
    referralParam.remember('older-partner');
    await expect(readAffiliate({ scriptEnabled: false, search: '?via=a%22b' })).resolves.toBe(
      'older-partner',
    );
    await expect(readAffiliate({ scriptEnabled: false, search: '?via=newer' })).resolves.toBe(
      'newer',
    );
  });

  it('waits at most 5000 ms for the referral script, then gives null', async () => {
    vi.useFakeTimers();
    const result = readAffiliate({ scriptEnabled: true, search: '' });
    await vi.advanceTimersByTimeAsync(4900);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBeNull();
  });

  it('reads the referral script’s code when it appears', async () => {
    vi.useFakeTimers();
    const result = readAffiliate({ scriptEnabled: true, search: '' });
    await vi.advanceTimersByTimeAsync(1000);
    window.Rewardful = { referral: 'ref-123' };
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe('ref-123');
    delete window.Rewardful;
  });

  it('logs a note and carries on when a script fails to load', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const loaded = loadScript('https://scripts.invalid/analytics.js', 'analytics-test');
    const tag = document.querySelector('script[data-third-party="analytics-test"]');
    expect(tag).not.toBeNull();
    tag?.dispatchEvent(new Event('error'));
    await expect(loaded).resolves.toBe(false);
    expect(info).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'));
  });
});
