/**
 * "Your data" on the profile: downloads everything Observa holds about the user as a zip of JSON and
 * CSV (GET /user/{id}/export). Needs a connection: the export is built by the server from the whole record.
 */
import { useState } from 'react';
import { Button, Card, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/errors.js';
import { downloadFile } from '../../api/http.js';
import { toast } from '../../components/toast.js';

export function DataExportCard({ userId }: { userId: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/user/${userId}/export`, 'observa-export.zip');
      toast.success('Your data was downloaded.');
    } catch (err) {
      toast.error(errorMessage(err, 'Downloading your data needs a connection.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h5" mb="xs">
        Your data
      </Title>
      <Text size="sm" mb="sm">
        Your profile, the observations you take part in, your plans, messages and notifications, as a zip of JSON and CSV files.
      </Text>
      <Button variant="default" onClick={() => void download()} loading={busy}>
        Download my data
      </Button>
    </Card>
  );
}
