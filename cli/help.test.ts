// The help is written from the same option tables the parser reads: every option a command
// accepts is in its help and every option in its help is accepted; export lists every target.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_TARGET_INFO, EXPORT_TARGETS } from '../shared/export-targets';
import { COMMANDS, main } from './main';
import { parse } from './args';
import { acceptedOptions, type CommandSpec } from './command-spec';
import { EXPORT_COMMAND } from './export-command';
import { commandHelp, overallHelp, wrap } from './help';
import { type CliStreams, PROCESS_STREAMS } from './output';

/** Every command that parses its own options: the commands, and judge's subcommands. */
const LEAVES: [string, CommandSpec][] = COMMANDS.flatMap((command) =>
  (command.subcommands ?? [command]).map((leaf): [string, CommandSpec] => [
    leaf === command ? leaf.name : `${command.name} ${leaf.name}`,
    leaf,
  ]),
);

/** The flags listed under "Options:" in a help text. */
function helpFlags(help: string): string[] {
  const section = help.split('Options:\n')[1]?.split('\n\n')[0] ?? '';
  return [...section.matchAll(/^ {2}--([a-z][a-z-]*)/gm)].map(([, name]) => name ?? '');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('turnwise help', () => {
  it.each(LEAVES)('%s: the help lists exactly the options the parser accepts', (_name, spec) => {
    const accepted = acceptedOptions(spec.options).map((option) => option.name);
    expect(new Set(accepted).size).toBe(accepted.length);
    expect(helpFlags(commandHelp(spec)).sort()).toEqual([...accepted].sort());
    // Each listed flag parses (with a value where it takes one); an unlisted one is refused.
    const args = acceptedOptions(spec.options).flatMap((option) =>
      option.value === undefined ? [`--${option.name}`] : [`--${option.name}`, 'x'],
    );
    const { values } = parse(args, spec);
    for (const name of accepted) expect(values[name]).toBeDefined();
    expect(() => parse(['--not-an-option'], spec)).toThrow(/Unknown option '--not-an-option'/);
  });

  it('lists every command in the overall help, each with its own help', () => {
    const help = overallHelp(COMMANDS);
    for (const command of COMMANDS) expect(help).toMatch(new RegExp(`^  ${command.name} `, 'm'));
    for (const command of COMMANDS)
      expect(commandHelp(command)).toContain(`turnwise ${command.name}`);
  });

  it('lists every export target of the registry, in the overall and the export help', () => {
    const overall = overallHelp(COMMANDS).replace(/\s+/g, ' ');
    const exportHelp = commandHelp(EXPORT_COMMAND);
    for (const target of EXPORT_TARGETS) {
      expect(overall).toContain(target);
      expect(exportHelp).toMatch(
        new RegExp(`^  ${target} +${escape(EXPORT_TARGET_INFO[target].title)}:`, 'm'),
      );
    }
  });

  it("matches the flags table of docs/export.md's command-line section", () => {
    const doc = readFileSync(path.join(import.meta.dirname, '..', 'docs', 'export.md'), 'utf8');
    const rows = doc.split('\n').filter((line) => line.startsWith('| `--'));
    const documented = rows.flatMap((row) =>
      [...(row.split(' | ')[0] ?? '').matchAll(/`--([a-z-]+)/g)].map(([, name]) => name),
    );
    const accepted = acceptedOptions(EXPORT_COMMAND.options).map((option) => option.name);
    expect([...documented].sort()).toEqual([...accepted].sort());
  });

  it('shows defaults, from the parser table and from the API schemas', () => {
    const help = commandHelp(EXPORT_COMMAND);
    expect(help).toMatch(/--outcome any\|success\|failure\|unknown\n +only .* \(default any\)/);
    expect(help).toMatch(
      /--max-pairs-per-task N +trajectory pairs per task, at most \(default 16\)/,
    );
  });

  it('wraps long lines at 100 characters, indenting the rest', () => {
    const lines = wrap('  --x  ', 'word '.repeat(60), 7);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[1]).toMatch(/^ {7}word/);
  });

  it('answers --help, -h and help COMMAND with the command help, exit 0', async () => {
    const printed: string[] = [];
    const streams: CliStreams = { ...PROCESS_STREAMS, stdout: (text) => void printed.push(text) };
    expect(await main(['export', '--help'], streams)).toBe(0);
    expect(await main(['sql', '--db', 'x.duckdb', '-h'], streams)).toBe(0);
    expect(await main(['help', 'review'], streams)).toBe(0);
    expect(await main(['--help'], streams)).toBe(0);
    expect(printed).toEqual(
      [
        commandHelp(EXPORT_COMMAND),
        commandHelp(COMMANDS.find((c) => c.name === 'sql') as CommandSpec),
        commandHelp(COMMANDS.find((c) => c.name === 'review') as CommandSpec),
        overallHelp(COMMANDS),
      ].map((help) => `${help}\n`),
    );
  });
});
