// Packing a batch into columns for the trip between threads must give the engine's thread the
// very items the reading thread prepared: real rollouts of several formats (token logprobs,
// tool calls, redacted secrets) and the bad, dropped and unprepared records of a hostile file.
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { samplePath, tempDir, turnwiseRecord } from '../testing/test-support';
import { packItems, unpackItems } from './packed-items';
import { preparedItems, type PreparedItem } from './prepared-items';
import { detectFormat } from './registry';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

async function itemsOf(file: string, keepSecrets = false): Promise<PreparedItem[]> {
  const entries = [{ file, reader: await detectFormat(file) }];
  const progress = { entry: 0, bytesRead: 0 };
  const options = { formatOptions: {}, keepSecrets };
  const items: PreparedItem[] = [];
  const signal = new AbortController().signal;
  for await (const item of preparedItems(entries, options, progress, signal)) items.push(item);
  return items;
}

/** What the engine's thread gets: packed, cloned as postMessage clones, unpacked. */
const acrossThreads = (items: PreparedItem[]) => unpackItems(structuredClone(packItems(items)));

/** A sample folder's rollout files as [folder/name, path]. */
const samples = (folder: string, pattern: RegExp) =>
  readdirSync(samplePath(folder))
    .filter((name) => pattern.test(name))
    .map((name) => [`${folder}/${name}`, samplePath(folder, name)] as const);

describe('packed items', () => {
  it.each([
    ...samples('nemo-gym', /\.jsonl$/),
    ...samples('tau-bench', /\.json$/),
    ...samples('atif-harbor', /\.json$/),
    ...samples('swe-agent-traj', /\.traj$/),
  ])('give back the items of %s', async (_name, file) => {
    const items = await itemsOf(file);
    expect(items.length).toBeGreaterThan(0);
    expect(acrossThreads(items)).toEqual(items);
  });

  it('keep token logprobs, redactions and every kind of bad record in their places', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const record = turnwiseRecord({ id: `r${i}`, task: `t${i % 3}`, actions: 1 + (i % 3) });
      if (i % 7 === 0) record.metadata = { api_key: 'sk-abcdefghijklmnopqrstuvwx', n: i };
      if (i % 9 === 4) lines.push('{"trajectory_id": "broken", "messages": [');
      if (i % 11 === 5) lines.push(JSON.stringify({ ...record, messages: 'not a list' }));
      lines.push(JSON.stringify(record));
    }
    const file = path.join(tmp.dir, 'mixed.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const items = await itemsOf(file);
    const kinds = new Set(items.map((item) => item.kind));
    expect(kinds.has('error')).toBe(true);
    expect(
      items.some((item) => item.kind === 'trajectory' && item.prepared.redactions.length > 0),
    ).toBe(true);
    expect(acrossThreads(items)).toEqual(items);

    const withLogprobs = samplePath(
      'nemo-gym',
      'competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl',
    );
    const logprobs = (await itemsOf(withLogprobs)).filter(
      (item) =>
        item.kind === 'trajectory' && item.prepared.turns.some((turn) => turn.logprobs !== null),
    );
    expect(logprobs.length).toBeGreaterThan(0);
    expect(acrossThreads(logprobs)).toEqual(logprobs);
  });

  it('give back an empty batch and a batch of bad records only', () => {
    expect(acrossThreads([])).toEqual([]);
    const bad: PreparedItem[] = [
      { kind: 'error', entry: 0, line: 3, reason: 'not JSON' },
      { kind: 'dropped', entry: 1, line: 9, reason: 'an image part' },
    ];
    expect(acrossThreads(bad)).toEqual(bad);
  });
});
