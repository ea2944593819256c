/** Rubric definitions and builder calls for the rubric tests (through the real API). */
import { expect } from 'vitest';
import type { RubricVersion } from '../../../src/shared/contract/rubrics.js';
import type { RubricDefinition } from '../../../src/shared/rubric-definition.js';
import type { TestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';

/** `groups` groups of `items` items each, scored on `values` (labels "Level <value>"). */
export function definition(name: string, groups: number, items: number, values: number[]): RubricDefinition {
  return {
    name,
    groups: Array.from({ length: groups }, (_, g) => ({
      code: `G${g + 1}`,
      title: `Group ${g + 1}`,
      items: Array.from({ length: items }, (_, i) => ({ code: `G${g + 1}.${i + 1}`, title: `Item ${g + 1}.${i + 1}`, guidance: `Look for ${i + 1}`, descriptors: { [String(values[0])]: 'Not yet' } })),
    })),
    scale: values.map((value) => ({ value, label: `Level ${value}` })),
  };
}

/** A 5-level 1–5 scale, 2 groups × 3 items. */
export const FIVE_LEVELS = () => definition('Department rubric', 2, 3, [1, 2, 3, 4, 5]);

export async function create(t: TestApp, token: string, def: RubricDefinition, departmentId?: number | null): Promise<RubricVersion> {
  const res = await t.post('/api/rubrics', { definition: def, ...(departmentId !== undefined ? { departmentId } : {}) }, token, key());
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function publish(t: TestApp, token: string, versionId: string): Promise<RubricVersion> {
  const res = await t.post(`/api/rubrics/versions/${versionId}/publish`, undefined, token, key());
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Created and published in one step. */
export async function published(t: TestApp, token: string, def: RubricDefinition, departmentId?: number | null): Promise<RubricVersion> {
  return publish(t, token, (await create(t, token, def, departmentId)).id);
}

export const itemIds = (v: RubricVersion) => v.groups.flatMap((g) => g.items.map((i) => i.id));
