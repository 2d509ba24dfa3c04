// OpenHands (OpenDevin) 2024 EvalOutput records, from the example outputs the benchmarks published
// in their READMEs (fixtures/openhands/, SOURCE.md): ids under `task_id` or `id` instead of
// `instance_id`, [action, observation] pair histories, and the verdicts their test_result states.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf, writeJsonl } from '../../testing/test-support';
import { detectFormat } from '../registry';
import { openhandsFormat } from './openhands';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', 'openhands', name);
const BIRD = fixture('bird-readme-example.jsonl');
const HUMANEVALFIX = fixture('humanevalfix-readme-example.jsonl');
const LOGIC = fixture('logic-reasoning-readme-example.jsonl');

const record = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> & { history: unknown[][] };

async function only(file: string) {
  const items = await readAllItems(openhandsFormat, file);
  expect(items.map((item) => item.kind)).toEqual(['trajectory']);
  return trajectoriesOf(items)[0];
}

describe('openhands 2024 EvalOutput variants', () => {
  const temp = tempDir();
  afterAll(temp.cleanup);

  it('detects each README record as openhands', async () => {
    for (const file of [BIRD, HUMANEVALFIX, LOGIC]) {
      expect((await detectFormat(file)).name).toBe('openhands');
    }
  });

  it('reads a BIRD record keyed by task_id, its pairs and its passed verdict', async () => {
    const raw = record(BIRD);
    const t = await only(BIRD);
    expect(t).toMatchObject({
      source_id: '0',
      task_id: '0',
      group_scope: 'global',
      model: 'gpt-4-1106-preview',
      success: true,
      reward: 1,
    });
    expect(t?.metadata).toMatchObject({ kind: 'eval_output', id_field: 'task_id' });
    // Every pair gives its action, then its observation; state-only observations (no text) are
    // skipped and counted.
    const events = raw.history.flat() as Record<string, unknown>[];
    const kept = events.filter((event) => event.observation === undefined || event.content !== '');
    expect(t?.turns.map((turn) => turn.role)).toEqual(
      kept.map((event) =>
        event.observation !== undefined
          ? 'environment'
          : event.source === 'user'
            ? 'user'
            : 'assistant',
      ),
    );
    expect(t?.metadata?.skipped_events).toBe(events.length - kept.length);
    // Event ids are kept (as text) on their turns.
    const ids = kept.map((event) => String(event.id));
    expect(t?.turns.map((turn) => String(turn.metadata?.event_id))).toEqual(ids);
  });

  it('keeps an HumanEvalFix pass@1 as metadata, not as a verdict', async () => {
    const t = await only(HUMANEVALFIX);
    expect(t).toMatchObject({ source_id: 'Python/2', success: null, reward: null });
    expect(t?.metadata?.test_result).toEqual(record(HUMANEVALFIX).test_result);
  });

  it('takes logic_reasoning test_result.result, and an id key as the record id', async () => {
    const raw = record(LOGIC);
    expect(await only(LOGIC)).toMatchObject({ source_id: raw.instance_id, success: true });
    // logic_reasoning's and MINT's run_infer wrote `id` (evaluation/*/run_infer.py, 2024-07).
    const { instance_id: id, ...rest } = raw;
    const failed = { id, ...rest, test_result: { result: false } };
    const mint = { ...rest, id: 'mint-7', test_result: true };
    const file = writeJsonl(path.join(temp.dir, 'output.jsonl'), [failed, mint]);
    expect((await detectFormat(file)).name).toBe('openhands');
    const [a, b] = trajectoriesOf(await readAllItems(openhandsFormat, file));
    expect(a).toMatchObject({ source_id: id, success: false, reward: 0, group_scope: 'global' });
    expect(a?.metadata?.id_field).toBe('id');
    expect(b).toMatchObject({ source_id: 'mint-7', success: true });
  });

  it('does not claim an id-keyed record whose history is not OpenHands events', () => {
    const line = JSON.stringify({ id: 1, history: [{ role: 'user', content: 'hi' }], metrics: {} });
    expect(openhandsFormat.detect({ path: 'x.jsonl', head: line })).toBe(0);
  });
});
