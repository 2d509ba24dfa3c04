// The explorer grid's column layout, kept in the workspace (tw_settings 'explorer.layout') so it
// is one per workspace and survives a restart, like the saved filters beside it.
import { ExplorerLayoutSchema, type ExplorerLayout } from '../../shared/api-explorer';
import { deleteSetting, readSetting, writeSetting } from '../store/settings';
import type { Workspace } from '../store/workspace';

const KEY = 'explorer.layout';
const DEFAULT_LAYOUT: ExplorerLayout = { columns: [] };

export async function readExplorerLayout(workspace: Workspace): Promise<ExplorerLayout> {
  const stored = await readSetting(workspace, KEY);
  if (stored === undefined) return DEFAULT_LAYOUT;
  // A value that no longer parses (edited by hand, or by a newer version) is the default layout:
  // a grid's arrangement is not worth an error.
  const parsed = ExplorerLayoutSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_LAYOUT;
}

export async function writeExplorerLayout(
  workspace: Workspace,
  layout: ExplorerLayout,
): Promise<ExplorerLayout> {
  const next = ExplorerLayoutSchema.parse(layout);
  if (next.columns.length === 0) {
    await deleteSetting(workspace, KEY);
    return DEFAULT_LAYOUT;
  }
  await writeSetting(workspace, KEY, next);
  return next;
}
