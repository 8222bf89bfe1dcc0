// @vitest-environment jsdom
/**
 * What a demanding person noticed in the builder (issue 16): link values checked by their kind with
 * messages that name the field and the rule, and one toast per save.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBuilder, seedCard } from './builder-harness';

async function openedAda() {
  await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
}

async function addLink(kind: string, value: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: /^Contacts & links/ }));
  await user.click(screen.getByRole('button', { name: `Add ${kind}` }));
  const inputs = screen.getAllByLabelText(kind === 'Custom' ? 'Link' : kind);
  const input = inputs[inputs.length - 1]!;
  await user.click(input);
  await user.paste(value);
  await user.tab();
  return input;
}

function storedValues(db: ReturnType<typeof renderBuilder>['db']): string[] {
  return (db.dump()['cards/card-ada'] as { contacts: { value: string }[] }).contacts.map(
    (l) => l.value,
  );
}

describe('builder links by kind', { timeout: 20_000 }, () => {
  it('refuses a website of "not a url", saying which field and what it wants', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    const input = await addLink('Website', 'not a url');
    const message = 'Website: “not a url” is not a web address. Use one like https://company.com.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/needs? fixing before this card can be saved/);
    expect(storedValues(db)).not.toContain('not a url');
  });

  it('refuses a phone of "call me maybe" as a phone number, not as a link', async () => {
    renderBuilder();
    await openedAda();
    await addLink('Phone', 'call me maybe');
    expect(
      await screen.findByText(
        'Phone: “call me maybe” is not a phone number. Use digits with the country code, like +44 20 7946 0958.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/only web, e-mail, phone and SMS links/)).not.toBeInTheDocument();
  });

  it('checks e-mail and SMS values by their own rules and saves the fixed ones', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    const email = await addLink('Email', 'ada@');
    expect(await screen.findByText(/^Email: “ada@” is not an e-mail address/)).toBeInTheDocument();
    const sms = await addLink('SMS', '+44 7700 900123 ext 4');
    expect(
      await screen.findByText(/^SMS: a text message cannot reach an extension/),
    ).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'ada@acme.example');
    await user.clear(sms);
    await user.type(sms, '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(storedValues(db)).toEqual(
        expect.arrayContaining(['ada@acme.example', '+44 7700 900123']),
      ),
    );
  });

  it('waits until the field is left before judging a value still being typed', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Contacts & links' }));
    await user.click(screen.getByRole('button', { name: 'Add Phone' }));
    const inputs = screen.getAllByLabelText('Phone');
    await user.type(inputs[inputs.length - 1]!, '+44 20');
    expect(screen.queryByText(/^Phone: “/)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(/^Phone: “\+44 20” has too few digits/)).toBeInTheDocument();
  });

  it('does not hold up a save for a value the card already had', async () => {
    // Ada's seeded mobile is +1 555 0100, too short for a +1 number but saved before these rules.
    const user = userEvent.setup();
    const { db } = renderBuilder();
    await openedAda();
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'CEO');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(db.dump()['cards/card-ada']?.title).toBe('CEO'));
  });
});

describe('builder save toasts', { timeout: 20_000 }, () => {
  it('shows one toast per save: the refusal gives way to "Changes saved."', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    const input = await addLink('Website', 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Please fix the highlighted fields before saving.'),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'acme.example/blog');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(
      screen.queryByText('Please fix the highlighted fields before saving.'),
    ).not.toBeInTheDocument();
  });
});

describe('builder design', { timeout: 20_000 }, () => {
  it('shows in each colour field the colour the card shows, never a stand-in indigo', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder({ cards: false });
    seedCard(db, 'card-night', {
      handle: 'night-card',
      name: 'Night Card',
      template: { templateId: 'classic', accentColor: '#f5c542', backgroundColor: '#000000' },
    });
    await screen.findByRole('heading', { level: 2, name: 'Night Card' });
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    expect(screen.getByLabelText('Background colour')).toHaveValue('#000000');
    // No text colour set: the card writes white on the black background, and so does the field.
    const text = screen.getByLabelText('Text colour');
    expect(text).toHaveValue('#ffffff');
    expect(text).toHaveAccessibleDescription(
      'Not set: the card shows #ffffff (readable on the #000000 background).',
    );
    expect(screen.getByLabelText('Text colour (hex)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Clear background colour' }));
    expect(screen.getByLabelText('Background colour')).toHaveValue('#ffffff');
    expect(screen.getByLabelText('Text colour')).toHaveValue('#111827');
    expect(
      screen.getAllByRole('textbox').filter((el) => (el as HTMLInputElement).value === '#4f46e5'),
    ).toEqual([]);
  });

  it('applies a picked template’s values exactly, and offers the card’s own accent colour back', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    await user.click(screen.getByLabelText('Minimal'));
    expect(builderStore.getState().draft.template).toMatchObject({
      templateId: 'minimal',
      buttonStyle: 'outline',
      avatarShape: 'square',
      accentColor: '#1c1917',
    });
    expect(
      screen.getByText(/Minimal applied with its accent colour #1c1917\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep my colour #f5c542' }));
    expect(builderStore.getState().draft.template?.accentColor).toBe('#f5c542');
    expect(screen.queryByText(/Minimal applied/)).not.toBeInTheDocument();
  });

  it('marks the styles the team sets as coming from the team', async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder({ cards: false });
    seedCard(db, 'card-team', {
      handle: 'team-card',
      name: 'Team Card',
      template: { templateId: 'classic', accentColor: '#0f766e', buttonStyle: 'outline' },
      signatureBasic: { enabled: true, includeLogo: true },
      teamStyles: ['signatureBasic.includeLogo', 'template.accentColor', 'template.buttonStyle'],
    });
    await screen.findByRole('heading', { level: 2, name: 'Team Card' });
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    expect(
      screen.getByText((_, el) => el?.classList.contains('builder-team-note') === true),
    ).toHaveTextContent(
      'Styles marked From team come from the brand kit of the Sales team: a change to the brand kit replaces them.',
    );
    expect(screen.getByRole('group', { name: 'Button style From team' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Photo shape' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Accent colour From team' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Signature' }));
    const logo = screen.getByLabelText('Include the logo').closest('.check-field');
    expect(logo).toHaveTextContent('From team');
    const photo = screen.getByLabelText('Include the profile photo').closest('.check-field');
    expect(photo).not.toHaveTextContent('From team');
  });
});

describe('builder new cards and sharing', { timeout: 20_000 }, () => {
  it("starts the account's first card with the name and e-mail given at sign-up", async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder({ cards: false });
    await user.click(await screen.findByRole('button', { name: 'Create a card' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Olive Owner');
    expect(screen.getByLabelText('Card e-mail')).toHaveValue('owner@acme.test');
    expect(builderStore.getState().draft.handle).toBe('olive-owner');
    expect(screen.getByLabelText('Card e-mail')).toHaveAccessibleDescription(
      'The e-mail of the person the card is for: shown on the card and saved with the contact.',
    );
  });

  it('starts later cards blank: they are for colleagues', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('button', { name: /New card/ }));
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Card e-mail')).toHaveValue('');
  });

  it('shows, in grey, the share description the card will get from its title and company', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await openedAda();
    await user.click(screen.getByRole('tab', { name: 'Share' }));
    expect(screen.getByLabelText('Share description')).toHaveAttribute(
      'placeholder',
      'Head of Sales at Acme Co. Save Ada Lovelace’s contact details in one tap.',
    );
  });
});
