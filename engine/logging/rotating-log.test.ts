import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/test-support';
import { fileLogger, RotatingLog } from './rotating-log';

const dirs: { cleanup: () => void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

function logDir(): string {
  const dir = tempDir('turnwise-log-');
  dirs.push(dir);
  return dir.dir;
}

/** Line n, 10 bytes with its newline. */
const line = (n: number) => `line ${String(n).padStart(4, '0')}`;

describe('RotatingLog', () => {
  it('rotates by size and keeps the newest files, oldest lines dropped', () => {
    const dir = logDir();
    const file = path.join(dir, 'logs', 'engine.log');
    const log = new RotatingLog(file, { maxBytes: 100, files: 3 });
    for (let n = 0; n < 47; n += 1) log.write(line(n));
    expect(readdirSync(path.dirname(file)).sort()).toEqual([
      'engine.log',
      'engine.log.1',
      'engine.log.2',
    ]);
    const read = (name: string) => readFileSync(path.join(dir, 'logs', name), 'utf8');
    for (const name of ['engine.log', 'engine.log.1', 'engine.log.2']) {
      expect(statSync(path.join(dir, 'logs', name)).size).toBeLessThanOrEqual(100);
    }
    // Ten lines fill a file: 0-9, 10-19 were dropped; 20-29, 30-39 and 40-46 are kept.
    expect(read('engine.log')).toBe(
      Array.from({ length: 7 }, (_, i) => `${line(40 + i)}\n`).join(''),
    );
    expect(read('engine.log.1').split('\n')[0]).toBe(line(30));
    expect(read('engine.log.2').split('\n')[0]).toBe(line(20));
    expect(log.stopped).toBeNull();
  });

  it('continues a file left by an earlier run, counting its size', () => {
    const file = path.join(logDir(), 'main.log');
    writeFileSync(file, 'x'.repeat(95));
    const log = new RotatingLog(file, { maxBytes: 100, files: 2 });
    log.write(line(1));
    expect(readFileSync(file, 'utf8')).toBe(`${line(1)}\n`);
    expect(readFileSync(`${file}.1`, 'utf8')).toBe('x'.repeat(95));
  });

  it('keeps a single file by starting it over', () => {
    const file = path.join(logDir(), 'main.log');
    const log = new RotatingLog(file, { maxBytes: 25, files: 1 });
    for (let n = 0; n < 5; n += 1) log.write(line(n));
    expect(readdirSync(path.dirname(file))).toEqual(['main.log']);
    expect(readFileSync(file, 'utf8')).toBe(`${line(4)}\n`);
  });

  it.runIf(existsSync('/dev/full'))('stops on a full disk, says so once and never throws', () => {
    const notices: string[] = [];
    const log = new RotatingLog('/dev/full', { warn: (m) => notices.push(m) });
    expect(() => {
      log.write(line(1));
      log.write(line(2));
    }).not.toThrow();
    expect(log.stopped).toMatch(/ENOSPC|no space/i);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/logging to \/dev\/full stopped/);
  });

  it('stops when the folder cannot be made', () => {
    const dir = logDir();
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    const notices: string[] = [];
    const logger = fileLogger(path.join(dir, 'not-a-folder', 'main.log'), {
      warn: (m) => notices.push(m),
    });
    expect(() => {
      logger.info('startup');
      logger.error('uncaught');
    }).not.toThrow();
    expect(notices).toHaveLength(1);
  });
});
