// Shared by the prompt-only RL targets (verl-rl, trl-grpo): one record per task, the ground truth
// the source carried, and what else a batch needs from the workspace (metadata, segment credit).
// GRPO-style trainers sample the group of rollouts themselves, so a task's recorded rollouts
// contribute its prompt once: the row comes from the task's first selected trajectory by id.
import * as z from 'zod';
import { canonicalJson } from '../../text/canonical-json';
import type { Workspace } from '../../store/workspace';
import type { LoadedTrajectory } from '../chat-messages';
import type { SelectedTrajectory } from '../selection';
import type { RecordPlan } from './export-target';
import { FiniteOrNull } from '../../store/finite-number';
import { idBatch } from '../../store/id-batch';
import { jsonTextColumn } from '../../store/row-schemas';
import { sql } from '../../store/sql-template';

/**
 * One unit per task of a dataset (a trajectory without a task id is its own task), in dataset
 * and task order.
 */
export function onePerTask(selected: SelectedTrajectory[]): RecordPlan {
  const first = new Map<string, SelectedTrajectory>();
  const skipped: string[] = [];
  for (const t of selected) {
    // Task ids are only unique within a dataset.
    const key = JSON.stringify([t.dataset_id, t.task_id ?? `trajectory:${t.trajectory_id}`]);
    const kept = first.get(key);
    if (kept === undefined || t.trajectory_id < kept.trajectory_id) {
      if (kept !== undefined)
        skipped.push('another rollout of the same task (one prompt per task)');
      first.set(key, t);
    } else {
      skipped.push('another rollout of the same task (one prompt per task)');
    }
  }
  const units = [...first.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, t]) => ({ trajectory_ids: [t.trajectory_id] }));
  return { units, skipped };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Where each source format keeps its reference answer in trajectories.metadata. */
export const GROUND_TRUTH_RULE =
  'from trajectories.metadata, first present of: ground_truth (Turnwise JSONL, the demo); ' +
  'expected_answer (NeMo Gym math and QA environments); answer (verifiers); target (Inspect AI ' +
  'sample target); verifier_metadata (NeMo Gym); task.actions + task.outputs (tau-bench expected ' +
  'actions and outputs). Strings as they are, anything else as canonical JSON text; null when the ' +
  'source carries none (SWE-agent, mini-swe-agent, OpenHands, ATIF, ShareGPT, OpenAI chat and ' +
  'NeMo Gym rollouts without those fields). An export with ground_truth set reads that dot path ' +
  'instead.';

const GROUND_TRUTH_KEYS = [
  'ground_truth',
  'expected_answer',
  'answer',
  'target',
  'verifier_metadata',
];

function asText(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value);
}

/** The value at a dot path of metadata (`reward_spec.answer`), or undefined. */
function atPath(metadata: unknown, path: string): unknown {
  let value = metadata;
  for (const key of path.split('.')) {
    if (!isRecord(value)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * The reference answer the source recorded for the task, as text, or null: the value at `path`
 * when the export names one, else the format defaults of GROUND_TRUTH_RULE.
 */
export function groundTruthOf(metadata: unknown, path?: string): string | null {
  if (path !== undefined) {
    const value = atPath(metadata, path);
    return value === undefined || value === null ? null : asText(value);
  }
  if (!isRecord(metadata)) return null;
  for (const key of GROUND_TRUTH_KEYS) {
    const value = metadata[key];
    if (value !== undefined && value !== null) return asText(value);
  }
  const task = metadata.task;
  if (isRecord(task) && Array.isArray(task.actions)) {
    return asText({ actions: task.actions, outputs: task.outputs ?? [] });
  }
  return null;
}

/** How the manifest describes where the ground truth came from. */
export function groundTruthRule(path: string | undefined): string {
  return path === undefined
    ? GROUND_TRUTH_RULE
    : `from trajectories.metadata.${path} (strings as they are, anything else as canonical JSON text; null where absent)`;
}

/** The task category: the source's ability or domain (tau-bench) when it gives one. */
export function abilityOf(metadata: unknown): string {
  if (isRecord(metadata)) {
    for (const key of ['ability', 'domain']) {
      const value = metadata[key];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return 'agent';
}

export interface SegmentCredit {
  segment_index: number;
  turn_start: number;
  turn_end: number;
  total: number | null;
}

/** What the RL targets add to a loaded trajectory (kept beside it, not on it). */
export interface TaskExtras {
  metadata: unknown;
  credit: SegmentCredit[];
}

const extras = new WeakMap<LoadedTrajectory, TaskExtras>();

export function extrasOf(trajectory: LoadedTrajectory): TaskExtras {
  return extras.get(trajectory) ?? { metadata: null, credit: [] };
}

/** A trajectory's metadata: its JSON column read as text, parsed (null when there is none). */
const MetadataRow = z.object({
  trajectory_id: z.string(),
  metadata: jsonTextColumn(z.unknown()).nullable(),
});

/** A segment with its stored credit total (null where none is stored, or it is not finite). */
const SegmentCreditRow = z.object({
  trajectory_id: z.string(),
  segment_index: z.number(),
  turn_start: z.number(),
  turn_end: z.number(),
  total: FiniteOrNull,
});

/**
 * Loads each trajectory's metadata and, when a segmentation is given, its segments with their
 * credit total (null where none is stored), one query each per batch.
 */
export async function loadTaskExtras(
  workspace: Workspace,
  loaded: Map<string, LoadedTrajectory>,
  segmentation: string | null,
): Promise<void> {
  const ids = [...loaded.keys()];
  if (ids.length === 0) return;
  const metadata = await workspace.queryAs(
    MetadataRow,
    sql`SELECT trajectory_id, metadata::VARCHAR AS metadata FROM trajectories
        WHERE ${idBatch('trajectory_id', ids)}`,
  );
  const credit = new Map<string, SegmentCredit[]>();
  if (segmentation !== null) {
    const rows = await workspace.queryAs(
      SegmentCreditRow,
      sql`SELECT s.trajectory_id, s.segment_index, s.turn_start, s.turn_end, c.total
       FROM tw_segments s LEFT JOIN tw_credit c ON c.trajectory_id = s.trajectory_id
         AND c.segment_index = s.segment_index AND c.segmentation = s.segmentation
       WHERE s.segmentation = ${segmentation} AND ${idBatch('s.trajectory_id', ids)}
       ORDER BY s.trajectory_id, s.segment_index`,
    );
    for (const { trajectory_id: id, ...segment } of rows) {
      const list = credit.get(id) ?? [];
      list.push(segment);
      credit.set(id, list);
    }
  }
  const metadataById = new Map(metadata.map((row) => [row.trajectory_id, row.metadata]));
  for (const [id, trajectory] of loaded) {
    extras.set(trajectory, {
      metadata: metadataById.get(id) ?? null,
      credit: credit.get(id) ?? [],
    });
  }
}
