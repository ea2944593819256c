/**
 * A rubric version as JSON: what the builder saves, what an export writes and an import reads (one schema for the
 * three, docs/adr/2026-11-28-rubric-versions.md). Groups of items scored on one scale of 2–7 levels, each level a
 * whole value with a label. Every refusal names the field ("groups.1.items.0.code: …").
 */
import { z } from 'zod';
import { RUBRIC_LEVELS } from './enums.js';
import { TEXT_MAX } from './constants.js';
import { text } from './contract/text.js';

export const SCALE_LEVELS_MIN = 2;
export const SCALE_LEVELS_MAX = 7;
/** Level values are whole numbers in this range (SPEC's are 0–4). */
export const SCALE_VALUE_MIN = 0;
export const SCALE_VALUE_MAX = 100;
export const RUBRIC_GROUPS_MAX = 20;
export const RUBRIC_GROUP_ITEMS_MAX = 30;
/** A version holds at most this many items (a rubric save names each item once). */
export const RUBRIC_ITEMS_MAX = 100;

export const SPEC_RUBRIC_NAME = 'SPEC rubric';
/** SPEC §5's levels, scored 0–4 (the index is the value). */
export const SPEC_SCALE = RUBRIC_LEVELS.map((label, value) => ({ value, label }));

const required = (max: number) => text(max).trim().min(1, { error: 'must not be empty' });

export const ScaleLevel = z.strictObject({
  value: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(SCALE_VALUE_MIN, { error: `must be at least ${SCALE_VALUE_MIN}` })
    .max(SCALE_VALUE_MAX, { error: `must be at most ${SCALE_VALUE_MAX}` }),
  label: text(TEXT_MAX.line).trim().min(1, { error: 'a level needs a label' }),
});
export type ScaleLevel = z.infer<typeof ScaleLevel>;

export const RubricItemDef = z.strictObject({
  code: required(TEXT_MAX.code),
  title: required(TEXT_MAX.line),
  guidance: text(TEXT_MAX.planField).optional(),
  /** Text per level value: { "0": "…", "4": "…" }. */
  descriptors: z.record(text(TEXT_MAX.code), text(TEXT_MAX.planField)).optional(),
});
export type RubricItemDef = z.infer<typeof RubricItemDef>;

export const RubricGroupDef = z.strictObject({
  code: required(TEXT_MAX.code),
  title: required(TEXT_MAX.line),
  items: z.array(RubricItemDef).min(1, { error: 'a group needs at least one item' }).max(RUBRIC_GROUP_ITEMS_MAX),
});
export type RubricGroupDef = z.infer<typeof RubricGroupDef>;

export const RubricDefinition = z
  .strictObject({
    name: required(TEXT_MAX.line),
    groups: z.array(RubricGroupDef).min(1, { error: 'a rubric needs at least one group' }).max(RUBRIC_GROUPS_MAX),
    scale: z
      .array(ScaleLevel)
      .min(SCALE_LEVELS_MIN, { error: `must have ${SCALE_LEVELS_MIN} to ${SCALE_LEVELS_MAX} levels` })
      .max(SCALE_LEVELS_MAX, { error: `must have ${SCALE_LEVELS_MIN} to ${SCALE_LEVELS_MAX} levels` }),
  })
  .superRefine((def, ctx) => {
    const values = new Set<number>();
    def.scale.forEach((level, i) => {
      if (values.has(level.value)) ctx.addIssue({ code: 'custom', path: ['scale', i, 'value'], message: `duplicate level value ${level.value}` });
      values.add(level.value);
    });
    const groupCodes = new Set<string>();
    const itemCodes = new Set<string>();
    let count = 0;
    def.groups.forEach((group, g) => {
      if (groupCodes.has(group.code)) ctx.addIssue({ code: 'custom', path: ['groups', g, 'code'], message: `duplicate group code ${group.code}` });
      groupCodes.add(group.code);
      group.items.forEach((item, i) => {
        count++;
        if (itemCodes.has(item.code)) ctx.addIssue({ code: 'custom', path: ['groups', g, 'items', i, 'code'], message: `duplicate item code ${item.code}` });
        itemCodes.add(item.code);
        for (const key of Object.keys(item.descriptors ?? {})) {
          if (!def.scale.some((l) => String(l.value) === key)) {
            ctx.addIssue({ code: 'custom', path: ['groups', g, 'items', i, 'descriptors', key], message: 'is not a level value of the scale' });
          }
        }
      });
    });
    if (count > RUBRIC_ITEMS_MAX) ctx.addIssue({ code: 'custom', path: ['groups'], message: `must hold at most ${RUBRIC_ITEMS_MAX} items` });
  });
export type RubricDefinition = z.infer<typeof RubricDefinition>;
