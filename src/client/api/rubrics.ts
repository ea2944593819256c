/**
 * The rubric builder's calls (docs/api.md "Rubrics"). The builder works online: drafts are not replicated to the
 * device (docs/adr/2026-11-28-rubric-versions.md "On the device"), so each change is a direct call whose answer —
 * or refusal, naming its field — the page shows at once.
 */
import { z } from 'zod';
import { RubricSummary, RubricVersion, type RubricCreateRequest } from '../../shared/contract/rubrics.js';
import { RubricDefinition } from '../../shared/rubric-definition.js';
import { downloadFile, request } from './http.js';

const once = () => ({ 'idempotency-key': crypto.randomUUID() });
const v = (id: string) => `/rubrics/versions/${encodeURIComponent(id)}`;

export async function fetchRubrics(): Promise<RubricSummary[]> {
  return z.array(RubricSummary).parse(await request<unknown>('GET', '/rubrics'));
}
export async function fetchVersion(id: string): Promise<RubricVersion> {
  return RubricVersion.parse(await request<unknown>('GET', v(id)));
}
export async function fetchDefinition(id: string): Promise<RubricDefinition> {
  return RubricDefinition.parse(await request<unknown>('GET', `${v(id)}/export`));
}
export async function createRubric(body: RubricCreateRequest): Promise<RubricVersion> {
  return RubricVersion.parse(await request<unknown>('POST', '/rubrics', { json: body, headers: once() }));
}
export async function saveDraft(id: string, definition: RubricDefinition): Promise<RubricVersion> {
  return RubricVersion.parse(await request<unknown>('PUT', v(id), { json: definition, headers: once() }));
}
export async function publishVersion(id: string): Promise<RubricVersion> {
  return RubricVersion.parse(await request<unknown>('POST', `${v(id)}/publish`, { headers: once() }));
}
export async function newDraftFrom(id: string): Promise<RubricVersion> {
  return RubricVersion.parse(await request<unknown>('POST', `${v(id)}/draft`, { headers: once() }));
}
export async function retireVersion(id: string): Promise<RubricVersion> {
  return RubricVersion.parse(await request<unknown>('POST', `${v(id)}/retire`, { headers: once() }));
}
export async function deleteDraft(id: string): Promise<void> {
  await request<unknown>('DELETE', v(id), { headers: once() });
}
export async function setDepartmentDefault(departmentId: number, rubricId: string): Promise<void> {
  await request<unknown>('PUT', `/rubrics/defaults/${departmentId}`, { json: { rubricId }, headers: once() });
}
/** Saves the version's JSON definition (what an import reads) as a file. */
export async function exportVersion(id: string, name: string): Promise<void> {
  await downloadFile(`${v(id)}/export`, `${name.replace(/[^\w.-]+/g, '-').toLowerCase() || 'rubric'}.json`);
}
