// Helpers for tests: temporary folders, workspaces and turnwise-format records.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CanonicalTrajectory, FormatOptions, FormatReader, ReadItem } from '../chat/canonical';
import { currentSamplesDir } from './samples/samples-dir';

export function tempDir(prefix = 'turnwise-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RecordOptions {
  id: string;
  task?: string;
  reward?: number;
  success?: boolean;
  actions?: number;
}

/** A small, valid turnwise record: system, user, then tool-calling assistant turns and results. */
export function turnwiseRecord(options: RecordOptions): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'user', content: `Solve task ${options.task ?? 'task-1'}.` },
  ];
  for (let i = 0; i < (options.actions ?? 2); i += 1) {
    messages.push({
      role: 'assistant',
      content: `Step ${i}`,
      reasoning: `I should look at file ${i}.`,
      tool_calls: [
        {
          id: `call-${i}`,
          type: 'function',
          function: { name: 'read_file', arguments: `{"path":"f${i}.py"}` },
        },
      ],
      token_ids: [11, 12, 13],
      logp_policy: [-0.1, -0.2, -0.3],
      logp_ref: [-0.4, -0.5, -0.6],
    });
    messages.push({ role: 'tool', tool_call_id: `call-${i}`, content: `contents of f${i}.py` });
  }
  messages.push({ role: 'assistant', content: 'Done.' });
  return {
    trajectory_id: options.id,
    task_id: options.task ?? 'task-1',
    reward: options.reward ?? 1,
    success: options.success ?? true,
    messages,
  };
}

export function writeJsonl(
  file: string,
  lines: (Record<string, unknown> | string)[],
  eol = '\n',
): string {
  writeFileSync(
    file,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join(eol) + eol,
  );
  return file;
}

/**
 * A real sample file (or folder), read in place: from ../shared/samples, TURNWISE_SAMPLES_DIR or
 * the download cache, as samples/samples-dir.ts resolves it (the test setup fills the cache).
 */
export function samplePath(...parts: string[]): string {
  return path.join(currentSamplesDir(), ...parts);
}

/** Reads every item a format reader yields for a file. */
export async function readAllItems(
  reader: FormatReader,
  file: string,
  options: FormatOptions = {},
): Promise<ReadItem[]> {
  const items: ReadItem[] = [];
  const context = { progress: { bytesRead: 0 }, signal: new AbortController().signal, options };
  for await (const item of reader.read(file, context)) items.push(item);
  return items;
}

/** The trajectories among the items; fails loudly on any bad record. */
export function trajectoriesOf(items: ReadItem[]): CanonicalTrajectory[] {
  const bad = items.filter((item) => item.kind === 'error');
  if (bad.length > 0) throw new Error(`bad records: ${JSON.stringify(bad)}`);
  return items.flatMap((item) => (item.kind === 'trajectory' ? [item.trajectory] : []));
}

/** The one trajectory a reader yields for a file; fails on a bad record or any other count. */
export async function onlyTrajectory(
  reader: FormatReader,
  file: string,
): Promise<CanonicalTrajectory> {
  const trajectories = trajectoriesOf(await readAllItems(reader, file));
  const [trajectory] = trajectories;
  if (trajectories.length !== 1 || !trajectory) {
    throw new Error(`expected one trajectory, got ${trajectories.length}`);
  }
  return trajectory;
}
