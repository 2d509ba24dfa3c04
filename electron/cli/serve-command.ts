// turnwise serve --db FILE [--port 0]: browser mode until interrupted.
import { openEngineInWorker } from '../engine/engine-in-worker';
import { rendererDir } from '../paths';
import { startServer } from '../server';
import { parse, requireDb } from './args';
import { usageFailure } from './output';

export async function serveCommand(args: string[]): Promise<void> {
  const { values } = parse(args, {
    db: { type: 'string' },
    port: { type: 'string', default: '0' },
  });
  const db = requireDb(values);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw usageFailure('--port is 0 to 65535');
  // On a worker thread, as in the app: the server stays responsive while an import runs.
  const engine = await openEngineInWorker({ dbPath: db });
  const server = await startServer({ engine, rendererDir: rendererDir(), port });
  // The URL (with its token) is the one line scripts wait for; keep it first and alone.
  console.log(`Turnwise is serving ${engine.workspacePath} at ${server.url}`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await engine.close();
}
