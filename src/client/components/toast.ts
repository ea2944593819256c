/**
 * Every toast goes through here (SPEC §8, §9: top-centre, 5 s; texts come from MSG in src/shared/messages.ts).
 * `loading` returns an id; `done`/`fail` replace that loading toast so loaders are always dismissed.
 * Toasts do not pile up: at most TOAST_LIMIT show at once (the rest wait in Mantine's queue), and a message that
 * is already on screen (or queued) is not shown again — a double tap or a retry loop gives one toast, not five.
 */
import { notifications } from '@mantine/notifications';
import { TOAST_AUTOCLOSE_MS } from '../../shared/constants.js';
import { errorMessage } from '../api/errors.js';

type Kind = 'success' | 'error' | 'info';
const COLOR: Record<Kind, string> = { success: 'teal', error: 'red', info: 'blue' };

/** Toasts on screen at once (main.tsx passes it to <Notifications limit>). */
export const TOAST_LIMIT = 3;

function show(kind: Kind, message: string): string {
  // The id names the message, so Mantine ignores a second show of the same one while the first is up.
  return notifications.show({ id: `toast:${kind}:${message}`, message, color: COLOR[kind], autoClose: TOAST_AUTOCLOSE_MS, withBorder: true });
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** A failure from an API call, mapped through api/errors.ts. */
  apiError: (err: unknown, networkFallback?: string) => show('error', errorMessage(err, networkFallback)),
  /** A progress toast that stays until `done` or `fail` replaces it. */
  loading: (message: string): string => notifications.show({ message, loading: true, autoClose: false, withCloseButton: false }),
  done: (id: string, message: string) =>
    notifications.update({ id, message, color: COLOR.success, loading: false, autoClose: TOAST_AUTOCLOSE_MS, withCloseButton: true }),
  fail: (id: string, message: string) =>
    notifications.update({ id, message, color: COLOR.error, loading: false, autoClose: TOAST_AUTOCLOSE_MS, withCloseButton: true }),
  hide: (id: string) => notifications.hide(id),
};
