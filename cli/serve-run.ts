// What `turnwise serve` does (the option table is SERVE_COMMAND in serve-command.ts): opens the
// workspace in a supervised engine process, serves the app until interrupted, logs with --log-dir.
import path from 'node:path';
import { openSupervisedEngine } from '../engine/engine-supervisor';
import { log, setLog } from '../engine/logging/logger';
import { fileLogger } from '../engine/logging/rotating-log';
import { logUncaughtErrors } from '../engine/logging/uncaught';
import { TURNWISE_VERSION } from '../engine/service';
import { rendererDir } from '../server/paths';
import { isLoopbackHost } from '../server/request-guard';
import { startServer } from '../server/server';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../server/upload-store';
import { numberOption, parse, requireDb } from './args';
import { output, printLine, usageFailure } from './output';
import { SERVE_COMMAND } from './serve-command';

export async function serveCommand(args: string[]): Promise<void> {
  const { values } = parse(args, SERVE_COMMAND);
  const db = requireDb(values);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw usageFailure('--port is 0 to 65535');
  const host = String(values.host).trim();
  if (host === '' || /[\s/]/.test(host)) throw usageFailure('--host is an IP address or host name');
  const uploadLimits = uploadLimitsFrom(values['max-upload-mb'], values['max-uploads']);
  const logDir = startLogging(values['log-dir']);
  // In a child process, as in the app: the server stays responsive while an import runs, and an
  // engine that dies, or is killed to end a query, is restarted.
  const engine = await openSupervisedEngine({ dbPath: db, ...(logDir === null ? {} : { logDir }) });
  const server = await startServer({
    engine,
    rendererDir: rendererDir(),
    port,
    host,
    uploadLimits,
  }).catch(async (error: unknown) => {
    await engine.close();
    throw error;
  });
  if (!isLoopbackHost(host)) {
    output().stderr(
      `turnwise: warning: listening on ${host}, not only on this machine: anyone who can reach ` +
        `port ${server.port} and learns the token can read and change this workspace. ` +
        `Requests travel unencrypted.\n`,
    );
  }
  // The URL (with its token) is the one line scripts wait for; keep it first and alone.
  printLine(`Turnwise is serving ${engine.workspacePath} at ${server.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await engine.close();
}

type Flag = string | boolean | undefined;

/** With --log-dir, this process logs to serve.log and the engine process to engine.log there. */
function startLogging(dir: Flag): string | null {
  if (dir === undefined || typeof dir !== 'string') return null;
  if (dir.trim() === '') throw usageFailure('--log-dir is a folder');
  const logDir = path.resolve(dir);
  setLog(fileLogger(path.join(logDir, 'serve.log')));
  logUncaughtErrors();
  log().info('startup', { version: TURNWISE_VERSION, node: process.version, mode: 'serve' });
  return logDir;
}

function uploadLimitsFrom(maxMb: Flag, maxCount: Flag): UploadLimits {
  const mb = numberOption(maxMb, '--max-upload-mb', { min: 1, max: 1_048_576 }, true);
  const count = numberOption(maxCount, '--max-uploads', { min: 1, max: 100_000 }, true);
  return {
    maxBytes: mb === undefined ? DEFAULT_UPLOAD_LIMITS.maxBytes : mb * 2 ** 20,
    maxCount: count ?? DEFAULT_UPLOAD_LIMITS.maxCount,
  };
}
