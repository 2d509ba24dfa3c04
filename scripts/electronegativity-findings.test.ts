import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWindowOptions } from '../electron/window';
import {
  judgeScan,
  runElectronegativity,
  type ScanFinding,
  type ScanResult,
} from './electronegativity-findings';

function finding(id: string, manualReview: boolean): ScanFinding {
  return {
    id,
    manualReview,
    severity: { name: 'HIGH' },
    confidence: { name: 'FIRM' },
    file: 'main.js',
    location: { line: 1, column: 0 },
    description: id,
  };
}

function result(issues: ScanFinding[], errors: ScanResult['errors'] = []): ScanResult {
  return { globalChecks: 1, atomicChecks: 1, issues, errors };
}

describe('judgeScan', () => {
  it('fails on findings not marked for manual review and lists the rest', () => {
    const verdict = judgeScan(
      result([finding('SANDBOX_JS_CHECK', false), finding('OPEN_EXTERNAL_JS_CHECK', true)]),
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.blocking.map((f) => f.id)).toEqual(['SANDBOX_JS_CHECK']);
    expect(verdict.review.map((f) => f.id)).toEqual(['OPEN_EXTERNAL_JS_CHECK']);
  });

  it('passes manual-review findings and tolerable parser warnings, not unparsed files', () => {
    expect(judgeScan(result([finding('OPEN_EXTERNAL_JS_CHECK', true)])).passed).toBe(true);
    const warned = result([], [{ file: 'a.ts', message: 'recovered', tolerable: true }]);
    expect(judgeScan(warned).passed).toBe(true);
    const broken = result([], [{ file: 'b.ts', message: 'Unexpected token', tolerable: false }]);
    expect(judgeScan(broken)).toMatchObject({ passed: false, unparsed: [{ file: 'b.ts' }] });
  });
});

const WINDOW_CHECKS = [
  'CONTEXT_ISOLATION_JS_CHECK',
  'SANDBOX_JS_CHECK',
  'NODE_INTEGRATION_JS_CHECK',
  'AUXCLICK_JS_CHECK',
];

describe('Electronegativity on window options', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'turnwise-eneg-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // main.ts passes createWindowOptions' result to BrowserWindow, which the scanner cannot follow
  // (hence its inline exceptions); written out as a literal, the same options must raise nothing.
  it('raises nothing on the options the app uses, and fails an insecure window', async () => {
    const options = createWindowOptions({ preloadPath: '/p.cjs', title: 'T', devTools: false });
    for (const [name, literal] of [
      ['ours', JSON.stringify(options)],
      ['insecure', '{ webPreferences: { nodeIntegration: true, contextIsolation: false } }'],
    ] as const) {
      mkdirSync(path.join(dir, name));
      writeFileSync(
        path.join(dir, name, 'main.js'),
        `const { BrowserWindow } = require('electron');\nconst win = new BrowserWindow(${literal});\n`,
      );
    }
    const scan = await runElectronegativity({ input: dir, electronVersion: '45.5.0' });
    const idsIn = (folder: string) =>
      scan.issues.filter((f) => f.file.startsWith(folder)).map((f) => f.id);
    expect(idsIn('ours').filter((id) => WINDOW_CHECKS.includes(id))).toEqual([]);
    expect(idsIn('insecure')).toEqual(
      expect.arrayContaining(['CONTEXT_ISOLATION_JS_CHECK', 'SANDBOX_JS_CHECK']),
    );
    const verdict = judgeScan(scan);
    expect(verdict.passed).toBe(false);
    expect(verdict.blocking.some((f) => f.file.startsWith('insecure'))).toBe(true);
  }, 60_000);
});
