// Detection does not depend on key order or on the first megabyte: a real sample whose first
// record gets a 10 MB metadata field placed before its own keys is still detected as its format
// (it was 'not recognised' before), and imports with --format auto.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../store/workspace';
import { samplePath, tempDir } from '../testing/test-support';
import { detectFormat, formatByName, readHead, scoreFormats } from './registry';
import { runImport } from './run-import';

const temp = tempDir();
afterAll(() => temp.cleanup());

/** About 10 MB of structured metadata: the record's own content, repeated. */
function bigMetadata(record: unknown): Record<string, unknown> {
  const copy = JSON.stringify(record).slice(0, 50_000);
  return { log: Array.from({ length: Math.ceil(10e6 / copy.length) }, (_, i) => ({ i, copy })) };
}

function first(record: unknown): Record<string, unknown> {
  return { metadata: bigMetadata(record), ...(record as Record<string, unknown>) };
}

/** Each case: the sample, its format, and how to put the metadata first in its first record. */
const CASES: [string, string, (text: string) => string][] = [
  [
    'nemo-gym/example_single_tool_call.example_rollouts.jsonl',
    'nemo-gym',
    (text) => {
      const [line, ...rest] = text.split('\n');
      return [JSON.stringify(first(JSON.parse(line ?? ''))), ...rest].join('\n');
    },
  ],
  [
    'mini-swe-agent/astropy__astropy-12907.traj.json',
    'mini-swe-agent',
    (text) => JSON.stringify(first(JSON.parse(text)), null, 2),
  ],
  [
    'sharegpt/llamafactory_glaive_toolcall_en_demo.json',
    'sharegpt',
    (text) => {
      const [head, ...rest] = JSON.parse(text) as unknown[];
      return JSON.stringify([first(head), ...rest.slice(0, 20)], null, 2);
    },
  ],
  [
    'atif-harbor/multi_tool_trajectory.json',
    'atif',
    (text) => JSON.stringify(first(JSON.parse(text)), null, 2),
  ],
  [
    'tau-bench/gpt-4o-airline.subset4.json',
    'tau-bench',
    (text) => {
      const [head, ...rest] = JSON.parse(text) as unknown[];
      return JSON.stringify([first(head), ...rest], null, 2);
    },
  ],
];

const files = new Map<string, string>();
beforeAll(() => {
  for (const [sample, , reshape] of CASES) {
    const file = path.join(temp.dir, `long-${path.basename(sample)}`);
    writeFileSync(file, reshape(readFileSync(samplePath(sample), 'utf8')));
    files.set(sample, file);
  }
});

describe('a first record whose first 10 MB are metadata', () => {
  it.each(CASES)('%s is detected as %s', async (sample, format) => {
    const file = files.get(sample) as string;
    const { head, cut } = await readHead(file);
    expect(cut).toBe(true);
    // The first megabyte is all metadata: the keys the readers look for are not in it.
    expect(head.length).toBeGreaterThanOrEqual(1 << 20);
    expect(head).toMatch(/^[[{]\s*(\{\s*)?"metadata"/);
    expect(formatByName(format).detect({ path: file, head })).toBeLessThan(0.3);
    const [best, second] = await scoreFormats(file);
    expect(best?.reader.name).toBe(format);
    expect((best?.score ?? 0) - (second?.score ?? 0)).toBeGreaterThanOrEqual(0.1);
    expect((await detectFormat(file)).name).toBe(format);
  });

  it.each(CASES.slice(0, 2))('%s imports with --format auto', async (sample, format) => {
    const workspace = await Workspace.open(path.join(temp.dir, `${format}.duckdb`));
    try {
      const options = { format: 'auto', onError: 'abort' } as const;
      const never = new AbortController().signal;
      const original = await runImport(
        workspace,
        { ...options, paths: [samplePath(sample)] },
        () => undefined,
        never,
      );
      const long = await runImport(
        workspace,
        { ...options, paths: [files.get(sample) as string] },
        () => undefined,
        never,
      );
      expect(long).toMatchObject({ format, trajectories: original.trajectories });
      expect(long.turns).toBe(original.turns);
    } finally {
      workspace.close();
    }
  });
});
