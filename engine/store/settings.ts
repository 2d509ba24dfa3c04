// Workspace settings (the tw_settings table): one JSON value per key, kept in the workspace so it
// travels with it. Callers validate what they read; a value they cannot use is their default.
import * as z from 'zod';
import { jsonTextColumn } from './row-schemas';
import type { Workspace } from './workspace';

/** A setting's JSON value, read as text and parsed; what it holds is the caller's to check. */
const SettingRow = z.object({ value: jsonTextColumn(z.unknown()) });

/** The stored value of a setting, parsed; undefined when the key has none. */
export async function readSetting(workspace: Workspace, key: string): Promise<unknown> {
  const [row] = await workspace.queryAs(
    SettingRow,
    `SELECT value::VARCHAR AS value FROM tw_settings WHERE key = $1`,
    [key],
  );
  return row === undefined ? undefined : row.value;
}

export async function writeSetting(
  workspace: Workspace,
  key: string,
  value: unknown,
): Promise<void> {
  await workspace.run(
    `INSERT INTO tw_settings (key, value) VALUES ($1, $2::JSON)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}

export async function deleteSetting(workspace: Workspace, key: string): Promise<void> {
  await workspace.run(`DELETE FROM tw_settings WHERE key = $1`, [key]);
}
