/**
 * The dashboard (SPEC §2, §6), computed from the replica so it opens offline: first the viewer's next steps (what
 * needs them now, what comes next), then SPEC's widgets: count cards per role, the
 * observation stream chart (not for Faculty), the latest observations, the newest users (roles that manage
 * users) and Faculty's own course slots.
 */
import { lazy, Suspense } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import type { User } from '../../../shared/contract/users.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { CountCards } from './count-cards.js';
import { dashboardScope } from './observation-scope.js';
import { StreamPanel } from './stream-panel.js';
import { useDashboardData } from './use-dashboard-data.js';
import { NextStepsCard } from './next-steps-card.js';
import { useNextSteps } from './use-next-steps.js';

// The tables sit below the counts and the chart, and Mantine's Table brings ScrollArea and floating-ui along
// (~20 KB gzip): they load right after the first paint instead of with it.
const RecentObservations = lazy(() => import('./recent-observations.js').then((m) => ({ default: m.RecentObservations })));
const RecentUsers = lazy(() => import('./recent-users.js').then((m) => ({ default: m.RecentUsers })));
const YourCourses = lazy(() => import('./your-courses.js').then((m) => ({ default: m.YourCourses })));

export function DashboardPage({ viewer }: { viewer: User }) {
  const { cards, recent, users, slots } = useDashboardData(viewer);
  const loading = cards === undefined || recent === undefined || users === undefined || slots === undefined;
  const scope = dashboardScope(viewer);
  const next = useNextSteps(viewer);

  const isFaculty = viewer.role === 'Faculty';
  const managesUsers = SEES_ALL_USERS.includes(viewer.role) || viewer.role === 'Head_of_Department';

  return (
    <Stack gap="lg">
      {next ? <NextStepsCard steps={next.steps} today={next.today} participant={next.participant} docs={next.docs} uninitiated={next.uninitiated} /> : null}
      <CountCards cards={cards} />
      {loading ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading dashboard" />
        </Center>
      ) : (
        <>
          {scope.by !== 'facultyId' ? <StreamPanel scope={scope} /> : null}
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" role="status" aria-label="Loading tables" />
              </Center>
            }
          >
            {isFaculty ? <YourCourses slots={slots} /> : null}
            <RecentObservations rows={recent} role={viewer.role} />
            {managesUsers ? <RecentUsers users={users} /> : null}
          </Suspense>
        </>
      )}
    </Stack>
  );
}
