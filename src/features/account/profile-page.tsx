/** /settings/profile: change your name and photo, and your password. */
import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useAuth, useAuthStoreApi } from '@/stores/auth-store';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { Alert, Page, PageHeader } from '@/ui/page';
import { PasswordField } from '@/ui/password-field';
import { TextField } from '@/ui/text-field';
import { useDocumentTitle } from '@/ui/use-document-title';
import './profile.css';

const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

function ProfileForm() {
  const store = useAuthStoreApi();
  const user = useAuth((s) => s.user);
  const authUser = useAuth((s) => s.authUser);
  const [name, setName] = useState(user?.displayName || authUser?.displayName || '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Please enter your name.');
      return;
    }
    setBusy(true);
    const result = await store.getState().updateProfile({ displayName: name, photo });
    setBusy(false);
    if (result.ok) {
      setPhoto(null);
      toast.success('Profile saved.');
    } else setError(result.message);
  }

  const shownPhoto = preview ?? user?.photoURL ?? authUser?.photoURL ?? null;
  return (
    <section className="panel" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="profile-photo">
          <Avatar name={name || authUser?.email || '?'} photoURL={shownPhoto} size={72} />
          <div className="field">
            <label className="field__label" htmlFor="profile-photo-input">
              Profile photo
            </label>
            <input
              id="profile-photo-input"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-describedby="profile-photo-hint"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                if (file && file.size > MAX_PHOTO_BYTES) {
                  setError('Please choose a photo smaller than 5 MB.');
                  e.target.value = '';
                  return;
                }
                setError(null);
                setPhoto(file);
              }}
            />
            <p className="field__hint" id="profile-photo-hint">
              A square JPG or PNG works best, up to 5 MB.
            </p>
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
