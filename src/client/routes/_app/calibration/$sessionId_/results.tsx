import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/page-header.js';
import { ResultsPage } from '../../../../features/calibration/results-page.js';

// `$sessionId_`: not nested in the scoring page's route (/calibration/$sessionId), a page of its own.
export const Route = createFileRoute('/_app/calibration/$sessionId_/results')({ component: Page });

function Page() {
  const { sessionId } = Route.useParams();
  return (
    <>
      <PageHeader title="Calibration results" parent="Calibration" />
      <ResultsPage sessionId={sessionId} />
    </>
  );
}
