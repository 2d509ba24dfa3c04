// Identity scoped by source file (docs/formats/README.md, identity). Formats number their records
// per file (Inspect sample "1", NeMo Gym "0:rollout0"), so when one import reads several files a
// trajectory's and a group's identity include the file, relative to the files' common folder:
// ids stay short, and importing the same folder again gives the same ids. A group id the reader
// marks as global (an instance id such as astropy__astropy-12907) stays as it is, so rollouts of
// one task in different files still form one group. A single-file import keeps the format's ids.
import path from 'node:path';
import type { CanonicalTrajectory } from '../chat/canonical';
import { commonFolder } from './dataset-naming';
import type { SourceFile } from './source-files';

export interface ScopedIds {
  /** Unique within the dataset: the key the duplicate check and trajectory_id use. */
  key: string;
  group_id: string | null;
}

/** The scope of each file: its path relative to the common folder; null for a lone file. */
export function fileScopes(files: readonly SourceFile[]): (string | null)[] {
  if (files.length < 2) return files.map(() => null);
  const root = commonFolder([...files]);
  return files.map((file) => path.relative(root, file.path).split(path.sep).join('/'));
}

/** What identifies a trajectory as its reader read it. */
export type SourceIds = Pick<CanonicalTrajectory, 'source_id' | 'group_id' | 'group_scope'>;

export function scopedIds(trajectory: SourceIds, scope: string | null): ScopedIds {
  if (scope === null) return { key: trajectory.source_id, group_id: trajectory.group_id };
  const group =
    trajectory.group_id === null || trajectory.group_scope === 'global'
      ? trajectory.group_id
      : `${scope}:${trajectory.group_id}`;
  return { key: `${scope}:${trajectory.source_id}`, group_id: group };
}
