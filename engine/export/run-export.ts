// The export job: select, build the target's records in order, write them and the manifest into
// a temporary folder, then rename it into place (docs/export.md).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ExportSelection, ExportSummary } from '../../shared/api-export';
import { TurnwiseError } from '../../shared/result';
import type { Progress } from '../core/jobs';
import type { LineageManifest } from './export-manifest';
import { recordExport } from './export-records';
import type { Workspace } from '../store/workspace';
import { pendingDir } from './atomic-dir';
import { buildManifest, MANIFEST_FILE, type ManifestFile } from './manifest';
import { convertToParquet } from './parquet-file';
import { planExport, recordLines, skippedList } from './record-stream';
import type { ExtraFile } from './targets/export-target';

export interface ExportOptions extends ExportSelection {
  out_dir: string;
  overwrite: boolean;
}

/** The temporary JSON lines a Parquet file is converted from; removed once converted. */
const PARQUET_LINES_FILE = '.turnwise-records.jsonl';

/** Lines are written in chunks of about this many bytes. */
const WRITE_CHUNK = 1 << 20;

export async function runExport(
  workspace: Workspace,
  options: ExportOptions,
  report: (progress: Progress) => void,
  signal: AbortSignal,
): Promise<ExportSummary> {
  const { out_dir: out, overwrite, ...selection } = options;
  report({ done: 0, total: null, unit: 'records', message: 'selecting trajectories' });
  // Selecting first: a refused condition or filter writes nothing at all, not even a temp folder.
  const planned = await planExport(workspace, selection);
  const pending = pendingDir(out, overwrite, workspace.path);
  try {
    const target = planned.target;
    const format = target.format ?? { kind: 'jsonl' };
    // Parquet: the lines go to a temporary JSONL in the pending folder, then DuckDB converts it.
    const linesFile = format.kind === 'parquet' ? PARQUET_LINES_FILE : target.file;
    const written = await writeLines(
      path.join(pending.tempDir, linesFile),
      recordLines(workspace, planned, signal, report),
    );
    const records = written.records;
    const files: ManifestFile[] = [];
    if (format.kind === 'parquet') {
      report({ done: records, total: records, unit: 'records', message: 'writing Parquet' });
      const parquetPath = path.join(pending.tempDir, target.file);
      const rows = await convertToParquet({
        jsonlPath: path.join(pending.tempDir, linesFile),
        parquetPath,
        columns: format.columns,
        maxLineBytes: written.maxLineBytes,
        spillDir: path.join(pending.tempDir, '.duckdb-spill'),
        signal,
      });
      if (rows !== records) {
        throw new TurnwiseError('internal', `${target.file} holds ${rows} rows, not ${records}`);
      }
      await rm(path.join(pending.tempDir, linesFile));
      files.push({ path: target.file, records, ...(await syncAndHash(parquetPath)) });
    } else {
      files.push({ path: target.file, records, bytes: written.bytes, sha256: written.sha256 });
    }
    for (const extra of target.extraFiles?.(planned.context) ?? []) {
      files.push(await writeExtraFile(pending.tempDir, extra));
    }
    const counts = {
      trajectories: planned.selected.length,
      records,
      skipped: skippedList(planned.skipped),
      left_out: skippedList(planned.left_out),
    };
    const manifest = await buildManifest(workspace, planned, counts, files);
    const manifestHandle = await open(path.join(pending.tempDir, MANIFEST_FILE), 'wx');
    try {
      await manifestHandle.writeFile(manifest, 'utf8');
      await manifestHandle.sync();
    } finally {
      await manifestHandle.close();
    }
    pending.commit();
    // Recorded so a run trained on this export can name it (lineage, docs/compare.md).
    await recordExport(workspace, JSON.parse(manifest) as LineageManifest, pending.outDir);
    return {
      target: selection.target,
      out_dir: pending.outDir,
      trajectories: counts.trajectories,
      records,
      skipped: counts.skipped,
      left_out: counts.left_out,
      files: files.map((file) => path.join(pending.outDir, file.path)),
      manifest: path.join(pending.outDir, MANIFEST_FILE),
      secrets: {
        mode: selection.secrets ?? 'dataset',
        scanned_trajectories: planned.context.scan_secrets.size,
        redacted: skippedList(planned.context.redacted_at_export).map(({ reason, count }) => ({
          kind: reason,
          count,
        })),
      },
    };
  } catch (error) {
    pending.abort();
    throw error;
  }
}

