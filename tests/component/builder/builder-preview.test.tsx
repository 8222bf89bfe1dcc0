// @vitest-environment jsdom
/**
 * The builder's canvas with the public page's own card view (as the /builder route composes it):
 * what the owner types shows in the card visitors will see, and an unsafe link never becomes a
 * followable href in the preview.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { setBackend } from '@/backend/current';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import type { Card } from '@/domain/model';
import { createBuilderStore } from '@/features/builder/builder-store';
import { CardBuilder } from '@/features/builder/card-builder';
import { CardView } from '@/card-view/components/card-view';
import { AccountStoreContext, createAccountStore } from '@/stores/account-store';
import { AuthStoreContext, createAuthStore } from '@/stores/auth-store';
import { createFakeAuth } from '../support/fake-auth';
import { HOSTS, OWNER, seedAcme, seedCard } from './builder-harness';

function renderWithCardView() {
  const db = createMemoryBackend();
  setBackend(db);
  seedAcme(db);
  const authStore = createAuthStore({ auth: createFakeAuth() });
  authStore.setState({ status: 'signed-in', user: OWNER });
  const accountStore = createAccountStore({ storage: null });
  accountStore.getState().syncUser(OWNER);
  const preview = (card: Card) => <CardView card={card} hosts={HOSTS} mode="preview" />;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <CardBuilder renderPreview={preview} hosts={HOSTS} store={createBuilderStore()} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AuthStoreContext.Provider value={authStore}>
      <AccountStoreContext.Provider value={accountStore}>
        <RouterProvider router={router} />
      </AccountStoreContext.Provider>
    </AuthStoreContext.Provider>,
  );
  return db;
}

describe('builder preview with the public card view', { timeout: 40_000 }, () => {
  it('shows the card as visitors see it and follows each edit', async () => {
    const user = userEvent.setup();
    renderWithCardView();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    const canvas = screen.getByTestId('builder-canvas');
    // The card is drawn just after the editor opens (a deferred render).
    await waitFor(() => expect(canvas).toHaveTextContent('Ada Lovelace'));
    expect(canvas).toHaveTextContent('Head of Sales');
    await user.type(screen.getByLabelText('Job title'), ' & Ops');
    await waitFor(() => expect(canvas).toHaveTextContent('Head of Sales & Ops'));
  });

  it('never turns a javascript: link into an href in the preview', async () => {
    const user = userEvent.setup();
    renderWithCardView();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    await user.click(screen.getByRole('button', { name: 'Add Custom' }));
    await user.click(screen.getByLabelText('Link'));
    await user.paste('javascript:alert(1)');
    const canvas = screen.getByTestId('builder-canvas');
    for (const a of canvas.querySelectorAll('a')) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
  });

  it('edits one of 50 links and the preview follows', async () => {
    const user = userEvent.setup();
    const db = renderWithCardView();
    const contacts = Array.from({ length: 50 }, (_, i) => ({
      id: `w${i}`,
      name: 'Website',
      label: `Site ${i}`,
      value: `https://site${i}.example`,
    }));
    seedCard(db, 'card-many', { handle: 'many-links', name: 'Aaron Many', contacts });
    await user.click(await screen.findByRole('button', { name: /Aaron Many/ }));
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    const heading = screen.getByRole('heading', { name: 'Contacts and links (50)' });
    // Each label's own input, found through its `for`: `getAllByLabelText` asks every element of
    // the builder for its labels, which jsdom finds by walking the document, 27 s for 50 rows.
    const inputs = within(heading.closest('section')!)
      .getAllByText('Website', { selector: 'label' })
      .map((label) => document.getElementById((label as HTMLLabelElement).htmlFor)!);
    expect(inputs).toHaveLength(50);
    await user.tripleClick(inputs[49]!);
    await user.paste('last.example');
    const canvas = screen.getByTestId('builder-canvas');
    await waitFor(() => expect(canvas.querySelectorAll('a[href*="last.example"]').length).toBe(1));
    expect(canvas.querySelectorAll('a[href*="site48.example"]').length).toBe(1);
  });
});
