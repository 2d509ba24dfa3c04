// Every API method that reads a file the caller names, pointed at a non-JSON file holding secrets:
// the answer may name the file and say where and why it is not JSON, never quote what it holds.
// (V8's JSON.parse messages quote the input, and browser mode returns messages to the page.)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, JobState } from '../shared/api';
import { callOk, importDataset } from './testing/dispatch-test-support';
import { openEngine } from './engine';
import type { Engine } from './core/engine-types';
import { tempDir, writeJsonl } from './testing/test-support';

const SECRET = [
  'root:x:0:0:root:/root:/bin/bash',
  'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  '-----BEGIN OPENSSH PRIVATE KEY-----',
].join('\n');
/** Pieces no answer may contain; short ones too, since V8 quotes about ten characters. */
const PIECES = ['root:x', 'oot:x:0', 'wJalr', 'EXAMPLEKEY', 'OPENSSH', 'PRIVATE'];

let engine: Engine;
let dir: string;
let cleanup: () => void;
let datasetId: string;
const secretFiles: string[] = [];

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  engine = await openEngine({ dbPath: path.join(dir, 'ws.duckdb') });
  // No stored token ids, so the tokens export has to read the tokenizer it is given.
  const record = {
    trajectory_id: 't1',
    task_id: 'task-1',
    reward: 1,
    messages: [
      { role: 'user', content: 'Fix the bug.' },
      { role: 'assistant', content: 'Done.' },
    ],
  };
  await importDataset(engine, writeJsonl(path.join(dir, 'data.jsonl'), [record]), 'data');
  const listed = await callOk(engine, 'listDatasets', {});
  datasetId = listed.datasets[0]?.dataset_id ?? '';
  mkdirSync(path.join(dir, 'home'));
  for (const name of ['id_rsa', 'credentials.json', 'passwd.jsonl']) {
    const file = path.join(dir, 'home', name);
    writeFileSync(file, SECRET);
    secretFiles.push(file);
  }
});

afterAll(async () => {
  await engine.close();
  cleanup();
});

/** The whole answer (and a job's final state) as the page would see it. */
async function answerOf<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<string> {
  const result = await engine.dispatch(method, input);
  let text = JSON.stringify(result);
  const job = result.ok ? (result.value as Partial<JobState>) : null;
  if (job?.job_id !== undefined) text += JSON.stringify(await engine.waitForJob(job.job_id));
  return text;
}

function expectNoSecret(answer: string): void {
  for (const piece of PIECES) expect(answer).not.toContain(piece);
}

describe('reading a non-JSON file the caller names', () => {
  it('imports and previews in every format, with a report, quote nothing of it', async () => {
    const listed = await engine.dispatch('listFormats', {});
    const formats = (listed as { value: { formats: { name: string }[] } }).value.formats.map(
      (format) => format.name,
    );
    expect(formats.length).toBeGreaterThan(5);
    let reasons = 0;
    for (const file of secretFiles) {
      for (const format of ['auto', ...formats]) {
        const input = { paths: [file], format, on_error: 'skip' as const };
        const preview = await answerOf('previewImport', input);
        expectNoSecret(preview);
        if (preview.includes('invalid JSON (')) reasons += 1;
        expectNoSecret(await answerOf('startImport', input));
      }
      // A trajectory file of its own each time, so the import is not refused as a duplicate.
      const trajectory = path.join(dir, `${path.basename(file)}.traj`);
      writeFileSync(trajectory, JSON.stringify({ trajectory: [], info: { note: file } }));
      const reported = {
        paths: [trajectory],
        format: 'swe-agent',
        format_options: { report: file },
      };
      for (const method of ['previewImport', 'startImport'] as const) {
        const report = await answerOf(method, reported);
        expect(report).toContain('report is not JSON');
        expectNoSecret(report);
      }
    }
    // The readers did parse the file and say why it failed, so the test saw real JSON errors.
    expect(reasons).toBeGreaterThan(10);
  });

  it('a tokenizer, set on a dataset or used by an export, quotes nothing of it', async () => {
    // Named .json: a tokenizer path must be one, so the file is read and its parse error shown.
    const file = secretFiles[1] as string;
    const set = await answerOf('setDatasetTokenizer', {
      dataset_id: datasetId,
      tokenizer_path: file,
    });
    const exported = await answerOf('startExport', {
      target: 'tokens',
      tokenizer_path: file,
      out_dir: path.join(dir, 'out'),
    });
    for (const answer of [set, exported]) {
      expect(answer).toContain(`${file}': it is not valid JSON (line 1, column 1: unexpected`);
      expectNoSecret(answer);
    }
  });

  it('an export manifest given as a run lineage quotes nothing of it', async () => {
    const [file] = secretFiles as [string];
    const answer = await answerOf('setRun', { dataset_id: datasetId, trained_from: file });
    expect(answer).toContain(`${file}: not valid JSON (line 1, column 1: unexpected character)`);
    expectNoSecret(answer);
  });
});
