// @vitest-environment jsdom
/**
 * The needs-attention list on the real engine and a fake-indexeddb replica: a refused change shows the server's
 * message and the data typed; Retry puts it back in the queue as pending; Discard (confirmed) removes it.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithMantine } from './render.js';
import { NeedsAttentionPanel } from '../../src/client/components/sync/needs-attention-panel.js';
import { getDb } from '../../src/client/sync/index.js';
import type { OutboxRow } from '../../src/client/db/db.js';

function refused(mutationId: string, phone: string): OutboxRow {
  return {
    mutationId,
    name: 'user.updateProfile',
    args: { userId: 'u1', changes: { phone, designation: 'Lecturer' } },
    entity: 'users',
    entityId: 'u1',
    lane: 'ordered',
    status: 'needs-attention',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: 'You may only edit your own profile!',
    lastStatus: 403,
    createdAt: Date.now(),
    userId: 'u1',
  };
}

beforeEach(async () => {
  const db = getDb();
  await db.outbox.clear();
  await db.users.clear();
  await db.users.put({ id: 'u1', name: 'Faye Faculty', phone: null, designation: null });
});
afterEach(cleanup);

describe('needs attention', () => {
  it('shows the refused change with the server message and what was typed', async () => {
    await getDb().outbox.add(refused('m1', '+1 555 0100'));
    renderWithMantine(<NeedsAttentionPanel />);
    const item = await screen.findByRole('group', { name: 'Refused change: Profile update' });
    expect(within(item).getByText('Server said: You may only edit your own profile! (403)')).toBeTruthy();
    expect(within(item).getByText('changes.phone')).toBeTruthy();
    expect(within(item).getByText('+1 555 0100')).toBeTruthy();
    expect(within(item).getByText('Lecturer')).toBeTruthy();
  });

  it('Retry sends the change back to the queue as pending, listed as Retrying… until the server answers', async () => {
    await getDb().outbox.add(refused('m2', '+1 555 0101'));
    renderWithMantine(<NeedsAttentionPanel />);
    const item = await screen.findByRole('group', { name: 'Refused change: Profile update' });
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => {
      const row = await getDb().outbox.filter((r) => r.mutationId === 'm2').first();
      expect(row?.status).toBe('pending');
      expect(row?.lastError).toBeNull();
    });
    // In flight: still shown, with what was typed, and neither Retry nor Discard can be pressed again.
    // The replica's row changes before the panel's live query re-renders: wait for the item to say so.
    const still = await screen.findByRole('group', { name: 'Refused change: Profile update' });
    expect((await within(still).findByRole('status')).textContent).toMatch(/^Retrying…/);
    expect(within(still).getByText('+1 555 0101')).toBeTruthy();
    expect((within(still).getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(still).getByRole('button', { name: 'Discard' }) as HTMLButtonElement).disabled).toBe(true);
    // The optimistic change is applied again on the replica.
    expect((await getDb().users.get('u1'))?.phone).toBe('+1 555 0101');
    // The server applies it: the engine deletes the row, and the item goes.
    const sent = await getDb().outbox.filter((r) => r.mutationId === 'm2').first();
    await getDb().outbox.delete(sent!.seq!);
    expect(await screen.findByText('No refused changes.')).toBeTruthy();
  });

  it('a retried change refused again is listed with the new message and can be retried again', async () => {
    await getDb().outbox.add(refused('m5', '+1 555 0104'));
    renderWithMantine(<NeedsAttentionPanel />);
    fireEvent.click(within(await screen.findByRole('group', { name: 'Refused change: Profile update' })).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('status');
    const sent = await getDb().outbox.filter((r) => r.mutationId === 'm5').first();
    await getDb().outbox.update(sent!.seq!, { status: 'needs-attention', lastError: 'Phone is not valid!', lastStatus: 400 });
    const again = await screen.findByText('Server said: Phone is not valid! (400)');
    const item = again.closest('[role="group"]') as HTMLElement;
    expect(within(item).queryByRole('status')).toBeNull();
    expect((within(item).getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getAllByRole('group', { name: 'Refused change: Profile update' })).toHaveLength(1);
  });

  it('Discard asks for confirmation, then drops only that change', async () => {
    await getDb().outbox.add(refused('m3', '+1 555 0102'));
    await getDb().outbox.add({ ...refused('m4', '+1 555 0103'), status: 'pending', lastError: null, lastStatus: null });
    renderWithMantine(<NeedsAttentionPanel />);
    const item = await screen.findByRole('group', { name: 'Refused change: Profile update' });
    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(await getDb().outbox.count()).toBe(2);
    fireEvent.click(within(item).getByRole('button', { name: 'Confirm discard' }));
    await waitFor(async () => expect(await getDb().outbox.filter((r) => r.mutationId === 'm3').count()).toBe(0));
    expect(await getDb().outbox.filter((r) => r.mutationId === 'm4').count()).toBe(1);
    expect(await screen.findByText('No refused changes.')).toBeTruthy();
  });
});