/** Writes the record lines (each followed by a newline) and hashes what was written. */
async function writeLines(
  file: string,
  lines: AsyncIterable<string>,
): Promise<{ records: number; bytes: number; sha256: string; maxLineBytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let records = 0;
  let maxLineBytes = 0;
  const handle = await open(file, 'wx');
  try {
    let chunk = '';
    const flush = async () => {
      const buffer = Buffer.from(chunk, 'utf8');
      hash.update(buffer);
      bytes += buffer.length;
      await handle.write(buffer);
      chunk = '';
    };
    for await (const line of lines) {
      chunk += `${line}\n`;
      records += 1;
      maxLineBytes = Math.max(maxLineBytes, Buffer.byteLength(line, 'utf8'));
      if (chunk.length >= WRITE_CHUNK) await flush();
    }
    await flush();
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { records, bytes, sha256: hash.digest('hex'), maxLineBytes };
}

/** Flushes a file written by someone else (DuckDB) to disk; its size and sha256, streamed. */
async function syncAndHash(file: string): Promise<{ bytes: number; sha256: string }> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Writes one of the target's extra files; it holds no records. */
async function writeExtraFile(dir: string, extra: ExtraFile): Promise<ManifestFile> {
  const buffer = Buffer.from(extra.content, 'utf8');
  const handle = await open(path.join(dir, extra.path), 'wx');
  try {
    await handle.writeFile(buffer);
    await handle.sync();
  } finally {
    await handle.close();
  }
  const sha256 = createHash('sha256').update(buffer).digest('hex');
  return { path: extra.path, records: 0, bytes: buffer.length, sha256 };
}

/**
 * Records built for a preview at most: beyond this the count is estimated from them, so a preview
 * of a large selection answers in a second or two instead of building every record.
 */
export const PREVIEW_BUILD_LIMIT = 1000;

/**
 * Groups whose turn trees a preview reads for step pairs at most; beyond this the step-pair count
 * is scaled up from them (building every group's tree took 30 s for 100k trajectories).
 */
export const PREVIEW_GROUP_LIMIT = 200;

/** Counts and the first records as they would be written; nothing is written. */
export async function previewExport(
  workspace: Workspace,
  selection: ExportSelection,
  limit: number,
  buildLimit = PREVIEW_BUILD_LIMIT,
  groupLimit = PREVIEW_GROUP_LIMIT,
): Promise<{
  trajectories: number;
  records: number;
  records_exact: boolean;
  planned: number;
  sampled: number;
  skipped: { reason: string; count: number }[];
  left_out: { reason: string; count: number }[];
  first_records: string[];
}> {
  const planned = await planExport(workspace, selection, groupLimit);
  const units = planned.plan.units;
  const total = planned.plan.estimated_units ?? units.length;
  const built = units.slice(0, buildLimit);
  const sample = { ...planned, plan: { ...planned.plan, units: built } };
  const first: string[] = [];
  let records = 0;
  for await (const line of recordLines(workspace, sample, new AbortController().signal)) {
    if (first.length < limit) first.push(line);
    records += 1;
  }
  const exact = built.length === units.length && planned.plan.estimated_units === undefined;
  return {
    trajectories: planned.selected.length,
    records: exact ? records : Math.round((records / Math.max(1, built.length)) * total),
    records_exact: exact,
    planned: total,
    sampled: built.length,
    skipped: skippedList(planned.skipped),
    left_out: skippedList(sample.left_out),
    first_records: first,
  };
}
