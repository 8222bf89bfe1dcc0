// @vitest-environment jsdom
/**
 * "Create from a vCard" in the builder: what was read is shown before anything is saved, the card
 * opens unsaved in the editor with the vCard's fields and links, and saving stores it; a file that
 * is not a vCard is refused with a message and changes nothing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBuilder } from './builder-harness';

const IPHONE = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'N:Johnson;Katherine;;;',
  'FN:Katherine Johnson',
  'ORG:NASA;',
  'TITLE:Mathematician',
  'item1.EMAIL;type=INTERNET;type=pref:katherine@nasa.example',
  'TEL;type=CELL;type=VOICE;type=pref:+1 757 555 0101',
  'item2.URL;type=pref:https://nasa.example',
  'item2.X-ABLabel:_$!<HomePage>!$_',
  'END:VCARD',
  '',
].join('\r\n');

function vcf(text: string, name = 'katherine.vcf'): File {
  return new File([text], name, { type: 'text/vcard' });
}

describe('create a card from a vCard', { timeout: 20_000 }, () => {
  it('shows what was read, opens it unsaved, and saves it as a new card', async () => {
    const user = userEvent.setup();
    const { db, builderStore } = renderBuilder();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    const before = Object.keys(db.dump()).filter((k) => k.startsWith('cards/')).length;
    await user.upload(screen.getByLabelText('vCard file'), vcf(IPHONE));
    const dialog = await screen.findByRole('dialog', { name: 'Create a card from a vCard' });
    const read = within(dialog).getByTestId('vcard-read');
    expect(read).toHaveTextContent('Katherine Johnson');
    expect(read).toHaveTextContent('Mathematician');
    expect(read).toHaveTextContent('NASA');
    expect(read).toHaveTextContent('+1 757 555 0101');
    expect(read).toHaveTextContent('https://nasa.example');
    // Nothing is saved yet.
    expect(Object.keys(db.dump()).filter((k) => k.startsWith('cards/'))).toHaveLength(before);

    await user.click(within(dialog).getByRole('button', { name: 'Open as a new card' }));
    await screen.findByRole('heading', { level: 2, name: 'Katherine Johnson' });
    const draft = builderStore.getState().draft;
    expect(draft).toMatchObject({
      name: 'Katherine Johnson',
      title: 'Mathematician',
      company: 'NASA',
      email: 'katherine@nasa.example',
      handle: 'katherine-johnson',
    });
    expect(draft.contacts?.map((l) => `${l.name}|${l.value}`)).toEqual([
      'Email|katherine@nasa.example',
      'Phone|+1 757 555 0101',
      'Website|https://nasa.example',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create card' }));
    await screen.findByText('All changes saved');
    const id = builderStore.getState().draft.id!;
    await waitFor(() =>
      expect(db.dump()[`cards/${id}`]).toMatchObject({
        name: 'Katherine Johnson',
        title: 'Mathematician',
        accountId: 'acme',
      }),
    );
  });

  it('refuses a file that is not a vCard with a message, and opens nothing', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.upload(screen.getByLabelText('vCard file'), vcf('name,email\nAda,a@x.example'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a vCard: it does not start with BEGIN:VCARD.',
    );
    expect(screen.queryByRole('button', { name: 'Open as a new card' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(builderStore.getState().draft.name).toBe('Ada Lovelace');
  });
});
