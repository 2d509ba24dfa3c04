// Ports gitleaks' published rule set (config/gitleaks.toml, MIT) to the data file the import-time
// secret scanner reads (engine/secrets/gitleaks-rules.json). The rules stay
// data: only their Go (RE2) regular expressions are rewritten into JavaScript's dialect, and a
// rule that cannot be rewritten is listed under `skipped` with the reason.
//   npx tsx scripts/secrets/port-gitleaks.ts PATH/TO/gitleaks.toml COMMIT [OUT.json]
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'smol-toml';

interface TomlAllowlist {
  regexes?: string[];
  stopwords?: string[];
  regexTarget?: string;
  paths?: string[];
}

interface TomlRule {
  id: string;
  regex?: string;
  entropy?: number;
  keywords?: string[];
  secretGroup?: number;
  allowlists?: TomlAllowlist[];
}

export interface PortedPattern {
  source: string;
  flags: string;
}

export interface PortedAllowlist {
  target: 'secret' | 'match' | 'line';
  regexes: PortedPattern[];
  stopwords: string[];
}

export interface PortedRule {
  id: string;
  pattern: PortedPattern;
  entropy?: number;
  keywords: string[];
  secretGroup?: number;
  allowlists: PortedAllowlist[];
}

const POSIX_CLASSES: Record<string, string> = {
  '[:alnum:]': 'a-zA-Z0-9',
  '[:alpha:]': 'a-zA-Z',
  '[:digit:]': '0-9',
  '[:xdigit:]': '0-9a-fA-F',
  '[:upper:]': 'A-Z',
  '[:lower:]': 'a-z',
  '[:space:]': '\\s',
};

/**
 * RE2 to JavaScript. Inline case flags ((?i), (?i:...), (?-i:...)) have no JavaScript form before
 * Node 23, so a pattern that uses any of them becomes case-insensitive as a whole: it then finds
 * a little more than gitleaks does, never less, which is the safe side for redaction.
 */
export function portPattern(go: string): PortedPattern {
  let source = go;
  let flags = '';
  if (/\(\?-?i[):]/.test(source)) {
    flags += 'i';
    source = source.replaceAll('(?i)', '').replaceAll('(?i:', '(?:').replaceAll('(?-i:', '(?:');
  }
  if (/\(\?s[):]/.test(source)) {
    flags += 's';
    source = source.replaceAll('(?s)', '').replaceAll('(?s:', '(?:');
  }
  source = source.replaceAll('\\z', '$').replaceAll('\\A', '^').replaceAll('(?P<', '(?<');
  for (const [posix, js] of Object.entries(POSIX_CLASSES)) source = source.replaceAll(posix, js);
  if (/\(\?[a-zA-Z-]+[):]/.test(source)) throw new Error(`an inline flag is left: ${source}`);
  new RegExp(source, `${flags}dg`); // throws if JavaScript cannot compile it
  return { source, flags };
}

function portAllowlists(lists: TomlAllowlist[] | undefined): PortedAllowlist[] {
  return (lists ?? [])
    .filter((list) => (list.regexes?.length ?? 0) + (list.stopwords?.length ?? 0) > 0)
    .map((list) => ({
      target: (list.regexTarget ?? 'secret') as PortedAllowlist['target'],
      regexes: (list.regexes ?? []).map(portPattern),
      stopwords: (list.stopwords ?? []).map((word) => word.toLowerCase()),
    }));
}

export function portConfig(toml: string) {
  const config = parse(toml) as unknown as {
    allowlist?: TomlAllowlist;
    rules: TomlRule[];
  };
  const rules: PortedRule[] = [];
  const skipped: { id: string; reason: string }[] = [];
  for (const rule of config.rules) {
    if (rule.regex === undefined) {
      skipped.push({ id: rule.id, reason: 'a file-path rule, with no content pattern' });
      continue;
    }
    try {
      rules.push({
        id: rule.id,
        pattern: portPattern(rule.regex),
        ...(rule.entropy === undefined ? {} : { entropy: rule.entropy }),
        keywords: (rule.keywords ?? []).map((word) => word.toLowerCase()),
        ...(rule.secretGroup === undefined ? {} : { secretGroup: rule.secretGroup }),
        allowlists: portAllowlists(rule.allowlists),
      });
    } catch (error) {
      skipped.push({ id: rule.id, reason: (error as Error).message });
    }
  }
  return { rules, allowlists: portAllowlists(config.allowlist ? [config.allowlist] : []), skipped };
}

const invokedDirectly = process.argv[1]?.endsWith('port-gitleaks.ts') ?? false;
if (invokedDirectly) {
  const [input, commit, out = 'engine/secrets/gitleaks-rules.json'] = process.argv.slice(2);
  if (input === undefined || commit === undefined) {
    console.error('usage: tsx scripts/secrets/port-gitleaks.ts gitleaks.toml COMMIT [OUT.json]');
    process.exit(2);
  }
  const ported = portConfig(readFileSync(input, 'utf8'));
  const data = {
    source: {
      repository: 'gitleaks/gitleaks',
      path: 'config/gitleaks.toml',
      commit,
      license: 'MIT (Copyright (c) 2019 Zachary Rice)',
    },
    ...ported,
  };
  writeFileSync(out, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`${ported.rules.length} rules ported, ${ported.skipped.length} skipped -> ${out}`);
}
