// Finds secrets in text with gitleaks' rule set, ported as data (gitleaks-rules.json, made by
// scripts/secrets/port-gitleaks.ts), plus the few kinds gitleaks has no rule for
// (extra-rules.json) and values under secret-named keys (key-context.ts). It works as gitleaks
// does: a rule runs only where one of its keywords occurs; the secret is the rule's secret group
// (or its first non-empty group); a rule with an entropy floor needs a secret above it; and the
// global and per-rule allowlists are honoured. Context rules do not fire on CTF flags
// (task-values.ts).
import GITLEAKS from './gitleaks-rules.json' with { type: 'json' };
import EXTRA from './extra-rules.json' with { type: 'json' };
import { shannonEntropy } from './entropy';
import { findNamedSecrets } from './key-context';
import { isPlaceholder, namesNoSecret } from './secret-names';
import { CONTEXT_RULES, withoutFlags } from './task-values';

export { shannonEntropy };

interface PatternData {
  source: string;
  flags: string;
}
interface AllowlistData {
  target: string;
  regexes: PatternData[];
  stopwords: string[];
}
interface RuleData {
  id: string;
  pattern: PatternData;
  entropy?: number;
  keywords: string[];
  secretGroup?: number;
  allowlists: AllowlistData[];
}

interface Allowlist {
  target: 'secret' | 'match' | 'line';
  regexes: RegExp[];
  stopwords: string[];
}
interface Rule {
  id: string;
  regex: RegExp;
  /** Identifier characters a match may reach back over before its keyword (see IDENTIFIER_PREFIX). */
  reachBack: number;
  entropy: number | undefined;
  keywords: string[];
  secretGroup: number | undefined;
  allowlists: Allowlist[];
}

/** One secret found: its rule and where it is in the text (the secret, not the whole match). */
export interface SecretFinding {
  rule: string;
  start: number;
  end: number;
}

/**
 * The end gitleaks requires after a secret in 151 of its rules: a quote, a space, `;`, an escaped
 * line break or the end. Logs put secrets in URLs, calls and prose, where `&`, `.`, `)`, `,`, `:`,
 * `]`, `}` or `>` follow them, and every such secret was missed; none of these characters is in
 * any of those rules' secret alphabets except `.`, which only the generic rule's value takes (and
 * keeps, as gitleaks would at a line end).
 */
const GITLEAKS_END = '(?:[\\x60\'"\\s;]|\\\\[nr]|$)';
const WIDER_END = '(?:[\\x60\'"\\s;&.),:\\]}>]|\\\\[nr]|$)';

function compile(pattern: PatternData, global: boolean): RegExp {
  const source = pattern.source.replaceAll(GITLEAKS_END, WIDER_END);
  return new RegExp(source, `${pattern.flags}${global ? 'dg' : ''}`);
}

function compileAllowlist(list: AllowlistData): Allowlist {
  const target = list.target === 'match' || list.target === 'line' ? list.target : 'secret';
  return { target, regexes: list.regexes.map((p) => compile(p, false)), stopwords: list.stopwords };
}

/**
 * Gitleaks' generic rules start with a lazy identifier prefix so the match takes in the name the
 * keyword is part of (`foreign_key = ...`). Searched as written, the prefix is tried at every
 * position of the text, which costs more than the rest of the scan together; so the rule searches
 * from its keyword and the match is then extended back as the prefix would have: over up to 50
 * identifier characters, not into the previous match. The secret group is the same either way.
 */
const IDENTIFIER_PREFIX = '[\\w.-]{0,50}?';
const IDENTIFIER_CHAR = /[\w.-]/;

function compileRule(rule: RuleData): Rule {
  const prefixed = rule.pattern.source.startsWith(IDENTIFIER_PREFIX);
  const pattern = prefixed
    ? { ...rule.pattern, source: rule.pattern.source.slice(IDENTIFIER_PREFIX.length) }
    : rule.pattern;
  return {
    id: rule.id,
    regex: compile(pattern, true),
    reachBack: prefixed ? 50 : 0,
    entropy: rule.entropy,
    keywords: rule.keywords,
    secretGroup: rule.secretGroup,
    allowlists: rule.allowlists.map(compileAllowlist),
  };
}

