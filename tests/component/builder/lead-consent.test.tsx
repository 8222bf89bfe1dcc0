// @vitest-environment jsdom
/**
 * The consent checkbox of the card's lead form: shown with the owner's wording when it is set
 * (optional, sending "yes" when ticked), absent otherwise; the same component the server renders
 * into the public page and the builder previews. The wording is set in the builder's lead-form
 * settings, and each lead's consent is shown with it in the card's analytics.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LeadForm } from '@/card-view/components/lead-form';
import { renderBuilder } from './builder-harness';

function renderForm(consentText?: string) {
  return render(
    <LeadForm
      cardId="c1"
      ownerFirstName="Ada"
      title={undefined}
      appForm={{
        enabled: true,
        fields: { name: true, email: true },
        ...(consentText !== undefined ? { consentText } : {}),
      }}
      action="/c/c1/lead"
      mode="page"
    />,
  );
}

describe('lead form consent', () => {
  it("shows an optional checkbox labelled with the owner's wording", () => {
    renderForm('  Acme may contact me about its products.  ');
    const box = screen.getByRole('checkbox', { name: 'Acme may contact me about its products.' });
    expect(box).not.toBeChecked();
    expect(box).not.toBeRequired();
    expect(box).toHaveAttribute('name', 'consent');
    expect(box).toHaveAttribute('value', 'yes');
  });

  it('has no checkbox when the owner set no wording', () => {
    renderForm('   ');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    renderForm();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('consent in the builder', { timeout: 20_000 }, () => {
  it('sets the wording in the lead form settings', async () => {
    const user = userEvent.setup();
    const { builderStore } = renderBuilder();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Lead form' }));
    await user.click(screen.getByLabelText('Show the lead form on the card'));
    await user.type(screen.getByLabelText('Consent checkbox wording'), 'You may call me.');
    expect(builderStore.getState().draft.appForm).toMatchObject({
      enabled: true,
      consentText: 'You may call me.',
    });
  });

  it("shows each lead's consent, given or not, with its wording in the analytics", async () => {
    const user = userEvent.setup();
    const { db } = renderBuilder();
    const at = new Date();
    db.seed('analytics/card-ada', { views: 1 });
    db.seed('analytics/card-ada/entries/e1', {
      name: 'Visitor Yes',
      createdAt: at,
      consent: { text: 'You may call me.', given: true, at },
    });
    db.seed('analytics/card-ada/entries/e2', {
      name: 'Visitor No',
      createdAt: new Date(at.getTime() - 1000),
      consent: { text: 'You may call me.', given: false, at },
    });
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    const leads = await screen.findByRole('region', { name: 'Lead entries' });
    const [yes, no] = within(leads).getAllByRole('listitem');
    expect(within(yes!).getByText('Consent').nextSibling).toHaveTextContent(
      'Given: “You may call me.”',
    );
    expect(within(no!).getByText('Consent').nextSibling).toHaveTextContent(
      'Not given: “You may call me.”',
    );
  });
});
