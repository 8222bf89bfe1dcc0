// @vitest-environment jsdom
/**
 * The Share tab's wallet pass links: the saved card's pass addresses with accessible names, only
 * for the wallets the configuration offers (none: no section, as the public page shows no button);
 * an unsaved card gets a hint instead (a pass is made from the saved card).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readConfig } from '@/app/config';
import { WalletPassesSection } from '@/features/builder/components/wallet-passes';

const BOTH = { apple: true, google: true };

describe('WalletPassesSection', () => {
  it('links both passes of a saved card', () => {
    render(
      <WalletPassesSection
        card={{ id: 'c 1' }}
        hosts={{ card: 'https://cards.test/' }}
        wallets={BOTH}
      />,
    );
    expect(screen.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute(
      'href',
      'https://cards.test/c%201/wallet/apple.pkpass',
    );
    expect(screen.getByRole('link', { name: 'Add to Google Wallet' })).toHaveAttribute(
      'href',
      'https://cards.test/c%201/wallet/google',
    );
  });

  it('asks to save an unsaved card first, with no links', () => {
    render(
      <WalletPassesSection card={null} hosts={{ card: 'https://cards.test' }} wallets={BOTH} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/Save the card first/)).toBeInTheDocument();
  });

  it('offers only the configured wallets, and nothing when none is', () => {
    const { unmount } = render(
      <WalletPassesSection
        card={{ id: 'c1' }}
        hosts={{ card: 'https://cards.test' }}
        wallets={{ apple: false, google: true }}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add to Google Wallet' })).toBeInTheDocument();
    unmount();
    render(
      <WalletPassesSection
        card={{ id: 'c1' }}
        hosts={{ card: 'https://cards.test' }}
        wallets={{ apple: false, google: false }}
      />,
    );
    expect(screen.queryByRole('heading', { name: 'Wallet passes' })).toBeNull();
  });
});

describe('VITE_WALLET_PASSES', () => {
  it('offers both wallets locally and none on Firebase unless it names them', () => {
    expect(readConfig({}).walletPasses).toEqual({ apple: true, google: true });
    expect(readConfig({ VITE_BACKEND: 'firebase' }).walletPasses).toEqual({
      apple: false,
      google: false,
    });
    expect(
      readConfig({ VITE_BACKEND: 'firebase', VITE_WALLET_PASSES: 'Google, apple' }).walletPasses,
    ).toEqual({ apple: true, google: true });
    expect(readConfig({ VITE_WALLET_PASSES: 'none' }).walletPasses).toEqual({
      apple: false,
      google: false,
    });
  });
});
