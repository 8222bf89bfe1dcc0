// @vitest-environment jsdom
/**
 * "Company sign-in (SSO)" on Account settings: the owner of a Corporate account connects a
 * provider for domains and requires it (the account's `sso` and one public claim per domain, in
 * one batch), changes the domains (a dropped one is released), is told what is wrong before
 * anything is written, and disconnects; on another plan the section says it is a Corporate
 * feature.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth } from '../support/fake-auth';
import { renderApp, seedAccount, seedUser } from '../support/render-app';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function setUp(plan: 'corporate' | 'growth') {
  const auth = createFakeAuth();
  auth.addUser({ uid: 'u1', email: 'bill@initech.example', displayName: 'Bill' }, 'Right-pass1');
  const app = renderApp('/settings/account', { auth });
  stop = app.stop;
  seedAccount(app.db, { id: 'acc1', name: 'Initech', slug: 'initech', ownerId: 'u1' });
  app.db.seed('accounts/acc1', {
    ...app.db.dump()['accounts/acc1'],
    plan: {
      type: plan,
      isPaidAccount: true,
      cardLimit: 100,
      compCards: 0,
      cardsInUse: 0,
      trialEndDate: null,
    },
  });
  seedUser(app.db, { uid: 'u1', email: 'bill@initech.example', accountId: 'acc1', name: 'Bill' });
  auth.restore('u1');
  return app;
}

describe('company sign-in settings', () => {
  it('connects a provider for domains, requires it, changes the domains and disconnects', async () => {
    const app = setUp('corporate');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Company sign-in (SSO)' });
    expect(section).toBeVisible();
    await user.type(screen.getByLabelText('Provider ID'), 'oidc.initech');
    expect(screen.getByLabelText('Name on the sign-in button')).toHaveValue('Initech');
    await user.type(screen.getByLabelText('Email domains'), 'Initech.example, initrode.example');
    await user.click(screen.getByLabelText('Require company sign-in'));
    await user.click(screen.getByRole('button', { name: 'Connect provider' }));

    expect(
      await screen.findByText(/Everyone at initech.example, initrode.example except you/),
    ).toBeVisible();
    const sso = {
      providerId: 'oidc.initech',
      name: 'Initech',
      domains: ['initech.example', 'initrode.example'],
      required: true,
    };
    const claim = {
      accountId: 'acc1',
      providerId: 'oidc.initech',
      name: 'Initech',
      required: true,
    };
    expect(app.db.dump()['accounts/acc1']).toMatchObject({ sso });
    expect(app.db.dump()['ssoDomains/initech.example']).toEqual(claim);
    expect(app.db.dump()['ssoDomains/initrode.example']).toEqual(claim);

    // Dropping a domain releases its claim; the form shows what is stored.
    const domains = await screen.findByLabelText('Email domains');
    await waitFor(() => expect(domains).toHaveValue('initech.example, initrode.example'));
    await user.clear(domains);
    await user.type(domains, 'initech.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(app.db.dump()['ssoDomains/initrode.example']).toBeUndefined());
    expect(app.db.dump()['ssoDomains/initech.example']).toEqual(claim);

    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(/Company sign-in is off/)).toBeVisible();
    expect(app.db.dump()['accounts/acc1']).not.toHaveProperty('sso');
    expect(app.db.dump()['ssoDomains/initech.example']).toBeUndefined();
  });

  it('says what is wrong and writes nothing: a built-in provider, a public mail domain', async () => {
    const app = setUp('corporate');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Provider ID'), 'google.com');
    await user.type(screen.getByLabelText('Email domains'), 'initech.example');
    await user.click(screen.getByRole('button', { name: 'Connect provider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/starts with oidc\. or saml\./);

    await user.clear(screen.getByLabelText('Provider ID'));
    await user.type(screen.getByLabelText('Provider ID'), 'saml.initech');
    await user.clear(screen.getByLabelText('Email domains'));
    await user.type(screen.getByLabelText('Email domains'), 'gmail.com');
    await user.click(screen.getByRole('button', { name: 'Connect provider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /gmail.com is a public mail service/,
    );
    expect(app.db.dump()['accounts/acc1']).not.toHaveProperty('sso');
    expect(Object.keys(app.db.dump()).filter((p) => p.startsWith('ssoDomains/'))).toEqual([]);
  });

  it('is a Corporate feature: another plan is told so and offered the plans', async () => {
    setUp('growth');
    expect(
      await screen.findByText(/Company sign-in \(SSO\) is part of the Corporate plan/),
    ).toBeVisible();
    expect(screen.queryByLabelText('Provider ID')).not.toBeInTheDocument();
  });
});
