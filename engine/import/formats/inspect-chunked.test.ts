// Chunked and unknown sample layouts in synthetic .eval zips: what the real fixtures
// (inspect-current.test.ts) cannot show: mixed layouts, damaged chunks, layouts of a later Inspect.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf } from '../../testing/test-support';
import { inspectFormat } from './inspect';
import { writeZip } from '../../testing/zip-fixture';

const { dir, cleanup } = tempDir('turnwise-inspect-chunked-');
afterAll(cleanup);

const header = { version: 2, status: 'success', eval: { task: 'demo', model: 'openai/m' } };

function evalZip(name: string, entries: Record<string, unknown>): string {
  const file = path.join(dir, name);
  writeZip(
    file,
    Object.entries({ 'header.json': header, ...entries }).map(([entry, value]) => ({
      name: entry,
      data: JSON.stringify(value),
    })),
  );
  return file;
}

const pool = [
  { role: 'system', content: 'attachment://1' },
  { role: 'user', content: 'Count the files.' },
  { role: 'assistant', content: 'Done: attachment://0 is not a whole-string reference.' },
  { role: 'user', content: 'unused by the final conversation' },
];

describe('inspect chunked samples', () => {
  it('reads chunked and whole samples of one log in sample order', async () => {
    const file = evalZip('mixed.eval', {
      'samples/2_epoch_1.json': { id: 2, epoch: 1, messages: [{ role: 'user', content: 'hi' }] },
      'samples/10_epoch_1/sample.json': { id: 10, epoch: 1, message_refs: [[0, 3]] },
      'samples/10_epoch_1/messages/0.json': pool.slice(0, 2),
      'samples/10_epoch_1/messages/2.json': pool.slice(2),
      'samples/10_epoch_1/attachments/0.json': ['first', 'You are terse.'],
      'samples/10_epoch_1/metadata.json': { difficulty: 'easy' },
      'samples/10_epoch_1/calls/0.json': [{ raw: 'provider payload, not read' }],
      'samples/1_epoch_1/sample.json': { id: 1, epoch: 1, message_refs: [[1, 2]] },
      'samples/1_epoch_1/messages/0.json': pool,
    });
    const items = await readAllItems(inspectFormat, file);
    expect(items.map((item) => item.line)).toEqual([1, 2, 3]);
    const trajectories = trajectoriesOf(items);
    expect(trajectories.map((t) => t.source_id)).toEqual(['1:epoch1', '2:epoch1', '10:epoch1']);
    const chunked = trajectories[2];
    expect(chunked?.turns.map((t) => [t.role, t.content])).toEqual([
      ['system', 'You are terse.'],
      ['user', 'Count the files.'],
      ['assistant', 'Done: attachment://0 is not a whole-string reference.'],
    ]);
    expect(chunked?.metadata?.metadata).toEqual({ difficulty: 'easy' });
    expect(trajectories[0]?.turns.map((t) => t.content)).toEqual(['Count the files.']);
  });

  it('rebuilds a chunked sample without message_refs from its last model event', async () => {
    const file = evalZip('events.eval', {
      'samples/1_epoch_1/sample.json': { id: 1, epoch: 1 },
      'samples/1_epoch_1/messages/0.json': pool.slice(0, 2),
      'samples/1_epoch_1/attachments/0.json': ['a', 'You are terse.'],
      'samples/1_epoch_1/events/0.json': [
        { event: 'state', changes: [] },
        {
          event: 'model',
          input: [],
          input_refs: [[0, 2]],
          output: { choices: [{ message: { role: 'assistant', content: 'Three.' } }] },
        },
      ],
    });
    const [trajectory] = trajectoriesOf(await readAllItems(inspectFormat, file));
    expect(trajectory?.turns.map((t) => t.content)).toEqual([
      'You are terse.',
      'Count the files.',
      'Three.',
    ]);
  });

  it('reports a chunk gap and a range outside the message sequence, naming the entry', async () => {
    const file = evalZip('damaged.eval', {
      'samples/1_epoch_1/sample.json': { id: 1, epoch: 1, message_refs: [[0, 2]] },
      'samples/1_epoch_1/messages/0.json': pool.slice(0, 2),
      'samples/1_epoch_1/messages/3.json': pool.slice(3),
      'samples/2_epoch_1/sample.json': { id: 2, epoch: 1, message_refs: [[0, 9]] },
      'samples/2_epoch_1/messages/0.json': pool,
    });
    expect(await readAllItems(inspectFormat, file)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason:
          'samples/1_epoch_1/messages/3.json: the chunk starts at item 3, but the chunks before ' +
          'it end at 2',
      },
      {
        kind: 'error',
        line: 2,
        reason:
          'samples/2_epoch_1/sample.json: message_refs[0]: range [0,9] is outside the message ' +
          'pool (4 messages)',
      },
    ]);
  });

  it('names a sample layout it does not know instead of finding no trajectories', async () => {
    const file = evalZip('later.eval', {
      'samples/1_epoch_1/shell.json': { id: 1 },
      'samples/1_epoch_1/turns/0.json': [],
      'samples/summary.parquet': 'x',
    });
    expect(await readAllItems(inspectFormat, file)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason:
          'samples/1_epoch_1/shell.json (and 1 more entries beside it): unknown sample layout: ' +
          'expected samples/<id>_epoch_<n>.json or a chunked sample folder ' +
          'samples/<id>_epoch_<n>/ with a sample.json (a newer Inspect?)',
      },
      {
        kind: 'error',
        line: 2,
        reason:
          'samples/summary.parquet: unknown sample layout: expected samples/<id>_epoch_<n>.json ' +
          'or a chunked sample folder samples/<id>_epoch_<n>/ with a sample.json (a newer Inspect?)',
      },
    ]);
    const empty = evalZip('empty.eval', { 'summaries.json': [] });
    expect(await readAllItems(inspectFormat, empty)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason:
          'samples/: the log has no samples (written with --no-log-samples, or no sample finished?)',
      },
    ]);
  });
});
