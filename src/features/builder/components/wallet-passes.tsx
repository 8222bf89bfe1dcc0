/**
 * The Share tab's "Wallet passes": links to the card's Apple Wallet pass and Google Wallet save
 * link, the same addresses the public page offers (`walletPassUrl`). The server builds both from
 * the saved card at the moment they are opened, so they always show the latest saved version.
 * Only the wallets the configuration names are offered (none: no section), as on the public page.
 */
import type { Card } from '@/domain/model';
import { walletPassUrl, type PublicHosts } from '@/domain/urls';
import { Section } from './fields';

export function WalletPassesSection(props: {
  /** The saved card; null while it is not saved yet. */
  card: Pick<Card, 'id'> | null;
  hosts: Pick<PublicHosts, 'card'>;
  wallets: { apple: boolean; google: boolean };
}) {
  const { card, hosts, wallets } = props;
  if (!wallets.apple && !wallets.google) return null;
  return (
    <Section
      title="Wallet passes"
      description="Your card in Apple Wallet and Google Wallet, with its QR code, even offline. A pass shows the same details as the saved contact, as they are when it is added."
    >
      {card === null ? (
        <p className="field__hint">Save the card first: a pass is made from the saved card.</p>
      ) : (
        <div className="wallet-passes">
          {wallets.apple ? (
            <a
              className="wallet-pass wallet-pass--apple"
              href={walletPassUrl(card, hosts, 'apple')}
            >
              <span className="wallet-pass__small">Add to</span>{' '}
              <span className="wallet-pass__name">Apple Wallet</span>
            </a>
          ) : null}
          {wallets.google ? (
            <a
              className="wallet-pass wallet-pass--google"
              href={walletPassUrl(card, hosts, 'google')}
              target="_blank"
              rel="noreferrer"
            >
              <span className="wallet-pass__small">Add to</span>{' '}
              <span className="wallet-pass__name">Google Wallet</span>
            </a>
          ) : null}
        </div>
      )}
    </Section>
  );
}
