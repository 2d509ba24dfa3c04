// How a run is named in pickers and tables: its name, then what tells checkpoints apart.
import type { RunInfo } from '../../../shared/api-runs';

export function runLabel(run: RunInfo): string {
  const detail = [run.checkpoint, run.step === null ? null : `step ${run.step}`]
    .filter((part): part is string => part !== null && part !== '')
    .join(', ');
  return detail === '' ? run.name : `${run.name} (${detail})`;
}
