/** "Add to calendar": the observation's class and meeting as an .ics file, for its two participants. */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { errorMessage } from '../../api/errors.js';
import { downloadFile } from '../../api/http.js';
import { toast } from '../../components/toast.js';

export function CalendarButton({ observationId }: { observationId: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/observation/${observationId}/calendar.ics`, 'observation.ics');
    } catch (err) {
      toast.error(errorMessage(err, 'Adding to your calendar needs a connection.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="default" onClick={() => void download()} loading={busy}>
      Add to calendar
    </Button>
  );
}
