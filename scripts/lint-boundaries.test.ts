// The runtime import matrix of DESIGN section 1 is enforced by lint: a violation fails `npm test`.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('runtime boundaries', () => {
  it.each([
    ['shared/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    ['shared/x.ts', "import path from 'path';\nexport const a = path;\n"],
    ['shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    ['shared/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    [
      'shared/x.ts',
      "import { openEngine } from '../electron/engine/engine';\nexport const a = openEngine;\n",
    ],
    ['electron/engine/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'electron/engine/store/x.ts',
      "import { App } from '../../../renderer/App';\nexport const a = App;\n",
    ],
    ['electron/x.ts', "import { App } from '../renderer/App';\nexport const a = App;\n"],
    ['renderer/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    [
      'renderer/features/x.ts',
      "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n",
    ],
    [
      'renderer/x.ts',
      "import { openEngine } from '../electron/engine/engine';\nexport const a = openEngine;\n",
    ],
    [
      'renderer/x.ts',
      "import { DuckDBInstance } from '@duckdb/node-api';\nexport const a = DuckDBInstance;\n",
    ],
    [
      'renderer/x.tsx',
      'export const A = (p: { t: string }) => <div dangerouslySetInnerHTML={{ __html: p.t }} />;\n',
    ],
  ])('%s may not: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['shared/x.ts', "import { z } from 'zod';\nexport const a = z;\n"],
    [
      'electron/engine/x.ts',
      "import fs from 'node:fs';\nimport { API } from '../../shared/api';\nexport const a = [fs, API];\n",
    ],
    [
      'electron/x.ts',
      "import { app } from 'electron';\nimport { openEngine } from './engine/engine';\nexport const a = [app, openEngine];\n",
    ],
    ['renderer/x.ts', "import { API } from '../shared/api';\nexport const a = API;\n"],
  ])('%s may: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
