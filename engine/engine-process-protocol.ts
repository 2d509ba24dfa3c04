// The messages between the engine's process (engine-child.ts) and the code that started it
// (engine-process.ts), and the environment changes the parent forwards to it.
import type { JobState } from '../shared/api';
import { TurnwiseError, type ApiError, type Result } from '../shared/result';

export type EngineRequest =
  | { type: 'dispatch'; id: number; method: string; input: unknown }
  | { type: 'waitForJob'; id: number; jobId: string }
  | { type: 'env'; set: Record<string, string>; unset: string[] }
  | { type: 'close' };

export type EngineReply =
  | { type: 'ready'; workspacePath: string }
  | { type: 'failed'; error: ApiError }
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'job'; id: number; job: JobState }
  | { type: 'rejected'; id: number; error: ApiError }
  | { type: 'jobEvent'; job: JobState }
  /** A query went on past its stop; `id` is the request it ran for, if any. The parent kills. */
  | { type: 'unstoppable'; id: number | null; error: ApiError }
  | { type: 'closed'; error: ApiError | null };

/** An error the child sent (it crosses the channel as data), as the error it was. */
export function replyError(error: ApiError): TurnwiseError {
  return new TurnwiseError(error.code, error.message, error.details);
}

export interface EngineChildData {
  dbPath: string;
  readOnly: boolean;
  /** The folder of the child's engine.log; null: the child logs nothing. */
  logDir: string | null;
}

type Environment = Record<string, string | undefined>;

/**
 * Tracks what the child's environment is, so a variable this process sets later (an API key the
 * desktop app's key store saves) reaches the judge and scoring clients in the child the way one
 * set at launch does.
 */
export class ForwardedEnvironment {
  private sent: Map<string, string>;

  constructor(private readonly source: Environment = process.env) {
    this.sent = ForwardedEnvironment.snapshot(source);
  }

  /** The change since the last call (or the start), or null when there is none. */
  change(): Extract<EngineRequest, { type: 'env' }> | null {
    const now = ForwardedEnvironment.snapshot(this.source);
    const set: Record<string, string> = {};
    const unset: string[] = [];
    for (const [name, value] of now) if (this.sent.get(name) !== value) set[name] = value;
    for (const name of this.sent.keys()) if (!now.has(name)) unset.push(name);
    this.sent = now;
    return Object.keys(set).length === 0 && unset.length === 0 ? null : { type: 'env', set, unset };
  }

  private static snapshot(source: Environment): Map<string, string> {
    const values = new Map<string, string>();
    for (const [name, value] of Object.entries(source)) {
      if (value !== undefined) values.set(name, value);
    }
    return values;
  }
}
