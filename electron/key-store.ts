// The desktop app's API keys, encrypted by the OS keychain (Electron safeStorage) in a file in the
// user's app-data folder: never in a workspace, an export or a log. A stored key is handed to the
// engine as the environment variable it is named after (judge and scoring requests name their key
// by variable), unless the environment already sets that variable: the environment wins.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ApiKeyList } from '../shared/api-keys';
import { TurnwiseError } from '../shared/result';
import { checkKeyName } from '../engine/endpoints/endpoint-key';
import { parseJsonFile } from '../engine/text/json-syntax';

/** Electron's safeStorage satisfies this. */
export interface StringEncryptor {
  isEncryptionAvailable(): boolean;
  encryptString(text: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

interface KeyFile {
  version: 1;
  /** Variable name to the key's ciphertext, base64. */
  keys: Record<string, string>;
}

export type Environment = Record<string, string | undefined>;

function isKeyName(name: string): boolean {
  try {
    checkKeyName(name);
    return true;
  } catch {
    return false;
  }
}

export class KeyStore {
  /** Names whose variable this store set in the environment (so removing one unsets it). */
  private readonly exported = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly encryptor: StringEncryptor,
    private readonly env: Environment,
  ) {}

  list(): ApiKeyList {
    const stored = Object.keys(this.read().keys);
    const fromEnvironment = (name: string) => !this.exported.has(name) && !!this.env[name];
    return {
      keychain: this.encryptor.isEncryptionAvailable(),
      keys: stored.sort().map((name) => ({
        name,
        used: fromEnvironment(name) ? 'environment' : 'keychain',
      })),
    };
  }

  /** Encrypts and saves a key, then makes it the variable's value unless the environment set it. */
  store(name: string, key: string): ApiKeyList {
    // Only names an endpoint may be sent: the store sets variables the environment leaves unset,
    // so any name would let the page set TURNWISE_KEY_HOSTS or NODE_OPTIONS.
    checkKeyName(name);
    if (!this.encryptor.isEncryptionAvailable()) {
      throw new TurnwiseError(
        'unavailable',
        'this system offers no keychain encryption; set the key as an environment variable instead',
      );
    }
    const content = this.read();
    content.keys[name] = this.encryptor.encryptString(key).toString('base64');
    this.write(content);
    if (this.exported.has(name) || !this.env[name]) {
      this.env[name] = key;
      this.exported.add(name);
    }
    return this.list();
  }

  remove(name: string): ApiKeyList {
    const content = this.read();
    const keys = Object.entries(content.keys).filter(([stored]) => stored !== name);
    this.write({ version: 1, keys: Object.fromEntries(keys) });
    // process.env is an object, not a Map: a variable is unset by removing its property.
    if (this.exported.delete(name)) Reflect.deleteProperty(this.env, name);
    return this.list();
  }

  /** At start: every stored key whose variable the environment does not set becomes it. */
  exportAll(): void {
    if (!this.encryptor.isEncryptionAvailable()) return;
    for (const [name, encrypted] of Object.entries(this.read().keys)) {
      if (this.env[name] || !isKeyName(name)) continue;
      try {
        this.env[name] = this.encryptor.decryptString(Buffer.from(encrypted, 'base64'));
        this.exported.add(name);
      } catch {
        // A key encrypted under another OS account or keyring cannot be used; it stays listed.
      }
    }
  }

  private read(): KeyFile {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return { version: 1, keys: {} };
    }
    // Its text holds keys, so a broken file is named, never quoted.
    const parsed = parseJsonFile(this.file, text) as Partial<KeyFile>;
    if (parsed.version !== 1 || typeof parsed.keys !== 'object' || parsed.keys === null) {
      throw new TurnwiseError('invalid_input', `${this.file} is not a Turnwise key file`);
    }
    return { version: 1, keys: { ...parsed.keys } };
  }

  /** Atomic (temporary file, then rename) and readable by the user only. */
  private write(content: KeyFile): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }
}
