/**
 * /my-card: where an employee with a seat keeps their own card up to date (docs/access.md,
 * "Employee seats"). They change their name, title, photo and their own links; the branding, the
 * address, the lead form and the team's links are the company's and are shown as such. The save
 * writes only what `saveMyCard` allows, the fields the rules let a seat holder change.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { followMyCard, saveMyCard, uploadMyPhoto } from '@/data/seats';
import { plainWriteError } from '@/domain/access-errors';
import { LINK_KINDS, linkKind } from '@/domain/link-kinds';
import { linkValueProblem } from '@/domain/link-rules';
import { linkDisplayLabel } from '@/domain/links';
import type { Card, Link } from '@/domain/model';
import { linksAfterSeatEdit, seatEditOf, teamLinksOf, type SeatEdit } from '@/domain/seats';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { Alert, Page, PageHeader, PageLoader } from '@/ui/page';
import { FilePickButton } from '@/ui/file-pick-button';
import { prepareImage } from '@/ui/image-file';
import { TextField } from '@/ui/text-field';
import './my-card.css';

type Loaded = { state: 'loading' } | { state: 'gone' } | { state: 'ready'; card: Card };

function useMyCard(cardId: string | null): Loaded {
  const [loaded, setLoaded] = useState<{ cardId: string; card: Card | null } | null>(null);
  useEffect(() => {
    if (cardId === null) return;
    return followMyCard(cardId, (card) => setLoaded({ cardId, card }));
  }, [cardId]);
  if (cardId === null) return { state: 'gone' };
  if (loaded?.cardId !== cardId) return { state: 'loading' };
  return loaded.card ? { state: 'ready', card: loaded.card } : { state: 'gone' };
}

function newLink(kind: string): Link {
  const random = Math.random().toString(36).slice(2, 10);
  return { id: `link-${Date.now().toString(36)}-${random}`, name: kind, label: '', value: '' };
}

export function MyCardPage(props: {
  renderPreview: (card: Card) => ReactNode;
  publicUrl: (card: Card) => string;
}) {
  const uid = useAuth((s) => s.user?.id ?? null);
  const seat = useAuth((s) => s.user?.cardSeat ?? null);
  const signOut = useAuth((s) => s.signOut);
  const loaded = useMyCard(seat?.cardId ?? null);

  if (loaded.state === 'loading') return <PageLoader label="Loading your card…" />;
  if (loaded.state === 'gone' || uid === null) {
    return (
      <Page width="narrow">
        <PageHeader title="Your card" />
        <Alert tone="info">
          <p>
            You no longer have a card to edit here: your company took the seat back, or the card was
            archived or deleted. Ask the person who invited you if you think this is a mistake.
          </p>
        </Alert>
        <Button variant="secondary" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Page>
    );
  }
  return (
    <MyCardEditor
      key={loaded.card.id}
      uid={uid}
      card={loaded.card}
      renderPreview={props.renderPreview}
      publicUrl={props.publicUrl(loaded.card)}
    />
  );
}

function MyCardEditor(props: {
  uid: string;
  card: Card;
  renderPreview: (card: Card) => ReactNode;
  publicUrl: string;
}) {
  const { card, uid } = props;
  const [edit, setEdit] = useState<SeatEdit>(() => seatEditOf(card));
  const [busy, setBusy] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [newKind, setNewKind] = useState(LINK_KINDS[0]?.name ?? 'Website');
  const kindId = useId();
  const teamLinks = teamLinksOf(card);
  const problems = new Map(
    edit.personalLinks.map((link) => [
      link.id,
      link.value.trim() === '' ? 'Enter a value or remove this link.' : linkValueProblem(link),
    ]),
  );
  const invalid = edit.name.trim() === '' || [...problems.values()].some((p) => p !== null);
  const preview: Card = {
    ...card,
    name: edit.name,
    title: edit.title,
    template: { ...card.template, photoAvatar: edit.photoAvatar },
    contacts: linksAfterSeatEdit(card, edit.personalLinks),
  };

  function patchLink(id: string, change: Partial<Link>) {
    setEdit((e) => ({
      ...e,
      personalLinks: e.personalLinks.map((l) => (l.id === id ? { ...l, ...change } : l)),
    }));
  }

  async function onPhoto(file: File) {
    setPhotoBusy(true);
    setStatus(null);
    try {
      const url = await uploadMyPhoto(uid, await prepareImage(file));
      setEdit((e) => ({ ...e, photoAvatar: url }));
    } catch (err) {
      setStatus({ tone: 'error', text: plainWriteError(err, 'The photo could not be uploaded.') });
    } finally {
      setPhotoBusy(false);
    }
  }

  async function onSave() {
    setBusy(true);
    setStatus(null);
    try {
      const saved = await saveMyCard(card, edit);
      setStatus({
        tone: 'success',
        text: saved ? 'Your card is saved and live.' : 'Nothing to save: your card is up to date.',
      });
    } catch (err) {
      setStatus({ tone: 'error', text: plainWriteError(err, 'Your card could not be saved.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page className="my-card">
      <PageHeader
        title="Your card"
        lead={
          <>
            Keep your name, title, photo and your own links up to date.{' '}
            {card.company ? `${card.company} sets` : 'Your company sets'} the design, the address
            and the team links.
          </>
        }
        actions={
          <a
            className="button button--secondary"
            href={props.publicUrl}
            target="_blank"
            rel="noreferrer"
          >
            View your card
          </a>
        }
      />
      <div className="my-card__layout">
        <form
          className="my-card__form panel"
          onSubmit={(event) => {
            event.preventDefault();
            if (!invalid) void onSave();
          }}
        >
          <TextField
            label="Name"
            value={edit.name}
            maxLength={200}
            required
            error={edit.name.trim() === '' ? 'Enter your name.' : null}
            onChange={(e) => setEdit({ ...edit, name: e.target.value })}
          />
          <TextField
            label="Title"
            value={edit.title}
            maxLength={200}
            onChange={(e) => setEdit({ ...edit, title: e.target.value })}
          />
          <div className="field">
            <span className="field__label">Photo</span>
            <div className="my-card__photo">
              {edit.photoAvatar ? (
                <img src={edit.photoAvatar} alt="" width={56} height={56} />
              ) : null}
              <FilePickButton
                label={edit.photoAvatar ? 'Change your photo' : 'Upload a photo of you'}
                busy={photoBusy}
                onPick={(file) => void onPhoto(file)}
              >
                {photoBusy ? 'Uploading…' : edit.photoAvatar ? 'Change photo' : 'Upload a photo'}
              </FilePickButton>
              {edit.photoAvatar ? (
                <Button variant="ghost" onClick={() => setEdit({ ...edit, photoAvatar: '' })}>
                  Remove photo
                </Button>
              ) : null}
            </div>
          </div>

          <h2 className="my-card__heading">Your links</h2>
          {edit.personalLinks.length === 0 ? (
            <p className="muted">No links of your own yet.</p>
          ) : null}
          <ul className="my-card__links">
            {edit.personalLinks.map((link) => {
              const kind = linkKind(link.name);
              return (
                <li key={link.id} className="my-card__link">
                  <TextField
                    label={`${link.name || 'Link'}: label`}
                    value={link.label}
                    maxLength={100}
                    placeholder={link.name}
                    onChange={(e) => patchLink(link.id, { label: e.target.value })}
                  />
                  <TextField
                    label={`${link.name || 'Link'}: value`}
                    value={link.value}
                    inputMode={kind.inputMode}
                    placeholder={kind.placeholder.person}
                    error={problems.get(link.id) ?? null}
                    onChange={(e) => patchLink(link.id, { value: e.target.value })}
                  />
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${linkDisplayLabel(link)}`}
                    onClick={() =>
                      setEdit((e) => ({
                        ...e,
                        personalLinks: e.personalLinks.filter((l) => l.id !== link.id),
                      }))
                    }
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <div className="my-card__add">
            <label className="field__label" htmlFor={kindId}>
              Add a link
            </label>
            <select
              id={kindId}
              className="field__control"
              value={newKind}
              onChange={(e) => setNewKind(e.target.value)}
            >
              {LINK_KINDS.map((k) => (
                <option key={k.name} value={k.name}>
                  {k.name}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              onClick={() =>
                setEdit((e) => ({ ...e, personalLinks: [...e.personalLinks, newLink(newKind)] }))
              }
            >
              Add
            </Button>
          </div>

          {teamLinks.length > 0 ? (
            <>
              <h2 className="my-card__heading">Team links</h2>
              <p className="muted">Set by your company for everyone on the team.</p>
              <ul className="my-card__team-links">
                {teamLinks.map((link) => (
                  <li key={link.id}>
                    <span className="badge badge--team">From team</span> {linkDisplayLabel(link)}:{' '}
                    {link.value}
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
          <div>
            <Button type="submit" busy={busy} disabled={invalid || photoBusy}>
              Save
            </Button>
          </div>
        </form>
        <div className="my-card__preview" aria-label="Preview of your card">
          {props.renderPreview(preview)}
        </div>
      </div>
    </Page>
  );
}
