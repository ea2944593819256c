// @vitest-environment jsdom
/**
 * The initiate form's calibration warning against a real server whose institution requires calibration
 * (CALIBRATION_REQUIRED): choosing an observer who is not calibrated on the version warns before submitting
 * (GET /calibration/due) — so does an observer whose certification has ended —, and the server's 409 refusal shows on
 * the Observer field, naming it.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AddressInfo } from 'node:net';
import { CreateObservationForm, observerRefusal } from '../../../src/client/features/observations/create-observation-form.js';
import { setApiBase } from '../../../src/client/api/http.js';
import { getDb, setSessionToken, startSync, stopSync } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { useSessionStore, type SessionUser } from '../../../src/client/stores/session.js';
import { and, eq } from 'drizzle-orm';
import { calibrationCertifications } from '../../../src/server/db/schema.js';
import type { CalibrationDue } from '../../../src/shared/contract/calibration.js';
import type { RubricVersion } from '../../../src/shared/contract/rubrics.js';
import { createSession, inDays } from '../../server/support/calibration-fixture.js';
import { createTestApp, type TestApp } from '../../server/support/helpers.js';
import { key } from '../../server/support/observations-fixture.js';
import { renderRouted } from '../observations/render-routed.js';

let t: TestApp;
let hod: SessionUser;

beforeAll(async () => {
  t = await createTestApp({ config: { calibration: { validDays: 365, required: true } } });
  await t.reset();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  setApiBase(`${origin}/api`);
  hod = (await t.loginUser('hod')) as unknown as SessionUser;
  useSessionStore.getState().signIn(hod);
  await setSessionToken(hod.token, hod.id);
  await setMeta(getDb(), META.userId, hod.id);
  startSync({ baseUrl: origin });
}, 120_000);
// Unmount each test's form, so no React work is left to run after the environment is torn down.
afterEach(() => {
  cleanup();
});
afterAll(async () => {
  await stopSync();
  useSessionStore.getState().signOut();
  await t.close();
});

describe('initiate with an observer not calibrated on the version', { timeout: 60_000 }, () => {
  it('warns before submitting, and shows the required-calibration refusal on the Observer field', async () => {
    const observer = await t.loginUser('observer');
    renderRouted(() => <CreateObservationForm hod={{ id: hod.id, department: hod.department }} />);
    // The HOD's replica arrives through the real pull.
    fireEvent.click(await screen.findByRole('combobox', { name: 'Observer' }, { timeout: 30_000 }));
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(String(observer.name)), hidden: true }, { timeout: 30_000 }));
    const before = await screen.findByTestId('calibration-before', undefined, { timeout: 10_000 });
    expect(before.textContent).toContain(`${String(observer.name)} is not calibrated on`);

    const faculty = screen.getByRole('combobox', { name: 'Faculty' });
    fireEvent.click(faculty);
    // A faculty member without an open observation (the server checks that before calibration).
    const list = document.getElementById(faculty.getAttribute('aria-controls') ?? '')!;
    const free = within(list).getAllByRole('option', { hidden: true }).find((o) => !o.hasAttribute('data-combobox-disabled'))!;
    fireEvent.click(free);
    fireEvent.click(screen.getByRole('combobox', { name: 'Semester' }));
    fireEvent.click(screen.getByRole('option', { name: 'Fall', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Initiate' }));

    const field = await screen.findByText(`Observer: ${String(observer.name)} is not calibrated on this rubric version`, undefined, { timeout: 20_000 });
    expect(field.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent).toContain('Observer');
    expect(await getDb().outbox.count()).toBe(0);
  });

  it('warns for an observer whose certification on the version has ended, as for one never certified', async () => {
    const observer = await t.loginUser('observer2');
    // Certified on the department's current version by a closed session against an expert they matched…
    const due = (await t.get(`/api/calibration/due`, hod.token)).json() as CalibrationDue;
    const doc = (await t.get(`/api/rubrics/versions/${due.rubricVersionId}`, hod.token)).json() as RubricVersion;
    const items = doc.groups.flatMap((g) => g.items);
    const level = doc.scale[0]!.value;
    const session = await createSession(t, hod.token, {
      title: 'Certification that will end',
      rubricVersionId: doc.id,
      lesson: { kind: 'live', description: 'Lesson', date: '2026-12-01' },
      participantIds: [observer.id],
      reference: { expertName: 'Dr Expert', items: items.map((i) => ({ itemId: i.id, score: level, rationale: 'Because' })) },
      deadline: inDays(5),
    });
    const submitted = await t.post(`/api/calibration/sessions/${session.id}/submit`, { scores: items.map((i) => ({ id: i.id, score: level })) }, observer.token, key());
    expect(submitted.statusCode, submitted.body).toBe(200);
    const certified = (await t.get(`/api/calibration/due`, hod.token)).json() as CalibrationDue;
    expect(certified.observers.find((o) => o.userId === observer.id)).toMatchObject({ calibrated: true });
    // …whose certification ended yesterday.
    await t.db
      .update(calibrationCertifications)
      .set({ validUntil: new Date(Date.now() - 86_400_000) })
      .where(and(eq(calibrationCertifications.userId, observer.id), eq(calibrationCertifications.rubricVersionId, doc.id)));

    renderRouted(() => <CreateObservationForm hod={{ id: hod.id, department: hod.department }} />);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Observer' }, { timeout: 30_000 }));
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(String(observer.name)), hidden: true }, { timeout: 30_000 }));
    const before = await screen.findByTestId('calibration-before', undefined, { timeout: 10_000 });
    expect(before.textContent).toContain(`${String(observer.name)} is not calibrated on`);
  });

  it('maps only the server’s Observer-field refusal onto the field', () => {
    expect(observerRefusal('observerId: Sam Observer is not calibrated on this rubric version')).toBe('Observer: Sam Observer is not calibrated on this rubric version');
    expect(observerRefusal('Faculty member has an open observation')).toBeNull();
  });
});
