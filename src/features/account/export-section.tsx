/**
 * "Export my account" on the profile page, for the account owner: reads the account's data with
 * the owner's rights (data/account-export.ts), builds the zip in the browser
 * (domain/account-export.ts) and downloads it. Nothing is sent anywhere.
 */
import { useState } from 'react';
import { readAccountExport } from '@/data/account-export';
import { accountExportZip } from '@/domain/account-export';
import { useAccount } from '@/stores/account-store';
import { useAuth } from '@/stores/auth-store';
import { Button } from '@/ui/button';
import { downloadBlob } from '@/ui/download';
import { Alert } from '@/ui/page';

export function ExportSection() {
  const user = useAuth((s) => s.user);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const account = useAccount((s) => s.account);
  const accountId = account?.id;
  if (!user || account?.ownerId !== user.id || accountId === undefined) return null;

  async function onExport(id: string) {
    setBusy(true);
    setError(null);
    setStatus('Reading your cards…');
    try {
      const data = await readAccountExport(id, (done, total, leads) =>
        setStatus(
          `Reading leads: ${done} of ${total} cards, ` +
            `${leads} ${leads === 1 ? 'lead' : 'leads'} so far…`,
        ),
      );
      const zip = accountExportZip(data);
      const day = new Date().toISOString().slice(0, 10);
      downloadBlob(
        new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
        `cardbuilder-export-${day}.zip`,
      );
      setStatus(
        `Exported ${data.cards.length} ${data.cards.length === 1 ? 'card' : 'cards'}, ` +
          `${data.teams.length} ${data.teams.length === 1 ? 'team' : 'teams'} and ` +
          `${data.leads.length} ${data.leads.length === 1 ? 'lead' : 'leads'}.`,
      );
    } catch (err) {
      setStatus('');
      setError(
        `The export could not be made: ${(err as { message?: string }).message ?? 'unknown error'}.`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="export-heading">
      <h2 id="export-heading">Export my account</h2>
      <p className="muted">
        One zip file with every card as a vCard, your account, teams, cards and leads as JSON, and
        your leads as a spreadsheet (CSV). Every lead of every card is included.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button onClick={() => void onExport(accountId)} busy={busy}>
          Export my account
        </Button>
      </div>
      <p role="status" aria-live="polite" className="muted">
        {status}
      </p>
    </section>
  );
}
