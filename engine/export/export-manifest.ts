// Reads an export's turnwise-manifest.json (the folder or the file itself) for lineage: the
// export's id, its target, the datasets it came from and the tasks it holds. Anything else in
// the manifest is the export's business (docs/export.md).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { TurnwiseError } from '../../shared/result';
import { MANIFEST_FILE } from './manifest';
import { parseJsonFile } from '../text/json-syntax';

const LineageManifestSchema = z.object({
  manifest_version: z.literal(1),
  export_id: z.string().regex(/^[0-9a-f]{16}$/),
  target: z.string(),
  sources: z.array(z.object({ dataset_id: z.string() })),
  counts: z.object({ trajectories: z.number(), records: z.number() }),
  tasks: z.array(z.string()),
});
export type LineageManifest = z.infer<typeof LineageManifestSchema>;

export interface ReadManifest {
  manifest: LineageManifest;
  /** The export's folder. */
  dir: string;
}

async function manifestPath(given: string): Promise<string> {
  const resolved = path.resolve(given);
  const info = await stat(resolved).catch((error: NodeJS.ErrnoException) => {
    throw new TurnwiseError(
      'io',
      error.code === 'ENOENT'
        ? `${resolved}: no such export folder or manifest`
        : `${resolved}: cannot read (${error.code ?? error.message})`,
    );
  });
  return info.isDirectory() ? path.join(resolved, MANIFEST_FILE) : resolved;
}

/** A manifest lists its tasks, so it grows with them, but nowhere near this. */
const MAX_MANIFEST_BYTES = 128 * 1024 * 1024;

export async function readExportManifest(given: string): Promise<ReadManifest> {
  const file = await manifestPath(given);
  const size = (await stat(file).catch(() => null))?.size ?? 0;
  if (size > MAX_MANIFEST_BYTES) {
    throw new TurnwiseError(
      'invalid_input',
      `${file}: ${Math.round(size / 1e6)} MB is too large for an export manifest`,
    );
  }
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new TurnwiseError(
      'io',
      error.code === 'ENOENT'
        ? `${file}: no ${MANIFEST_FILE} here; name a Turnwise export folder or its manifest`
        : `${file}: cannot read (${error.code ?? error.message})`,
    );
  });
  const json = parseJsonFile(file, text);
  const parsed = LineageManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || 'the top'}`;
    const old =
      typeof json === 'object' && json !== null && !('export_id' in json)
        ? '; it has no export_id, so an older Turnwise wrote it: export again to record lineage'
        : '';
    throw new TurnwiseError(
      'invalid_input',
      `${file}: not a Turnwise export manifest${where} (${issue?.message ?? 'unreadable'})${old}`,
    );
  }
  return { manifest: parsed.data, dir: path.dirname(file) };
}
