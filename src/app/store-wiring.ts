/**
 * Connects the shared stores: the account store follows the signed-in user's document, so the
 * current account, its teams and the feature gates follow every change of the user.
 */
import type { AccountStoreApi } from '../stores/account-store';
import type { AuthStoreApi } from '../stores/auth-store';

export function connectStores(auth: AuthStoreApi, account: AccountStoreApi): () => void {
  account.getState().syncUser(auth.getState().user);
  return auth.subscribe((state, previous) => {
    if (state.user !== previous.user) account.getState().syncUser(state.user);
  });
}