const RULES: Rule[] = [...(GITLEAKS.rules as RuleData[]), ...(EXTRA.rules as RuleData[])].map(
  compileRule,
);
const GLOBAL_ALLOWLISTS = (GITLEAKS.allowlists as AllowlistData[]).map(compileAllowlist);
const ALWAYS = RULES.filter((rule) => rule.keywords.length === 0);
const BY_KEYWORD = new Map<string, Rule[]>();
for (const rule of RULES) {
  for (const keyword of rule.keywords.map((word) => word.toLowerCase())) {
    BY_KEYWORD.set(keyword, [...(BY_KEYWORD.get(keyword) ?? []), rule]);
  }
}
/**
 * The rules of a keyword and of every keyword it starts with: the alternation takes the longest
 * keyword at a position, and the shorter ones there occur as well.
 */
const RULES_AT_KEYWORD = new Map<string, Rule[]>(
  [...BY_KEYWORD.keys()].map((keyword) => [
    keyword,
    [...BY_KEYWORD.entries()]
      .filter(([other]) => keyword.startsWith(other))
      .flatMap(([, rules]) => rules),
  ]),
);
// Keywords are kept lower case; matching them in the lowered text without the i flag is several
// times faster in V8 than a case-insensitive alternation.
const KEYWORDS = new RegExp(
  [...BY_KEYWORD.keys()]
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|'),
  'g',
);

/** The ids of every rule the scanner applies. */
export const SECRET_RULE_IDS: readonly string[] = RULES.map((rule) => rule.id);

/**
 * Every match of a global regex, by exec. Not matchAll: it clones the regex at each call, which
 * for the keyword alternation over the many short strings of a record cost six times the search
 * (import profile, bench/RESULTS.md).
 */
function* matchesOf(regex: RegExp, text: string): Generator<RegExpExecArray> {
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    // An empty match would not advance: step over it.
    if (match[0] === '') regex.lastIndex += 1;
    yield match;
  }
}

/**
 * The rules whose keywords occur in the text, plus those that have none. Most texts hold no
 * keyword: they get the shared list, with no set or iterator made for them.
 */
function candidateRules(text: string): Iterable<Rule> {
  const lowered = text.toLowerCase();
  KEYWORDS.lastIndex = 0;
  if (!KEYWORDS.test(lowered)) return ALWAYS;
  const rules = new Set<Rule>(ALWAYS);
  for (const match of matchesOf(KEYWORDS, lowered)) {
    for (const rule of RULES_AT_KEYWORD.get(match[0]) ?? []) rules.add(rule);
    // Keywords overlap ("a3t" ends where "t3blbkfj" of an OpenAI key starts): search on from the
    // next character, not past the match.
    KEYWORDS.lastIndex = match.index + 1;
  }
  return rules;
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', end);
  return text.slice(from, to === -1 ? text.length : to);
}

function allowed(lists: Allowlist[], secret: string, match: string, line: () => string): boolean {
  return lists.some((list) => {
    const target = list.target === 'secret' ? secret : list.target === 'match' ? match : line();
    if (list.regexes.some((regex) => regex.test(target))) return true;
    const lower = secret.toLowerCase();
    return list.stopwords.some((word) => lower.includes(word));
  });
}

/**
 * A secret group without the quotes around it (hashicorp-tf-password's has them), since replacing
 * them would break the JSON or code the secret sits in, and without a sentence's full stop
 * (gitleaks' generic value may end in `.`).
 */
function trimmedSpan(text: string, [start, end]: [number, number]): [number, number] {
  const first = text.charAt(start);
  const quoted =
    end - start > 2 && (first === '"' || first === "'") && text.charAt(end - 1) === first;
  const from = quoted ? start + 1 : start;
  let to = quoted ? end - 1 : end;
  while (to - from > 1 && text.charAt(to - 1) === '.') to -= 1;
  return [from, to];
}

