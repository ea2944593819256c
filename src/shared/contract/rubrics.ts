/**
 * Rubric builder and rubric versions on the wire (docs/api.md "Rubrics"; docs/adr/2026-11-28-rubric-versions.md).
 * A version's content travels as the one RubricDefinition (../rubric-definition.ts): saved by the builder, written
 * by an export, read by an import (POST /rubrics with an export as `definition`).
 */
import { z } from 'zod';
import { TEXT_MAX } from '../constants.js';
import { RubricDefinition } from '../rubric-definition.js';
import { intId, text } from './text.js';

export const RUBRIC_VERSION_STATUSES = ['draft', 'published', 'retired'] as const;
export const RubricVersionStatus = z.enum(RUBRIC_VERSION_STATUSES);
export type RubricVersionStatus = z.infer<typeof RubricVersionStatus>;

/** POST /rubrics: a new rubric (draft version 1) — built or imported; departmentId null/absent = institution-wide. */
export const RubricCreateRequest = z.strictObject({
  departmentId: intId().nullable().optional(),
  definition: RubricDefinition,
});
export type RubricCreateRequest = z.input<typeof RubricCreateRequest>;

/** PUT /rubrics/defaults/{departmentId}: the department's default rubric (its newest published version is used). */
export const RubricDefaultRequest = z.strictObject({ rubricId: text(TEXT_MAX.id) });
export type RubricDefaultRequest = z.input<typeof RubricDefaultRequest>;

export const RubricVersionSummary = z.object({
  id: z.string(),
  number: z.number(),
  status: RubricVersionStatus,
  publishedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
});
export type RubricVersionSummary = z.infer<typeof RubricVersionSummary>;

/** GET /rubrics: one rubric with the versions the caller may see (drafts for its editors only). */
export const RubricSummary = z.object({
  id: z.string(),
  name: z.string(),
  departmentId: z.number().nullable(),
  institutionDefault: z.boolean(),
  /** Departments whose default this rubric is. */
  defaultFor: z.array(z.number()),
  mayEdit: z.boolean(),
  versions: z.array(RubricVersionSummary),
});
export type RubricSummary = z.infer<typeof RubricSummary>;

export const RubricVersionItem = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  guidance: z.string().nullable(),
  descriptors: z.record(z.string(), z.string()),
});
/** GET /rubrics/versions/{id}: one version whole, as observations score on it. */
export const RubricVersion = z.object({
  id: z.string(),
  rubricId: z.string(),
  name: z.string(),
  departmentId: z.number().nullable(),
  number: z.number(),
  status: RubricVersionStatus,
  scale: z.array(z.object({ value: z.number(), label: z.string() })),
  groups: z.array(z.object({ code: z.string(), title: z.string(), items: z.array(RubricVersionItem) })),
  /** A side's largest total: items × top level value (SPEC: 80). */
  maximum: z.number(),
  publishedAt: z.string().nullable(),
  retiredAt: z.string().nullable(),
  version: z.number(),
});
export type RubricVersion = z.infer<typeof RubricVersion>;
