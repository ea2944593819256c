/**
 * Every entity's sync source. Areas add theirs here:
 * profile → users, departments, notifications (sources/profile.ts)
 * observations → observations, messages (sources/observations.ts)
 * admin → courses, slots, planTemplates, emailTemplates (sources/admin.ts)
 * evidence → notes, agendas (sources/evidence.ts)
 * rubrics → rubricVersions (sources/rubrics.ts)
 * calibration → calibrationSessions (sources/calibration.ts)
 */
import { ADMIN_SOURCES } from './admin.js';
import { CALIBRATION_SOURCES } from './calibration.js';
import { EVIDENCE_SOURCES } from './evidence.js';
import { OBSERVATION_SOURCES } from './observations.js';
import { PROFILE_SOURCES } from './profile.js';
import { RUBRIC_SOURCES } from './rubrics.js';
import type { SyncSource } from './types.js';

export const SYNC_SOURCES: SyncSource[] = [...PROFILE_SOURCES, ...ADMIN_SOURCES, ...RUBRIC_SOURCES, ...OBSERVATION_SOURCES, ...EVIDENCE_SOURCES, ...CALIBRATION_SOURCES];
