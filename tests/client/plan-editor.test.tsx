// @vitest-environment jsdom
/** Plan editors: each step's Update is disabled until its name or text changes; roles without EDITS_TEMPLATES read only. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { PlanEditor } from '../../src/client/features/plans/plan-editor.js';
import { getDb } from '../../src/client/sync/index.js';
import { MSG } from '../../src/shared/messages.js';

const step = (id: string, position: number, name: string) => ({ id, templateId: 'p1', position, key: `K${id}`, code: 'Teacher Perspective', name, field: `${name} text` });

beforeEach(async () => {
  await getDb().outbox.clear();
  await getDb().planTemplates.clear();
  await getDb().planTemplates.put({ id: 'p1', type: 'Teaching', name: 'Teaching Plan', steps: [step('b', 2, 'Second'), step('a', 1, 'First')] });
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('plan editor', () => {
  it('orders steps, enables Update only after a change and queues the step update', async () => {
    renderWithMantine(<PlanEditor type="Teaching" role="Super_Admin" />);
    const first = await screen.findByRole('form', { name: /Step 1/ });
    expect(within(first).getByLabelText('Step name')).toHaveProperty('value', 'First');
    const update = within(first).getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    fireEvent.change(within(first).getByLabelText('Step text'), { target: { value: 'New guidance' } });
    expect(update.disabled).toBe(false);
    fireEvent.click(update);
    // No engine in a component test: queued, and the toast says so.
    expect(await screen.findByText(MSG.savedOnDevice, undefined, { timeout: 4000 })).toBeTruthy();
    await waitFor(async () => expect((await getDb().outbox.toArray()).map((r) => r.args)).toEqual([{ templateId: 'p1', type: 'Teaching', stepId: 'a', name: 'First', field: 'New guidance' }]));
  });

  it('is read-only for a Head of Department', async () => {
    renderWithMantine(<PlanEditor type="Teaching" role="Head_of_Department" />);
    const first = await screen.findByRole('form', { name: /Step 1/ });
    expect(within(first).getByLabelText('Step name')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });
});
