/**
 * "Continue with Google": Google's popup in production; locally, an account chooser that signs in
 * through the Auth emulator with a Google credential (the emulator's own popup needs Google's
 * servers, which offline machines cannot reach).
 */
import type { LocalGoogleAccount } from '@/backend/auth';
import { useAuth, useAuthStoreApi } from '@/stores/auth-store';
import { Avatar } from '@/ui/avatar';
import { Dialog } from '@/ui/dialog';
import { LocalIdentityForm, useLocalChooser } from './local-identity';

/** Sample Google identities offered by the local chooser. */
export const LOCAL_GOOGLE_ACCOUNTS: readonly LocalGoogleAccount[] = [
  { sub: 'local-google-alex', email: 'alex.morgan@example.com', name: 'Alex Morgan' },
  { sub: 'local-google-priya', email: 'priya.shah@example.com', name: 'Priya Shah' },
];

/** A stable Google subject id for an e-mail typed into the local chooser. */
export function localGoogleSub(email: string): string {
  return `local-google-${email.trim().toLowerCase()}`;
}

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

export function GoogleSignIn(props: { label: string; onError: (message: string | null) => void }) {
  const store = useAuthStoreApi();
  const mode = useAuth((s) => s.googleMode);
  const chooser = useLocalChooser<LocalGoogleAccount>(
    (account) => store.getState().signInWithGoogle(account),
    props.onError,
  );
  const { busy } = chooser;

  return (
    <>
      <button
        type="button"
        className="google-button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => (mode === 'local' ? chooser.show() : void chooser.signIn())}
      >
        <GoogleIcon />
        {props.label}
      </button>
      <Dialog
        open={chooser.open}
        title="Choose a Google account"
        description="Local development: this signs in through the Auth emulator, no Google servers involved."
        onClose={chooser.close}
      >
        {chooser.error ? (
          <div className="alert alert--error" role="alert">
            {chooser.error}
          </div>
        ) : null}
        <ul className="chooser-list">
          {LOCAL_GOOGLE_ACCOUNTS.map((account) => (
            <li key={account.sub}>
              <button
                type="button"
                className="chooser-account"
                disabled={busy}
                onClick={() => void chooser.signIn(account)}
              >
                <Avatar name={account.name} size={36} />
                <span className="chooser-account__text">
                  <span className="chooser-account__name">{account.name}</span>
                  <span className="chooser-account__email">{account.email}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        <LocalIdentityForm
          emailLabel="Google account email"
          nameLabel="Name on the Google account"
          submitLabel="Use this account"
          submitVariant="secondary"
          draft={chooser.draft}
          busy={busy}
          onInvalid={chooser.setError}
          onSubmit={(identity) =>
            void chooser.signIn({ sub: localGoogleSub(identity.email), ...identity })
          }
        />
      </Dialog>
    </>
  );
}
