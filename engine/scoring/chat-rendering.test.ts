// Rendering trajectories into token-id prompts with known turn spans, against the local
// vLLM-like server's tokenizer and chat template; the expected spans are written out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptTokens, turnSpans } from './alignment';
import {
  chatMessage,
  renderChatml,
  renderChatTemplate,
  type ScoringTurn,
  type Tokenizer,
} from './chat-rendering';
import {
  startVllmCompletionsServer,
  toyTokenize,
  type ToyServer,
} from '../testing/servers/vllm-completions-server';
import { ScoringClient } from './scoring-client';

let plain: ToyServer;
let stripping: ToyServer;

beforeAll(async () => {
  plain = await startVllmCompletionsServer({ model: 'toy' });
  stripping = await startVllmCompletionsServer({ model: 'toy', dropPastReasoning: true });
});
afterAll(async () => Promise.all([plain.close(), stripping.close()]));

function tokenizerOf(server: ToyServer): Tokenizer {
  const client = new ScoringClient(server.url, undefined, {
    timeoutMs: 5000,
    maxRetries: 0,
    signal: new AbortController().signal,
  });
  return {
    text: (prompt, special) => client.tokenizeText('toy', prompt, special),
    chat: (messages, generation, tools) => client.tokenizeChat('toy', messages, generation, tools),
    detokenize: (tokens) => client.detokenize('toy', tokens),
  };
}

function turn(
  turnIndex: number,
  role: ScoringTurn['role'],
  content: string,
  extra: Partial<ScoringTurn> = {},
): ScoringTurn {
  return {
    turnIndex,
    role,
    content,
    reasoning: null,
    toolCalls: [],
    toolCallId: null,
    storedTokenIds: null,
    ...extra,
  };
}

const TURNS: ScoringTurn[] = [
  turn(0, 'system', 'Be brief.'),
  turn(1, 'user', 'Read a.'),
  turn(2, 'assistant', 'Reading.', {
    reasoning: 'Open it.',
    toolCalls: [{ id: 'c1', name: 'read', arguments: '{"path":"a"}' }],
  }),
  turn(3, 'tool', 'x = 1', { toolCallId: 'c1' }),
  turn(4, 'assistant', 'Done.', { reasoning: 'All read.' }),
];
const TURN_2 =
  '<think>\nOpen it.\n</think>\n\nReading.\n<tool_call>\n{"name":"read","arguments":{"path":"a"}}\n</tool_call>';

describe('chat_template rendering', () => {
  it("splits the model's own template into context and exact turn spans", async () => {
    const rendered = await renderChatTemplate(tokenizerOf(plain), {
      turns: TURNS,
      tools: null,
      targets: [2, 4],
    });
    expect(rendered.perTurn).toBe(false);
    expect(rendered.prompts).toHaveLength(1);
    const [segments = []] = rendered.prompts;
    expect(segments.map((s) => (s.kind === 'turn' ? `turn ${s.turnIndex}` : 'context'))).toEqual([
      'context',
      'turn 2',
      'context',
      'turn 4',
    ]);
    expect(segments[0]?.tokens).toEqual(
      toyTokenize(
        '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nRead a.<|im_end|>\n<|im_start|>assistant\n',
      ),
    );
    // A turn's span holds its reasoning, content, tool calls and end-of-turn tokens.
    expect(segments[1]?.tokens).toEqual(toyTokenize(`${TURN_2}<|im_end|>\n`));
    expect(segments[2]?.tokens).toEqual(
      toyTokenize('<|im_start|>tool\nx = 1<|im_end|>\n<|im_start|>assistant\n'),
    );
    expect(segments[3]?.tokens).toEqual(
      toyTokenize('<think>\nAll read.\n</think>\n\nDone.<|im_end|>\n'),
    );
    // The concatenation is exactly the template's rendering of the whole trajectory.
    const whole = await tokenizerOf(plain).chat(TURNS.map(chatMessage), false, null);
    expect(promptTokens(segments)).toEqual(whole.tokens);
  });

  it('renders only up to the last turn scored, and scores stored token ids as they are', async () => {
    const turns = TURNS.map((t) =>
      t.turnIndex === 2 ? { ...t, storedTokenIds: [9001, 9002] } : t,
    );
    const rendered = await renderChatTemplate(tokenizerOf(plain), {
      turns,
      tools: null,
      targets: [2],
    });
    const [segments = []] = rendered.prompts;
    expect(segments.at(-1)).toEqual({ kind: 'turn', turnIndex: 2, tokens: [9001, 9002] });
    expect(turnSpans(segments)).toHaveLength(1);
  });

  it('scores each turn on its own prompt when the template is not prefix-preserving', async () => {
    const rendered = await renderChatTemplate(tokenizerOf(stripping), {
      turns: TURNS,
      tools: null,
      targets: [2, 4],
    });
    expect(rendered.perTurn).toBe(true);
    expect(rendered.prompts).toHaveLength(2);
    // Turn 4's prompt is what the model saw when it wrote turn 4: turn 2 without its reasoning.
    const [, second = []] = rendered.prompts;
    expect(second[0]?.tokens).toEqual(
      toyTokenize(
        '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nRead a.<|im_end|>\n' +
          '<|im_start|>assistant\nReading.\n<tool_call>\n{"name":"read","arguments":{"path":"a"}}\n</tool_call><|im_end|>\n' +
          '<|im_start|>tool\nx = 1<|im_end|>\n<|im_start|>assistant\n',
      ),
    );
    expect(second[1]).toEqual({
      kind: 'turn',
      turnIndex: 4,
      tokens: toyTokenize('<think>\nAll read.\n</think>\n\nDone.<|im_end|>\n'),
    });
  });
});

describe('chatml rendering', () => {
  it('tokenizes its own ChatML text piece by piece, with a BOS only at the start', async () => {
    const tools = [{ type: 'function', function: { name: 'read' } }];
    const rendered = await renderChatml(tokenizerOf(plain), {
      turns: TURNS,
      tools,
      targets: [2, 4],
    });
    const [segments = []] = rendered.prompts;
    expect(segments).toEqual([
      {
        kind: 'context',
        tokens: toyTokenize(
          '<|im_start|>system\nBe brief.\n\n# Tools\n{"type":"function","function":{"name":"read"}}<|im_end|>\n' +
            '<|im_start|>user\nRead a.<|im_end|>\n<|im_start|>assistant\n',
          true,
        ),
      },
      { kind: 'turn', turnIndex: 2, tokens: toyTokenize(`${TURN_2}<|im_end|>`) },
      {
        kind: 'context',
        tokens: toyTokenize('\n<|im_start|>tool\nx = 1<|im_end|>\n<|im_start|>assistant\n'),
      },
      {
        kind: 'turn',
        turnIndex: 4,
        tokens: toyTokenize('<think>\nAll read.\n</think>\n\nDone.<|im_end|>'),
      },
    ]);
    expect(rendered.maxModelLen).toBe(4096);
  });
});
