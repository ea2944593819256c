/**
 * The dashboard (SPEC §2, §6), computed from the replica so it opens offline: count cards per role, the
 * observation stream chart (not for Faculty), the latest observations, the newest users (roles that manage
 * users) and Faculty's own course slots.
 */
import { lazy, Suspense, useMemo } from 'react';
import { Center, Loader, Stack } from '@mantine/core';
import type { User } from '../../../shared/contract/users.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { computeCounts, dashboardObservations } from './compute-counts.js';
import { CountCards } from './count-cards.js';
import { StreamPanel } from './stream-panel.js';
import { useDashboardData } from './use-dashboard-data.js';
import type { FacultySlot } from './your-courses.js';

// The tables sit below the counts and the chart, and Mantine's Table brings ScrollArea and floating-ui along
// (~20 KB gzip): they load right after the first paint instead of with it.
const RecentObservations = lazy(() => import('./recent-observations.js').then((m) => ({ default: m.RecentObservations })));
const RecentUsers = lazy(() => import('./recent-users.js').then((m) => ({ default: m.RecentUsers })));
const YourCourses = lazy(() => import('./your-courses.js').then((m) => ({ default: m.YourCourses })));

export function DashboardPage({ viewer }: { viewer: User }) {
  const { users, observations, courses } = useDashboardData();
  const loading = users === undefined || observations === undefined || courses === undefined;

  const mine = useMemo(() => (observations ? dashboardObservations(viewer, observations) : []), [viewer, observations]);
  const cards = useMemo(
    () => (loading ? undefined : computeCounts(viewer, users, observations, courses)),
    [loading, viewer, users, observations, courses],
  );
  const managedUsers = useMemo(() => {
    if (!users) return [];
    const all = SEES_ALL_USERS.includes(viewer.role);
    return users
      .filter((u) => u.role !== 'Super_Admin' && u.id !== viewer.id)
      .filter((u) => all || (viewer.department != null && u.department?.id === viewer.department.id))
      .reverse();
  }, [users, viewer]);
  const facultySlots = useMemo<FacultySlot[]>(() => {
    if (!courses) return [];
    return courses.flatMap((c) =>
      c.slots
        .filter((s) => s.facultyId === viewer.id)
        .map((s) => ({ id: s.id, courseCode: c.courseCode, courseName: c.name, sectionCode: s.sectionCode, day: s.day, time: s.time, location: s.location })),
    );
  }, [courses, viewer.id]);

  const isFaculty = viewer.role === 'Faculty';
  const managesUsers = SEES_ALL_USERS.includes(viewer.role) || viewer.role === 'Head_of_Department';

  return (
    <Stack gap="lg">
      <CountCards cards={cards} />
      {loading ? (
        <Center py="xl">
          <Loader aria-label="Loading dashboard" />
        </Center>
      ) : (
        <>
          {!isFaculty ? <StreamPanel observations={mine} /> : null}
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" aria-label="Loading tables" />
              </Center>
            }
          >
            {isFaculty ? <YourCourses slots={facultySlots} /> : null}
            <RecentObservations rows={mine} role={viewer.role} />
            {managesUsers ? <RecentUsers users={managedUsers} /> : null}
          </Suspense>
        </>
      )}
    </Stack>
  );
}
