// A configparser-compatible reader for the simulated services' INI files, and the overlay loader
// their tests call: the effective config of an environment is base.ini overlaid by <env>.ini.
// Like Python's configparser (default settings), inline comments are NOT stripped from values.

import { PythonError } from './python-expression';
import type { PyDict, PyValue } from './python-eval';
import type { VirtualFs } from './virtual-fs';

export type IniSections = Map<string, Map<string, string>>;

export function parseIni(path: string, text: string): IniSections {
  const sections: IniSections = new Map();
  let current: Map<string, string> | null = null;
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header !== null) {
      const name = (header[1] as string).trim();
      if (sections.has(name)) {
        throw new PythonError(
          'DuplicateSectionError',
          `While reading from '${path}' [line ${index + 1}]: section '${name}' already exists`,
        );
      }
      current = new Map();
      sections.set(name, current);
      return;
    }
    const pair = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
    if (current === null) {
      throw new PythonError(
        'MissingSectionHeaderError',
        `File contains no section headers.\nfile: '${path}', line: ${index + 1}\n'${raw}'`,
      );
    }
    if (pair === null) {
      throw new PythonError(
        'ParsingError',
        `Source contains parsing errors: '${path}'\n\t[line ${index + 1}]: '${raw}'`,
      );
    }
    current.set((pair[1] as string).toLowerCase(), pair[2] as string);
  });
  return sections;
}

/** Effective configuration of one environment, as the project's settings_loader.load() builds it. */
export function loadEnvironmentConfig(fs: VirtualFs, environment: string): PyDict {
  const merged = new Map<string, Map<string, string>>();
  for (const path of ['config/base.ini', `config/${environment}.ini`]) {
    const text = fs.read(path);
    if (text === undefined) {
      throw new PythonError('FileNotFoundError', `[Errno 2] No such file or directory: '${path}'`);
    }
    for (const [section, values] of parseIni(path, text)) {
      const target = merged.get(section) ?? new Map<string, string>();
      for (const [key, value] of values) target.set(key, value);
      merged.set(section, target);
    }
  }
  const result: Record<string, PyValue> = {};
  for (const [section, values] of merged) result[section] = Object.fromEntries(values);
  return result;
}

/** Renders sections back to INI text in the house layout (blank line between sections). */
export function renderIni(sections: IniSections, header?: string): string {
  const blocks: string[] = [];
  for (const [section, values] of sections) {
    const lines = [`[${section}]`, ...[...values].map(([key, value]) => `${key} = ${value}`)];
    blocks.push(lines.join('\n'));
  }
  return `${header === undefined ? '' : `${header}\n\n`}${blocks.join('\n\n')}\n`;
}
