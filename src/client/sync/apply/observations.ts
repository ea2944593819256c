/** Optimistic applies of the observation cycle (G fills this; see ./types.ts for the rules). */
import type { ApplyRegistry } from './types.js';

export const OBSERVATION_APPLY: ApplyRegistry = {};
