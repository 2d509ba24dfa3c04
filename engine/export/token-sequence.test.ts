// The per-token lists of one trajectory, with a byte-level BPE tokenizer.json the test builds:
// framing, labels and mask alignment, credit to weights and advantages, stored ids and their
// log-probs, the skips, and agreement with the ChatML prompt scoring sends to the model.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WeightingSchema } from '../../shared/api-export';
import { promptTokens, turnSpans } from '../scoring/alignment';
import { renderChatml } from '../scoring/chat-rendering';
import { tempDir } from '../testing/test-support';
import { loadLocalTokenizer, type LocalTokenizer } from './local-tokenizer';
import {
  FIXTURE_SPECIALS,
  fixtureTokenizer,
  writeFixtureTokenizer,
} from '../testing/tokenizer-fixture';
import { IGNORE_INDEX, tokenSequence, type TokenSequence, type TokenTurn } from './token-sequence';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

let tokenizer: LocalTokenizer;
const reference = new Tokenizer(fixtureTokenizer(), {});
const decode = (ids: number[]) => reference.decode(ids, { skip_special_tokens: false });
const weighting = WeightingSchema.parse({});

beforeAll(async () => {
  tokenizer = await loadLocalTokenizer(writeFixtureTokenizer(tmp.dir));
});

function turn(turnIndex: number, role: TokenTurn['role'], content: string): TokenTurn {
  return {
    turnIndex,
    role,
    content,
    reasoning: null,
    toolCalls: [],
    toolCallId: null,
    storedTokenIds: null,
    storedLogprobs: null,
  };
}

/** system, user, a tool-calling assistant turn, its result, a final answer, a trailing user turn. */
function trajectory(): TokenTurn[] {
  return [
    turn(0, 'system', 'Be brief.'),
    turn(1, 'user', 'Fix it.'),
    {
      ...turn(2, 'assistant', 'Step 0'),
      toolCalls: [{ id: 'c1', name: 'read', arguments: '{"path":"a.py"}' }],
    },
    { ...turn(3, 'tool', 'print(1)'), toolCallId: 'c1' },
    turn(4, 'assistant', 'Done.'),
    turn(5, 'user', 'Thanks.'),
  ];
}

function sequenceOf(
  turns: TokenTurn[],
  credit: (number | null)[] = [],
  tools: unknown[] | null = null,
): TokenSequence {
  const result = tokenSequence({ turns, tools, credit, weighting, tokenizer });
  if ('skip' in result) throw new Error(result.skip);
  return result;
}

/** The turns with one of them changed. */
function patched(turns: TokenTurn[], index: number, patch: Partial<TokenTurn>): TokenTurn[] {
  return turns.map((t) => (t.turnIndex === index ? { ...t, ...patch } : t));
}

const trainedText = (s: TokenSequence) =>
  decode(s.input_ids.filter((_, i) => s.loss_mask[i] === 1));

