/** A small published rubric version and calibration session documents as the replica holds them. */
import type { CalibrationSession } from '../../../src/shared/contract/calibration.js';
import type { RubricVersion } from '../../../src/shared/contract/rubrics.js';

export const VERSION: RubricVersion = {
  id: 'ca1b0000-0000-4000-8000-0000000000f1',
  rubricId: 'ca1b0000-0000-4000-8000-0000000000f0',
  name: 'Calibration rubric',
  departmentId: null,
  number: 2,
  status: 'published',
  scale: [
    { value: 1, label: 'Low' },
    { value: 2, label: 'Mid' },
    { value: 3, label: 'High' },
  ],
  groups: [
    {
      code: 'A',
      title: 'Planning',
      items: [
        { id: 'ca1b0000-0000-4000-8000-00000000a001', code: 'A1', title: 'Objectives', guidance: null, descriptors: { '3': 'Shared and checked' } },
        { id: 'ca1b0000-0000-4000-8000-00000000a002', code: 'A2', title: 'Materials', guidance: null, descriptors: {} },
      ],
    },
    { code: 'B', title: 'Delivery', items: [{ id: 'ca1b0000-0000-4000-8000-00000000b001', code: 'B1', title: 'Questioning', guidance: 'Open questions', descriptors: {} }] },
  ],
  maximum: 9,
  publishedAt: '2026-11-01T00:00:00.000Z',
  retiredAt: null,
  version: 4,
};

export const [A1, A2, B1] = VERSION.groups.flatMap((g) => g.items.map((i) => i.id)) as [string, string, string];

export const SESSION_ID = 'ca1b0000-0000-4000-8000-000000000501';
export const ORGANISER = 'ca1b0000-0000-4000-8000-000000000777';

export function session(over: Partial<CalibrationSession> = {}): CalibrationSession {
  return {
    id: SESSION_ID,
    title: 'Year 9 algebra calibration',
    rubricVersionId: VERSION.id,
    departmentId: 1,
    organiserId: ORGANISER,
    lesson: { kind: 'live', videoURL: null, description: 'Year 9 algebra, period 2', date: '2026-12-01' },
    deadline: '2099-12-01T12:00:00.000Z',
    namesParticipants: false,
    status: 'open',
    closedAt: null,
    participants: { total: 3, submitted: 0 },
    roster: null,
    mine: { scores: {}, submittedAt: null, notes: [] },
    reference: null,
    version: 10,
    ...over,
  };
}
