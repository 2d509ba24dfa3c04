// `turnwise import` on a real folder of two formats and stray files: the datasets made and the
// files left out, in text and in --json; errors that name --format; and the report's lines.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '../shared/model';
import { FORMAT_INFOS } from '../engine/import/format-infos';
import { samplePath } from '../engine/testing/test-support';
import { cliWorkspace, onlyJson, turnwise } from './cli-test-support';
import { turnwiseProcess } from './turnwise-process-test-support';
import { importErrorText } from './import-output';

const workspace = cliWorkspace();

function folderOf(name: string, files: Record<string, string>): string {
  const folder = path.join(workspace.dir, name);
  for (const [to, sample] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, to)), { recursive: true });
    copyFileSync(samplePath(sample), path.join(folder, to));
  }
  return folder;
}

const MIXED = {
  'log_formats.json': 'inspect-ai/log_formats.json',
  'rollouts.jsonl': 'nemo-gym/example_single_tool_call.example_rollouts.jsonl',
  'README.md': 'README.md',
  'SOURCE.txt': 'nemo-gym/SOURCE.txt',
};

describe('turnwise import of a folder', () => {
  it('prints each dataset made and each file left out', async () => {
    const folder = folderOf('mixed', MIXED);
    const run = await turnwise('import', folder, '--db', workspace.db);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^Imported \d+ trajectories \(\d+ turns, \d+ actions\) into 2 datasets in/,
    );
    expect(lines[1]).toMatch(/^ {2}'mixed-inspect' \(format inspect\): 1 file, \d+ trajectories/);
    expect(lines[2]).toMatch(/^ {2}'mixed-nemo-gym' \(format nemo-gym\): 1 file, 5 trajectories/);
    expect(lines.slice(3, 6)).toEqual([
      'Left out 2 files:',
      `  ${path.join(folder, 'README.md')}: format not recognised`,
      `  ${path.join(folder, 'SOURCE.txt')}: format not recognised`,
    ]);
  });

  it('--json gives every dataset and the files left out', async () => {
    // Another workspace: the same content twice in one is refused as a re-import.
    const folder = folderOf('mixed-json', MIXED);
    const summary = onlyJson(
      await turnwise('import', folder, '--db', path.join(workspace.dir, 'json.duckdb'), '--json'),
    ) as ImportSummary;
    expect(summary.datasets.map((made) => [made.dataset, made.format, made.files])).toEqual([
      ['mixed-json-inspect', 'inspect', 1],
      ['mixed-json-nemo-gym', 'nemo-gym', 1],
    ]);
    expect(summary.dataset).toBe('mixed-json-inspect');
    expect(summary.skipped_files.map((file) => path.basename(file.file))).toEqual([
      'README.md',
      'SOURCE.txt',
    ]);
  });

  it('a file no format claims names --format and the formats to pass', async () => {
    const readme = path.join(folderOf('readme', { 'README.md': 'README.md' }), 'README.md');
    const run = await turnwise('import', readme, '--db', workspace.db);
    expect(run.code).toBe(2);
    // Every reader, in the order `turnwise formats` lists them.
    const names = FORMAT_INFOS.map((format) => format.name);
    expect(names.slice(0, 3)).toEqual(['turnwise', 'openai-chat', 'sharegpt']);
    expect(run.stderr).toBe(
      `turnwise: import: ${readme}: format not recognised; pass --format with one of: ` +
        `${names.join(', ')}\n`,
    );
  });
});

describe('reading threads started while the workspace opens', () => {
  it('imports on them, and threads the import leaves unused do not keep the command running', async () => {
    // Every input is read on threads here; three are started ahead, and a file whose lines are
    // not records is read by one, so two stay unused until the command ends. A real process:
    // that it ends is what is checked.
    const env = { TURNWISE_READ_WORKER_MIN_BYTES: '0', TURNWISE_READ_THREADS: '3' };
    const file = samplePath('nemo-gym/example_single_tool_call.example_rollouts.jsonl');
    const db = path.join(workspace.dir, 'threads.duckdb');
    const run = await turnwiseProcess(['import', file, '--db', db, '--json'], env);
    expect((onlyJson(run) as ImportSummary).trajectories).toBe(5);
  }, 60_000);
});

describe('the import report', () => {
  it('lists the content readers left out of imported records', async () => {
    // A real SWE-agent run with retry-loop attempts: only the chosen attempt is imported.
    const fixture = new URL(
      '../engine/import/formats/fixtures/swe-agent/6e44b9__sweagenttestrepo-1c2844.traj',
      import.meta.url,
    ).pathname;
    const run = JSON.parse(readFileSync(fixture, 'utf8')) as Record<string, unknown>;
    const info = { ...(run.info as Record<string, unknown>), best_attempt_idx: 1 };
    const file = path.join(workspace.dir, 'retry.traj');
    writeFileSync(file, JSON.stringify({ ...run, info, attempts: [run, run, run] }));
    const result = await turnwise('import', file, '--db', workspace.db);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n').slice(1)).toEqual([
      'Left out content of imported records (1 notes):',
      `  ${file}:1: attempts: 2 of 3 retry-loop attempts were not imported (only the chosen one ` +
        'at the top level, attempts[1])',
    ]);
    const summary = onlyJson(
      await turnwise('import', file, '--db', path.join(workspace.dir, 'retry.duckdb'), '--json'),
    ) as ImportSummary;
    expect(summary.dropped).toEqual([
      { file, line: 1, reason: expect.stringMatching(/^attempts: 2 of 3/) as unknown as string },
    ]);
  });

  it('says when skipping bad records would leave an ambiguous file out', () => {
    const error = {
      code: 'invalid_input' as const,
      message: '/d/x.json: format is ambiguous between a (0.9), b (0.85)',
      details: { remedy: 'choose_format', formats: ['a', 'b'], can_skip: true },
    };
    expect(importErrorText(error)).toBe(
      '/d/x.json: format is ambiguous between a (0.9), b (0.85); pass --format with one of: a, b, ' +
        'or --on-error skip to leave the file out',
    );
    expect(importErrorText({ code: 'io', message: 'x: gone' })).toBe('x: gone');
    const bad = { code: 'invalid_input' as const, message: '/d/x.jsonl:2: role: unknown' };
    expect(importErrorText({ ...bad, details: { remedy: 'skip_bad_records', skipped: [] } })).toBe(
      '/d/x.jsonl:2: role: unknown; pass --on-error skip to import the good records and list the ' +
        'bad ones',
    );
  });
});