describe('tokenSequence', () => {
  it('frames the turns in ChatML, trains the assistant bodies and their <|im_end|>', () => {
    const s = sequenceOf(trajectory());
    expect(decode(s.input_ids)).toBe(
      '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nFix it.<|im_end|>\n' +
        '<|im_start|>assistant\nStep 0\n<tool_call>\n{"name":"read","arguments":{"path":"a.py"}}\n</tool_call><|im_end|>\n' +
        '<|im_start|>tool\nprint(1)<|im_end|>\n<|im_start|>assistant\nDone.<|im_end|>',
    );
    expect(trainedText(s)).toBe(
      'Step 0\n<tool_call>\n{"name":"read","arguments":{"path":"a.py"}}\n</tool_call><|im_end|>' +
        'Done.<|im_end|>',
    );
    // The final answer's own ids, merges applied: "Don" "e" "." "<|im_end|>".
    const tail = s.input_ids.slice(-4);
    expect(tail).toEqual([260, 101, 46, FIXTURE_SPECIALS.im_end]);
    expect(s.loss_mask.slice(-5)).toEqual([0, 1, 1, 1, 1]); // the "\n" ending the header is context
    for (const key of ['labels', 'loss_mask', 'weights', 'advantages', 'logprobs'] as const) {
      expect(s[key]).toHaveLength(s.input_ids.length);
    }
    s.input_ids.forEach((id, i) => {
      expect(s.labels[i]).toBe(s.loss_mask[i] === 1 ? id : IGNORE_INDEX);
    });
    expect(s.logprobs.every((value) => value === null)).toBe(true);
  });

  it('gives trained tokens the weight and credit of their turn, and context 0', () => {
    const s = sequenceOf(trajectory(), [null, null, 0.5, null, -0.25, null]);
    const trained = s.input_ids.map((_, i) => i).filter((i) => s.loss_mask[i] === 1);
    const first = trained.filter((i) => i < s.input_ids.length - 4);
    const last = trained.slice(-4);
    expect(first.length).toBeGreaterThan(10);
    for (const i of first) expect([s.weights[i], s.advantages[i]]).toEqual([1.5, 0.5]);
    for (const i of last) expect([s.weights[i], s.advantages[i]]).toEqual([0.75, -0.25]);
    s.loss_mask.forEach((mask, i) => {
      if (mask === 0) expect([s.weights[i], s.advantages[i]]).toEqual([0, 0]);
    });
    // A turn without credit keeps weight 1 and advantage 0.
    const plain = sequenceOf(trajectory());
    expect(new Set(plain.weights.filter((_, i) => plain.loss_mask[i] === 1))).toEqual(new Set([1]));
    expect(new Set(plain.advantages)).toEqual(new Set([0]));
  });

  it('uses stored ids and their log-probs in place of the tokenized turn', () => {
    const scored = patched(trajectory(), 2, {
      storedTokenIds: [7, 8, 9],
      storedLogprobs: [-0.5, -1, -1.5],
    });
    // Log-probs that do not line up with the ids are left out.
    const turns = patched(scored, 4, { storedTokenIds: [10, 11], storedLogprobs: [-0.1] });
    const s = sequenceOf(turns);
    const trained = s.input_ids.map((_, i) => i).filter((i) => s.loss_mask[i] === 1);
    const stop = tokenizer.encode('<|im_end|>', false);
    expect(trained.map((i) => s.input_ids[i])).toEqual([7, 8, 9, ...stop, 10, 11, ...stop]);
    expect(trained.map((i) => s.logprobs[i])).toEqual([-0.5, -1, -1.5, null, null, null, null]);
    expect(s.logprobs.filter((value) => value !== null)).toHaveLength(3);
    // The context around them is still the ChatML framing.
    expect(decode(s.input_ids.slice(0, trained[0]))).toMatch(/<\|im_start\|>assistant\n$/);
  });

  it('puts the tool schemas in the leading system message, or in one of their own', () => {
    const tools = [{ type: 'function', function: { name: 'read', parameters: {} } }];
    const schema = '{"type":"function","function":{"name":"read","parameters":{}}}';
    const merged = decode(sequenceOf(trajectory(), [], tools).input_ids);
    expect(
      merged.startsWith(`<|im_start|>system\nBe brief.\n\n# Tools\n${schema}<|im_end|>\n`),
    ).toBe(true);
    expect(merged.match(/<\|im_start\|>system/g)).toHaveLength(1);
    // Credit still lines up by position when the system turn went into the opening.
    const credited = sequenceOf(trajectory(), [null, null, 0.5], tools);
    expect(credited.advantages.filter((_, i) => credited.loss_mask[i] === 1)).toContain(0.5);
    const own = decode(sequenceOf(trajectory().slice(1), [], tools).input_ids);
    expect(
      own.startsWith(`<|im_start|>system\n# Tools\n${schema}<|im_end|>\n<|im_start|>user\n`),
    ).toBe(true);
  });

  it('ends stored ids that lack it with the stop token, trained and without a log-prob', () => {
    const stop = tokenizer.encode('<|im_end|>', false);
    const turns = patched(trajectory(), 2, { storedTokenIds: [7, 8], storedLogprobs: [-1, -2] });
    const ended = patched(turns, 4, { storedTokenIds: [9, ...stop] });
    const s = sequenceOf(ended);
    const trained = s.input_ids.filter((_, i) => s.loss_mask[i] === 1);
    // Each assistant turn ends with exactly one stop token, added only where it was missing.
    expect(trained).toEqual([7, 8, ...stop, 9, ...stop]);
    expect(s.logprobs.filter((_, i) => s.loss_mask[i] === 1)).toEqual([-1, -2, null, null, null]);
  });

  it('matches the token ids and turn spans of the ChatML prompt scoring sends', async () => {
    // Stored ids that end with the stop token, as scoring scores them: the same spans.
    const stop = tokenizer.encode('<|im_end|>', false);
    const turns = patched(trajectory(), 2, {
      reasoning: 'Look first.',
      storedTokenIds: [40, 41, ...stop],
    });
    const tools = [{ type: 'function', function: { name: 'read' } }];
    const rendered = await renderChatml(
      {
        text: async (text, special) => ({
          tokens: tokenizer.encode(text, special),
          maxModelLen: null,
        }),
        chat: () => Promise.reject(new Error('unused')),
        detokenize: () => Promise.reject(new Error('unused')),
      },
      { turns, tools, targets: [2, 4] },
    );
    const segments = rendered.prompts[0] ?? [];
    const s = sequenceOf(turns, [], tools);
    expect(s.input_ids).toEqual(promptTokens(segments));
    const mask = s.input_ids.map(() => 0);
    for (const span of turnSpans(segments)) mask.fill(1, span.start, span.end);
    expect(s.loss_mask).toEqual(mask);
  });

  it('adds special tokens (a BOS) at the very start only', async () => {
    // The fixture with a Llama-style post-processor that puts <s> before every encoded text.
    const json = fixtureTokenizer();
    const bos = { id: 302, content: '<s>', single_word: false, lstrip: false, rstrip: false };
    json.added_tokens = [
      ...(json.added_tokens as object[]),
      { ...bos, normalized: false, special: true },
    ];
    const first = [
      { SpecialToken: { id: '<s>', type_id: 0 } },
      { Sequence: { id: 'A', type_id: 0 } },
    ];
    json.post_processor = {
      type: 'TemplateProcessing',
      single: first,
      pair: [...first, { Sequence: { id: 'B', type_id: 1 } }],
      special_tokens: { '<s>': { id: '<s>', ids: [302], tokens: ['<s>'] } },
    };
    const file = path.join(tmp.dir, 'with-bos.json');
    writeFileSync(file, JSON.stringify(json));
    const withBos = await loadLocalTokenizer(file);
    const result = tokenSequence({
      turns: trajectory(),
      tools: null,
      credit: [],
      weighting,
      tokenizer: withBos,
    });
    if ('skip' in result) throw new Error(result.skip);
    expect(result.input_ids[0]).toBe(302);
    expect(result.input_ids.filter((id) => id === 302)).toHaveLength(1);
    expect(result.input_ids.slice(1)).toEqual(sequenceOf(trajectory()).input_ids);
  });

  it('skips a trajectory it cannot write, saying what to do', () => {
    const stored = trajectory().map((t) =>
      t.role === 'assistant' ? { ...t, storedTokenIds: [1, 2] } : t,
    );
    const without = (turns: TokenTurn[]) =>
      tokenSequence({ turns, tools: null, credit: [], weighting, tokenizer: null });
    expect(without(stored)).toEqual({
      skip: 'no stored token ids for turn 0; choose a tokenizer.json',
    });
    expect(without(trajectory().slice(2, 3))).toEqual({
      skip: 'no stored token ids for turn 2; choose a tokenizer.json',
    });
    expect(without(stored.slice(2, 3))).toEqual({
      skip: 'no stored token ids for the ChatML role headers; choose a tokenizer.json',
    });
    const noAssistant = [turn(0, 'user', 'hi')];
    expect(
      tokenSequence({ turns: noAssistant, tools: null, credit: [], weighting, tokenizer }),
    ).toEqual({ skip: 'no assistant turn' });
    const foreign = patched(trajectory(), 4, { storedTokenIds: [5, 151_000] });
    expect(
      tokenSequence({ turns: foreign, tools: null, credit: [], weighting, tokenizer }),
    ).toEqual({
      skip: `stored token ids of turn 4 are outside the tokenizer's vocabulary (${FIXTURE_SPECIALS.im_end + 1} ids); choose the model's tokenizer.json`,
    });
  });
});
