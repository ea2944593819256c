/** Optimistic applies of administration: users, courses, plans, templates (H fills this; see ./types.ts). */
import type { ApplyRegistry } from './types.js';

export const ADMIN_APPLY: ApplyRegistry = {};
