// Argument parsing for the turnwise command (node:util parseArgs, strict), from each command's
// option table (command-spec.ts).
import { parseArgs } from 'node:util';
import { parserOptions, type CommandSpec } from './command-spec';
import { usageFailure } from './output';

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** The arguments read with the command's own option table (and --json), strictly. */
export function parse(args: string[], command: Pick<CommandSpec, 'options'>): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: parserOptions(command.options),
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed['values'], positionals };
  } catch (error) {
    throw usageFailure((error as Error).message);
  }
}

export function requireDb(values: Record<string, unknown>): string {
  const db = values.db;
  if (typeof db !== 'string' || db === '') throw usageFailure('--db FILE is required');
  return db;
}

/** A numeric flag's value within its range, or undefined when the flag was not given. */
export function numberOption(
  value: string | boolean | undefined,
  flag: string,
  range: { min: number; max: number },
  integer = false,
): number | undefined {
  if (typeof value !== 'string') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < range.min || number > range.max) {
    throw usageFailure(`${flag} is a number from ${range.min} to ${range.max}`);
  }
  if (integer && !Number.isInteger(number)) throw usageFailure(`${flag} is a whole number`);
  return number;
}
