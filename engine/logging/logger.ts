// The app's own diagnostics, one line per event (docs/ARCHITECTURE.md): what ran, how long it
// took and how it ended. Fields are names, ids, numbers and codes, never workspace content;
// anything that could carry user text goes through logText (log-text.ts) first.
export type LogLevel = 'info' | 'warn' | 'error';
export type LogValue = string | number | boolean | null | undefined;
export type LogFields = Record<string, LogValue>;

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

const BARE = /^[\w.:/@+()-]+$/;

function formatValue(value: Exclude<LogValue, undefined>): string {
  if (typeof value === 'string') return BARE.test(value) ? value : JSON.stringify(value);
  return String(value);
}

/** `2026-01-02T03:04:05.678Z info event key=value key="a value"`; undefined fields are left out. */
export function formatLine(time: Date, level: LogLevel, event: string, fields: LogFields): string {
  let line = `${time.toISOString()} ${level} ${event}`;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) line += ` ${key}=${formatValue(value)}`;
  }
  return line;
}

/** A logger that hands each formatted line to `write`. */
export function lineLogger(write: (line: string) => void, now = () => new Date()): Logger {
  const at =
    (level: LogLevel) =>
    (event: string, fields: LogFields = {}) =>
      write(formatLine(now(), level, event, fields));
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

const silent: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
let current: Logger = silent;

/**
 * This thread's logger. The host that owns the thread sets it once (main.ts, engine-child.ts,
 * `turnwise serve --log-dir`); elsewhere (the CLI, most tests) nothing is logged.
 */
export function log(): Logger {
  return current;
}

/** Makes `logger` this thread's logger (null: log nothing); returns the one it replaces. */
export function setLog(logger: Logger | null): Logger {
  const previous = current;
  current = logger ?? silent;
  return previous;
}

/** Milliseconds since `start` (a performance.now() reading), whole. */
export function elapsedMs(start: number): number {
  return Math.round(performance.now() - start);
}
