// The details panel's facts from the metadata the readers keep, on the real samples: Inspect model
// events, sandbox events and scores; ATIF step metrics; mini-swe-agent cost.
import { describe, expect, it } from 'vitest';
import { atifFormat } from '../import/formats/atif';
import { inspectFormat } from '../import/formats/inspect';
import { miniSweAgentFormat } from '../import/formats/mini-swe-agent';
import { openhandsFormat } from '../import/formats/openhands';
import type { FormatReader } from '../chat/canonical';
import { readAllItems, samplePath, trajectoriesOf } from '../testing/test-support';
import { normalizeTurnDetails, OTHER_CHARS } from './turn-details';

async function turnsOf(reader: FormatReader, folder: string, name: string) {
  const [trajectory] = trajectoriesOf(await readAllItems(reader, samplePath(folder, name)));
  if (!trajectory) throw new Error(`${name}: no trajectory`);
  return trajectory.turns;
}

describe('normalizeTurnDetails', () => {
  it('reads an Inspect model event, its tool call sandbox events and the scores', async () => {
    const turns = await turnsOf(
      inspectFormat,
      'inspect-ai',
      '2025-05-12T20-27-36-04-00_browser.json',
    );
    const first = normalizeTurnDetails(turns[1]?.metadata);
    expect(first).toMatchObject({
      model: 'gpt-4o-mini-2024-07-18',
      input_tokens: 1124,
      output_tokens: 23,
      cached_tokens: 0,
      reasoning_tokens: null,
      latency_ms: 1101,
      stop_reason: 'tool_calls',
      sandbox_events: [],
    });
    // parallel_tool_calls is a setting, not a sampling parameter: it stays in the rest.
    expect(first.sampling).toEqual({});
    expect(JSON.parse(first.other ?? '{}')).toMatchObject({
      model_call: { config: { parallel_tool_calls: false } },
    });
    const tool = normalizeTurnDetails(turns[2]?.metadata);
    expect(tool.sandbox_events_total).toBe(4);
    expect(tool.sandbox_events[0]).toEqual({
      action: 'exec',
      target: 'which inspect-tool-support',
      result: '0',
    });
    const last = normalizeTurnDetails(turns[turns.length - 1]?.metadata);
    expect(last.scores).toHaveLength(1);
    expect(last.scores[0]).toMatchObject({ scorer: 'includes', value: 'C' });
    expect(last.scores[0]?.explanation).toMatch(/^The AI Security Institute \(AISI\)/);
  });

  it('pairs model events with assistant messages in order when messages have no ids', async () => {
    const turns = await turnsOf(
      inspectFormat,
      'inspect-ai',
      '2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval',
    );
    const answer = turns.findIndex((turn) => turn.role === 'assistant');
    const details = normalizeTurnDetails(turns[answer]?.metadata);
    expect(details).toMatchObject({
      input_tokens: expect.any(Number),
      output_tokens: expect.any(Number),
    });
    expect(details.stop_reason).toBe('stop');
  });

  it('reads the sampling parameters of an older log whose events are under transcript', async () => {
    const turns = await turnsOf(inspectFormat, 'inspect-ai', 'log_formats.json');
    expect(normalizeTurnDetails(turns[2]?.metadata)).toMatchObject({
      model: 'llama3.1',
      sampling: { temperature: 1 },
      input_tokens: 66,
      output_tokens: 2,
    });
  });

  it('reads ATIF step metrics: tokens, cached tokens, cost and latency', async () => {
    const turns = await turnsOf(atifFormat, 'atif-harbor', 'multi_tool_trajectory.json');
    const step = turns.find((turn) => turn.metadata?.model_name === 'gpt-4-turbo');
    expect(normalizeTurnDetails(step?.metadata)).toMatchObject({
      model: 'gpt-4-turbo',
      input_tokens: 1850,
      output_tokens: 145,
      cached_tokens: 512,
      cost_usd: 0.0021,
      latency_ms: 2840,
    });
  });

  it('reads an OpenHands model response: model, usage with cached tokens, finish reason', async () => {
    const turns = await turnsOf(openhandsFormat, 'openhands', 'basic_interactions.json');
    const call = turns.find((turn) => turn.metadata?.model_call !== undefined);
    expect(normalizeTurnDetails(call?.metadata)).toMatchObject({
      model: 'gpt-4o-2024-08-06',
      input_tokens: 2473,
      output_tokens: 10,
      cached_tokens: 2304,
      reasoning_tokens: null,
      stop_reason: 'tool_calls',
    });
  });

  it('reads a mini-swe-agent cost', async () => {
    const turns = await turnsOf(
      miniSweAgentFormat,
      'mini-swe-agent',
      'astropy__astropy-12907.traj.json',
    );
    const costed = turns.find((turn) => typeof turn.metadata?.cost === 'number');
    expect(normalizeTurnDetails(costed?.metadata).cost_usd).toBe(costed?.metadata?.cost);
  });

  it('keeps only data: image URLs, and cuts a long rest', () => {
    const details = normalizeTurnDetails({
      images: ['data:image/png;base64,AAAA', 'https://example.com/a.png', 'data:text/html,<b>'],
      blob: 'x'.repeat(OTHER_CHARS * 2),
    });
    expect(details.images).toEqual(['data:image/png;base64,AAAA']);
    expect(details.other?.length).toBeLessThan(OTHER_CHARS + 20);
    expect(normalizeTurnDetails(null)).toMatchObject({ model: null, other: null, images: [] });
  });
});
