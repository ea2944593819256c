/**
 * "Calendar" on the profile: a subscription URL for any calendar app (classes and post-observation
 * meetings, kept up to date), made by the server. The URL is the secret, so it is shown once, right after it is
 * made; "Reset link" replaces it (the old one stops working) and "Stop" ends it. Needs a connection.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { fetchCalendarFeed, resetCalendarFeed, stopCalendarFeed } from '../../api/calendar-feed.js';
import { errorMessage } from '../../api/errors.js';
import { toast } from '../../components/toast.js';
import type { CalendarFeedStatus } from '../../../shared/contract/calendar.js';

export function CalendarFeedCard() {
  const [status, setStatus] = useState<CalendarFeedStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchCalendarFeed()
      .then((s) => live && setStatus(s))
      .catch((err: unknown) => live && setLoadError(errorMessage(err, 'The calendar link needs a connection.')));
    return () => {
      live = false;
    };
  }, []);

  async function reset() {
    setBusy(true);
    try {
      const made = await resetCalendarFeed();
      setUrl(made.url);
      setStatus({ active: true, createdAt: made.createdAt });
      toast.success(made.message);
    } catch (err) {
      toast.error(errorMessage(err, 'The calendar link needs a connection.'));
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    try {
      const r = await stopCalendarFeed();
      setUrl(null);
      setStatus({ active: false, createdAt: null });
      toast.success(r.message);
    } catch (err) {
      toast.error(errorMessage(err, 'The calendar link needs a connection.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h5" mb="xs">
        Calendar
      </Title>
      <Stack gap="sm">
        <Text size="sm">Subscribe from Google Calendar, Outlook or Apple Calendar to see your observed classes and post-observation meetings, kept up to date.</Text>
        {loadError ? (
          <Alert color="gray" variant="light">
            {loadError}
          </Alert>
        ) : status === null ? (
          <Text size="sm" c="dimmed">
            Checking your calendar link…
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="calendar-status">
              {status.active ? `A link is active (made ${new Date(status.createdAt!).toLocaleDateString()}).` : 'You have no calendar link.'}
            </Text>
            {url ? (
              <Group gap="xs" align="end" wrap="nowrap">
                <TextInput label="Your calendar link (shown only now)" value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
                <CopyButton value={url}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
              </Group>
            ) : null}
            <Group gap="xs">
              <Button onClick={() => void reset()} loading={busy} variant={status.active ? 'default' : 'filled'}>
                {status.active ? 'Reset link' : 'Create link'}
              </Button>
              {status.active ? (
                <Button onClick={() => void stop()} disabled={busy} variant="subtle" color="red">
                  Stop
                </Button>
              ) : null}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
