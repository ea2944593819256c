/**
 * Reading an import file (papaparse): records, not lines, are numbered — the header is row 1, the first data
 * record row 2 (a quoted cell may span lines) — so every message names the row as a spreadsheet shows it. Blank
 * records are skipped but keep their number. The header must hold exactly the kind's columns, in any order, any
 * case; cells are trimmed.
 */
import Papa from 'papaparse';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportError, type ImportKind } from '../../../shared/contract/provisioning.js';

export interface CsvRow {
  /** The record's number in the file (header = 1). */
  row: number;
  cells: Record<string, string>;
}

export function readImport(kind: ImportKind, text: string): { rows: CsvRow[]; errors: ImportError[] } {
  const columns = IMPORT_COLUMNS[kind];
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  const records = parsed.data;
  const errors: ImportError[] = [];
  const headerIndex = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) return { rows: [], errors: [{ row: 1, column: '', message: `The file is empty: its first row must name the columns ${columns.join(', ')}.` }] };
  const header = records[headerIndex].map((h) => h.trim().toLowerCase());
  const headerRow = headerIndex + 1;
  for (const c of columns) if (!header.includes(c)) errors.push({ row: headerRow, column: c, message: `The column "${c}" is missing from the header.` });
  for (const h of header) if (!columns.includes(h)) errors.push({ row: headerRow, column: h, message: `"${h}" is not a column of a ${kind} file (columns: ${columns.join(', ')}).` });
  const seen = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) errors.push({ row: headerRow, column: h, message: `The column "${h}" appears twice in the header.` });
    seen.add(h);
  }
  if (errors.length) return { rows: [], errors };

  const rows: CsvRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i];
    if (record.every((c) => c.trim() === '')) continue;
    const row = i + 1;
    if (record.length !== header.length) {
      errors.push({ row, column: '', message: `Row ${row} has ${record.length} cells; the header has ${header.length}.` });
      continue;
    }
    const cells: Record<string, string> = Object.create(null) as Record<string, string>;
    header.forEach((h, j) => (cells[h] = record[j].trim()));
    rows.push({ row, cells });
  }
  // Papaparse's own complaints (an unclosed quote) name the record they are in.
  for (const e of parsed.errors) errors.push({ row: (e.row ?? 0) + 1, column: '', message: e.message });
  if (rows.length > IMPORT_MAX_ROWS) errors.push({ row: rows[IMPORT_MAX_ROWS].row, column: '', message: `A file holds at most ${IMPORT_MAX_ROWS} rows: split it.` });
  if (rows.length === 0 && errors.length === 0) errors.push({ row: headerRow + 1, column: '', message: 'The file has a header but no rows.' });
  return { rows, errors };
}
