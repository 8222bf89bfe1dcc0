/** /settings/profile: change your name and photo, and your password. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import { useAuth, useAuthStoreApi } from '@/stores/auth-store';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { FilePickButton } from '@/ui/file-pick-button';
import { prepareImage } from '@/ui/image-file';
import { Alert, Page, PageHeader } from '@/ui/page';
import { PasswordField } from '@/ui/password-field';
import { TextField } from '@/ui/text-field';
import { useDocumentTitle } from '@/ui/use-document-title';
import './profile.css';

function ProfileForm() {
  const store = useAuthStoreApi();
  const user = useAuth((s) => s.user);
  const authUser = useAuth((s) => s.authUser);
  const [name, setName] = useState(user?.displayName || authUser?.displayName || '');
  // The picked photo, checked and resized as a card's photo is, until the profile is saved.
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);

  async function onPick(file: File) {
    setPhotoError(null);
    setPreparing(true);
    try {
      const image = await prepareImage(file);
      setPhoto({
        file: new File([image.blob], file.name, { type: image.contentType }),
        preview: image.previewUrl,
      });
    } catch (err) {
      setPhotoError(err instanceof Error ? err.message : String(err));
    } finally {
      setPreparing(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Please enter your name.');
      return;
    }
    setBusy(true);
    const result = await store.getState().updateProfile({
      displayName: name,
      photo: photo?.file ?? null,
    });
    setBusy(false);
    if (result.ok) {
      setPhoto(null);
      toast.success('Profile saved.');
    } else setError(result.message);
  }

  const current = user?.photoURL || authUser?.photoURL || null;
  const shownPhoto = photo?.preview ?? current;
  return (
    <section className="panel" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="profile-photo" role="group" aria-labelledby="profile-photo-label">
          <Avatar name={name || authUser?.email || '?'} photoURL={shownPhoto} size={72} />
          <div className="image-field__body">
            <span className="field__label" id="profile-photo-label">
              Profile photo
            </span>
            <div className="image-field__actions">
              <FilePickButton
                label={`${shownPhoto ? 'Replace' : 'Upload'} profile photo`}
                describedBy={photoError ? 'profile-photo-error' : 'profile-photo-hint'}
                busy={preparing}
                onPick={(file) => void onPick(file)}
              >
                {preparing ? 'Preparing…' : shownPhoto ? 'Replace' : 'Upload'}
              </FilePickButton>
              {photo ? (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setPhoto(null)}
                >
                  {current ? 'Keep the current photo' : 'Remove'}
                </button>
              ) : null}
            </div>
            <p className="field__hint" id="profile-photo-hint">
              {photo
                ? 'Saved with the profile.'
                : 'A square photo works best: PNG, JPEG, WebP or GIF, up to 5 MB.'}
            </p>
            {photoError ? (
              <p className="field__error" id="profile-photo-error" role="alert">
                {photoError}
              </p>
            ) : null}
          </div>
        </div>
        <TextField
          label="Full name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          value={authUser?.email ?? ''}
          readOnly
          hint="Your sign-in email."
        />
        <div>
          <Button type="submit" busy={busy}>
            Save profile
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordForm() {
  const store = useAuthStoreApi();
  const providerId = useAuth((s) => s.authUser?.providerId);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  if (providerId === 'google.com') {
    return (
      <section className="panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>You sign in with Google, so there is no Cardbuilder password to change.</p>
      </section>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setConfirmError(null);
    if (password !== confirm) {
      setConfirmError('The passwords do not match.');
      return;
    }
    setBusy(true);
    const result = await store.getState().changePassword(password);
    setBusy(false);
    if (result.ok) {
      setPassword('');
      setConfirm('');
      toast.success('Password changed.');
    } else setError(result.message);
  }

  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="At least 8 characters, with a number and a capital letter."
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={confirmError}
        />
        <div>
          <Button type="submit" busy={busy}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}

export function ProfilePage() {
  useDocumentTitle('Profile and password');
  return (
    <Page width="narrow">
      <PageHeader
        title="Profile and password"
        lead="How you appear in Cardbuilder, and how you sign in."
      />
      <div className="profile-sections">
        <ProfileForm />
        <PasswordForm />
      </div>
    </Page>
  );
}
