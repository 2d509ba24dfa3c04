// Dataset names and ids for new datasets (imported or attached): a default name from the files,
// and a slug no dataset uses yet.
import path from 'node:path';
import * as z from 'zod';
import type { Workspace } from '../store/workspace';
import type { SourceFile } from './source-files';

export function defaultDatasetName(files: SourceFile[]): string {
  const first = files[0]?.path ?? 'dataset';
  const base = files.length === 1 ? path.basename(first) : path.basename(commonFolder(files));
  return base.replace(/(\.(jsonl|json|gz|zst|parquet|traj|eval))+$/i, '') || 'dataset';
}

export function commonFolder(files: SourceFile[]): string {
  const parts = files.map((file) => path.dirname(file.path).split(path.sep));
  const first = parts[0] ?? [];
  let length = first.length;
  for (const other of parts) {
    let i = 0;
    while (i < length && other[i] === first[i]) i += 1;
    length = i;
  }
  return first.slice(0, length).join(path.sep) || path.sep;
}

/** A dataset's id, the column an import reads to name, find or refuse a dataset. */
export const DatasetIdRow = z.object({ dataset_id: z.string() });

/** A slug of the name that no dataset uses yet (name, name-2, name-3, ...). */
export async function freeDatasetId(workspace: Workspace, name: string): Promise<string> {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'dataset';
  const rows = await workspace.queryAs(
    DatasetIdRow,
    `SELECT dataset_id FROM tw_datasets WHERE dataset_id = $1 OR dataset_id LIKE $1 || '-%'`,
    [slug],
  );
  const taken = new Set(rows.map((row) => row.dataset_id));
  if (!taken.has(slug)) return slug;
  let n = 2;
  while (taken.has(`${slug}-${n}`)) n += 1;
  return `${slug}-${n}`;
}
