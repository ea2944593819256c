// @vitest-environment jsdom
/** The per-observation note for changes still in the outbox (pending) or refused (needs attention). */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { getDb, mutate } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { PendingChangesNote } from '../../../src/client/features/observations/pending-changes-note.js';
import { renderWithMantine } from '../render.js';
import { OBS_ID, OBSERVER, scheduling } from './fixtures.js';

const db = getDb();
beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear()]);
  await setMeta(db, META.userId, OBSERVER.id);
  await db.observations.put(scheduling() as never);
});
afterEach(cleanup);

describe('pending changes note', () => {
  it('is absent without queued changes, then counts pending and refused ones', async () => {
    renderWithMantine(<PendingChangesNote observationId={OBS_ID} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('status')).toBeNull();
    await mutate('scheduling.accept', { observationsId: OBS_ID, side: 'observer' });
    expect(await screen.findByText('Saved on this device')).toBeTruthy();
    expect(screen.getByText(/1 change\(s\) pending — all on this observation\./)).toBeTruthy();
    // A change elsewhere (the profile) joins the same count the header chip shows.
    await mutate('notification.readAll', { userId: OBSERVER.id, before: new Date().toISOString() });
    expect(await screen.findByText(/2 change\(s\) pending — 1 on this observation\./)).toBeTruthy();
    const [row] = await db.outbox.toArray();
    await db.outbox.update(row.seq!, { status: 'needs-attention', lastError: 'Faculty has not accepted yet!' });
    expect(await screen.findByText('Changes need attention')).toBeTruthy();
  });
});
