/** Provisioning from CSV files (online only: a whole file is previewed and applied by the server at once). */
import { ImportApplied, ImportPreview, type ImportKind } from '../../shared/contract/provisioning.js';
import { request } from './http.js';

/** A 20 000-row file takes seconds on the server: wait well past the usual timeout. */
const TIMEOUT = 120_000;

export async function previewImport(kind: ImportKind, csv: string): Promise<ImportPreview> {
  return ImportPreview.parse(await request<unknown>('POST', `/provisioning/${kind}/preview`, { json: { csv }, timeout: TIMEOUT }));
}
export async function applyImport(kind: ImportKind, csv: string): Promise<ImportApplied> {
  return ImportApplied.parse(await request<unknown>('POST', `/provisioning/${kind}/apply`, { json: { csv }, headers: { 'idempotency-key': crypto.randomUUID() }, timeout: TIMEOUT }));
}
