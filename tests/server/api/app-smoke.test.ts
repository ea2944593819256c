import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../support/helpers.js';

const t = useTestApp();

describe('test harness', () => {
  it('logs in a demo account and reads /auth/me', async () => {
    const token = await t.login('hod');
    const res = await t.get('/api/auth/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO.hod, role: 'Head_of_Department', department: { name: 'Computer Science' } });
  });
  it('reset restores the demo data', async () => {
    await t.reset();
    const token = await t.login('faculty');
    const me = (await t.get('/api/auth/me', token)).json();
    expect(me.courseSlots.length).toBe(2);
  });
});
