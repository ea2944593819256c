import { createFileRoute } from '@tanstack/react-router';
import { Alert } from '@mantine/core';
import { PageHeader } from '../../../components/page-header.js';
import { SeverityPage } from '../../../features/calibration/severity-page.js';

interface SeveritySearch {
  observer: string;
  version: string;
  /** The observer's name as the due page showed it (a heading only; the server decides what is shown). */
  name?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export const Route = createFileRoute('/_app/calibration/severity')({
  validateSearch: (search: Record<string, unknown>): SeveritySearch => ({ observer: str(search.observer), version: str(search.version), ...(str(search.name) ? { name: str(search.name) } : {}) }),
  component: Page,
});

function Page() {
  const { observer, version, name } = Route.useSearch();
  return (
    <>
      <PageHeader title="Severity and drift" parent="Calibration" />
      {observer && version ? (
        <SeverityPage observerId={observer} versionId={version} observerName={name} />
      ) : (
        <Alert color="blue">Open an observer’s severity from the certification page (Observer certification).</Alert>
      )}
    </>
  );
}