/**
 * Extra allowlist of the context rules (task-values.ts): a placeholder is no secret under any
 * name, and gitleaks' generic rule fires on names about a secret (next_page_token, token_count).
 */
function contextAllowed(rule: Rule, secret: string, match: string): boolean {
  if (!CONTEXT_RULES.has(rule.id)) return false;
  return isPlaceholder(secret) || namesNoSecret(/^[\w.-]*/.exec(match)?.[0] ?? '');
}

function findingsOf(rule: Rule, text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  let previousEnd = 0;
  for (const match of matchesOf(rule.regex, text)) {
    let matchStart = match.index;
    const floor = Math.max(previousEnd, matchStart - rule.reachBack);
    while (matchStart > floor && IDENTIFIER_CHAR.test(text.charAt(matchStart - 1))) matchStart -= 1;
    const matched = text.slice(matchStart, match.index + match[0].length);
    previousEnd = match.index + match[0].length;
    const indices = match.indices ?? [];
    let group = rule.secretGroup ?? 0;
    if (rule.secretGroup === undefined) {
      const first = match.findIndex(
        (value, index) => index > 0 && value !== undefined && value !== '',
      );
      group = first === -1 ? 0 : first;
    }
    const span = indices[group] ?? indices[0];
    if (span === undefined) continue;
    const [start, end] = trimmedSpan(text, span);
    const secret = text.slice(start, end);
    if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) continue;
    const line = () => lineAround(text, start, end);
    if (allowed(GLOBAL_ALLOWLISTS, secret, matched, line)) continue;
    if (allowed(rule.allowlists, secret, matched, line)) continue;
    if (contextAllowed(rule, secret, matched)) continue;
    findings.push({ rule: rule.id, start, end });
  }
  return findings;
}

function scan(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const rule of candidateRules(text)) found.push(...findingsOf(rule, text));
  found.push(...findNamedSecrets(text));
  const findings = withoutFlags(text, found);
  return findings.length < 2
    ? findings
    : findings.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** What the cache keeps for the (many) texts without a secret: one list for all of them. */
const NO_FINDINGS: readonly SecretFinding[] = Object.freeze([]);

/**
 * Findings of texts scanned before. Rollouts repeat texts (the system prompt, tool descriptions
 * and names, the task prompt of every rollout in a group, short replies), and looking a text up
 * costs a hash and a compare where scanning it again costs the keyword search and the rules.
 * Texts longer than V8 hashes in full are left out (their hash is their length alone), and the
 * cache starts afresh once it holds CACHE_CHARS or CACHE_TEXTS, so memory stays bounded.
 */
const CACHED_MAX_LENGTH = 16_000;
const CACHE_CHARS = 8_000_000;
const CACHE_TEXTS = 100_000;
const scanned = new Map<string, readonly SecretFinding[]>();
let scannedChars = 0;

/** Drops every kept finding (an import's end, see forgetRepeatedTexts); returns how many. */
export function forgetScannedTexts(): number {
  const kept = scanned.size;
  scanned.clear();
  scannedChars = 0;
  return kept;
}

/**
 * Every secret in the text, ordered by position; overlapping findings are kept (see redact). The
 * list may be shared with earlier calls for the same text: read it, do not change it.
 */
export function findSecrets(text: string): readonly SecretFinding[] {
  if (text.length < 8) return [];
  if (text.length > CACHED_MAX_LENGTH) return scan(text);
  const known = scanned.get(text);
  if (known !== undefined) return known;
  const found = scan(text);
  const findings =
    found.length === 0
      ? NO_FINDINGS
      : Object.freeze(found.map((finding) => Object.freeze(finding)));
  if (scannedChars + text.length > CACHE_CHARS || scanned.size >= CACHE_TEXTS) {
    forgetScannedTexts();
  }
  scanned.set(text, findings);
  scannedChars += text.length;
  return findings;
}
