// @vitest-environment jsdom
/**
 * Create Courses: the §5 slot and course messages, 'Processing' while saving, the course queued with its
 * slots and shown in the replica. Assign Courses: §5 messages and the no-slots notice. Prompt: §5 messages,
 * the threshold's meaning (above the maximum refused, not clamped), the prompt sent online with who was emailed,
 * a refusal, and the prompt queued when the server cannot be reached.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { CreateCourseForm } from '../../src/client/features/courses/create-course-form.js';
import { AssignCoursesForm } from '../../src/client/features/courses/assign-courses-form.js';
import { PromptForm, THRESHOLD_HELP } from '../../src/client/features/prompt/prompt-form.js';
import { getDb } from '../../src/client/sync/index.js';
import { setApiBase } from '../../src/client/api/http.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

const base = {
  campus: 'Main_Campus', phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null, degree: null,
  starting: null, ending: null, facultyObs: [], courseSlots: [],
};
const hod: User = { ...base, id: 'hod', name: 'Hana', email: 'hod@university.edu', role: 'Head_of_Department', department: { id: 1, name: 'Computer Science' } };
const admin: User = { ...base, id: 'sa', name: 'Sara', email: 'superadmin@university.edu', role: 'Super_Admin', department: null };

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.users.clear(), db.courses.clear(), db.departments.clear()]);
  await db.users.put(hod as never);
});
afterEach(() => {
  cleanup();
  // The toast store is global: leftovers would queue behind the 5-toast limit and hide the next test's toasts.
  notifications.clean();
  notifications.cleanQueue();
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
async function expectToast(text: string) {
  expect(await screen.findByText(text, undefined, { timeout: 4000 })).toBeTruthy();
}
async function pick(label: RegExp, option: string) {
  const el = input(label);
  fireEvent.click(el);
  const list = await waitFor(() => document.getElementById(el.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('create courses', { timeout: 20_000 }, () => {
  it('checks slots and course details, then queues the course with its slots', async () => {
    renderWithMantine(<CreateCourseForm user={hod} />);
    expect(input(/^Course code/).getAttribute('placeholder')).toBe('CSC-011');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Add Slot' }));
    await expectToast(MSG.incompleteSlot);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expectToast(MSG.courseDetails);
    type(/^Course code/, 'CSC-411');
    type(/^Course name/, 'Compilers');
    type(/^Credit hours/, '3');
    expect((await screen.findAllByText('Computer Science')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expectToast(MSG.minOneSlot);

    type(/^Slot code/, 'A');
    await pick(/^Slot day/, 'Monday');
    type(/^Slot timing/, '9am');
    type(/^Slot location/, 'Room 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Add Slot' }));
    await expectToast(MSG.slotTime);
    type(/^Slot timing/, '09:00 - 10:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Add Slot' }));
    const saved = await screen.findByRole('table', { name: 'Saved slots' });
    expect(within(saved).getByText('09:00-10:30')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('button', { name: 'Processing' })).toBeTruthy();
    await expectToast(MSG.savedOnDevice); // no engine in a component test: queued
    const rows = await getDb().outbox.toArray();
    expect(rows.map((r) => r.name)).toEqual(['course.create']);
    expect(rows[0].args).toMatchObject({ courseCode: 'CSC-411', departments: [1], credits: 3, slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:30' }] });
    expect(await getDb().courses.count()).toBe(1);
    await waitFor(() => expect((input(/^Course code/) as HTMLInputElement).value).toBe(''), { timeout: 3000 });
  });
});

describe('assign courses', { timeout: 20_000 }, () => {
  it('needs faculty and course, then slots; says when a course has no free slot', async () => {
    await getDb().users.put({ ...base, id: 'f1', name: 'Farid', email: 'farid@university.edu', role: 'Faculty', department: { id: 1, name: 'Computer Science' } } as never);
    await getDb().courses.put({
      id: 'c1', courseCode: 'CSC-011', name: 'Programming', credits: 3, department: [{ id: 1, name: 'Computer Science' }], departments: [1],
      campus: 'Main_Campus', isElective: false, isDepthElective: false, createdAt: '2026-01-01T00:00:00Z',
      slots: [{ id: 's1', courseId: 'c1', sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R1', facultyId: 'x', faculty: 'X' }],
    });
    renderWithMantine(<AssignCoursesForm user={hod} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await expectToast(MSG.assignDetails);
    await pick(/^Faculty/, 'Farid (farid@university.edu)');
    await pick(/^Course/, 'CSC-011 Programming');
    expect((await screen.findAllByText(MSG.noSlotsAvailable)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await expectToast(MSG.selectSlots);
    expect(await getDb().outbox.count()).toBe(0);
  });
});

/** Point the direct API calls at a closed port: "the server cannot be reached". */
async function useDeadApi() {
  const dead = createServer();
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
  const port = (dead.address() as AddressInfo).port;
  await new Promise<void>((r) => dead.close(() => r()));
  setApiBase(`http://127.0.0.1:${port}/api`);
}

