// @vitest-environment jsdom
/**
 * The Share tab's wallet pass links: the saved card's two pass addresses with accessible names;
 * an unsaved card gets a hint instead (a pass is made from the saved card).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WalletPassesSection } from '../../../src/features/builder/components/wallet-passes';

describe('WalletPassesSection', () => {
  it('links both passes of a saved card', () => {
    render(<WalletPassesSection card={{ id: 'c 1' }} hosts={{ card: 'https://cards.test/' }} />);
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
    render(<WalletPassesSection card={null} hosts={{ card: 'https://cards.test' }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/Save the card first/)).toBeInTheDocument();
  });
});
