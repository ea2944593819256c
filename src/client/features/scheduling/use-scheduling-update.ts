/**
 * The send of both scheduling forms (faculty offering slots, observer picking one): the optional "reasons" note
 * shared in the conversation, the busy state, and the SPEC §5 toasts. Cleared after a successful queueing.
 */
import { useState } from 'react';
import { MSG } from '../../../shared/messages.js';
import type { MutationArgs } from '../../../shared/sync/mutations/index.js';
import { toast } from '../../components/toast.js';
import { submitWithToast } from '../../components/submit-result.js';
import { errText } from './format.js';

type Fields = Omit<MutationArgs<'scheduling.update'>, 'observationsId' | 'reasons'>;

export function useSchedulingUpdate(observationsId: string) {
  const [reasons, setReasons] = useState('');
  const [busy, setBusy] = useState(false);

  /** True unless the server refused the change (then the form keeps its values). */
  async function send(fields: Fields): Promise<boolean> {
    setBusy(true);
    try {
      const args = { observationsId, ...fields, ...(reasons.trim() ? { reasons: reasons.trim() } : {}) };
      const ok = await submitWithToast('scheduling.update', args, { progress: MSG.schedulingUpdating, success: MSG.observationUpdated });
      if (ok) setReasons('');
      return ok;
    } catch (err) {
      toast.error(errText(err, MSG.somethingWrongScheduling));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { reasons, setReasons, busy, send };
}
