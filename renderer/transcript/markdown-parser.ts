// The page's side of the Markdown worker: one message at a time under a time budget, results
// cached by text. A parse that runs past the budget has its worker terminated (the next message
// gets a fresh one) and its message is shown as plain text; so is every message while the worker
// cannot start. Without Worker (jsdom in unit tests) it parses on this thread.
import { parseMarkdown, type MarkdownParse } from './markdown-parse';

export type ParseRequest = { id: number; text: string };
export type ParseReply = { id: 'ready' } | { id: number; result: MarkdownParse };

/** What a worker must do; a test passes its own (one that never answers, say). */
export interface ParseWorker {
  post: (request: ParseRequest) => void;
  terminate: () => void;
}
export type ParseWorkerFactory = (
  onReply: (reply: ParseReply) => void,
  onFailure: (why: string) => void,
) => ParseWorker;

export type ParserOptions = {
  /** null parses on the calling thread (no budget: for environments without workers). */
  createWorker: ParseWorkerFactory | null;
  /** How long one message may take to parse. */
  budgetMs?: number;
  /** How long a new worker may take to load. */
  startMs?: number;
  /** How many results are kept. */
  cacheSize?: number;
};

export const PARSE_BUDGET_MS = 1_500;
const START_MS = 10_000;
const CACHE_SIZE = 300;

type Listener = (result: MarkdownParse) => void;
type Job = { text: string; listeners: Set<Listener> };

export class MarkdownParser {
  private readonly cache = new Map<string, MarkdownParse>();
  private readonly queue: Job[] = [];
  private worker: ParseWorker | null = null;
  private ready = false;
  /** Why no worker can be had, once one failed to start. */
  private unavailable: string | null = null;
  private current: (Job & { id: number }) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private nextId = 0;
  private readonly budgetMs: number;
  private readonly startMs: number;
  private readonly cacheSize: number;

  constructor(private readonly options: ParserOptions) {
    this.budgetMs = options.budgetMs ?? PARSE_BUDGET_MS;
    this.startMs = options.startMs ?? START_MS;
    this.cacheSize = options.cacheSize ?? CACHE_SIZE;
  }

  /** The result for this text if there is one (parsed now when there is no worker). */
  peek(text: string): MarkdownParse | undefined {
    const known = this.cache.get(text);
    if (known !== undefined) {
      // Most recently used last, so the oldest is the first evicted.
      this.cache.delete(text);
      this.cache.set(text, known);
      return known;
    }
    if (this.options.createWorker !== null) return undefined;
    const result = parseMarkdown(text);
    this.remember(text, result);
    return result;
  }

  /** Asks for a parse; the listener hears the result once. Returns the cancel. */
  request(text: string, listener: Listener): () => void {
    const known = this.peek(text);
    if (known !== undefined) {
      listener(known);
      return () => undefined;
    }
    let job = this.current?.text === text ? this.current : this.queue.find((j) => j.text === text);
    if (job === undefined) {
      job = { text, listeners: new Set() };
      this.queue.push(job);
    }
    job.listeners.add(listener);
    const listeners = job.listeners;
    this.pump();
    return () => {
      listeners.delete(listener);
      // A message scrolled away before its turn came is not parsed at all.
      const waiting = this.queue.findIndex((j) => j.listeners === listeners);
      if (waiting !== -1 && listeners.size === 0) this.queue.splice(waiting, 1);
    };
  }

  /** Ends the worker and whatever it was doing (the page is going away). */
  dispose(): void {
    this.stopWorker();
    this.queue.length = 0;
  }

  private pump(): void {
    if (this.current !== null) return;
    const job = this.queue.shift();
    if (job === undefined) return;
    this.nextId += 1;
    this.current = { ...job, id: this.nextId };
    if (this.unavailable !== null) {
      this.finish({ kind: 'plain', reason: this.unavailable }, false);
    } else if (this.worker === null) {
      this.startWorker();
    } else if (this.ready) {
      this.send();
    }
  }

  private startWorker(): void {
    const create = this.options.createWorker;
    if (create === null) return;
    const worker = create(
      (reply) => {
        if (this.worker === worker) this.onReply(reply);
      },
      (why) => {
        if (this.worker !== worker) return;
        // A worker that cannot load will not load next time either: stop trying.
        if (!this.ready) this.unavailable = why;
        this.finish({ kind: 'plain', reason: why }, true);
      },
    );
    this.worker = worker;
    this.ready = false;
    this.arm(this.startMs, () => {
      this.unavailable = 'the Markdown worker did not start';
      return this.unavailable;
    });
  }

  private send(): void {
    if (this.current === null || this.worker === null) return;
    const seconds = (this.budgetMs / 1000).toLocaleString('en-US');
    this.arm(this.budgetMs, () => `formatting it took longer than ${seconds} s`);
    this.worker.post({ id: this.current.id, text: this.current.text });
  }

  private arm(ms: number, why: () => string): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.finish({ kind: 'plain', reason: why() }, true), ms);
  }

  private onReply(reply: ParseReply): void {
    if (reply.id === 'ready') {
      this.ready = true;
      this.send();
    } else if (reply.id === this.current?.id) {
      this.finish(reply.result, false);
    }
  }

  /** Settles the current job; a stuck or broken worker is ended and the next gets a fresh one. */
  private finish(result: MarkdownParse, endWorker: boolean): void {
    const job = this.current;
    this.current = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (endWorker) this.stopWorker();
    if (job !== null) {
      this.remember(job.text, result);
      for (const listener of job.listeners) listener(result);
    }
    this.pump();
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
  }

  private remember(text: string, result: MarkdownParse): void {
    this.cache.set(text, result);
    const oldest = this.cache.keys().next();
    if (this.cache.size > this.cacheSize && oldest.done !== true) this.cache.delete(oldest.value);
  }
}
