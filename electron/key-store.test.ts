import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../engine/testing/test-support';
import { KeyStore, type Environment, type StringEncryptor } from './key-store';

/**
 * safeStorage needs a running Electron and the OS keychain; this encryptor keeps the same contract
 * with AES-256-GCM under a per-test key, so the file is real ciphertext.
 */
function aesEncryptor(available = true): StringEncryptor {
  const secret = randomBytes(32);
  return {
    isEncryptionAvailable: () => available,
    encryptString(text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', secret, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

const KEY = 'sk-planted-0123456789abcdef';
let dir: string;
let cleanup: () => void;
let file: string;

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  file = path.join(dir, 'user-data', 'api-keys.json');
});
afterEach(() => cleanup());

describe('KeyStore', () => {
  it('keeps only ciphertext, readable by the user alone, and sets the variable', () => {
    const env: Environment = {};
    const store = new KeyStore(file, aesEncryptor(), env);
    const list = store.store('JUDGE_KEY', KEY);
    expect(list).toEqual({ keychain: true, keys: [{ name: 'JUDGE_KEY', used: 'keychain' }] });
    expect(JSON.stringify(list)).not.toContain(KEY);
    expect(env.JUDGE_KEY).toBe(KEY);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(Buffer.from(KEY).toString('base64'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('hands stored keys to a later run as environment variables; the environment wins', () => {
    const encryptor = aesEncryptor();
    new KeyStore(file, encryptor, {}).store('JUDGE_KEY', KEY);
    new KeyStore(file, encryptor, {}).store('SCORING_KEY', 'sk-other');
    const env: Environment = { SCORING_KEY: 'from-shell' };
    const store = new KeyStore(file, encryptor, env);
    store.exportAll();
    expect(env).toEqual({ JUDGE_KEY: KEY, SCORING_KEY: 'from-shell' });
    expect(store.list().keys).toEqual([
      { name: 'JUDGE_KEY', used: 'keychain' },
      { name: 'SCORING_KEY', used: 'environment' },
    ]);
    // Removing a key unsets only a variable the store set.
    store.remove('JUDGE_KEY');
    store.remove('SCORING_KEY');
    expect(env).toEqual({ SCORING_KEY: 'from-shell' });
    expect(store.list().keys).toEqual([]);
  });

  it('stores nothing where the OS offers no encryption', () => {
    const env: Environment = {};
    const store = new KeyStore(file, aesEncryptor(false), env);
    expect(() => store.store('JUDGE_KEY', KEY)).toThrow(/no keychain encryption/);
    expect(store.list()).toEqual({ keychain: false, keys: [] });
    expect(env).toEqual({});
  });

  it('skips a key it cannot decrypt (another account or keyring) and keeps it listed', () => {
    new KeyStore(file, aesEncryptor(), {}).store('JUDGE_KEY', KEY);
    const env: Environment = {};
    const store = new KeyStore(file, aesEncryptor(), env);
    store.exportAll();
    expect(env).toEqual({});
    expect(store.list().keys.map((key) => key.name)).toEqual(['JUDGE_KEY']);
  });

  it('refuses a file that is not its own, and changes nothing', () => {
    writeFileSync(path.join(dir, 'other.json'), '{"hello": 1}');
    const store = new KeyStore(path.join(dir, 'other.json'), aesEncryptor(), {});
    expect(() => store.store('JUDGE_KEY', KEY)).toThrow(/not a Turnwise key file/);
    expect(readFileSync(path.join(dir, 'other.json'), 'utf8')).toBe('{"hello": 1}');
  });

  it('stores and exports only key names an endpoint may be sent', () => {
    const env: Environment = {};
    const store = new KeyStore(file, aesEncryptor(), env);
    for (const name of ['TURNWISE_KEY_HOSTS', 'NODE_OPTIONS', 'GITHUB_TOKEN']) {
      expect(() => store.store(name, 'evil.example')).toThrow(/is not sent to endpoints/);
    }
    expect(env).toEqual({});
    expect(store.list().keys).toEqual([]);
    // A file written before the rule (or by hand) exports its key names only.
    const encryptor = aesEncryptor();
    const cipher = (text: string) => encryptor.encryptString(text).toString('base64');
    const keys = { NODE_OPTIONS: cipher('--require /tmp/x.js'), JUDGE_KEY: cipher(KEY) };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: 1, keys }));
    const fromFile: Environment = {};
    new KeyStore(file, encryptor, fromFile).exportAll();
    expect(fromFile).toEqual({ JUDGE_KEY: KEY });
  });
});
