// Named explorer filters, kept in the workspace so they travel with the data.
import * as z from 'zod';
import type { ApiOutput } from '../../shared/api';
import { TrajectoryFilterSchema, type TrajectoryFilter } from '../../shared/trajectory-filter';
import { jsonTextColumn } from '../store/row-schemas';
import { sql } from '../store/sql-template';
import type { Workspace } from '../store/workspace';

type Saved = ApiOutput<'saveFilter'>;

/** A stored filter: its JSON read as text and parsed, checked against the filter's schema later. */
const SavedRow = z.object({
  name: z.string(),
  filter: jsonTextColumn(z.unknown()),
  created_at: z.string(),
});

function toSaved(row: z.output<typeof SavedRow>): Saved | null {
  // A row written by a newer version may not parse: it is skipped rather than failing the list.
  const parsed = TrajectoryFilterSchema.safeParse(row.filter);
  if (!parsed.success) return null;
  return { name: row.name, filter: parsed.data, created_at: row.created_at };
}

export async function listSavedFilters(workspace: Workspace): Promise<Saved[]> {
  const rows = await workspace.queryAs(
    SavedRow,
    `SELECT name, filter::VARCHAR AS filter, strftime(created_at, '%Y-%m-%dT%H:%M:%SZ') AS created_at
     FROM tw_saved_filters ORDER BY lower(name), name`,
  );
  return rows.map(toSaved).filter((f): f is Saved => f !== null);
}

export async function saveFilter(
  workspace: Workspace,
  name: string,
  filter: TrajectoryFilter,
): Promise<Saved> {
  const text = JSON.stringify(TrajectoryFilterSchema.parse(filter));
  // One statement: replacing a filter is atomic.
  await workspace.run(
    sql`INSERT OR REPLACE INTO tw_saved_filters VALUES (${name}, ${text}::JSON, now())`,
  );
  const saved = (await listSavedFilters(workspace)).find((f) => f.name === name);
  if (saved === undefined) throw new Error(`saved filter '${name}' was not stored`);
  return saved;
}

export async function deleteSavedFilter(workspace: Workspace, name: string): Promise<boolean> {
  const rows = await workspace.queryAs(
    z.object({ name: z.string() }),
    sql`DELETE FROM tw_saved_filters WHERE name = ${name} RETURNING name`,
  );
  return rows.length > 0;
}
