/**
 * The lesson's video answers byte ranges (src/server/http/byte-range.ts) so the browser's <video> seeks: 206 with
 * Content-Range for one range, the whole file without one (or for several ranges), 416 past the end, and the
 * same access rules as the whole file (organiser and participants only).
 */
import { describe, expect, it } from 'vitest';
import type { CalibrationSession } from '../../../src/shared/contract/calibration.js';
import { createSession, inDays, publishedVersion } from '../support/calibration-fixture.js';
import { useTestApp } from '../support/helpers.js';
import { SAMPLES, writeUpload } from '../support/observations-upload.js';

const t = useTestApp();

describe('the lesson video with Range', () => {
  it('answers one range with 206, no range whole, past the end with 416, and refuses strangers', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, [0, 1, 2], ['a', 'b']);
    const bytes = SAMPLES.mp4();
    const size = bytes.length;
    const upload = writeUpload(t, bytes, await t.userId('hod'));
    const created = (await createSession(t, hod, {
      title: 'Ranged video',
      rubricVersionId: version.id,
      participantIds: [await t.userId('observer')],
      deadline: inDays(3),
      lesson: { kind: 'video', fileURL: `/api/files/${upload}` },
    })) as unknown as CalibrationSession;
    const url = created.lesson.videoURL!;
    const observer = await t.login('observer');

    const whole = await t.get(url, observer);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(size);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=10-', 10, size - 1],
      ['bytes=-16', size - 16, size - 1],
      [`bytes=20-${size + 500}`, 20, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await t.get(url, observer, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(res.headers['content-length']), range).toBe(end - start + 1);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }

    // Several ranges, another unit or a reversed range: the whole file, as RFC 9110 allows.
    for (const range of ['bytes=0-1,4-5', 'items=0-3', 'bytes=9-2']) {
      const res = await t.get(url, observer, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(bytes), range).toBe(true);
    }

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await t.get(url, observer, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
    }

    // The organiser reads ranges too; anyone else is told nothing about the video.
    expect((await t.get(url, hod, { range: 'bytes=0-3' })).statusCode).toBe(206);
    for (const who of ['observer2', 'faculty']) expect((await t.get(url, await t.login(who), { range: 'bytes=0-3' })).statusCode, who).toBe(404);
    expect((await t.get(url, undefined, { range: 'bytes=0-3' })).statusCode).toBe(401);
  });
});
