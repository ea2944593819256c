import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/page-header.js';
import { ResultsPage } from '../../../../features/calibration/results-page.js';

export const Route = createFileRoute('/_app/calibration/$sessionId/results')({ component: Page });

function Page() {
  const { sessionId } = Route.useParams();
  return (
    <>
      <PageHeader title="Calibration results" parent="Calibration" />
      <ResultsPage sessionId={sessionId} />
    </>
  );
}
