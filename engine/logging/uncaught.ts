// Uncaught errors are logged as they happen. The monitor event only watches: the process (or
// worker thread) still ends, or Electron still shows its dialog, exactly as without it.
import { log } from './logger';
import { logError } from './log-text';

let watching = false;

export function logUncaughtErrors(): void {
  if (watching) return;
  watching = true;
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    log().error('uncaught', { origin, ...logError(error) });
  });
}
