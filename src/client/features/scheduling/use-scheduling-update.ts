/**
 * The send of both scheduling forms (faculty offering slots, observer picking one): the optional "reasons" note
 * shared in the conversation, the busy state, and the SPEC §5 toasts. Cleared after a successful queueing.
 */
import { useState } from 'react';
import { MSG } from '../../../shared/messages.js';
import type { MutationArgs } from '../../../shared/sync/mutations/index.js';
import { toast } from '../../components/toast.js';
import { mutate } from '../../sync/index.js';
import { errText } from './format.js';

type Fields = Omit<MutationArgs<'scheduling.update'>, 'observationsId' | 'reasons'>;

export function useSchedulingUpdate(observationsId: string) {
  const [reasons, setReasons] = useState('');
  const [busy, setBusy] = useState(false);

  async function send(fields: Fields): Promise<void> {
    setBusy(true);
    try {
      await mutate('scheduling.update', { observationsId, ...fields, ...(reasons.trim() ? { reasons: reasons.trim() } : {}) });
      setReasons('');
      toast.success(MSG.observationUpdated);
    } catch (err) {
      toast.error(errText(err, MSG.somethingWrongScheduling));
    } finally {
      setBusy(false);
    }
  }

  return { reasons, setReasons, busy, send };
}
