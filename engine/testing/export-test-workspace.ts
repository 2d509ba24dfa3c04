// Test support for the export tests: a fresh workspace (or engine) in a temp dir holding the first
// lines of the demo dataset, the engine dispatch helpers, and reading written files back (JSON
// lines, Parquet through DuckDB, manifest file entries, the target contracts).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { expect } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput, JobState } from '../../shared/api';
import { jobResult } from '../../shared/job-result';
import { ExportSelectionSchema, type ExportSummary } from '../../shared/api-export';
import { openEngine } from '../engine';
import type { Engine } from '../core/engine-types';
import { runImport } from '../import/run-import';
import { toJsonRow } from '../store/json-values';
import { Workspace } from '../store/workspace';
import { callOk, startJob, type JobMethod } from './dispatch-test-support';
import { tempDir } from './test-support';
import type { ChatMessage } from '../export/chat-messages';
import type { JsonSchema } from '../export/contracts/schema-check';

export type Row = Record<string, unknown>;

const DEMO = path.resolve(import.meta.dirname, '../../datasets/demo/demo.jsonl');

/** The first `lines` lines of the demo dataset (one rollout a line; groups of 8 by task). */
export function demoLines(lines: number): string[] {
  return readFileSync(DEMO, 'utf8').split('\n').slice(0, lines);
}

function writeDemoSlice(dir: string, name: string, lines: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${demoLines(lines).join('\n')}\n`);
  return file;
}

export interface DemoWorkspace {
  workspace: Workspace;
  /** The temp dir holding the workspace, free for the test's own outputs. */
  dir: string;
  /** Closes the workspace and removes the temp dir. */
  cleanup: () => void;
}

/** A fresh workspace in a temp dir with the first `lines` demo lines imported. */
export async function openDemoWorkspace(options: { lines: number }): Promise<DemoWorkspace> {
  const tmp = tempDir();
  const file = writeDemoSlice(tmp.dir, 'slice.jsonl', options.lines);
  const workspace = await Workspace.open(path.join(tmp.dir, 'ws.duckdb'));
  await runImport(
    workspace,
    { paths: [file], format: 'auto', onError: 'abort' },
    () => {},
    new AbortController().signal,
  );
  return {
    workspace,
    dir: tmp.dir,
    cleanup: () => {
      workspace.close();
      tmp.cleanup();
    },
  };
}

/** The runExport input for `target` with its defaults, written to `outDir`. */
export function exportOptions(target: string, outDir: string) {
  return { ...ExportSelectionSchema.parse({ target }), out_dir: outDir, overwrite: false };
}

export interface EngineCalls {
  engine: Engine;
  /** Dispatches one API method; an error result throws with its code. */
  call: <M extends ApiMethod>(method: M, input: ApiInput<M>) => Promise<ApiOutput<M>>;
  /** Starts a job, waits for it, expects no error and returns its final state. */
  runJob: <M extends JobMethod>(method: M, input: ApiInput<M>) => Promise<JobState>;
  /** An export job run to completion. */
  exportTo: (input: ApiInput<'startExport'>) => Promise<ExportSummary>;
  sql: (sql: string) => Promise<Row[]>;
}

export function engineCalls(engine: Engine): EngineCalls {
  const waitFor = async (job: JobState): Promise<JobState> => {
    const final = await engine.waitForJob(job.job_id);
    expect(final.error).toBeNull();
    return final;
  };
  return {
    engine,
    call: (method, input) => callOk(engine, method, input),
    runJob: async (method, input) => waitFor(await startJob(engine, method, input)),
    exportTo: async (input) => {
      const job = await callOk(engine, 'startExport', input);
      expect(job.kind).toBe('export');
      return jobResult(await waitFor(job), 'export');
    },
    sql: async (sql) => (await callOk(engine, 'runSql', { sql })).rows,
  };
}

export interface TestEngine extends EngineCalls {
  /** The temp dir holding the workspace, free for the test's own outputs. */
  dir: string;
  /** Closes the engine and removes the temp dir. */
  cleanup: () => void;
}

/** An engine over a fresh workspace in a temp dir, with each dataset (name -> file) imported. */
export async function openTestEngine(
  datasets: (dir: string) => Record<string, string>,
): Promise<TestEngine> {
  const tmp = tempDir();
  const calls = engineCalls(await openEngine({ dbPath: path.join(tmp.dir, 'ws.duckdb') }));
  for (const [dataset, file] of Object.entries(datasets(tmp.dir))) {
    await calls.runJob('startImport', { paths: [file], dataset });
  }
  return {
    ...calls,
    dir: tmp.dir,
    cleanup: () => {
      calls.engine.close();
      tmp.cleanup();
    },
  };
}

/**
 * An engine over a fresh workspace: the first `lines` demo lines imported as dataset "demo", then
 * each of `extraFiles` (dataset name -> file) as its own dataset.
 */
export function openDemoEngine(options: {
  lines: number;
  extraFiles?: Record<string, string>;
}): Promise<TestEngine> {
  return openTestEngine((dir) => ({
    demo: writeDemoSlice(dir, 'demo-slice.jsonl', options.lines),
    ...options.extraFiles,
  }));
}

/** The JSON Schema contract of an export target (contracts/<target>.schema.json). */
export function contract(target: string): JsonSchema {
  const file = path.join(import.meta.dirname, '..', 'export', 'contracts', `${target}.schema.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
}

export const sha256 = (file: string) =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

/** The records of a JSON-lines file. */
export function readLines(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** The entry a manifest should list for a written file, computed from the file itself. */
export function manifestEntry(file: string, records: number) {
  return {
    path: path.basename(file),
    records,
    bytes: readFileSync(file).length,
    sha256: sha256(file),
  };
}

/** The rows of a Parquet file as plain JSON, and each column's DuckDB type. */
export async function readParquet(file: string): Promise<{ rows: Row[]; types: Row }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const rows = (await connection.runAndReadAll('SELECT * FROM read_parquet($1)', [file]))
      .getRowObjectsJS()
      .map(toJsonRow);
    const described = await connection.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($1)', [
      file,
    ]);
    const types: Row = {};
    for (const row of described.getRowObjectsJS()) {
      types[String(row.column_name)] = String(row.column_type);
    }
    return { rows, types };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The rows of a Parquet file as plain JSON. */
export async function readParquetRows(file: string): Promise<Row[]> {
  return (await readParquet(file)).rows;
}

/**
 * A small chat fixture for the message-shaping tests: system "sys", user "q", an assistant turn
 * with `content` calling each tool of `calls` (name -> arguments, in order), the tool result "r"
 * of "f", then the turns `after`.
 */
export function chatWithToolCalls(
  content: string,
  calls: Record<string, Record<string, unknown>>,
  after: ChatMessage[],
): ChatMessage[] {
  return [
    { role: 'system', content: 'sys' },
    { role: 'user', content: 'q' },
    {
      role: 'assistant',
      content,
      tool_calls: Object.entries(calls).map(([name, args]) => ({
        type: 'function' as const,
        function: { name, arguments: args },
      })),
    },
    { role: 'tool', name: 'f', content: 'r' },
    ...after,
  ];
}
