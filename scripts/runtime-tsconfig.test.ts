// The engine and shared/ typecheck without DOM or Electron types (docs/ARCHITECTURE.md): the
// engine runs in a worker and under the plain-node CLI, shared/ in every runtime. A fixture is
// checked in memory against each real tsconfig, as `tsc -p <project>` would check it.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The diagnostics of `code`, typechecked as `file` under the project in `project`. */
function diagnostics(project: string, file: string, code: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, project, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => expect.fail(String(d.messageText)) },
  );
  if (!parsed) throw new Error(`no tsconfig in ${project}`);
  const fixture = path.join(root, file);
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === fixture || fileExists(name);
  host.readFile = (name) => (name === fixture ? code : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    name === fixture
      ? ts.createSourceFile(name, code, language)
      : getSourceFile(name, language, ...rest);
  const program = ts.createProgram({ rootNames: [fixture], options: parsed.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('engine tsconfig', () => {
  const file = 'engine/store/tsconfig-fixture.ts';

  it.each([
    ["import { app } from 'electron';\nexport const a = app;\n", /is not a module/],
    [
      "import type { BrowserWindow } from 'electron/main';\nexport type A = BrowserWindow;\n",
      /is not a module/,
    ],
    ['export const a = document.title;\n', /Cannot find name 'document'/],
    ['export const a = window.location;\n', /Cannot find name 'window'/],
  ])('rejects %s', (code, error) => {
    expect(diagnostics('engine', file, code).join('\n')).toMatch(error);
  });

  it('accepts node, DuckDB and shared/', () => {
    const code = [
      "import fs from 'node:fs';",
      "import { DuckDBInstance } from '@duckdb/node-api';",
      "import { ok } from '../../shared/result';",
      'export const a = [fs.existsSync, DuckDBInstance, ok];',
      '',
    ].join('\n');
    expect(diagnostics('engine', file, code)).toEqual([]);
  });
});

describe('shared tsconfig', () => {
  const file = 'shared/tsconfig-fixture.ts';

  it.each([
    ['export const a = document.title;\n', /Cannot find name 'document'/],
    ["import fs from 'node:fs';\nexport const a = fs;\n", /Cannot find module 'node:fs'/],
  ])('rejects %s', (code, error) => {
    expect(diagnostics('shared', file, code).join('\n')).toMatch(error);
  });

  it('accepts zod', () => {
    const code = "import { z } from 'zod';\nexport const a = z.string();\n";
    expect(diagnostics('shared', file, code)).toEqual([]);
  });
});
