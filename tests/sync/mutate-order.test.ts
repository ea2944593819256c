/**
 * Changes are queued in the order `mutate` is called, also while the write path's chunk is still loading (the
 * first changes of a page). A rubric's last tap (1, then 2 on the same item) queued out of order would leave the
 * server with the earlier score.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';

describe('mutate', () => {
  it('queues changes in call order, the first ones made before the write path has loaded', async () => {
    vi.resetModules();
    const sync = await import('../../src/client/sync/index.js');
    const userId = crypto.randomUUID();
    const phones = Array.from({ length: 30 }, (_, i) => `+44 20 ${String(i).padStart(4, '0')}`);
    // Not awaited one by one: calls made in one go, as two quick taps make them.
    const ids = await Promise.all(phones.map((phone) => sync.mutate('user.updateProfile', { userId, changes: { phone } })));
    const rows = await sync.getDb().outbox.orderBy(':id').toArray();
    expect(rows.map((r) => r.mutationId)).toEqual(ids.map((r) => r.mutationId));
    expect(rows.map((r) => (r.args as { changes: { phone: string } }).changes.phone)).toEqual(phones);
    await sync.stopSync();
  });
});
