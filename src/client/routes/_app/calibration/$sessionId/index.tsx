import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/page-header.js';
import { CalibrationSessionPage } from '../../../../features/calibration/calibration-session-page.js';

export const Route = createFileRoute('/_app/calibration/$sessionId/')({ component: Page });

function Page() {
  const { sessionId } = Route.useParams();
  return (
    <>
      <PageHeader title="Calibration session" parent="Calibration" />
      <CalibrationSessionPage key={sessionId} sessionId={sessionId} />
    </>
  );
}
