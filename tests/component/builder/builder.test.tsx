// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FREE_PLAN, PAID_PLAN, renderBuilder, seedCard } from './builder-harness';

async function openedAda() {
  await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
}

describe('card builder', { timeout: 20_000 }, () => {
  it('lists the account cards and opens the first one with its preview', async () => {
    renderBuilder();
    await openedAda();
    const list = screen.getByRole('complementary', { name: 'Cards' });
    expect(within(list).getByRole('button', { name: /Ada Lovelace/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(list).getByRole('button', { name: /Grace Hopper/ })).toBeInTheDocument();
    // The card is drawn just after the editor opens (a deferred render).
    expect(await screen.findByTestId('preview-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('2 of 10 cards used')).toBeInTheDocument();
  });

  it('editing the profile updates the draft and the preview and shows unsaved changes', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await openedAda();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    const title = screen.getByLabelText('Job title');
    await user.clear(title);
    await user.type(title, 'Chief Analyst');
    expect(builderStore.getState().draft.title).toBe('Chief Analyst');
    await waitFor(() =>
      expect(screen.getByTestId('preview-title')).toHaveTextContent('Chief Analyst'),
    );
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(builderStore.getState().status.touched).toBe(true);
  });

  it('asks before leaving the builder with unsaved changes, and stays when asked to', async () => {
    const user = userEvent.setup();
    const { router } = renderBuilder();
    await openedAda();
    const title = screen.getByLabelText('Job title');
    await user.type(title, ' and more');
    await act(() => router.navigate('/team/sales'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/builder');
    expect(screen.getByLabelText('Job title')).toHaveValue('Head of Sales and more');

    await act(() => router.navigate('/team/sales'));
    const again = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/sales'));
  });

  it('saves changes to the stored card and clears the unsaved state', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'CEO');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(db.dump()['cards/card-ada']?.title).toBe('CEO'));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('adds, edits, reorders and removes links, and team links show as from the team', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    await user.click(screen.getByRole('button', { name: 'Add LinkedIn' }));
    const inputs = screen.getAllByLabelText('LinkedIn');
    await user.click(inputs[inputs.length - 1]!);
    await user.paste('https://www.linkedin.com/in/ada');
    await waitFor(() =>
      expect(screen.getAllByTestId('preview-link').map((li) => li.textContent)).toEqual([
        'Mobile: +1 555 0100',
        'Website: https://acme.example',
        'LinkedIn: https://www.linkedin.com/in/ada',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Move LinkedIn up' }));
    expect(builderStore.getState().draft.contacts?.map((l) => l.name)).toEqual([
      'Phone',
      'LinkedIn',
      'Website',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove Mobile' }));
    expect(builderStore.getState().draft.contacts?.map((l) => l.name)).toEqual([
      'LinkedIn',
      'Website',
    ]);
  });

  it('shows a team Phone link as Reception, badged and not editable', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder({ cards: false });
    seedCard(db, 'card-team', {
      handle: 'team-card',
      name: 'Team Card',
      contacts: [
        { id: 't-phone', name: 'Phone', label: '', value: '+1 555 0000', isTeamLink: true },
      ],
    });
    await screen.findByRole('heading', { level: 2, name: 'Team Card' });
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    expect(screen.getByText('From team')).toBeInTheDocument();
    expect(screen.getByText('Reception')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Reception' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });

  it('refuses a javascript: link with the message and does not save the card', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    await user.click(screen.getByRole('button', { name: 'Add Custom' }));
    await user.click(screen.getByLabelText('Link'));
    await user.paste('javascript:alert(1)');
    expect(
      screen.getByText(
        "This link can't be used: only web, e-mail, phone and SMS links are allowed.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/need(s)? fixing before this card can be saved/);
    const stored = db.dump()['cards/card-ada'] as { contacts: { value: string }[] };
    expect(stored.contacts.map((l) => l.value)).not.toContain('javascript:alert(1)');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('creates a card in one batch with its handle claim, the handle following the name', async () => {
    const user = userEvent.setup();
    const { db, builderStore } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('button', { name: /New card/ }));
    await user.type(screen.getByLabelText('Full name'), 'Katherine Johnson');
    expect(builderStore.getState().draft.handle).toBe('katherine-johnson');
    await user.click(screen.getByRole('button', { name: 'Create card' }));
    await screen.findByText('All changes saved');
    const id = builderStore.getState().draft.id!;
    expect(db.dump()[`cards/${id}`]).toMatchObject({
      name: 'Katherine Johnson',
      handle: 'katherine-johnson',
      accountId: 'acme',
      ownerId: 'owner-1',
      isArchived: false,
    });
    expect(db.dump()['handles/katherine-johnson']).toEqual({ cardId: id, accountId: 'acme' });
    expect(
      within(screen.getByRole('complementary', { name: 'Cards' })).getByRole('button', {
        name: /Katherine Johnson/,
      }),
    ).toBeInTheDocument();
  });

  it('refuses a new card at the card cap with an upgrade link', async () => {
    const user = userEvent.setup();
    renderBuilder({ plan: { ...FREE_PLAN, cardLimit: 2, cardsInUse: 2 } });
    await openedAda();
    await user.click(screen.getByRole('button', { name: /New card/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You've used every card your plan includes.",
    );
    expect(screen.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.queryByRole('button', { name: 'Create card' })).not.toBeInTheDocument();
  });

  it('shows the cap message when the backend refuses the create', async () => {
    const user = userEvent.setup();
    renderBuilder({
      backend: {
        refuse: (access) =>
          access.kind === 'write' && access.path.startsWith('cards/') && access.before === null,
      },
    });
    await openedAda();
    await user.click(screen.getByRole('button', { name: /New card/ }));
    await user.type(screen.getByLabelText('Full name'), 'Mary Jackson');
    await user.click(screen.getByRole('button', { name: 'Create card' }));
    expect(await screen.findByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('shows a taken handle with a free suggestion', async () => {
    const user = userEvent.setup();
    const { builderStore, db } = renderBuilder();
    seedCard(db, 'card-ada2', {
      handle: 'grace-hopper-2',
      name: 'Other Grace',
      accountId: 'other',
    });
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Handle' }));
    const input = screen.getByLabelText('Your handle');
    await user.clear(input);
    await user.type(input, 'grace-hopper');
    expect(
      await screen.findByText('This handle is already taken by another card.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Use grace-hopper-3' }));
    expect(builderStore.getState().draft.handle).toBe('grace-hopper-3');
    expect(await screen.findByText('This handle is available.')).toBeInTheDocument();
  });

  it('changes the handle in one batch: old claim released, new one claimed', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Handle' }));
    const input = screen.getByLabelText('Your handle');
    await user.clear(input);
    await user.type(input, 'countess');
    expect(screen.getByTestId('public-url')).toHaveTextContent('https://cards.test/countess');
    await user.click(screen.getByLabelText('Use the handle in the public link'));
    expect(screen.getByTestId('public-url')).toHaveTextContent('https://cards.test/card-ada/i');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(db.dump()['handles/countess']).toEqual({ cardId: 'card-ada', accountId: 'acme' }),
    );
    expect(db.dump()['handles/ada-lovelace']).toBeUndefined();
    expect(db.dump()['cards/card-ada']).toMatchObject({
      handle: 'countess',
      handleAllowIndex: false,
    });
  });

  it('duplicates a card with "Copy of" and a new unique handle', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Ada Lovelace' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Name of the copy')).toHaveValue('Copy of Ada Lovelace');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Handle of the copy')).toHaveValue('ada-lovelace-2'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const claim = db.dump()['handles/ada-lovelace-2'] as { cardId: string };
    expect(claim).toBeDefined();
    expect(db.dump()[`cards/${claim.cardId}`]).toMatchObject({
      name: 'Copy of Ada Lovelace',
      handle: 'ada-lovelace-2',
      title: 'Head of Sales',
    });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Copy of Ada Lovelace' }),
    ).toBeInTheDocument();
  });

  it('deletes a card after confirming its name; it leaves the list and its handle is freed', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ada Lovelace?' });
    expect(within(dialog).getByText('https://cards.test/ada-lovelace')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(db.dump()['cards/card-ada']).toBeUndefined());
    expect(db.dump()['handles/ada-lovelace']).toBeUndefined();
    const list = screen.getByRole('complementary', { name: 'Cards' });
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: /Ada Lovelace/ })).not.toBeInTheDocument(),
    );
  });

  it('closes the delete dialog with Escape without deleting', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.dump()['cards/card-ada']).toBeDefined();
  });

  it('asks before switching cards with unsaved changes', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    await user.type(screen.getByLabelText('Job title'), '!');
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Grace Hopper/ }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Grace Hopper' }),
    ).toBeInTheDocument();
  });

  it('shows paid design features locked with an upgrade link on a free plan', async () => {
    const user = userEvent.setup();
    renderBuilder({ plan: FREE_PLAN });
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    for (const feature of [
      'Custom colours',
      'Logo upload',
      'Background image upload',
      'Disclaimer',
      'Hide branding',
    ]) {
      expect(screen.getByText(feature)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('link', { name: /Upgrade to unlock/ })[0]).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.queryByLabelText('Custom accent colour')).not.toBeInTheDocument();
  });

  it('lets a paid plan pick colours and a template, updating the preview', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder({ plan: PAID_PLAN });
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    expect(screen.queryByText('Retired 2024')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Minimal'));
    expect(builderStore.getState().draft.template).toMatchObject({
      templateId: 'minimal',
      buttonStyle: 'outline',
    });
    await user.click(screen.getByLabelText('Pink'));
    const canvas = screen.getByTestId('builder-canvas');
    await waitFor(() =>
      expect(within(canvas).getByTestId('preview-accent')).toHaveTextContent('#ec4899'),
    );
    expect(screen.getByLabelText('Disclaimer')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Outline'));
    await user.click(screen.getByLabelText('Circle'));
    expect(builderStore.getState().draft.template).toMatchObject({
      buttonStyle: 'outline',
      avatarShape: 'circle',
    });
  });

  it('edits the lead form, signature and share groups', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Lead form' }));
    await user.click(screen.getByLabelText('Show the lead form on the card'));
    await user.click(screen.getByLabelText('Company'));
    expect(builderStore.getState().draft.appForm).toMatchObject({
      enabled: true,
      fields: { name: true, email: true, company: true },
    });
    await user.click(screen.getByRole('tab', { name: 'Signature' }));
    await user.click(screen.getByLabelText('Include the logo'));
    expect(builderStore.getState().draft.signatureBasic).toMatchObject({
      enabled: true,
      includeLogo: true,
    });
    expect(screen.getByRole('link', { name: /Open the signature preview/ })).toHaveAttribute(
      'href',
      'https://sig.test/ada-lovelace',
    );
    await user.click(screen.getByRole('tab', { name: 'Share' }));
    const description = screen.getByLabelText('Share description');
    // Without share text of its own, the card is described by its title and company.
    expect(description).toHaveAttribute(
      'placeholder',
      expect.stringContaining('Head of Sales at Acme Co.'),
    );
    await user.type(description, 'Say hi');
    expect(builderStore.getState().draft.appShare).toMatchObject({ description: 'Say hi' });
  });

  it('links the saved card’s Apple and Google Wallet passes from the Share tab', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Share' }));
    expect(screen.getByRole('heading', { name: 'Wallet passes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute(
      'href',
      'https://cards.test/card-ada/wallet/apple.pkpass',
    );
    expect(screen.getByRole('link', { name: 'Add to Google Wallet' })).toHaveAttribute(
      'href',
      'https://cards.test/card-ada/wallet/google',
    );
  });

  it('e-mails new leads to the owner unless the lead form settings turn it off', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Lead form' }));
    await user.click(screen.getByLabelText('Show the lead form on the card'));
    const notify = screen.getByLabelText('E-mail me each new lead');
    // On by default: a card that never set it sends the e-mail.
    expect(notify).toBeChecked();
    await user.click(notify);
    expect(notify).not.toBeChecked();
    expect(builderStore.getState().draft.appForm).toMatchObject({
      enabled: true,
      notifyOwner: false,
    });
  });

  it('refuses an image of the wrong type or over 5 MB with a clear message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderBuilder();
    await openedAda();
    const input = screen.getByLabelText('Upload profile photo');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText(/please pick a PNG, JPEG, WebP or GIF image/),
    ).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText(/larger than 5 MB/)).toBeInTheDocument();
  });

  it('uploads a picked photo on save under the card folder', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.upload(
      screen.getByLabelText('Upload profile photo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await screen.findByText('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        (db.dump()['cards/card-ada'] as { template: { photoAvatar?: string } }).template
          .photoAvatar,
      ).toMatch(/^data:image\/png;base64,/),
    );
    await screen.findByText('All changes saved');
  });

  it('resets the draft when the current account changes', async () => {
    const { accountStore, builderStore } = renderBuilder();
    await openedAda();
    act(() => {
      builderStore.getState().patch({ title: 'Changed' });
    });
    act(() => {
      accountStore.getState().reset();
    });
    expect(builderStore.getState().draft).toEqual({});
  });

  it('switches the canvas between mobile (default) and desktop', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    const canvas = screen.getByTestId('builder-canvas');
    expect(canvas).toHaveClass('builder-canvas--mobile');
    expect(screen.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Desktop' }));
    expect(canvas).toHaveClass('builder-canvas--desktop');
  });
});
