// Each command reads its arguments with the option table it declares (and the help prints), not
// another one: parse is replaced by a probe that records the table it is given.
import { describe, expect, it, vi } from 'vitest';
import type * as Args from './args';
import type { CommandSpec } from './command-spec';

const seen = vi.hoisted(() => ({ tables: [] as unknown[] }));
vi.mock('./args', async (importOriginal) => ({
  ...(await importOriginal<typeof Args>()),
  parse: (_args: string[], table: unknown) => {
    seen.tables.push(table);
    throw new Error('parsed');
  },
}));

const { COMMANDS } = await import('./main');

describe('command option tables', () => {
  it.each(COMMANDS.map((command): [string, CommandSpec] => [command.name, command]))(
    '%s parses with its own table',
    async (_name, command) => {
      for (const leaf of command.subcommands ?? [command]) {
        seen.tables = [];
        const args = leaf === command ? [] : [leaf.name];
        await expect(command.run(args)).rejects.toThrow('parsed');
        expect(seen.tables).toEqual([leaf]);
        expect(seen.tables[0]).toBe(leaf);
      }
    },
  );
});
