// The tau-bench reader's other layouts: one tau-bench result on its own, tau2's dir layout
// (results.json beside simulations/, from the fixtures made of real files). Errors speak of the
// layout the file has. Voice runs: tau2-ticks.test.ts.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { detectFormat } from '../registry';
import { tauBenchFormat, tauRecord } from './tau-bench';
import { tau2Simulation } from './tau-bench-tau2';

const airline = samplePath('tau-bench', 'gpt-4o-airline.subset4.json');
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const textRun = path.join(FIXTURES, 'tau2-text-run');
const SIM_6 = '3df5f5c1-7ff1-552a-926d-1f913d31ced1';
const SIM_1 = '1e6ab266-4f66-5353-b186-5b84d654629a';

const records = () => JSON.parse(readFileSync(airline, 'utf8')) as Record<string, unknown>[];
const brief = (turns: { role: string; content: string }[]) => turns.map((t) => [t.role, t.content]);

describe('tau-bench layouts', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  function temp(): string {
    const made = tempDir();
    cleanup = made.cleanup;
    return made.dir;
  }

  it('reads a single tau-bench result object, detected on its own', async () => {
    const file = path.join(temp(), 'gpt-4o-airline.task6.json');
    const [record] = records();
    writeFileSync(file, JSON.stringify(record, null, 2));
    expect((await detectFormat(file)).name).toBe('tau-bench');
    const items = await readAllItems(tauBenchFormat, file);
    const [trajectory] = trajectoriesOf(items);
    expect(items).toHaveLength(1);
    expect(items[0]?.line).toBe(1);
    expect(trajectory).toEqual(tauRecord(record, 'airline'));
    expect(trajectory).toMatchObject({ task_id: 'airline/6', reward: 1, success: null });
    expect(trajectory?.turns).toHaveLength(24);
  });

  it('says what a bad single result or an unknown object is, not tau2 simulations', async () => {
    const dir = temp();
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ...records()[0], traj: [{ role: 'robot' }] }));
    const [badItem] = await readAllItems(tauBenchFormat, bad);
    expect(badItem).toMatchObject({ kind: 'error', line: 1 });
    expect(badItem?.kind === 'error' && badItem.reason).toMatch(
      /^traj\[0\]\.role: unknown role "robot"/,
    );
    const other = path.join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ rows: [1, 2] }));
    const [otherItem] = await readAllItems(tauBenchFormat, other);
    expect(otherItem?.kind === 'error' && otherItem.reason).toMatch(
      /^not tau-bench results: expected a list of tau-bench results .* or one such result, or tau2-bench results/,
    );
  });

  it("reads tau2's dir layout: results.json and its simulations/ files", async () => {
    const results = path.join(textRun, 'results.json');
    expect((await detectFormat(results)).name).toBe('tau-bench');
    expect(await tauBenchFormat.companionFiles?.(results)).toEqual([
      path.join(textRun, 'simulations', `${SIM_1}.json`),
      path.join(textRun, 'simulations', `${SIM_6}.json`),
    ]);
    const items = await readAllItems(tauBenchFormat, results);
    const [one, six] = trajectoriesOf(items);
    expect(one).toMatchObject({ source_id: SIM_1, task_id: 'airline/1', reward: 0, success: null });
    expect(six).toMatchObject({
      source_id: SIM_6,
      task_id: 'airline/6',
      reward: 1,
      model: 'gpt-4o',
    });
    // Each simulation is reported at its simulation_index entry in results.json.
    const lines = readFileSync(results, 'utf8').split('\n');
    expect(lines[(items[0]?.line ?? 0) - 1]).toBe('    {');
    expect(lines[items[0]?.line ?? 0]).toContain(`"id": "${SIM_1}"`);
    expect(lines[items[1]?.line ?? 0]).toContain(`"id": "${SIM_6}"`);
    // The same conversation as the tau-bench record it was made from: the policy (the record's
    // system message) first, then tau2's fixed greeting, then the record's turns.
    const record = tauRecord(records()[0], 'airline');
    const turns = six?.turns ?? [];
    expect(turns[0]).toMatchObject({ role: 'system', content: record.turns[0]?.content });
    expect(brief(turns.slice(1, 2))).toEqual([['assistant', 'Hi! How can I help you today?']]);
    expect(brief(turns.slice(2))).toEqual(brief(record.turns.slice(1)));
    expect(turns.slice(2).map((t) => t.tool_calls)).toEqual(
      record.turns.slice(1).map((t) => t.tool_calls),
    );
  });

  it('reports a missing or broken simulation file by name and reads the others', async () => {
    const dir = path.join(temp(), 'run');
    cpSync(textRun, dir, { recursive: true });
    rmSync(path.join(dir, 'simulations', `${SIM_1}.json`));
    writeFileSync(path.join(dir, 'simulations', 'extra.json'), '{"id": "extra",\n  "task_id": }');
    const items = await readAllItems(tauBenchFormat, path.join(dir, 'results.json'));
    expect(items.map((i) => i.kind)).toEqual(['trajectory', 'error', 'error']);
    const reasons = items.flatMap((i) => (i.kind === 'error' ? [i.reason] : []));
    expect(reasons[0]).toMatch(/^simulations\/extra\.json:2: invalid JSON/);
    expect(reasons[1]).toBe(
      `simulation_index lists '${SIM_1}' but simulations/${SIM_1}.json is missing`,
    );
    const lines = readFileSync(path.join(dir, 'results.json'), 'utf8').split('\n');
    expect(lines[items[2]?.line ?? 0]).toContain(`"id": "${SIM_1}"`);
  });

  it('says a results.json without simulations has neither list nor folder', async () => {
    const file = path.join(temp(), 'results.json');
    cpSync(path.join(textRun, 'results.json'), file);
    expect(await tauBenchFormat.companionFiles?.(file)).toEqual([]);
    expect(await readAllItems(tauBenchFormat, file)).toEqual([
      {
        kind: 'error',
        line: 1,
        reason:
          'no simulations: the file has no "simulations" list and no simulations/ folder of ' +
          'simulation files beside it (tau2 dir layout)',
      },
    ]);
  });

  it('makes a tool result tau2 marks error: true an error turn, and the others not', () => {
    const file = path.join(textRun, 'simulations', `${SIM_6}.json`);
    const simulation = JSON.parse(readFileSync(file, 'utf8')) as {
      messages: Record<string, unknown>[];
    };
    const run = { domain: 'telecom', model: null, userModel: null, policy: null };
    // The recorded run has only error: false results; flip the first one as tau2 would write it.
    const results = simulation.messages.filter((message) => message.role === 'tool');
    expect(results.length).toBeGreaterThan(1);
    expect(results.every((message) => message.error === false)).toBe(true);
    const [first] = results;
    if (first) first.error = true;
    const tools = tau2Simulation(simulation, run, 0).turns.filter((turn) => turn.role === 'tool');
    expect(tools.map((turn) => turn.error?.kind ?? null)).toEqual(
      results.map((_, index) => (index === 0 ? 'error' : null)),
    );
    expect(tools[0]?.error?.message).toBe(String(first?.content ?? '').slice(0, 500));
  });
});
