/**
 * "Create from a vCard" in the builder: the owner picks a .vcf file (as iOS, Android, Outlook or
 * this product write them), sees what was read — name, job title, company, e-mail and every link —
 * and, when it looks right, opens it as a new unsaved card in the editor. Nothing is saved until
 * they press Save, so the card's usual checks (handle, link rules, card cap) still apply.
 */
import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { linkDisplayLabel } from '@/domain/links';
import type { ImportedCard } from '@/domain/vcard-import';
import { Dialog } from '@/ui/dialog';

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

export function VCardImport(props: { disabled?: boolean; onUse: (card: ImportedCard) => void }) {
  const inputId = useId();
  const [cards, setCards] = useState<ImportedCard[] | null>(null);
  const [picked, setPicked] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
    setPicked(0);
    // The vCard parser (ical.js) is most of the builder's weight on a phone and only this needs it:
    // it loads when a file is chosen, not with the builder.
    const { MAX_VCARD_BYTES, readVCards } = await import('@/domain/vcard-import');
    if (file.size > MAX_VCARD_BYTES) {
      setCards([]);
      setError('This file is too large for a vCard (over 2 MB).');
      return;
    }
    const result = readVCards(await readText(file));
    setCards(result.ok ? result.cards : []);
    setError(result.ok ? null : result.message);
  }

  function close() {
    setCards(null);
    setError(null);
  }

  const card = cards?.[picked] ?? null;
  return (
    <>
      <label
        htmlFor={inputId}
        className={`button button--secondary vcard-import__pick${props.disabled ? ' is-disabled' : ''}`}
      >
        Create from a vCard
      </label>
      <input
        id={inputId}
        type="file"
        accept=".vcf,.vcard,text/vcard,text/x-vcard"
        className="visually-hidden"
        disabled={props.disabled}
        onChange={(e) => void onFile(e)}
        aria-label="vCard file"
      />
      <Dialog
        open={cards !== null}
        title="Create a card from a vCard"
        description={fileName ? `Read from ${fileName}.` : undefined}
        onClose={close}
      >
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        {cards !== null && cards.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor={`${inputId}-pick`}>
              This file holds {cards.length} contacts. Which one?
            </label>
            <select
              id={`${inputId}-pick`}
              className="field__control"
              value={picked}
              onChange={(e) => setPicked(Number(e.target.value))}
            >
              {cards.map((c, i) => (
                <option key={i} value={i}>
                  {c.name || `Contact ${i + 1}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {card ? (
          <div className="vcard-import__read" data-testid="vcard-read">
            <dl className="vcard-import__fields">
              <dt>Name</dt>
              <dd>{card.name || '—'}</dd>
              <dt>Job title</dt>
              <dd>{card.title || '—'}</dd>
              <dt>Company</dt>
              <dd>{card.company || '—'}</dd>
              <dt>E-mail</dt>
              <dd>{card.email || '—'}</dd>
            </dl>
            <h3 className="vcard-import__links-title">
              {card.contacts.length === 0
                ? 'No contacts or links'
                : `${card.contacts.length} contacts and links`}
            </h3>
            <ul className="vcard-import__links">
              {card.contacts.map((link) => (
                <li key={link.id}>
                  <span className="vcard-import__kind">{linkDisplayLabel(link)}</span> {link.value}
                </li>
              ))}
            </ul>
            {card.name === '' ? (
              <p className="field__hint">This contact has no name: you will be asked for one.</p>
            ) : null}
            <p className="field__hint">
              The card opens unsaved: check it, then press Save. Photos are not read.
            </p>
          </div>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          {card ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                close();
                props.onUse(card);
              }}
            >
              Open as a new card
            </button>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
