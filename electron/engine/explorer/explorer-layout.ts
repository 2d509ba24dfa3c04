// The explorer grid's column layout, kept in the workspace (tw_settings 'explorer.layout') so it
// is one per workspace and survives a restart, like the saved filters beside it.
import { ExplorerLayoutSchema, type ExplorerLayout } from '../../../shared/api-explorer';
import type { Workspace } from '../store/workspace';

const KEY = 'explorer.layout';
const DEFAULT_LAYOUT: ExplorerLayout = { columns: [] };

export async function readExplorerLayout(workspace: Workspace): Promise<ExplorerLayout> {
  const rows = await workspace.query(
    `SELECT value::VARCHAR AS value FROM tw_settings WHERE key = $1`,
    [KEY],
  );
  const stored = rows[0]?.value;
  if (typeof stored !== 'string') return DEFAULT_LAYOUT;
  // A value that no longer parses (edited by hand, or by a newer version) is the default layout:
  // a grid's arrangement is not worth an error.
  const parsed = ExplorerLayoutSchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : DEFAULT_LAYOUT;
}

export async function writeExplorerLayout(
  workspace: Workspace,
  layout: ExplorerLayout,
): Promise<ExplorerLayout> {
  const next = ExplorerLayoutSchema.parse(layout);
  if (next.columns.length === 0) {
    await workspace.run(`DELETE FROM tw_settings WHERE key = $1`, [KEY]);
    return DEFAULT_LAYOUT;
  }
  await workspace.run(
    `INSERT INTO tw_settings (key, value) VALUES ($1, $2::JSON)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [KEY, JSON.stringify(next)],
  );
  return next;
}
