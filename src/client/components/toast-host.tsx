/**
 * Where toasts appear (SPEC §8, §9: top-centre, 5 s; components/toast.ts shows them). Its own chunk, which the first
 * render starts loading (main.tsx, React.lazy): the first screen needs no toast, and the container with its
 * transitions is a few kilobytes of the first load (docs/performance.md, bundle-size). A toast shown before it
 * mounts waits in Mantine's store and appears when it does.
 */
import { Notifications } from '@mantine/notifications';
import { TOAST_AUTOCLOSE_MS } from '../../shared/constants.js';
import { TOAST_LIMIT } from './toast.js';

export default function ToastHost() {
  return <Notifications position="top-center" autoClose={TOAST_AUTOCLOSE_MS} limit={TOAST_LIMIT} />;
}
