/** The ordinary tables of Observa's schema, as `from … where …` for catalogue queries (alias `c` = pg_class, `n` = pg_namespace). */
import { sql } from 'drizzle-orm';

export const SCHEMA_TABLES = sql`from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = current_schema() and c.relkind = 'r'`;
