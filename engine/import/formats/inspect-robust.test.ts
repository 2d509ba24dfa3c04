// The Inspect reader keeps what other tools do to real logs: a tool call saved as JSON text
// (decoded, or kept raw on its turn when it is not JSON), and a sample whose run failed before any
// message (kept with 0 turns and its error, not refused).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAllItems, samplePath, tempDir, trajectoriesOf } from '../../testing/test-support';
import { inspectFormat } from './inspect';

const { dir, cleanup } = tempDir('turnwise-inspect-robust-');
afterAll(cleanup);

type Log = { samples: Record<string, unknown>[] };
const real = () =>
  JSON.parse(
    readFileSync(samplePath('inspect-ai', '2025-05-12T20-27-36-04-00_browser.json'), 'utf8'),
  ) as Log;

function write(name: string, log: Log): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(log));
  return file;
}

describe('inspect reader on altered real logs', () => {
  it('decodes a tool call saved as JSON text and keeps one that is not JSON', async () => {
    const log = real();
    const sample = log.samples[0] as { messages: { tool_calls?: unknown[] }[] };
    const [call] = sample.messages[1]?.tool_calls ?? [];
    (sample.messages[1] as { tool_calls: unknown[] }).tool_calls = [JSON.stringify(call)];
    const later = sample.messages.findIndex((m, i) => i > 1 && (m.tool_calls?.length ?? 0) > 0);
    (sample.messages[later] as { tool_calls: unknown[] }).tool_calls = ['web_browser_go(url=...'];
    const [trajectory] = trajectoriesOf(await readAllItems(inspectFormat, write('text.json', log)));
    const decoded = trajectory?.turns[1];
    expect(decoded?.tool_calls).toMatchObject([{ name: 'web_browser_go' }]);
    expect(decoded?.error).toBeNull();
    const kept = trajectory?.turns[later];
    expect(kept?.tool_calls).toEqual([]);
    expect(kept?.is_action).toBe(true);
    expect(kept?.metadata?.raw_tool_calls).toEqual([{ index: 0, text: 'web_browser_go(url=...' }]);
    expect(kept?.error).toMatchObject({ kind: 'parsing' });
  });

  it('keeps a sample that failed before any message, with 0 turns and its error', async () => {
    const log = real();
    const sample = log.samples[0] as Record<string, unknown>;
    log.samples.push({
      ...sample,
      id: 'crashed',
      messages: [],
      events: [],
      scores: {},
      error: { message: 'RuntimeError: sandbox failed to start', traceback: 'Traceback ...' },
    });
    log.samples.push({ ...sample, id: 'empty', messages: [], events: [], error: null });
    const items = await readAllItems(inspectFormat, write('crashed.json', log));
    const trajectories = items.flatMap((item) =>
      item.kind === 'trajectory' ? [item.trajectory] : [],
    );
    const crashed = trajectories.find((t) => t.task_id === 'crashed');
    expect(crashed?.turns).toEqual([]);
    expect(crashed?.success).toBe(false);
    expect(crashed?.metadata?.error).toMatchObject({ message: /sandbox failed/ });
    // Without an error, an empty sample is still a bad record.
    expect(trajectories.map((t) => t.task_id)).toEqual(['1', 'crashed']);
    expect(items.filter((item) => item.kind === 'error')).toMatchObject([
      { reason: 'samples[2]: messages: the sample has no messages' },
    ]);
  });
});