describe('prompt observation', { timeout: 30_000 }, () => {
  beforeEach(useDeadApi);

  it('explains the threshold, checks §5 rules and queues the prompt', async () => {
    await getDb().departments.put({ id: '1', name: 'Computer Science' });
    renderWithMantine(<PromptForm user={admin} />);
    expect(screen.getByText(THRESHOLD_HELP)).toBeTruthy();
    expect(input(/^Observation Threshold/).getAttribute('placeholder')).toBe('50-100');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await expectToast(MSG.campusAndDepartment);
    await pick(/^Campus/, 'Main Campus');
    await pick(/^Department/, 'Computer Science');
    type(/^Observation Threshold/, '40');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await expectToast(MSG.thresholdMin);
    type(/^Observation Threshold/, '70');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    // The server cannot be reached (a closed port): the prompt is queued, and the toast says so.
    await waitFor(async () => expect((await getDb().outbox.toArray()).map((r) => r.args)).toEqual([{ campus: 'Main_Campus', departmentId: 1, threshold: 70 }]));
    await expectToast(MSG.savedOnDevice);
  });

  it('refuses a threshold above the maximum with a message instead of clamping it', async () => {
    await getDb().departments.put({ id: '1', name: 'Computer Science' });
    renderWithMantine(<PromptForm user={admin} />);
    await pick(/^Campus/, 'Main Campus');
    await pick(/^Department/, 'Computer Science');
    type(/^Observation Threshold/, '150');
    fireEvent.blur(input(/^Observation Threshold/));
    expect((input(/^Observation Threshold/) as HTMLInputElement).value).toBe('150%'); // not clamped to 100
    expect(screen.getByText(MSG.thresholdMax)).toBeTruthy(); // named on the field
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await waitFor(() => expect(screen.getAllByText(MSG.thresholdMax).length).toBeGreaterThan(1)); // and as a toast
    expect(await getDb().outbox.count()).toBe(0);
  });

  it('online: shows who receives what first, sends on confirmation and shows how many emails went to whom; a refusal shows the server message', async () => {
    const seen: { url: string | undefined; key: string | undefined; body: unknown }[] = [];
    let refuse = false;
    const server = createServer((req, res) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, idempotency-key, authorization', 'access-control-allow-methods': 'POST' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({ url: req.url, key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(raw) });
        if (refuse) return void res.writeHead(403, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ error: MSG.forbidden }));
        if (req.url?.endsWith('/preview')) {
          const preview = {
            listed: 1,
            faculty: [{ id: 'f1', name: 'Farid Faculty', email: 'farid@university.edu', percentage: null }],
            recipients: [{ name: 'Hassan Okafor', email: 'hod@university.edu', subject: 'Observation prompt for Computer Science', body: '<p>Farid Faculty: never observed</p>' }],
          };
          return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(preview));
        }
        const answer = { message: MSG.promptSent(2), listed: 2, faculty: [], recipients: [{ name: 'Hassan Okafor', email: 'hod@university.edu' }] };
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    setApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    try {
      await getDb().departments.put({ id: '1', name: 'Computer Science' });
      renderWithMantine(<PromptForm user={admin} />);
      await pick(/^Campus/, 'Main Campus');
      await pick(/^Department/, 'Computer Science');
      type(/^Observation Threshold/, '60');
      fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
      // First: who will receive what. Nothing is sent yet.
      const preview = await screen.findByTestId('prompt-preview');
      expect(within(preview).getByText('To: Hassan Okafor <hod@university.edu>')).toBeTruthy();
      expect(within(preview).getByText('Subject: Observation prompt for Computer Science')).toBeTruthy();
      expect(within(preview).getByText('Farid Faculty (farid@university.edu): never observed')).toBeTruthy();
      expect((within(preview).getByTitle('Email to Hassan Okafor') as HTMLIFrameElement).getAttribute('srcdoc')).toBe('<p>Farid Faculty: never observed</p>');
      expect(seen.map((x) => x.url)).toEqual(['/api/observation/prompt/preview']);
      fireEvent.click(screen.getByRole('button', { name: 'Send prompt to 1' }));
      const text = MSG.promptResult(2, [{ name: 'Hassan Okafor', email: 'hod@university.edu' }]);
      expect(text).toContain('2 faculty member(s) listed; 1 email(s) sent to Hassan Okafor (hod@university.edu)');
      await waitFor(() => expect(screen.getAllByText(text).length).toBe(2)); // the toast and the result on the form
      const body = { campus: 'Main_Campus', departmentId: 1, threshold: 60 };
      expect(seen).toEqual([
        { url: '/api/observation/prompt/preview', key: undefined, body },
        { url: '/api/observation/prompt', key: expect.any(String), body },
      ]);
      expect(await getDb().outbox.count()).toBe(0); // nothing queued: the server answered
      cleanup();
      notifications.clean();

      refuse = true;
      renderWithMantine(<PromptForm user={admin} />);
      await pick(/^Campus/, 'Main Campus');
      await pick(/^Department/, 'Computer Science');
      type(/^Observation Threshold/, '60');
      fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
      await expectToast(MSG.forbidden);
      expect(screen.queryByText(MSG.savedOnDevice)).toBeNull();
      expect((input(/^Observation Threshold/) as HTMLInputElement).value).toBe('60%'); // the form keeps its values
      expect(await getDb().outbox.count()).toBe(0);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
      await useDeadApi();
    }
  });

  it('says when there is no department to choose', async () => {
    await getDb().users.clear();
    renderWithMantine(<PromptForm user={admin} />);
    expect(await screen.findByText(MSG.noDepartment)).toBeTruthy();
  });
});
