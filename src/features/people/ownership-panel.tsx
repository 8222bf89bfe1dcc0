/**
 * Handing the account on, on People and access (src/domain/ownership.ts): the owner offers the
 * account to a collaborator and may withdraw the offer; the collaborator it names sees it at the
 * top of the page and accepts or declines. Until they accept nothing changes.
 */
import { useState } from 'react';
import { acceptOwnership, endOwnershipOffer, offerOwnership } from '@/data/people';
import type { Account } from '@/domain/model';
import { OWNERSHIP_OFFER_DAYS, openOwnershipOffer, ownershipOfferEnds } from '@/domain/ownership';
import { Button } from '@/ui/button';
import { Alert } from '@/ui/page';
import type { useRowActions } from '@/ui/use-row-actions';

type RowActions = ReturnType<typeof useRowActions>;

interface Person {
  uid: string;
  label: string;
}

function day(date: Date | null): string {
  return date ? date.toLocaleDateString(undefined, { day: 'numeric', month: 'long' }) : 'soon';
}

/** What the collaborator an open offer names sees: the offer, with Accept and Decline. */
export function OwnershipOffered(props: {
  account: Account;
  me: string;
  ownerName: string;
  actions: RowActions;
}) {
  const { account, me, actions } = props;
  const offer = openOwnershipOffer(account, new Date());
  if (!offer || offer.to !== me) return null;
  return (
    <Alert tone="info">
      <p>
        <strong>
          {props.ownerName} offers you ownership of {account.name}.
        </strong>{' '}
        As the owner you manage its people, billing and settings; {props.ownerName} stays on as a
        collaborator. The offer is open until {day(ownershipOfferEnds(offer))}.
      </p>
      <div className="people-dialog__actions people-offer__actions">
        <Button
          busy={actions.busy === 'ownership'}
          onClick={() =>
            void actions.run(
              'ownership',
              () => acceptOwnership(account, me),
              `You are now the owner of ${account.name}.`,
            )
          }
        >
          Accept ownership
        </Button>
        <Button
          variant="secondary"
          disabled={actions.busy === 'ownership'}
          onClick={() =>
            void actions.run(
              'ownership',
              () => endOwnershipOffer(account.id),
              `You declined. ${props.ownerName} stays the owner of ${account.name}.`,
            )
          }
        >
          Decline
        </Button>
      </div>
    </Alert>
  );
}

/** The owner's side: offer the account to a collaborator, or withdraw an open offer. */
export function HandOverPanel(props: {
  account: Account;
  me: string;
  collaborators: readonly Person[];
  actions: RowActions;
}) {
  const { account, me, collaborators, actions } = props;
  const [to, setTo] = useState('');
  const offer = openOwnershipOffer(account, new Date());
  const chosen = collaborators.some((c) => c.uid === to) ? to : (collaborators[0]?.uid ?? '');
  const offeredTo = offer ? collaborators.find((c) => c.uid === offer.to)?.label : undefined;
  return (
    <section className="panel people-handover" aria-labelledby="handover-heading">
      <h2 id="handover-heading">Hand the account on</h2>
      {offer ? (
        <>
          <p>
            You offered ownership of {account.name} to {offeredTo ?? 'a collaborator'}. They have
            until {day(ownershipOfferEnds(offer))} to accept; until then you stay the owner.
          </p>
          <Button
            variant="secondary"
            busy={actions.busy === 'ownership'}
            onClick={() =>
              void actions.run(
                'ownership',
                () => endOwnershipOffer(account.id),
                'The offer is withdrawn.',
              )
            }
          >
            Withdraw the offer
          </Button>
        </>
      ) : collaborators.length === 0 ? (
        <p className="muted">
          Only a collaborator can become the owner. Make someone a collaborator first.
        </p>
      ) : (
        <>
          <p className="muted">
            The collaborator you choose becomes the owner once they accept, within{' '}
            {OWNERSHIP_OFFER_DAYS} days. You stay on as a collaborator. A subscription you pay for
            keeps paying for the plan until you cancel it.
          </p>
          <div className="people-handover__form">
            <label htmlFor="handover-to">Offer ownership to</label>
            <select
              id="handover-to"
              className="people-select"
              value={chosen}
              onChange={(e) => setTo(e.target.value)}
            >
              {collaborators.map((c) => (
                <option key={c.uid} value={c.uid}>
                  {c.label}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              busy={actions.busy === 'ownership'}
              onClick={() => {
                const label = collaborators.find((c) => c.uid === chosen)?.label ?? 'them';
                void actions.run(
                  'ownership',
                  () => offerOwnership(account.id, chosen, me),
                  `Ownership is offered to ${label}. It is theirs once they accept it on People and access.`,
                );
              }}
            >
              Offer ownership
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
