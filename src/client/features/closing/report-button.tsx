/** "Report (PDF)": the observation's report as the server makes it for the signed-in user, on A4 or Letter paper. */
import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { errorMessage } from '../../api/errors.js';
import { downloadFile } from '../../api/http.js';
import { toast } from '../../components/toast.js';

export function ReportButton({ observationId }: { observationId: string }) {
  const [busy, setBusy] = useState(false);
  async function download(paper: 'A4' | 'Letter') {
    setBusy(true);
    try {
      await downloadFile(`/observation/${observationId}/report?paper=${paper}`, 'observation-report.pdf');
    } catch (err) {
      toast.error(errorMessage(err, 'The report is made on the server: it needs a connection.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="default" loading={busy}>Report (PDF)</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('A4')}>Download on A4 paper</Menu.Item>
        <Menu.Item onClick={() => void download('Letter')}>Download on Letter paper</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
