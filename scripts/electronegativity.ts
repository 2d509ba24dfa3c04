// `npm run security`: Electronegativity over the app's source folders, as CI runs it (part of
// `npm test`). The scan sees the code that ships: electron/, shared/ and renderer/ without tests,
// with index.html's CSP filled in exactly as the vite build fills it. Fails on any finding not
// marked for manual review and on any file the scanner could not parse.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../shared/csp';
import { describeFinding, judgeScan, runElectronegativity } from './electronegativity-findings';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_FOLDERS = ['electron', 'shared', 'renderer'];
const CSP_PLACEHOLDER = '%TURNWISE_CSP%';

function isShippedSource(file: string): boolean {
  const name = path.basename(file);
  if (/\.test\.tsx?$/.test(name) || /-test-support\.tsx?$/.test(name)) return false;
  return !file.split(path.sep).includes('test');
}

function stageSource(): string {
  const stage = mkdtempSync(path.join(tmpdir(), 'turnwise-electronegativity-'));
  for (const folder of SOURCE_FOLDERS) {
    cpSync(path.join(root, folder), path.join(stage, folder), {
      recursive: true,
      filter: (source) => isShippedSource(path.relative(root, source)),
    });
  }
  const indexHtml = path.join(stage, 'renderer', 'index.html');
  const html = readFileSync(indexHtml, 'utf8');
  if (!html.includes(CSP_PLACEHOLDER)) throw new Error('renderer/index.html lost its CSP meta tag');
  writeFileSync(indexHtml, html.replace(CSP_PLACEHOLDER, metaPolicy(CONTENT_SECURITY_POLICY)));
  return stage;
}

/** Every inline `eng-disable` exception in the scanned source, shown so none goes unnoticed. */
function inlineExceptions(stage: string): string[] {
  const found: string[] = [];
  const files = readdirSync(stage, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => /\.(tsx?|html)$/.test(name)).sort()) {
    readFileSync(path.join(stage, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const rules = /eng-disable\s+([\w \t]+)/.exec(line)?.[1]?.trim();
        if (rules) found.push(`${file}:${index + 1} ${rules}`);
      });
  }
  return found;
}

function electronVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies.electron;
  if (!version) throw new Error('package.json has no electron devDependency');
  return version.replace(/^[\^~]/, '');
}

const stage = stageSource();
try {
  const version = electronVersion();
  const result = await runElectronegativity({ input: stage, electronVersion: version });
  const verdict = judgeScan(result);
  console.log(
    `Electronegativity: ${result.globalChecks + result.atomicChecks} checks on ${SOURCE_FOLDERS.join(', ')} (Electron ${version})`,
  );
  for (const exception of inlineExceptions(stage)) console.log(`  except  ${exception}`);
  for (const finding of verdict.review) console.log(`  review  ${describeFinding(finding)}`);
  for (const finding of verdict.blocking) console.log(`  FAIL    ${describeFinding(finding)}`);
  for (const error of verdict.unparsed)
    console.log(`  FAIL    unparsed ${error.file}: ${error.message}`);
  if (!verdict.passed) {
    console.error(
      `Electronegativity: ${verdict.blocking.length} finding(s) not marked for manual review, ${verdict.unparsed.length} unparsed file(s)`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Electronegativity: passed (${verdict.review.length} for manual review)`);
  }
} finally {
  rmSync(stage, { recursive: true, force: true });
}
