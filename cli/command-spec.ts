// What a `turnwise` command declares once: its options (name, value, description, default,
// repeatable), its usage lines and a summary. The parser (args.ts) and the help (help.ts) both
// read this table, so what a command accepts and what its help lists cannot drift apart.
import type { ParseArgsConfig } from 'node:util';

export interface OptionSpec {
  /** The flag without its dashes. */
  name: string;
  /** The value's placeholder in help (FILE, N, URL); a switch when absent. */
  value?: string;
  description: string;
  /** Given to the parser when the flag is absent, and shown in help. */
  default?: string | boolean;
  /** A default applied later (by the API's schema), shown in help only. */
  applies?: string;
  /** May be given more than once; the values arrive as a list. */
  multiple?: boolean;
}

export interface CommandSpec {
  name: string;
  /** One line for `turnwise --help`. */
  summary: string;
  /** What follows `turnwise <name>` in the usage lines, one line per form. */
  usage: readonly string[];
  options: readonly OptionSpec[];
  /** Lines printed after the options (e.g. the export targets). */
  details?: readonly string[];
  /** Commands routed by their first positional argument (judge prompts|use|eval). */
  subcommands?: readonly CommandSpec[];
  run: (args: string[]) => Promise<void>;
}

/** Every command takes --json. */
export const JSON_OPTION: OptionSpec = {
  name: 'json',
  description: 'print one JSON object on stdout instead of text',
  default: false,
};

/** The options a command accepts: its own and --json. */
export function acceptedOptions(options: readonly OptionSpec[]): OptionSpec[] {
  return [...options, JSON_OPTION];
}

export type ParserOptions = NonNullable<ParseArgsConfig['options']>;

/** The table as node:util parseArgs options. */
export function parserOptions(options: readonly OptionSpec[]): ParserOptions {
  return Object.fromEntries(
    acceptedOptions(options).map((option) => {
      const type = option.value === undefined ? 'boolean' : 'string';
      const spec = {
        type,
        ...(option.multiple ? { multiple: true } : {}),
        ...(option.default !== undefined ? { default: option.default } : {}),
      };
      return [option.name, spec] as [string, ParserOptions[string]];
    }),
  );
}
