// @vitest-environment jsdom
/** The dashboard from the replica: counts per role, empty states, Faculty's courses, the stream's period control. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderWithMantine } from './render.js';
import { DashboardPage } from '../../src/client/features/dashboard/dashboard-page.js';
import { getDb } from '../../src/client/sync/index.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

const base = { campus: 'Main_Campus', phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null, degree: null, starting: null, ending: null, facultyObs: [], courseSlots: [] };
const dept = { id: 1, name: 'Computer Science' };
const fac: User = { ...base, id: 'f1', name: 'Farid', email: 'f@university.edu', role: 'Faculty', department: dept };
const admin: User = { ...base, id: 'sa', name: 'Sara', email: 'sa@university.edu', role: 'Super_Admin', department: null };

/** The dashboard uses router links; mount it as the root route of a memory router. */
function renderDashboard(viewer: User) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => <DashboardPage viewer={viewer} /> }), history: createMemoryHistory() });
  return renderWithMantine(<RouterProvider router={router as never} />);
}

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.users.clear(), db.courses.clear(), db.observations.clear()]);
  await db.users.bulkPut([fac, admin, { ...fac, id: 'o1', name: 'Olivia', role: 'Observer' }] as never[]);
  await db.courses.put({
    id: 'c1', courseCode: 'CSC-011', name: 'Programming', credits: 3, department: [dept], departments: [1], campus: 'Main_Campus',
    isElective: false, isDepthElective: false, createdAt: '2026-01-01T00:00:00Z',
    slots: [{ id: 's1', courseId: 'c1', sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R1', facultyId: 'f1', faculty: 'Farid' }],
  });
});
afterEach(cleanup);

describe('dashboard page', () => {
  it('Faculty: observations and assigned slots, Your Courses, no stream chart', async () => {
    renderDashboard(fac);
    expect(await screen.findByRole('listitem', { name: 'Assigned Slots: 1' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Observations: 0' })).toBeTruthy();
    const courses = await screen.findByRole('table', { name: 'Your Courses' });
    expect(within(courses).getByText('CSC-011')).toBeTruthy();
    expect(screen.getByText(MSG.noObservations)).toBeTruthy();
    expect(screen.queryByText('Observation Stream')).toBeNull();
  });

  it('Super_Admin: four counts, the stream with its period filter, View All Observations', async () => {
    await getDb().observations.put({
      id: 'ob1', facultyId: 'f1', observerId: 'o1', departmentId: 1, semester: 'Fall', status: 'Pending', createdAt: '2025-10-02T00:00:00Z',
      course: null, faculty: { name: 'Farid' }, observer: { name: 'Olivia' }, observationProgress: 0, cycleLabel: '---',
    });
    renderDashboard(admin);
    expect(await screen.findByRole('listitem', { name: 'Faculty: 1' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Observers: 1' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Observations: 1' })).toBeTruthy();
    expect(await screen.findByText('Observation Stream')).toBeTruthy();
    expect(await screen.findByText('1 observation(s) shown for 2025.')).toBeTruthy();
    fireEvent.click(screen.getByText('Yearly'));
    expect(await screen.findByText('1 observation(s) shown.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'View All Observations' })).getAttribute('href')).toBe('/observations/list-observation');
  });
});
