// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IMAGE_TYPE_MESSAGE } from '@/ui/image-file';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function signedIn() {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada' }, 'Right-pass1');
  const app = renderApp('/settings/profile', { auth });
  stop = app.stop;
  seedAccount(app.db, { id: 'acc1', name: 'Acme Co', slug: 'acme-co', ownerId: 'u1' });
  seedUser(app.db, { uid: 'u1', email: 'ada@example.com', accountId: 'acc1', name: 'Ada' });
  auth.restore('u1');
  return app;
}

describe('profile and password', () => {
  it('saves a new name and photo to the sign-in profile and the user document', async () => {
    const app = signedIn();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload profile photo'), photo);
    // The photo shows before it is saved, and can be taken back.
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByText('Saved with the profile.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(app.db.dump()['users/u1']).toMatchObject({
        displayName: 'Ada Lovelace',
        photoURL: expect.stringMatching(/^data:image\/png/),
      }),
    );
    expect(app.auth.current?.displayName).toBe('Ada Lovelace');
  });

  it('picks the photo with a styled, named button, and says plainly when a file is no image', async () => {
    signedIn();
    const user = userEvent.setup({ applyAccept: false });
    const group = await screen.findByRole('group', { name: 'Profile photo' });
    const input = within(group).getByLabelText('Upload profile photo');
    // The browser's own file control stays hidden inside the app's button.
    expect(input).toHaveClass('visually-hidden');
    expect(input.closest('label')).toHaveClass('button');
    expect(input).toHaveAccessibleDescription(
      'A square photo works best: PNG, JPEG, WebP or GIF, up to 5 MB.',
    );
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_TYPE_MESSAGE);
    expect(input).toHaveAccessibleDescription(IMAGE_TYPE_MESSAGE);
  });

  it('refuses a weak new password with the strength message', async () => {
    signedIn();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password should be 8 characters or more, contain a number and capital letter.',
    );
  });

  it('asks to sign in again when the provider wants a recent sign-in', async () => {
    const app = signedIn();
    app.auth.failNext('updatePassword', 'auth/requires-recent-login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Better-pass2');
    await user.type(screen.getByLabelText('Confirm new password'), 'Better-pass2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please sign in again to complete this action.',
    );
  });
});
