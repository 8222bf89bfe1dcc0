/**
 * The paper-card scanner, opened from a card's Analytics tab: the person photographs a paper card,
 * the browser reads its text (`./ocr.ts`), `findCardFields` suggests the fields, and the person
 * checks them before "Save lead" stores a scanned lead; nothing is saved without that check.
 * Loaded lazily, and the OCR engine only when a photo is read, so neither weighs on the builder.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/ui/toast';
import { newScanId, saveScannedLead } from '@/data/analytics';
import { countryFromLocale, findCardFields, type ScannedCardFields } from '@/domain/card-scan';
import { SCANNED_LEAD_FIELDS, type ScannedLeadField } from '@/domain/scanned-lead';
import { Dialog } from '@/ui/dialog';
import { TextField } from '@/ui/text-field';
import { TextAreaField } from '../components/fields';
import { photoForOcr, startCardReader, type CardReader, type OcrProgress } from './ocr';
import './card-scanner.css';

const LABELS: Record<ScannedLeadField, string> = {
  name: 'Name',
  title: 'Job title',
  company: 'Company',
  email: 'E-mail',
  phone: 'Phone',
  website: 'Website',
  address: 'Address',
  note: 'Notes',
};

const INPUT_TYPES: Partial<Record<ScannedLeadField, string>> = {
  email: 'email',
  phone: 'tel',
  website: 'url',
};

const EMPTY: ScannedCardFields = {
  name: '',
  title: '',
  company: '',
  email: '',
  phone: '',
  website: '',
  address: '',
  note: '',
};

type Step =
  | { kind: 'pick' }
  | { kind: 'reading'; progress: OcrProgress }
  | { kind: 'check' }
  | { kind: 'saving' };

/** The engine's steps in the person's words, with how far along reading the card is (0–100). */
function progressText(progress: OcrProgress): { label: string; percent: number } {
  if (/recogniz/i.test(progress.status)) {
    return { label: 'Reading the card…', percent: 40 + Math.round(progress.progress * 60) };
  }
  if (/language|traineddata/i.test(progress.status)) {
    return { label: 'Loading the reader…', percent: 10 + Math.round(progress.progress * 30) };
  }
  return { label: 'Starting the reader…', percent: Math.round(progress.progress * 10) };
}

function PhotoPicker(props: { onPick: (file: File) => void; disabled: boolean }) {
  const hintId = useId();
  const pick = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) props.onPick(file);
  };
  return (
    <div className="scanner__pick">
      <div className="scanner__frame" aria-hidden="true">
        <span className="scanner__frame-card" />
      </div>
      <p className="scanner__hint" id={hintId}>
        Lay the card flat in good light and fill the photo with it. The photo stays on this device:
        only the fields you save are stored.
      </p>
      <div className="scanner__pick-actions">
        <label className="button button--primary scanner__pick-button">
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            aria-describedby={hintId}
            disabled={props.disabled}
            onChange={pick}
          />
          Take a photo
        </label>
        <label className="button button--secondary scanner__pick-button">
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-describedby={hintId}
            disabled={props.disabled}
            onChange={pick}
          />
          Choose a photo
        </label>
      </div>
    </div>
  );
}

