// What a target is: how it groups the selected trajectories into records (one trajectory, or a
// pair for preferences) and how it builds one record from loaded trajectories.
import type { ExportTarget } from '../../../../shared/api-export';
import type { LoadedTrajectory } from '../chat-messages';
import type { SelectedTrajectory } from '../selection';

/** One record to build: the trajectories it needs, in the order the builder expects. */
export interface RecordUnit {
  trajectory_ids: string[];
}

export interface RecordPlan {
  units: RecordUnit[];
  /** Trajectories that can yield no record whatever their turns, by reason. */
  skipped: string[];
}

export type BuiltRecord = { record: Record<string, unknown> } | { skip: string };

/** A file written beside the data file (e.g. a trainer's dataset registration). */
export interface ExtraFile {
  /** Relative to the output folder. */
  path: string;
  content: string;
}

export interface ExportTargetModule {
  name: ExportTarget;
  /** The data file, relative to the output folder. */
  file: string;
  plan: (selected: SelectedTrajectory[]) => RecordPlan;
  build: (trajectories: LoadedTrajectory[]) => BuiltRecord;
  /** Loads each message's segment credit (LoadedTrajectory.message_credit) before build. */
  needsCredit?: boolean;
  /** The trainer settings that read the data file as written; recorded in the manifest. */
  trainerArgs?: Record<string, unknown>;
  /** How the target derived its fields, given the credit parameters; recorded in the manifest. */
  notes?: (creditParams: unknown) => Record<string, unknown>;
  /** Deterministic files written beside the data file and listed in the manifest. */
  extraFiles?: () => ExtraFile[];
}

/** One record per trajectory, in trajectory id order. */
export function onePerTrajectory(selected: SelectedTrajectory[]): RecordPlan {
  return { units: selected.map((t) => ({ trajectory_ids: [t.trajectory_id] })), skipped: [] };
}
