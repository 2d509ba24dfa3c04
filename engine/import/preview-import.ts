// What the import dialog shows before anything is written: every file with the format that will
// read it and its record count, or the reason it is left out (import-plan.ts, the plan the import
// follows); the datasets that will be made; and the first trajectories (or the first bad records)
// of the first file read, with every candidate format's score for it.
import type { ApiOutput, ApiRequest } from '../../shared/api';
import type { ImportPreview, PreviewFile } from '../../shared/api-import';
import type { MappingSpec } from '../../shared/model';
import { recordErrorReason, type FormatReader, type ReadItem } from '../chat/canonical';
import { planImport, type PlanEntry } from './import-plan';
import { previewOutcomes } from '../outcome/preview-outcomes';

const PREVIEW_TRAJECTORIES = 5;
const PREVIEW_FILES = 200;
const PREVIEW_ERRORS = 50;
/** Files are read to the end for their counts while the preview has read less than this. */
const COUNT_BYTES = 32 << 20;
/** Past the budget, the first file read still gives its first records (not a count). */
const SAMPLE_ITEMS = 50;

type Sample = ImportPreview['trajectories'][number];

interface FileReading {
  records: number;
  bad: number;
  dropped: number;
  complete: boolean;
}

async function readForPreview(
  entry: PlanEntry,
  options: ApiRequest<'previewImport'>['format_options'],
  limit: number | null,
  preview: { samples: Sample[] | null; errors: ImportPreview['errors'] },
): Promise<FileReading> {
  const reading = { records: 0, bad: 0, dropped: 0, complete: true };
  const controller = new AbortController();
  const context = { progress: { bytesRead: 0 }, signal: controller.signal, options };
  const file = entry.file.path;
  let items = 0;
  try {
    const reader = entry.reader as FormatReader;
    for await (const item of reader.read(file, context) as AsyncIterable<ReadItem>) {
      items += 1;
      if (item.kind === 'dropped') {
        reading.dropped += 1;
      } else if (item.kind === 'error') {
        reading.bad += 1;
        if (preview.errors.length < PREVIEW_ERRORS)
          preview.errors.push({ file, line: item.line, reason: item.reason });
      } else {
        reading.records += 1;
        if (preview.samples !== null && preview.samples.length < PREVIEW_TRAJECTORIES) {
          preview.samples.push(sampleOf(item));
        }
      }
      if (limit !== null && items >= limit) {
        reading.complete = false;
        break;
      }
    }
  } catch (error) {
    reading.bad += 1;
    const reason = recordErrorReason(error) ?? (error as Error).message;
    if (preview.errors.length < PREVIEW_ERRORS) preview.errors.push({ file, line: 0, reason });
  } finally {
    controller.abort();
  }
  return reading;
}

function sampleOf(item: Extract<ReadItem, { kind: 'trajectory' }>): Sample {
  const { trajectory } = item;
  const firstUser = trajectory.turns.find((turn) => turn.role === 'user');
  return {
    source_id: trajectory.source_id,
    task_id: trajectory.task_id,
    group_id: trajectory.group_id,
    reward: trajectory.reward,
    success: trajectory.success,
    n_turns: trajectory.turns.length,
    n_actions: trajectory.turns.filter((turn) => turn.is_action).length,
    first_user_message: firstUser ? firstUser.content.slice(0, 300) : null,
  };
}

export async function previewImport(
  request: ApiRequest<'previewImport'>,
  mapping?: MappingSpec,
): Promise<ApiOutput<'previewImport'>> {
  const plan = await planImport({
    paths: request.paths,
    format: request.format,
    mapping,
    onError: request.on_error,
  });
  const firstRead = plan.entries.find((entry) => entry.status === 'import');
  const scored = firstRead ?? plan.entries[0];
  const preview = { samples: [] as Sample[], errors: [] as ImportPreview['errors'] };
  let budget = COUNT_BYTES;
  let countedAll = plan.entries.length <= PREVIEW_FILES;
  const files: PreviewFile[] = [];
  for (const entry of plan.entries.slice(0, PREVIEW_FILES)) {
    const row: PreviewFile = {
      path: entry.file.path,
      bytes: entry.file.bytes,
      status: entry.status,
      format: entry.status === 'import' ? (entry.reader?.name ?? null) : null,
      records: null,
      bad_records: 0,
      dropped: 0,
      reason: entry.reason,
    };
    files.push(row);
    if (entry.status !== 'import') continue;
    const counted = entry.file.bytes <= budget;
    if (!counted && entry !== firstRead) {
      countedAll = false;
      continue;
    }
    budget -= Math.min(budget, entry.file.bytes);
    const reading = await readForPreview(
      entry,
      request.format_options,
      counted ? null : SAMPLE_ITEMS,
      {
        samples: entry === firstRead ? preview.samples : null,
        errors: preview.errors,
      },
    );
    if (reading.complete) row.records = reading.records;
    else countedAll = false;
    row.bad_records = reading.bad;
    row.dropped = reading.dropped;
  }
  const outcomes = previewOutcomes(preview.samples);
  return {
    files,
    total_files: plan.entries.length,
    total_bytes: plan.entries.reduce((sum, entry) => sum + entry.file.bytes, 0),
    candidates: (scored?.scores ?? []).map(({ reader, score }) => ({
      name: reader.name,
      score: Math.round(score * 100) / 100,
    })),
    format: firstRead?.reader?.name ?? null,
    datasets: plan.datasets.map((dataset) => ({
      name: dataset.name,
      format: dataset.format,
      files: dataset.entries.length,
    })),
    counted_all: countedAll,
    trajectories: outcomes.samples,
    outcome_rule: outcomes.rule,
    errors: preview.errors,
  };
}
