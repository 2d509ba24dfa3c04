import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseMarkdown } from './markdown-parse';
import { MarkdownParser, type ParseReply, type ParseWorkerFactory } from './markdown-parser';

afterEach(() => {
  vi.useRealTimers();
});

type FakeWorker = {
  texts: string[];
  terminated: boolean;
};

/** Workers that start at once and answer as `answer` says: parse, hang (undefined) or crash. */
function fakeWorkers(answer: (text: string) => 'parse' | 'hang' | 'crash' = () => 'parse') {
  const made: FakeWorker[] = [];
  const factory: ParseWorkerFactory = (onReply, onFailure) => {
    const worker: FakeWorker = { texts: [], terminated: false };
    made.push(worker);
    const reply = (r: ParseReply) => queueMicrotask(() => worker.terminated || onReply(r));
    reply({ id: 'ready' });
    return {
      post: ({ id, text }) => {
        worker.texts.push(text);
        const what = answer(text);
        if (what === 'parse') reply({ id, result: parseMarkdown(text) });
        if (what === 'crash') queueMicrotask(() => onFailure('the Markdown worker failed (boom)'));
      },
      terminate: () => {
        worker.terminated = true;
      },
    };
  };
  return { made, factory };
}

const settle = (parser: MarkdownParser, text: string) =>
  new Promise<ReturnType<MarkdownParser['peek']>>((resolve) => parser.request(text, resolve));

describe('MarkdownParser', () => {
  it('parses in the worker one message at a time and caches the result', async () => {
    const { made, factory } = fakeWorkers();
    const parser = new MarkdownParser({ createWorker: factory });
    expect(parser.peek('**a**')).toBeUndefined();
    const [a, b] = await Promise.all([settle(parser, '**a**'), settle(parser, '_b_')]);
    expect(a?.kind).toBe('tree');
    expect(b?.kind).toBe('tree');
    expect(parser.peek('**a**')).toBe(a);
    expect(made).toHaveLength(1);
    expect(made[0]?.texts).toEqual(['**a**', '_b_']);
  });

  it('ends a parse that runs past the budget, and the next message gets a new worker', async () => {
    vi.useFakeTimers();
    const { made, factory } = fakeWorkers((text) => (text === 'bomb' ? 'hang' : 'parse'));
    const parser = new MarkdownParser({ createWorker: factory, budgetMs: 1_500 });
    const bomb = settle(parser, 'bomb');
    const next = settle(parser, '*fine*');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(parser.peek('bomb')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await bomb).toEqual({ kind: 'plain', reason: 'formatting it took longer than 1.5 s' });
    expect(made[0]?.terminated).toBe(true);
    expect((await next)?.kind).toBe('tree');
    expect(made).toHaveLength(2);
    // The verdict is kept: scrolling back to the message does not hang a worker again.
    expect(parser.peek('bomb')?.kind).toBe('plain');
  });

  it('shows a message plain when its worker crashes, and carries on', async () => {
    const { factory } = fakeWorkers((text) => (text === 'crash' ? 'crash' : 'parse'));
    const parser = new MarkdownParser({ createWorker: factory });
    expect(await settle(parser, 'crash')).toEqual({
      kind: 'plain',
      reason: 'the Markdown worker failed (boom)',
    });
    expect((await settle(parser, 'after'))?.kind).toBe('tree');
  });

  it('gives up on workers when one cannot start', async () => {
    vi.useFakeTimers();
    let made = 0;
    const parser = new MarkdownParser({
      createWorker: () => {
        made += 1;
        return { post: () => undefined, terminate: () => undefined };
      },
      startMs: 5_000,
    });
    const first = settle(parser, 'a');
    const second = settle(parser, 'b');
    await vi.advanceTimersByTimeAsync(5_000);
    const verdict = { kind: 'plain', reason: 'the Markdown worker did not start' };
    expect(await first).toEqual(verdict);
    expect(await second).toEqual(verdict);
    expect(made).toBe(1);
  });

  it('never parses a message whose listeners left before its turn', async () => {
    const { made, factory } = fakeWorkers();
    const parser = new MarkdownParser({ createWorker: factory });
    const first = settle(parser, 'first');
    const cancel = parser.request('gone', () => undefined);
    cancel();
    await first;
    await settle(parser, 'last');
    expect(made[0]?.texts).toEqual(['first', 'last']);
  });

  it('parses on the calling thread when there are no workers', () => {
    const parser = new MarkdownParser({ createWorker: null });
    expect(parser.peek('# h')?.kind).toBe('tree');
  });
});
