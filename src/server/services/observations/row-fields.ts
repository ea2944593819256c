/**
 * The fields both grains of an observation (summary.ts, document.ts) take straight from its row, written once so
 * a summary and the full document can never disagree on them.
 */
import type { ObservationRow } from '../scope/index.js';
import type { ObservationMode } from '../../../shared/observation-mode.js';

export function observationRowFields(o: ObservationRow) {
  return {
    courseId: o.courseId,
    facultyId: o.facultyId,
    observerId: o.observerId,
    hodId: o.hodId,
    departmentId: o.departmentId,
    semester: o.semester,
    mode: o.mode as ObservationMode,
    status: o.status,
    observationStatus: o.status,
    starting: o.starting ? o.starting.toISOString() : null,
    ending: o.ending ? o.ending.toISOString() : null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    observationProgress: o.progress,
    version: o.version,
  };
}
