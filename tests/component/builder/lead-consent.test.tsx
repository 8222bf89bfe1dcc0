// @vitest-environment jsdom
/**
 * The consent checkbox of the card's lead form: shown with the owner's wording when it is set
 * (optional, sending "yes" when ticked), absent otherwise; the same component the server renders
 * into the public page and the builder previews.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeadForm } from '../../../src/card-view/components/lead-form';

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
