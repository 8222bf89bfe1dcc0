/**
 * The team's promotions (docs/product.md §3, §4): create, edit, schedule and archive. The list shows each one's
 * display status (Draft, Live, Scheduled, Expired) and hides archived ones; a Live promotion shows
 * on the public page of every card of the team.
 */
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import {
  archivePromotion,
  createPromotion,
  followTeamPromotions,
  updatePromotion,
} from '@/data/promotions';
import { promotionProblems, type PromotionInput } from '@/domain/schemas/promotion';
import type { Promotion } from '@/domain/model';
import { promotionDisplayStatus } from '@/domain/promotions';
import type { PromotionDisplayStatus } from '@/domain/promotions';
import { Alert } from '@/ui/page';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/text-field';
import { TableHead } from './table-head';
import { plainWriteError } from '@/domain/access-errors';

const EMPTY: PromotionInput = {
  title: '',
  body: '',
  url: '',
  status: 'draft',
  isScheduled: false,
  startDate: null,
  endDate: null,
};

/** `datetime-local` value of a date, in local time. */
function toLocalInput(date: Date | null | undefined): string {
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): Date | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatDate(date: Date | null | undefined): string {
  return date ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

export function StatusBadge({ status }: { status: PromotionDisplayStatus }) {
  return <span className={`badge badge--${status.toLowerCase()}`}>{status}</span>;
}

function PromotionForm(props: {
  initial: PromotionInput;
  busy: boolean;
  onSubmit: (input: PromotionInput) => void;
  onCancel: () => void;
}) {
  const [input, setInput] = useState<PromotionInput>(props.initial);
  const [problems, setProblems] = useState<string[]>([]);
  const set = (change: Partial<PromotionInput>) => setInput((i) => ({ ...i, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = promotionProblems(input);
    setProblems(found);
    if (found.length === 0) props.onSubmit(input);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {problems.length > 0 ? (
        <Alert tone="error">
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <TextField
        label="Title"
        value={input.title}
        maxLength={80}
        required
        onChange={(e) => set({ title: e.target.value })}
      />
      <TextField
        label="Message"
        value={input.body}
        maxLength={240}
        onChange={(e) => set({ body: e.target.value })}
      />
      <TextField
        label="Link (optional)"
        type="url"
        value={input.url}
        placeholder="https://company.com/offer"
        onChange={(e) => set({ url: e.target.value })}
      />
      <fieldset className="team-fieldset">
        <legend>Status</legend>
        <div className="team-choices">
          <label className="team-choice">
            <input
              type="radio"
              name="promotion-status"
              checked={input.status === 'draft'}
              onChange={() => set({ status: 'draft' })}
            />
            Draft
          </label>
          <label className="team-choice">
            <input
              type="radio"
              name="promotion-status"
              checked={input.status === 'live'}
              onChange={() => set({ status: 'live' })}
            />
            Live
          </label>
        </div>
      </fieldset>
      <label className="team-check">
        <input
          type="checkbox"
          checked={input.isScheduled}
          onChange={(e) => set({ isScheduled: e.target.checked })}
        />
        Only show it between two dates
      </label>
      {input.isScheduled ? (
        <div className="team-row">
          <TextField
            label="Starts"
            type="datetime-local"
            value={toLocalInput(input.startDate)}
            onChange={(e) => set({ startDate: fromLocalInput(e.target.value) })}
          />
          <TextField
            label="Ends"
            type="datetime-local"
            value={toLocalInput(input.endDate)}
            onChange={(e) => set({ endDate: fromLocalInput(e.target.value) })}
          />
        </div>
      ) : null}
      <div className="team-actions" style={{ marginTop: 0 }}>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={props.busy}>
          Save promotion
        </Button>
      </div>
    </form>
  );
}

export function PromotionsPanel(props: {
  accountId: string;
  teamId: string;
  teamName: string;
  now?: () => Date;
}) {
  const { accountId, teamId } = props;
  const key = `${accountId}/${teamId}`;
  const [loaded, setLoaded] = useState<{ key: string; list: Promotion[] } | null>(null);
  const promotions = loaded && loaded.key === key ? loaded.list : null;
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const now = (props.now ?? (() => new Date()))();

  useEffect(() => {
    const at = `${accountId}/${teamId}`;
    return followTeamPromotions(
      accountId,
      teamId,
      (list) => setLoaded({ key: at, list }),
      (err) => {
        console.error('[teams] following promotions failed', err);
        setLoaded({ key: at, list: [] });
      },
    );
  }, [accountId, teamId]);

  async function save(input: PromotionInput) {
    setBusy(true);
    try {
      if (editing === 'new') await createPromotion(accountId, teamId, input);
      else if (editing) await updatePromotion(accountId, editing.id, input);
      toast.success('Promotion saved.');
      setEditing(null);
    } catch (err) {
      toast.error(plainWriteError(err, 'Saving the promotion failed.'));
    } finally {
      setBusy(false);
    }
  }

  async function archive(promotion: Promotion) {
    try {
      await archivePromotion(accountId, promotion.id);
      toast.success(`${promotion.title || 'The promotion'} has been archived.`);
    } catch (err) {
      toast.error(plainWriteError(err, 'Archiving failed.'));
    }
  }

  const initial: PromotionInput =
    editing && editing !== 'new'
      ? {
          title: editing.title ?? '',
          body: editing.body ?? '',
          url: editing.url ?? '',
          status: editing.status === 'live' ? 'live' : 'draft',
          isScheduled: editing.isScheduled === true,
          startDate: editing.startDate ?? null,
          endDate: editing.endDate ?? null,
        }
      : EMPTY;

  return (
    <section className="team-section" aria-labelledby="promotions-heading">
      <div className="toggle-row">
        <div>
          <h2 id="promotions-heading">Promotions</h2>
          <p className="team-section__lead">
            A live promotion appears on the public page of every card in {props.teamName}.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>New promotion</Button>
      </div>
      {promotions === null ? (
        <p className="muted" role="status">
          Loading promotions…
        </p>
      ) : promotions.length === 0 ? (
        <p className="muted">No promotions yet.</p>
      ) : (
        <div className="team-table-wrap">
          <table className="team-table">
            <caption className="visually-hidden">Promotions of {props.teamName}</caption>
            <TableHead columns={['Title', 'Status', 'Starts', 'Ends']} />
            <tbody>
              {promotions.map((promotion) => (
                <tr key={promotion.id}>
                  <td>{promotion.title || 'Untitled'}</td>
                  <td>
                    <StatusBadge status={promotionDisplayStatus(promotion, now)} />
                  </td>
                  <td>{promotion.isScheduled ? formatDate(promotion.startDate) : '—'}</td>
                  <td>{promotion.isScheduled ? formatDate(promotion.endDate) : '—'}</td>
                  <td>
                    <div className="team-table__actions">
                      <Button
                        size="small"
                        variant="secondary"
                        aria-label={`Edit ${promotion.title || 'promotion'}`}
                        onClick={() => setEditing(promotion)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Archive ${promotion.title || 'promotion'}`}
                        onClick={() => void archive(promotion)}
                      >
                        Archive
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'New promotion' : 'Edit promotion'}
        onClose={() => setEditing(null)}
      >
        <PromotionForm
          key={editing === 'new' ? 'new' : (editing?.id ?? 'none')}
          initial={initial}
          busy={busy}
          onSubmit={(input) => void save(input)}
          onCancel={() => setEditing(null)}
        />
      </Dialog>
    </section>
  );
}
