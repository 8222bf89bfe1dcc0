/**
 * Sharing the card from the builder's Share tab: a large QR code of the card's tracked link (the
 * link the public page shares and encodes, `trackedCardUrl`), downloadable as PNG and SVG in the
 * card's colours (`qrColors`: dark on light when those are too close for a scanner), Copy link, and
 * sharing by the phone's share sheet (the Web Share API) or, where the browser has none, by text
 * message and e-mail links. Each confirmation shows beside the buttons pressed.
 */
import { useEffect, useState } from 'react';
import type { CardColors } from '@/domain/colors';
import { qrColors, type QrColors } from '@/domain/qr-colors';
import { ActionStatus, useActionStatus, useCopyLink } from '@/ui/action-status';
import { Button } from '@/ui/button';
import { downloadBlob } from '@/ui/download';
import { TextField } from '@/ui/text-field';
import { qrPng, qrSvg } from '../qr-image';
import { Section } from './fields';

/** The message sent with the link by text or e-mail. */
export function shareMessage(name: string, url: string): { subject: string; body: string } {
  const who = name.trim();
  return {
    subject: who ? `${who}: digital business card` : 'My digital business card',
    body: `Here is my digital business card: ${url}`,
  };
}

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** The on-screen QR code, made once the section is shown (the `qrcode` package loads then). */
function useQrPreview(url: string | null, { dark, light }: QrColors): string | null {
  const [preview, setPreview] = useState<{ key: string; src: string } | null>(null);
  const key = `${url ?? ''}\n${dark}\n${light}`;
  useEffect(() => {
    if (url === null) return;
    let live = true;
    qrSvg(url, { dark, light })
      .then((svg) => {
        if (live) setPreview({ key, src: `data:image/svg+xml,${encodeURIComponent(svg)}` });
      })
      .catch((err: unknown) => console.warn('[share] drawing the QR code failed', err));
    return () => {
      live = false;
    };
  }, [url, dark, light, key]);
  return preview?.key === key ? preview.src : null;
}

export function ShareLinkSection(props: {
  /** The card's tracked link; null while the card is not saved yet. */
  url: string | null;
  colors: CardColors;
  /** The card's name, for the message sent with the link. */
  name: string;
  fileStem: string;
}) {
  const { url } = props;
  const qr = qrColors(props.colors);
  const preview = useQrPreview(url, qr);
  const { status: linkStatus, copy } = useCopyLink();
  const fileStatus = useActionStatus();
  const [busy, setBusy] = useState<'png' | 'svg' | null>(null);
  const message = url === null ? null : shareMessage(props.name, url);
  const stem = `${props.fileStem || 'card'}-qr-code`;

  async function share() {
    if (url === null || message === null) return;
    try {
      await navigator.share({ title: message.subject, text: message.body, url });
    } catch (err) {
      // Closing the share sheet is not a failure.
      if ((err as { name?: string }).name !== 'AbortError') {
        linkStatus.say('Sharing did not work here: copy the link instead.', 'problem');
      }
    }
  }

  async function download(kind: 'png' | 'svg') {
    if (url === null) return;
    setBusy(kind);
    try {
      const file =
        kind === 'png'
          ? await qrPng(url, qr)
          : new Blob([await qrSvg(url, qr)], { type: 'image/svg+xml' });
      downloadBlob(file, `${stem}.${kind}`);
      fileStatus.say(`QR code downloaded (${kind.toUpperCase()})`);
    } catch (err) {
      console.warn('[share] making the QR code file failed', err);
      fileStatus.say('The QR code could not be made in this browser.', 'problem');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Section
      title="Share your card"
      description="Your card's link and its QR code. Scans and opens of this link are counted in Analytics."
    >
      {url === null ? (
        <p className="field__hint">Save the card first: sharing needs its link.</p>
      ) : (
        <div className="share-link">
          <figure className="share-link__qr">
            {preview ? (
              <img src={preview} alt="QR code of your card's link" width={240} height={240} />
            ) : (
              <span className="share-link__qr-loading">Drawing the QR code…</span>
            )}
            {!qr.fromCard ? (
              <figcaption className="field__hint">
                Your card&apos;s colours are too close for phone cameras, so the QR code is dark on
                light.
              </figcaption>
            ) : null}
          </figure>
          <div className="share-link__actions">
            <TextField
              label="Card link"
              readOnly
              value={url}
              spellCheck={false}
              onFocus={(e) => e.target.select()}
            />
            <div className="action-row" role="group" aria-label="Share the link">
              <Button variant="primary" size="small" onClick={() => void copy(url)}>
                Copy link
              </Button>
              {canShareNatively() ? (
                <Button variant="secondary" size="small" onClick={() => void share()}>
                  Share…
                </Button>
              ) : message !== null ? (
                <>
                  <a
                    className="button button--secondary button--small"
                    href={`sms:?&body=${encodeURIComponent(message.body)}`}
                  >
                    Text message
                  </a>
                  <a
                    className="button button--secondary button--small"
                    href={`mailto:?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(message.body)}`}
                  >
                    E-mail
                  </a>
                </>
              ) : null}
              <ActionStatus status={linkStatus} />
            </div>
            <div className="action-row" role="group" aria-label="Download the QR code">
              <Button
                variant="secondary"
                size="small"
                busy={busy === 'png'}
                disabled={busy !== null}
                onClick={() => void download('png')}
              >
                Download PNG
              </Button>
              <Button
                variant="secondary"
                size="small"
                busy={busy === 'svg'}
                disabled={busy !== null}
                onClick={() => void download('svg')}
              >
                Download SVG
              </Button>
              <ActionStatus status={fileStatus} />
            </div>
          </div>
        </div>
      )}
    </Section>
  );
}
