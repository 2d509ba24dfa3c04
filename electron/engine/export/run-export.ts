// The export job: select, build the target's records in order, write them and the manifest into
// a temporary folder, then rename it into place (DESIGN s6).
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { ExportSelection, ExportSummary } from '../../../shared/api-export';
import type { Progress } from '../jobs';
import type { Workspace } from '../store/workspace';
import { pendingDir } from './atomic-dir';
import { buildManifest, MANIFEST_FILE, type ManifestFile } from './manifest';
import { planExport, recordLines, skippedList } from './record-stream';
import type { ExtraFile } from './targets/export-target';

export interface ExportOptions extends ExportSelection {
  out_dir: string;
  overwrite: boolean;
}

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
  const pending = pendingDir(out, overwrite);
  try {
    const target = planned.target;
    const hash = createHash('sha256');
    let bytes = 0;
    let records = 0;
    const handle = await open(path.join(pending.tempDir, target.file), 'wx');
    try {
      let chunk = '';
      const flush = async () => {
        const buffer = Buffer.from(chunk, 'utf8');
        hash.update(buffer);
        bytes += buffer.length;
        await handle.write(buffer);
        chunk = '';
      };
      for await (const line of recordLines(workspace, planned, signal, report)) {
        chunk += `${line}\n`;
        records += 1;
        if (chunk.length >= WRITE_CHUNK) await flush();
      }
      await flush();
      await handle.sync();
    } finally {
      await handle.close();
    }
    const files: ManifestFile[] = [
      { path: target.file, records, bytes, sha256: hash.digest('hex') },
    ];
    for (const extra of target.extraFiles?.() ?? []) {
      files.push(await writeExtraFile(pending.tempDir, extra));
    }
    const counts = {
      trajectories: planned.selected.length,
      records,
      skipped: skippedList(planned.skipped),
    };
    const manifest = await buildManifest(
      workspace,
      selection,
      planned.selected,
      counts,
      files,
      target,
    );
    const manifestHandle = await open(path.join(pending.tempDir, MANIFEST_FILE), 'wx');
    try {
      await manifestHandle.writeFile(manifest, 'utf8');
      await manifestHandle.sync();
    } finally {
      await manifestHandle.close();
    }
    pending.commit();
    return {
      target: selection.target,
      out_dir: pending.outDir,
      trajectories: counts.trajectories,
      records,
      skipped: counts.skipped,
      files: files.map((file) => path.join(pending.outDir, file.path)),
      manifest: path.join(pending.outDir, MANIFEST_FILE),
    };
  } catch (error) {
    pending.abort();
    throw error;
  }
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

/** Counts and the first records as they would be written; nothing is written. */
export async function previewExport(
  workspace: Workspace,
  selection: ExportSelection,
  limit: number,
): Promise<{
  trajectories: number;
  records: number;
  skipped: { reason: string; count: number }[];
  first_records: string[];
}> {
  const planned = await planExport(workspace, selection);
  const first: string[] = [];
  let records = 0;
  for await (const line of recordLines(workspace, planned, new AbortController().signal)) {
    if (first.length < limit) first.push(line);
    records += 1;
  }
  return {
    trajectories: planned.selected.length,
    records,
    skipped: skippedList(planned.skipped),
    first_records: first,
  };
}
