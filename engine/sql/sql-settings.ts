// The SQL console's limits kept in the workspace (tw_settings 'sql.limits'), so a team's big
// workspace can allow longer queries than the default without every caller passing a flag.
import {
  SQL_RESULT_MB,
  SQL_TIMEOUT_S,
  SqlSettingsSchema,
  type SqlSettings,
} from '../../shared/api-sql';
import type { QueryBounds } from '../store/bounded-query';
import { readSetting, writeSetting } from '../store/settings';
import type { Workspace } from '../store/workspace';

const KEY = 'sql.limits';

export const DEFAULT_SQL_SETTINGS: SqlSettings = {
  timeout_s: SQL_TIMEOUT_S.default,
  max_result_mb: SQL_RESULT_MB.default,
};

export async function readSqlSettings(workspace: Workspace): Promise<SqlSettings> {
  const stored = await readSetting(workspace, KEY);
  if (stored === undefined) return DEFAULT_SQL_SETTINGS;
  // A value that no longer parses (edited by hand, or by a newer version) falls back per field.
  const parsed = SqlSettingsSchema.partial().safeParse(stored);
  return { ...DEFAULT_SQL_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function writeSqlSettings(
  workspace: Workspace,
  change: Partial<SqlSettings>,
): Promise<SqlSettings> {
  const next = SqlSettingsSchema.parse({ ...(await readSqlSettings(workspace)), ...change });
  await writeSetting(workspace, KEY, next);
  return next;
}

/**
 * How much the process may grow while one user query runs before it is stopped (bounded-query);
 * TURNWISE_QUERY_MEMORY_MB overrides it.
 */
export function queryMemoryBytes(): number {
  const configured = Number(process.env.TURNWISE_QUERY_MEMORY_MB);
  return (Number.isFinite(configured) && configured > 0 ? configured : 2048) * 2 ** 20;
}

/** The bounds of a user expression run outside the console (regroup, export --where). */
export async function workspaceQueryBounds(workspace: Workspace): Promise<QueryBounds> {
  const { timeout_s } = await readSqlSettings(workspace);
  return { timeoutMs: timeout_s * 1000, memoryBytes: queryMemoryBytes() };
}
