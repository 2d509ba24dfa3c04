import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAllItems, tempDir, trajectoriesOf, writeJsonl } from '../../testing/test-support';
import { otelGenaiFormat } from './otel-genai';

type Value = string | number | boolean;
const attrs = (map: Record<string, Value>) =>
  Object.entries(map).map(([key, value]) => ({
    key,
    value:
      typeof value === 'string'
        ? { stringValue: value }
        : typeof value === 'boolean'
          ? { boolValue: value }
          : Number.isInteger(value)
            ? { intValue: String(value) }
            : { doubleValue: value },
  }));

const span = (
  traceId: string,
  spanId: string,
  parent: string | null,
  name: string,
  start: number,
  attributes: Record<string, Value>,
  events: { name: string; attributes: ReturnType<typeof attrs> }[] = [],
) => ({
  traceId,
  spanId,
  ...(parent ? { parentSpanId: parent } : {}),
  name,
  startTimeUnixNano: String(1_700_000_000_000_000_000n + BigInt(start)),
  attributes: attrs(attributes),
  events,
});

const exportOf = (spans: unknown[]) => ({
  resourceSpans: [
    {
      resource: { attributes: attrs({ 'service.name': 'agent-svc' }) },
      scopeSpans: [{ scope: { name: 'x' }, spans }],
    },
  ],
});

/** A trace in the current conventions: agent -> chat (tool call) -> tool -> chat (answer). */
function currentTrace(id: string) {
  const input1 = [{ role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] }];
  const output1 = [
    {
      role: 'assistant',
      parts: [
        { type: 'reasoning', content: 'Use the tool.' },
        { type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } },
      ],
      finish_reason: 'tool_call',
    },
  ];
  const input2 = [
    ...input1,
    ...output1,
    { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 'sunny' }] },
  ];
  const output2 = [{ role: 'assistant', parts: [{ type: 'text', content: 'It is sunny.' }] }];
  // Spans listed out of order: the reader sorts siblings by start time.
  return [
    span(id, 'c2', 'a', 'chat gpt-4o', 30, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.input.messages': JSON.stringify(input2),
      'gen_ai.output.messages': JSON.stringify(output2),
    }),
    span(id, 'a', null, 'invoke_agent weather', 0, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'weather',
      'task.id': 'weather-paris',
      'eval.reward': 1,
    }),
    span(id, 'c1', 'a', 'chat gpt-4o', 10, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.response.model': 'gpt-4o-2024-08-06',
      'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'Be brief.' }]),
      'gen_ai.input.messages': JSON.stringify(input1),
      'gen_ai.output.messages': JSON.stringify(output1),
      'gen_ai.usage.output_tokens': 12,
      'gen_ai.usage.input_tokens': 40,
      'gen_ai.request.temperature': 0.25,
    }),
    span(id, 't1', 'a', 'execute_tool get_weather', 20, {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'get_weather',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.call.arguments': '{"city": "Paris"}',
      'gen_ai.tool.call.result': 'sunny',
    }),
  ];
}

/** A trace in the older flattened gen_ai.prompt.N / gen_ai.completion.N attributes. */
function legacyTrace(id: string) {
  return [
    span(id, 'l1', null, 'chat claude', 5, {
      'gen_ai.request.model': 'claude-3',
      'gen_ai.prompt.0.role': 'system',
      'gen_ai.prompt.0.content': 'You are terse.',
      'gen_ai.prompt.1.role': 'user',
      'gen_ai.prompt.1.content': 'List files.',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.content': '',
      'gen_ai.completion.0.tool_calls.0.id': 'b1',
      'gen_ai.completion.0.tool_calls.0.name': 'bash',
      'gen_ai.completion.0.tool_calls.0.arguments': '{"cmd":"ls"}',
    }),
  ];
}

