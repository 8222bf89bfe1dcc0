/**
 * The Share tab's "Wallet passes": links to the card's Apple Wallet pass and Google Wallet save
 * link, the same addresses the public page offers (`walletPassUrl`). The server builds both from
 * the saved card at the moment they are opened, so they always show the latest saved version.
 */
import type { Card } from '../../../domain/model';
import { walletPassUrl, type PublicHosts } from '../../../domain/urls';
import { Section } from './fields';

export function WalletPassesSection(props: {
  /** The saved card; null while it is not saved yet. */
  card: Pick<Card, 'id'> | null;
  hosts: Pick<PublicHosts, 'card'>;
}) {
  const { card, hosts } = props;
  return (
    <Section
      title="Wallet passes"
      description="Your card in Apple Wallet and Google Wallet, with its QR code, even offline. A pass shows the same details as the saved contact, as they are when it is added."
    >
      {card === null ? (
        <p className="field__hint">Save the card first: a pass is made from the saved card.</p>
      ) : (
        <div className="wallet-passes">
          <a className="wallet-pass" href={walletPassUrl(card, hosts, 'apple')}>
            <span className="wallet-pass__small">Add to</span>{' '}
            <span className="wallet-pass__name">Apple Wallet</span>
          </a>
          <a
            className="wallet-pass"
            href={walletPassUrl(card, hosts, 'google')}
            target="_blank"
            rel="noreferrer"
          >
            <span className="wallet-pass__small">Add to</span>{' '}
            <span className="wallet-pass__name">Google Wallet</span>
          </a>
        </div>
      )}
    </Section>
  );
}
