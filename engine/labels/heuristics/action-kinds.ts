// What kind of action a step is, from its tool name and arguments (or its text for actions without
// tool calls): a finishing action, a state change, or a look-up; and which paths it touches.
// Names are matched by their words (read_file, readFile and read-file all give read, file).

export type ActionKind = 'finish' | 'state_change' | 'lookup';

export interface ActionCall {
  name: string;
  /** Canonical JSON text of the arguments. */
  arguments: string;
}

export interface ActionFacts {
  kind: ActionKind;
  /** Paths named in the arguments (path, file, ...). */
  paths: string[];
  /** Changes an existing file in place (an edit, replace, patch or sed -i), not a new write. */
  inPlaceEdit: boolean;
}

const FINISH_WORDS = new Set(['submit', 'finish', 'final', 'done', 'complete', 'completion']);
const FINISH_NAMES = new Set(['answer', 'terminate', 'end_episode', 'task_complete']);
const STATE_WORDS = new Set([
  'edit', 'write', 'create', 'delete', 'remove', 'rm', 'move', 'mv', 'rename', 'patch', 'apply',
  'insert', 'replace', 'update', 'set', 'put', 'post', 'add', 'append', 'modify', 'save', 'commit',
  'push', 'install', 'upload', 'send', 'click', 'type', 'book', 'buy', 'cancel', 'transfer',
  'exchange', 'return', 'take', 'pick', 'drop', 'close', 'toggle', 'heat', 'cool', 'clean', 'slice',
]); // prettier-ignore
/** A name that starts with one of these reads, whatever follows (get_type, list_updates). */
const READ_FIRST_WORDS = new Set([
  'get', 'read', 'list', 'search', 'find', 'view', 'show', 'cat', 'grep', 'ls', 'fetch', 'query',
  'lookup', 'look', 'check', 'inspect', 'describe', 'think', 'calculate',
]); // prettier-ignore
const IN_PLACE_WORDS = new Set(['edit', 'replace', 'patch', 'insert', 'modify', 'update']);
const SHELL_WORDS = new Set([
  'bash',
  'shell',
  'sh',
  'terminal',
  'exec',
  'execute',
  'cmd',
  'command',
]);
/** Editor tools with a sub-command argument (SWE-agent / OpenHands str_replace_editor). */
const EDITOR_READ_COMMANDS = new Set(['view', 'show', 'read', 'open', 'find', 'search']);
const PATH_KEYS = ['path', 'file', 'file_path', 'filepath', 'filename', 'target', 'dest'];
const COMMAND_KEYS = ['command', 'cmd', 'code', 'script', 'input'];

const SHELL_WRITE =
  /(?:^|[;&|(]\s*|\bsudo\s+)(?:rm|mv|cp|touch|mkdir|rmdir|chmod|chown|ln|patch|tee|truncate|dd)\b|\bsed\s+(?:-[a-zA-Z]*i|--in-place)|(?:^|[^0-9&<>])>{1,2}\s*(?!\/dev\/null)[^&\s]|\bgit\s+(?:commit|apply|checkout|reset|rebase|merge|stash|am|cherry-pick|restore|rm|mv|add)\b|\b(?:pip3?|npm|yarn|pnpm|apt|apt-get|conda|poetry|cargo)\s+(?:install|add|remove|uninstall)\b/m;
const SHELL_IN_PLACE = /\bsed\s+(?:-[a-zA-Z]*i|--in-place)|\bpatch\b|\bgit\s+apply\b/;

/** The words of a name: snake_case, kebab-case, dotted and camelCase parts, lower-cased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function stringField(args: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

/** The shell's way to end an episode (mini-swe-agent echoes a sentinel; SWE-agent has submit). */
const SHELL_SUBMIT = /^\s*submit\b|COMPLETE_TASK_AND_SUBMIT/m;

function shellFacts(command: string): ActionFacts {
  if (SHELL_SUBMIT.test(command)) return { kind: 'finish', paths: [], inPlaceEdit: false };
  const writes = SHELL_WRITE.test(command);
  return {
    kind: writes ? 'state_change' : 'lookup',
    // Paths inside a command line are not parsed: the whole command is the "path" for matching.
    paths: writes ? [command] : [],
    inPlaceEdit: writes && SHELL_IN_PLACE.test(command),
  };
}

function callFacts(call: ActionCall): ActionFacts {
  const words = nameWords(call.name);
  const args = parseArguments(call.arguments);
  const path = stringField(args, PATH_KEYS);
  const paths = path === null ? [] : [path];
  if (FINISH_NAMES.has(call.name.toLowerCase()) || words.some((w) => FINISH_WORDS.has(w)))
    return { kind: 'finish', paths, inPlaceEdit: false };
  const command = stringField(args, COMMAND_KEYS);
  if (command !== null && words.some((w) => SHELL_WORDS.has(w))) return shellFacts(command);
  // An editor tool's sub-command says whether it reads or writes.
  const subcommand = words.includes('editor') && command !== null ? command.toLowerCase() : null;
  if (subcommand !== null) {
    if (EDITOR_READ_COMMANDS.has(subcommand)) return { kind: 'lookup', paths, inPlaceEdit: false };
    const sub = nameWords(subcommand);
    return { kind: 'state_change', paths, inPlaceEdit: sub.some((w) => IN_PLACE_WORDS.has(w)) };
  }
  if (READ_FIRST_WORDS.has(words[0] ?? '')) return { kind: 'lookup', paths, inPlaceEdit: false };
  if (words.some((w) => STATE_WORDS.has(w)))
    return { kind: 'state_change', paths, inPlaceEdit: words.some((w) => IN_PLACE_WORDS.has(w)) };
  return { kind: 'lookup', paths, inPlaceEdit: false };
}

const KIND_ORDER: Record<ActionKind, number> = { lookup: 0, state_change: 1, finish: 2 };

/**
 * The facts of an action: with several tool calls, the strongest kind wins (finish over state
 * change over look-up) and the paths are pooled. An action without tool calls is read from its
 * last fenced shell block, else its text's first word (ReAct `Action: click[...]`, ALFWorld
 * `go to ...`).
 */
export function actionFacts(calls: readonly ActionCall[], text: string): ActionFacts {
  if (calls.length === 0) {
    // A fenced shell block (mini-swe-agent, SWE-agent text actions): its last block is the action.
    const blocks = [...text.matchAll(/```(?:bash|sh|shell|console)?\n([\s\S]*?)```/g)];
    const block = blocks[blocks.length - 1]?.[1];
    if (block !== undefined) return shellFacts(block);
    const match = /^(?:action:\s*)?([A-Za-z_][\w-]*)/i.exec(text.trim());
    return callFacts({ name: match?.[1] ?? '', arguments: '{}' });
  }
  const facts = calls.map(callFacts);
  const strongest = facts.reduce((a, b) => (KIND_ORDER[b.kind] > KIND_ORDER[a.kind] ? b : a));
  return {
    kind: strongest.kind,
    paths: facts.flatMap((f) => f.paths),
    inPlaceEdit: facts.some((f) => f.inPlaceEdit),
  };
}

const TEST_PATH =
  /(?:^|[\s/'"])(?:tests?|__tests__|spec)\/|(?:^|[\s/'"])test_[\w-]*\.py\b|_test\.(?:py|go|rb)\b|\.(?:test|spec)\.[cm]?[jt]sx?\b/;

/** Whether a path (or a command line) names a test file or a test folder. */
export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}
