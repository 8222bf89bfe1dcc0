/**
 * One action at a time on a list of rows (people, invitations, seats): `run` marks the row `key`
 * busy, runs the work, and says how it went in a toast — `done`, or the failure in plain words
 * (`plainWriteError`, never a raw permission message). Answers whether it went through.
 */
import { useState } from 'react';
import { toast } from './toast';
import { plainWriteError } from '@/domain/access-errors';

const DID_NOT_GO_THROUGH = 'That change did not go through. Please try again.';

export function useRowActions() {
  const [busy, setBusy] = useState<string | null>(null);

  async function run(
    key: string,
    work: () => Promise<void>,
    done: string,
    failed = DID_NOT_GO_THROUGH,
  ): Promise<boolean> {
    setBusy(key);
    try {
      await work();
      toast.success(done);
      return true;
    } catch (err) {
      toast.error(plainWriteError(err, failed));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}
