// @vitest-environment jsdom
/**
 * A form's draft survives its page being swapped for a new one: what was typed is in the tab's
 * storage the moment it is typed, and a form that read its draft before a keystroke reached the
 * page still on screen shows that keystroke once it is on screen itself. The e2e journey "a
 * visitor signs in with a magic link" lost the account name this way: the trace showed the name
 * filled into one instance of the setup form and an empty field in the one that replaced it.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormDraft } from '@/ui/use-form-draft';

function NameForm() {
  const draft = useFormDraft('draft-probe', { name: '' });
  return (
    <label>
      Name
      <input value={draft.values.name} onChange={(e) => draft.set('name', e.target.value)} />
    </label>
  );
}

afterEach(() => window.sessionStorage.clear());

describe('useFormDraft', () => {
  it('shows what was typed after the form read its draft and before it came on screen', () => {
    // A keystroke in the page still on screen while this one renders in a transition: it lands in
    // storage between this form's render and its commit.
    function KeystrokeMeanwhile() {
      window.sessionStorage.setItem(
        'cardbuilder.draft.draft-probe',
        JSON.stringify({ values: { name: 'Typed meanwhile' }, touched: ['name'] }),
      );
      return null;
    }
    render(
      <>
        <NameForm />
        <KeystrokeMeanwhile />
      </>,
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Typed meanwhile');
  });

  it('keeps what was typed across a remount', () => {
    const first = render(<NameForm />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    first.unmount();
    render(<NameForm />);
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
  });
});
