/**
 * "New version available — Reload": shown when a new service worker is waiting, or when the server answered
 * that this app is too old for it (426, sync/update-required.ts; then the queue waits, nothing is lost).
 * Reloads only on click; the notice of a waiting worker can be dismissed and comes back with the next version,
 * the notice of a required update cannot (nothing syncs until the app is updated). Mount once, in the root
 * route: mounting also registers the service worker.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { isUpdateRequired, subscribeUpdateRequired } from '../../sync/update-required.js';
import { applyUpdate, checkForUpdate, isUpdateWaiting, registerServiceWorker, subscribeUpdate } from './register-sw.js';

export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const required = useSyncExternalStore(subscribeUpdateRequired, isUpdateRequired, () => false);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);

  // The worker precaches the whole app (~150 files): registered after the page's load event (Workbox's advice),
  // so its install does not compete with the page's own scripts for the network; not later, so that an app
  // opened once is soon available offline.
  useEffect(() => {
    if (document.readyState === 'complete') void registerServiceWorker();
    else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
  }, []);

  useEffect(() => {
    if (required) checkForUpdate();
  }, [required]);

  if (!required && (!waiting || dismissed)) return null;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Notification
        role="alert"
        aria-live="polite"
        title={required ? 'Update required' : 'New version available'}
        withBorder
        withCloseButton={!required}
        onClose={() => setDismissed(true)}
        closeButtonProps={{ 'aria-label': 'Later' }}
        maw={360}
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">
            {required
              ? 'The server needs a newer Observa. Reload to update; your unsent changes are kept and sent afterwards.'
              : 'Reload to use the latest Observa. Your unsent changes are kept.'}
          </Text>
          <Button
            size="xs"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              applyUpdate();
            }}
          >
            Reload
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
