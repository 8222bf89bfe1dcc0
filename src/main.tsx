/**
 * Start-up: read the configuration, start the sign-in service, install the backend driver, wire
 * the stores to their environment, load the configured third-party scripts, and render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installBackend } from './app/backend-choice';
import { appConfig } from './app/config';
import { readAffiliate, rememberVia } from './app/referral';
import { connectStores } from './app/store-wiring';
import { loadThirdPartyScripts, trackSignUp } from './app/third-party-scripts';
import * as authService from './backend/auth';
import { useAccountStore } from './stores/account-store';
import { useAuthStore } from './stores/auth-store';
import './ui/theme.css';

const config = appConfig();

rememberVia();
authService.initAuth(config);

useAuthStore.getState().configure({
  auth: authService,
  productTeamEmail: config.productTeamEmail,
  googleMode: config.authEmulatorUrl ? 'local' : 'popup',
  getAffiliate: () => readAffiliate({ scriptEnabled: config.scripts.referralScriptSrc !== '' }),
  onSignUp: (info) => trackSignUp(config.scripts, info),
});
useAccountStore.getState().configure({ internalAccountId: config.internalAccountId });
connectStores(useAuthStore, useAccountStore);
loadThirdPartyScripts(config.scripts);

async function start(): Promise<void> {
  await installBackend(config);
  useAuthStore.getState().start();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <App release={config.release} />
    </StrictMode>,
  );
}

void start();