export function CardScanner(props: {
  cardId: string;
  cardName: string;
  onClose: () => void;
  /** After a lead is saved (the list reloads). */
  onSaved: () => void;
}) {
  const { cardId, onClose, onSaved } = props;
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [photo, setPhoto] = useState<string | null>(null);
  const [fields, setFields] = useState<ScannedCardFields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const scanId = useRef<string>('');
  // The OCR worker is kept while the dialog is open (a second card is read at once) and ended when
  // it closes, to give a phone its memory back.
  const reader = useRef<Promise<CardReader> | null>(null);
  const progressRef = useRef<(progress: OcrProgress) => void>(() => {});

  useEffect(() => {
    return () => {
      const started = reader.current;
      reader.current = null;
      void started?.then((r) => r.close()).catch(() => {});
    };
  }, []);
  useEffect(() => {
    return () => {
      if (photo) URL.revokeObjectURL(photo);
    };
  }, [photo]);

  async function read(file: File) {
    setError(null);
    setFieldError(null);
    setPhoto(URL.createObjectURL(file));
    scanId.current = newScanId();
    setStep({ kind: 'reading', progress: { status: 'starting', progress: 0 } });
    progressRef.current = (progress) =>
      setStep((now) => (now.kind === 'reading' ? { kind: 'reading', progress } : now));
    try {
      reader.current ??= startCardReader((progress) => progressRef.current(progress));
      const [ocr, image] = await Promise.all([reader.current, photoForOcr(file)]);
      const text = await ocr.read(image);
      const found = findCardFields(text, {
        defaultCountry: countryFromLocale(navigator.language),
      });
      setFields(found);
      setStep({ kind: 'check' });
      if (!found.name && !found.email && !found.phone) {
        setError(
          'No name, e-mail or phone number could be read. Type them in, or take a sharper photo.',
        );
      }
    } catch (err) {
      console.error('[scanner] reading the photo failed', err);
      reader.current = null;
      setFields(EMPTY);
      setStep({ kind: 'check' });
      setError("The photo couldn't be read. Type the details in, or try another photo.");
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    if (!fields.name.trim() && !fields.email.trim() && !fields.phone.trim()) {
      setFieldError('Fill in at least a name, an e-mail or a phone number.');
      return;
    }
    setStep({ kind: 'saving' });
    try {
      const filled = Object.fromEntries(
        SCANNED_LEAD_FIELDS.map((key) => [key, fields[key].trim()]).filter(([, v]) => v !== ''),
      );
      await saveScannedLead(cardId, scanId.current || newScanId(), filled);
      toast.success(`Lead saved${fields.name.trim() ? `: ${fields.name.trim()}` : ''}.`);
      onSaved();
      onClose();
    } catch (err) {
      console.error('[scanner] saving the lead failed', err);
      setStep({ kind: 'check' });
      setFieldError(
        err instanceof Error && err.message
          ? err.message
          : "The lead couldn't be saved. Please try again.",
      );
    }
  }

  function again() {
    setFields(EMPTY);
    setError(null);
    setFieldError(null);
    setPhoto(null);
    setStep({ kind: 'pick' });
  }

  const set = (key: ScannedLeadField) => (value: string) =>
    setFields((prev) => ({ ...prev, [key]: value }));

  const reading = step.kind === 'reading' ? progressText(step.progress) : null;

  return (
    <Dialog
      open
      wide
      title="Scan a paper card"
      description={`The lead is added to ${props.cardName || 'this card'}, marked as scanned.`}
      onClose={step.kind === 'saving' ? () => {} : onClose}
    >
      <div className="scanner">
        {step.kind === 'pick' ? (
          <PhotoPicker onPick={(f) => void read(f)} disabled={false} />
        ) : null}
        {step.kind !== 'pick' ? (
          <div className="scanner__layout">
            <figure className="scanner__photo">
              {photo ? <img src={photo} alt="The paper card you scanned" /> : null}
              {reading ? (
                <figcaption className="scanner__progress" role="status">
                  <span>{reading.label}</span>
                  <progress max={100} value={reading.percent} aria-label={reading.label}>
                    {reading.percent}%
                  </progress>
                </figcaption>
              ) : null}
            </figure>
            {step.kind === 'reading' ? (
              <div className="scanner__waiting">
                <p>
                  The card is read on this device. The first scan loads the reader, which takes a
                  little longer.
                </p>
              </div>
            ) : (
              <form className="scanner__form" onSubmit={(e) => void save(e)} noValidate>
                {error ? (
                  <p className="alert alert--info" role="alert">
                    {error}
                  </p>
                ) : (
                  <p className="scanner__check" role="status">
                    Check what was read and correct anything that is wrong.
                  </p>
                )}
                <div className="scanner__fields">
                  {SCANNED_LEAD_FIELDS.map((key) =>
                    key === 'address' || key === 'note' ? (
                      <TextAreaField
                        key={key}
                        label={LABELS[key]}
                        value={fields[key]}
                        rows={2}
                        maxLength={500}
                        onChange={(e) => set(key)(e.target.value)}
                      />
                    ) : (
                      <TextField
                        key={key}
                        label={LABELS[key]}
                        type={INPUT_TYPES[key] ?? 'text'}
                        value={fields[key]}
                        maxLength={500}
                        autoComplete="off"
                        onChange={(e) => set(key)(e.target.value)}
                      />
                    ),
                  )}
                </div>
                {fieldError ? (
                  <p className="alert alert--error" role="alert">
                    {fieldError}
                  </p>
                ) : null}
                <div className="scanner__actions">
                  <button type="button" className="button button--secondary" onClick={again}>
                    Scan another photo
                  </button>
                  <button
                    type="submit"
                    className="button button--primary"
                    disabled={step.kind === 'saving'}
                  >
                    {step.kind === 'saving' ? 'Saving…' : 'Save lead'}
                  </button>
                </div>
              </form>
            )}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