describe('otel-genai reader', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());

  it('makes a tool span with status ERROR an error turn, in both JSON encodings', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const failing = (id: string, status: unknown, extra: Record<string, Value> = {}) =>
      currentTrace(id).map((s) => {
        if (s.spanId !== 't1') return s;
        return { ...s, attributes: [...s.attributes, ...attrs(extra)], status };
      });
    const file = path.join(temp.dir, 'traces.json');
    writeFileSync(
      file,
      JSON.stringify(
        exportOf([
          ...failing('E1', { code: 2, message: 'city not found' }),
          ...failing('E2', { code: 'STATUS_CODE_ERROR' }, { 'error.type': 'TimeoutError' }),
          ...failing('E3', { code: 1 }),
        ]),
      ),
    );
    const tools = trajectoriesOf(await readAllItems(otelGenaiFormat, file)).map((t) =>
      t.turns.filter((turn) => turn.role === 'tool').map((turn) => turn.error ?? null),
    );
    expect(tools).toEqual([
      [{ kind: 'error', message: 'city not found', exit_code: null }],
      [{ kind: 'error', message: 'TimeoutError', exit_code: null }],
      [null],
    ]);
  });

  it("keeps a chat span's duration as the model call's time, when the export has an end", async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'traces.json');
    const timed = currentTrace('T3').map((s) =>
      s.spanId === 'c1'
        ? { ...s, endTimeUnixNano: String(BigInt(s.startTimeUnixNano) + 1_250_000_000n) }
        : // An end before the start is not a duration.
          { ...s, endTimeUnixNano: String(BigInt(s.startTimeUnixNano) - 1n) },
    );
    writeFileSync(file, JSON.stringify(exportOf(timed)));
    const [trajectory] = trajectoriesOf(await readAllItems(otelGenaiFormat, file));
    const calls = (trajectory?.turns ?? []).flatMap((t) =>
      t.metadata?.model_call ? [t.metadata.model_call as Record<string, unknown>] : [],
    );
    expect(calls.map((c) => c.time)).toEqual([1.25, undefined]);
  });

  it('reads one trajectory per trace from a JSON export', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const file = path.join(temp.dir, 'traces.json');
    writeFileSync(file, JSON.stringify(exportOf([...currentTrace('T1'), ...legacyTrace('T2')])));
    const items = await readAllItems(otelGenaiFormat, file, {
      task_field: 'task.id',
      reward_field: 'eval.reward',
    });
    // A field named by an option must exist: the legacy trace has no task.id attribute.
    expect(items[1]).toEqual({
      kind: 'error',
      line: 1,
      reason: 'trace T2: no span has the attribute task.id (named by an import option)',
    });
    const [current] = trajectoriesOf(items.slice(0, 1));
    const [, legacy] = trajectoriesOf(await readAllItems(otelGenaiFormat, file));
    expect(current).toMatchObject({
      source_id: 'T1',
      task_id: 'weather-paris',
      group_id: 'weather-paris',
      model: 'gpt-4o-2024-08-06',
      reward: 1,
      success: null,
      metadata: { agent_name: 'weather', service_name: 'agent-svc', n_spans: 4 },
    });
    const turns = current?.turns ?? [];
    expect(turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(turns[2]).toMatchObject({
      reasoning: 'Use the tool.',
      is_action: true,
      n_tokens: 12,
      tool_calls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    });
    // The call's facts for the details panel.
    expect(turns[2]?.metadata?.model_call).toEqual({
      model: 'gpt-4o-2024-08-06',
      usage: { input_tokens: 40, output_tokens: 12 },
      config: { temperature: 0.25 },
    });
    expect(turns[3]).toMatchObject({ content: 'sunny', tool_call_id: 'c1' });
    expect(turns[4]).toMatchObject({ content: 'It is sunny.', is_action: false });
    expect(legacy?.source_id).toBe('T2');
    expect(legacy?.task_id).toBeNull();
    expect(legacy?.reward).toBeNull();
    expect(legacy?.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant']);
    expect(legacy?.turns[2]?.tool_calls).toEqual([
      { id: 'b1', name: 'bash', arguments: '{"cmd":"ls"}' },
    ]);
  });

  it('joins a trace split over JSONL lines, reads gen_ai events, and reports bad lines', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const [c2, agent, c1, tool] = currentTrace('T1');
    const eventSpan = span('T3', 'e1', null, 'chat', 1, { 'gen_ai.operation.name': 'chat' }, [
      { name: 'gen_ai.user.message', attributes: attrs({ content: 'hello' }) },
      {
        name: 'gen_ai.choice',
        attributes: attrs({ message: JSON.stringify({ role: 'assistant', content: 'hi!' }) }),
      },
    ]);
    const broken = span('T4', 'x1', null, 'chat', 1, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': '[{not json',
    });
    const file = writeJsonl(path.join(temp.dir, 'traces.jsonl'), [
      exportOf([agent, c1]),
      '{"resourceSpans": [',
      exportOf([tool, c2, eventSpan]),
      exportOf([{ spanId: 'z' }]),
      exportOf([broken]),
    ]);
    const items = await readAllItems(otelGenaiFormat, file);
    expect(items.filter((i) => i.kind === 'error').map((i) => i.line)).toEqual([2, 4, 5]);
    expect(items.find((i) => i.line === 4)).toMatchObject({
      reason: 'resourceSpans[0].scopeSpans[0].spans[0].traceId: expected a non-empty string',
    });
    expect(items.find((i) => i.line === 5)).toMatchObject({
      reason: 'span x1 (chat): gen_ai.input.messages: invalid JSON',
    });
    const trajectories = items.flatMap((i) => (i.kind === 'trajectory' ? [i] : []));
    expect(trajectories.map((i) => [i.line, i.trajectory.source_id])).toEqual([
      [1, 'T1'],
      [3, 'T3'],
    ]);
    expect(trajectories[0]?.trajectory.turns).toHaveLength(5);
    expect(trajectories[1]?.trajectory.turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'hello'],
      ['assistant', 'hi!'],
    ]);
  });

  it('reads the good traces of an export with a bad span, and tool calls given as text', async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const calls = ['{"id":"k1","name":"bash","arguments":"{}"}', 'bash('];
    const chat = span('T5', 's1', null, 'chat', 1, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.input.messages': JSON.stringify([{ role: 'user', content: 'go' }]),
      'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', tool_calls: calls }]),
    });
    const file = path.join(temp.dir, 'traces.json');
    writeFileSync(file, JSON.stringify(exportOf([...legacyTrace('T2'), { spanId: 'z' }, chat])));
    const items = await readAllItems(otelGenaiFormat, file);
    expect(
      items.map((i) => [i.kind, i.kind === 'trajectory' ? i.trajectory.source_id : i.reason]),
    ).toEqual([
      ['error', 'resourceSpans[0].scopeSpans[0].spans[1].traceId: expected a non-empty string'],
      ['trajectory', 'T2'],
      ['trajectory', 'T5'],
    ]);
    const [, called] = trajectoriesOf(items.slice(1));
    expect(called?.turns[1]?.tool_calls).toEqual([{ id: 'k1', name: 'bash', arguments: '{}' }]);
    expect(called?.turns[1]?.metadata?.raw_tool_calls).toEqual([{ index: 1, text: 'bash(' }]);
    expect(called?.turns[1]?.error?.kind).toBe('parsing');
  });

  it('detects GenAI trace exports and not a turnwise line', () => {
    const head = JSON.stringify(exportOf(currentTrace('T1')));
    expect(otelGenaiFormat.detect({ path: 'traces.json', head })).toBeGreaterThanOrEqual(0.85);
    expect(otelGenaiFormat.detect({ path: 'traces.jsonl', head })).toBeGreaterThanOrEqual(0.85);
    const plain = JSON.stringify(
      exportOf([span('T', 's', null, 'GET /', 0, { 'http.method': 'GET' })]),
    );
    expect(otelGenaiFormat.detect({ path: 'traces.json', head: plain })).toBeLessThan(0.85);
    const demo = path.resolve(import.meta.dirname, '../../../datasets/demo/demo.jsonl');
    const line = readFileSync(demo, 'utf8').split('\n')[0] ?? '';
    expect(otelGenaiFormat.detect({ path: demo, head: line })).toBeLessThan(0.5);
  });
});
