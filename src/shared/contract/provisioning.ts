/**
 * Provisioning from CSV files (docs/operations/provisioning.md, docs/adr/2026-11-28-provisioning-from-csv-files.md):
 * the kinds of file, their columns (the templates are built from these), and the preview / apply answers.
 */
import { z } from 'zod';

export const IMPORT_KINDS = ['users', 'courses', 'assignments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Columns of each kind, in template order; every column is required in the header (extra columns are refused). */
export const IMPORT_COLUMNS: Record<ImportKind, readonly string[]> = {
  users: ['name', 'email', 'role', 'department'],
  courses: ['course_code', 'name', 'credits', 'departments', 'section_code', 'day', 'time', 'location'],
  assignments: ['course_code', 'section_code', 'faculty_email'],
};

/** An example row of each template (the demo university's names). */
export const IMPORT_EXAMPLES: Record<ImportKind, readonly string[]> = {
  users: ['Ada Lovelace', 'ada.lovelace@university.edu', 'Faculty', 'Computer Science'],
  courses: ['CSC-450', 'Distributed Systems', '3', 'Computer Science', 'A', 'Monday', '09:00-10:30', 'Room 101'],
  assignments: ['CSC-450', 'A', 'ada.lovelace@university.edu'],
};

/** Rows of one file at most, and its size (a 20 000-user file is about 1.5 MB). */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_CHARS = 8 * 1024 * 1024;

/** The template file of a kind: the header and one example row (CSV, RFC 4180 quoting). */
export function importTemplate(kind: ImportKind): string {
  // An unknown kind (hostile or stale input) has no template, rather than a throw.
  if (!IMPORT_KINDS.includes(kind)) return '';
  const line = (cells: readonly string[]) => cells.map((c) => (/[",\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  return `${line(IMPORT_COLUMNS[kind])}\r\n${line(IMPORT_EXAMPLES[kind])}\r\n`;
}

/** POST /provisioning/{kind}/preview and /apply: the file's text. */
export const ImportRequest = z.object({ csv: z.string().max(IMPORT_MAX_CHARS, { error: `csv: the file is larger than ${IMPORT_MAX_CHARS / 1024 / 1024} MB` }) });
export type ImportRequest = z.infer<typeof ImportRequest>;

export const ImportError = z.object({
  /** The file's row (the header is row 1), 1 for a problem of the header itself. */
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof ImportError>;

export const ImportAction = z.enum(['create', 'update', 'unchanged', 'error']);
export type ImportAction = z.infer<typeof ImportAction>;

export const ImportRowResult = z.object({
  row: z.number().int(),
  action: ImportAction,
  /** What the row names: an email, `CODE` / `CODE section`. */
  key: z.string(),
  /** For an update: the columns that change. */
  changes: z.array(z.string()).optional(),
});
export type ImportRowResult = z.infer<typeof ImportRowResult>;

export const ImportCounts = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() });
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportPreview = z.object({
  kind: z.enum(IMPORT_KINDS),
  counts: ImportCounts,
  rows: z.array(ImportRowResult),
  errors: z.array(ImportError),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportApplied = z.object({ message: z.string(), kind: z.enum(IMPORT_KINDS), counts: ImportCounts });
export type ImportApplied = z.infer<typeof ImportApplied>;
