/**
 * "Employee seats" on People and access (issue 24; docs/access.md, "Employee seats"): the cards of
 * the account with an e-mail, and whether the person each is for has claimed it. The owner invites
 * them to claim it (the server e-mails a link), resends or revokes the invitation, and takes a
 * seat back; collaborators see the list. A seat holder edits only their card's personal fields.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from '@/ui/toast';
import { useRowActions } from '@/ui/use-row-actions';
import { plainWriteError } from '@/domain/access-errors';
import { normaliseEmail } from '@/domain/members';
import { watchCardPage } from '@/data/cards';
import { followSeatInvites, inviteToClaim, takeSeatBack, type SeatInvite } from '@/data/seats';
import type { Account, Card } from '@/domain/model';
import { seatStatus, seatsToInvite, type SeatStatus } from '@/domain/seats';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { InviteActions } from '@/ui/invitation';
import { Alert } from '@/ui/page';

/** How many cards the section lists (the first ones by name). */
const SEAT_LIST_LIMIT = 100;

const SEAT_LABELS: Record<SeatStatus, string> = {
  claimed: 'Claimed',
  invited: 'Invited',
  'not-invited': 'Not invited',
  'no-email': 'No e-mail on the card',
};

/** `/settings/people#seats`: where the importer's result sends the owner to invite people. */
const SEATS_ANCHOR = 'seats';

export function EmployeeSeats(props: {
  account: Account;
  me: string;
  myEmail: string;
  canManage: boolean;
}) {
  const { account, me, canManage } = props;
  const [cards, setCards] = useState<Card[] | null>(null);
  const [invites, setInvites] = useState<SeatInvite[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [invitingAll, setInvitingAll] = useState(false);
  const { busy, run } = useRowActions();
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const listed = cards !== null;

  useEffect(
    () =>
      watchCardPage(
        account.id,
        {},
        setCards,
        (err) => setError(plainWriteError(err, 'The cards could not be read.')),
        SEAT_LIST_LIMIT,
      ),
    [account.id],
  );
  useEffect(() => {
    if (!canManage) return;
    return followSeatInvites(account.id, setInvites, () => setInvites([]));
  }, [account.id, canManage]);

  // The router does not scroll to a hash, and the section is below the people table.
  useEffect(() => {
    if (listed && hash === `#${SEATS_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [listed, hash]);

  const pending = useMemo(() => new Set(invites.map((i) => i.email)), [invites]);
  const uninvited = useMemo(
    () => seatsToInvite(cards ?? [], pending, props.myEmail),
    [cards, pending, props.myEmail],
  );

  async function inviteAll() {
    setInvitingAll(true);
    const results = await Promise.allSettled(
      uninvited.map((card) => inviteToClaim(card, account.id, me)),
    );
    setInvitingAll(false);
    const failed = results.filter((r) => r.status === 'rejected');
    const sent = results.length - failed.length;
    const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
    if (failed.length === 0) {
      toast.success(`Invitations to claim their cards are on their way to ${people(sent)}.`);
    } else {
      toast.error(
        `Sent ${sent} of ${results.length} invitations. The others did not go through: ` +
          plainWriteError(failed[0]?.reason, 'please try again.'),
      );
    }
  }

  return (
    <section
      ref={section}
      id={SEATS_ANCHOR}
      className="panel people-seats"
      aria-labelledby="seats-heading"
    >
      <h2 id="seats-heading">Employee seats</h2>
      <p className="muted">
        Each person can claim the card made for them and keep their name, title, photo and own links
        up to date. The design, the card’s address and the team links stay as you set them.
      </p>
      {canManage && uninvited.length > 1 ? (
        <p>
          <Button variant="secondary" busy={invitingAll} onClick={() => void inviteAll()}>
            Invite all {uninvited.length} not yet invited
          </Button>
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {cards === null && !error ? <p className="muted">Loading the cards…</p> : null}
      {cards?.length === 0 ? <p className="muted">No cards yet.</p> : null}
      {cards && cards.length > 0 ? (
        <ul className="people-seats__list">
          {cards.map((card) => {
            const status = seatStatus(card, pending);
            const email = normaliseEmail(card.email ?? '');
            return (
              <li key={card.id} className="people-seats__row" data-seat={card.id}>
                <div className="people-who">
                  <Avatar name={card.name || email} size={32} />
                  <div>
                    <span className="people-who__name">{card.name || 'Untitled card'}</span>
                    <span className="people-who__meta">
                      {email || 'Add an e-mail to the card to invite its person'}
                    </span>
                  </div>
                </div>
                <span className={`people-status people-status--seat-${status}`}>
                  {SEAT_LABELS[status]}
                </span>
                {canManage ? (
                  <div className="people-actions">
                    {status === 'not-invited' ? (
                      <Button
                        size="small"
                        variant="secondary"
                        disabled={busy === card.id}
                        aria-label={`Invite ${email} to claim their card`}
                        onClick={() =>
                          void run(
                            card.id,
                            () => inviteToClaim(card, account.id, me),
                            `An invitation to claim the card is on its way to ${email}.`,
                            'Could not send the invitation.',
                          )
                        }
                      >
                        Invite to claim
                      </Button>
                    ) : null}
                    {status === 'invited' ? (
                      <InviteActions
                        accountId={account.id}
                        email={email}
                        busy={busy === email}
                        run={(...args) => void run(...args)}
                      />
                    ) : null}
                    {status === 'claimed' ? (
                      <Button
                        size="small"
                        variant="ghost"
                        disabled={busy === card.id}
                        aria-label={`Take back the seat of ${card.name || email}`}
                        onClick={() =>
                          void run(
                            card.id,
                            () => takeSeatBack(card.id),
                            `${card.name || email} can no longer edit the card; it stays with the account.`,
                            'Could not take the seat back.',
                          )
                        }
                      >
                        Take seat back
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {cards && cards.length >= SEAT_LIST_LIMIT ? (
        <p className="muted">Showing the first {SEAT_LIST_LIMIT} cards by name.</p>
      ) : null}
    </section>
  );
}
