// The help text of `turnwise` and of each command, written from the command tables
// (command-spec.ts) so it lists exactly the options the parser accepts.
import { acceptedOptions, type CommandSpec, type OptionSpec } from './command-spec';

const WIDTH = 100;

/** `text` after `lead` in lines of at most WIDTH characters, the later ones indented. */
export function wrap(lead: string, text: string, indent = lead.length): string[] {
  const lines: string[] = [];
  let line = lead;
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (empty) line += word;
    else if (line.length + 1 + word.length <= WIDTH) line += ` ${word}`;
    else {
      lines.push(line);
      line = ' '.repeat(indent) + word;
    }
    empty = false;
  }
  lines.push(line.trimEnd());
  return lines;
}

function flag(option: OptionSpec): string {
  return `--${option.name}${option.value === undefined ? '' : ` ${option.value}`}`;
}

function optionText(option: OptionSpec): string {
  const notes = [
    typeof option.default === 'string' ? `default ${option.default}` : '',
    option.applies !== undefined ? `default ${option.applies}` : '',
    option.multiple ? 'repeatable' : '',
  ].filter((note) => note !== '');
  if (notes.length === 0) return option.description;
  // A description ending in its own parenthesis takes the notes inside it.
  const own = /^(.*)\(([^()]*)\)$/.exec(option.description);
  if (own) return `${own[1]}(${[own[2], ...notes].join('; ')})`;
  return `${option.description} (${notes.join('; ')})`;
}

function optionLines(options: readonly OptionSpec[]): string[] {
  const column = 30;
  return options.flatMap((option) => {
    const name = `  ${flag(option)}`;
    // A flag too long for the column gets its description on the next line.
    if (name.length >= column) return [name, ...wrap(' '.repeat(column), optionText(option))];
    return wrap(name.padEnd(column), optionText(option), column);
  });
}

function usageLines(spec: CommandSpec, prefix: string): string[] {
  return spec.usage.map((form, i) => `${i === 0 ? 'usage: ' : '       '}${prefix} ${form}`);
}

/** `turnwise <command> --help`. */
export function commandHelp(spec: CommandSpec, prefix = `turnwise ${spec.name}`): string {
  const lines = [...usageLines(spec, prefix), '', ...wrap('', spec.summary, 0)];
  if (spec.subcommands !== undefined) {
    for (const sub of spec.subcommands) {
      lines.push('', commandHelp(sub, prefix));
    }
    return lines.join('\n');
  }
  lines.push('', 'Options:', ...optionLines(acceptedOptions(spec.options)));
  if (spec.details !== undefined) lines.push('', ...spec.details);
  return lines.join('\n');
}

/** `turnwise --help`: every command with its summary. */
export function overallHelp(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((command) => command.name.length)) + 4;
  return [
    'usage: turnwise <command> [options]',
    '       turnwise <command> --help   (the options of one command)',
    '',
    'Commands:',
    ...commands.flatMap((command) =>
      wrap(`  ${command.name}`.padEnd(width), command.summary, width),
    ),
  ].join('\n');
}
