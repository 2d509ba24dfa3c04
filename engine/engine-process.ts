// Runs the engine (DuckDB and its jobs) in a child process, so a multi-GB import never blocks the
// Electron main process or the HTTP server, and so the engine can be ended whole: a query that goes
// on past its stop (DuckDB looks at an interrupt only between vectors) is answered here and the
// process killed; engine-supervisor.ts starts the next one. engine-child.ts is the other end.
import { fork, type ChildProcess } from 'node:child_process';
import { TurnwiseError } from '../shared/result';
import type { EngineOptions } from './engine';
import { connect } from './engine-process-connection';
import {
  ForwardedEnvironment,
  replyError,
  type EngineChildData,
  type EngineReply,
} from './engine-process-protocol';
import type { Engine } from './core/engine-types';
import { childScript } from './core/worker-script';

/** After 'closed' (or a failed open) the process ends by itself; this long is allowed before a kill. */
const EXIT_GRACE_MS = 5_000;
/** Threads for DuckDB calls: a few queries stuck inside one call must not hold every one. */
const CHILD_THREADPOOL_SIZE = '16';
/** What is kept of the child's stderr to say why it ended. */
const STDERR_TAIL_CHARS = 4_096;

export interface ProcessEngineOptions extends EngineOptions {
  /** Where the child writes engine.log (the app's logs folder, `turnwise serve --log-dir`). */
  logDir?: string;
  /** Called once if the process ends without close() (a crash, its heap limit, or a kill). */
  onUnexpectedExit?: (reason: TurnwiseError) => void;
}

/**
 * The child's JavaScript heap limit; TURNWISE_ENGINE_HEAP_MB overrides it. Past it the child
 * alone ends, not the whole app, and is restarted (engine-supervisor).
 */
export function engineHeapMb(): number {
  const configured = Number(process.env.TURNWISE_ENGINE_HEAP_MB);
  return Number.isFinite(configured) && configured >= 32 ? configured : 4096;
}

/** Waits for the process to end on its own; kills it if it does not in time. */
async function ended(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), EXIT_GRACE_MS);
  });
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}

export async function openEngineProcess(options: ProcessEngineOptions): Promise<Engine> {
  const data: EngineChildData = {
    dbPath: options.dbPath,
    readOnly: options.readOnly ?? false,
    logDir: options.logDir ?? null,
  };
  const script = childScript('./engine-child.ts', 'engine-child.js');
  const environment = new ForwardedEnvironment();
  const child = fork(script.path, [JSON.stringify(data)], {
    execArgv: [...script.execArgv, `--max-old-space-size=${engineHeapMb()}`],
    env: {
      UV_THREADPOOL_SIZE: CHILD_THREADPOOL_SIZE,
      ...process.env,
      // In the desktop app execPath is Electron's binary: this makes it run the script as Node.
      ...(process.versions.electron === undefined ? {} : { ELECTRON_RUN_AS_NODE: '1' }),
    },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderrTail = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    process.stderr.write(text);
    stderrTail = (stderrTail + text).slice(-STDERR_TAIL_CHARS);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const workspacePath = await ready(child);
    return connect({
      child,
      workspacePath,
      environment,
      exitReason: (code, signal) => exitReason(code, signal, stderrTail),
      ended: () => ended(child, exited),
      ...(options.onUnexpectedExit === undefined
        ? {}
        : { onUnexpectedExit: options.onUnexpectedExit }),
    });
  } catch (error) {
    await ended(child, exited);
    throw error;
  }
}

/** Resolves with the workspace path once the child has opened it; rejects with its error. */
function ready(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      child.off('message', onMessage).off('error', onError).off('exit', onExit);
      settle();
    };
    const onMessage = (reply: EngineReply) => {
      if (reply.type === 'ready') finish(() => resolve(reply.workspacePath));
      else if (reply.type === 'failed') finish(() => reject(replyError(reply.error)));
    };
    const onError = (error: Error) =>
      finish(() =>
        reject(new TurnwiseError('internal', `engine process failed: ${error.message}`)),
      );
    const onExit = (code: number | null, signal: string | null) =>
      finish(() =>
        reject(
          new TurnwiseError('internal', `engine process exited (${code ?? signal}) while opening`),
        ),
      );
    child.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** Why the child ended, as a user reads it. */
function exitReason(code: number | null, signal: string | null, stderr: string): TurnwiseError {
  if (/heap out of memory|Reached heap limit/i.test(stderr)) {
    return new TurnwiseError(
      'internal',
      `the engine ran out of memory (its ${engineHeapMb()} MB heap) while answering`,
    );
  }
  const how = code !== null ? `code ${code}` : `signal ${signal}`;
  return new TurnwiseError('internal', `the engine process exited unexpectedly (${how})`);
}
