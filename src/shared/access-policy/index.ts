/**
 * The access policy: every rule of who may see or do what, in one place, used by the server (services, sync
 * scope), and by the client (what a screen offers). docs/architecture.md "Where each rule lives" points here.
 *
 *   people.ts     who takes part in an observation, who may see it, which side a user scores
 *   scores.ts     who sees the observer's scores and the agreement table
 *   evidence.ts   who sees the evidence notes, the agenda and the audit trail
 *   growth-goals.ts  who agrees and reviews growth goals, who sees a department's goals
 *   mode.ts       who reads a formative observation's content
 *   closing.ts    who acknowledges and responds to an observation, who signs it off, who downloads a dossier
 *   rubrics.ts    who builds a rubric, who reads it, which department it serves, who sets a department's default, which versions a device replicates
 *   calibration.ts  who organises and takes part in calibration, blind scoring, results, severity, thresholds
 *   ../permissions.ts   which pages and actions each role has (SPEC §6)
 */
export * from './people.js';
export * from './scores.js';
export * from './evidence.js';
export * from './closing.js';
export * from './mode.js';
export * from './growth-goals.js';
export * from './rubrics.js';
export * from './calibration.js';
export { can, mayOpenPage, PAGE_NEEDS, type Capability } from '../permissions.js';
