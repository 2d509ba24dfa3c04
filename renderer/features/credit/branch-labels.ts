// What tells the continuations of one branch point apart (docs/credit.md, turn trees). Siblings
// often call the same tool, so the tool name alone reads the same on every row: a call shows the
// arguments whose values differ from the siblings' calls of the same tool (all of them when the
// tool is the difference), and a plain message shows its text.
export interface BranchTurn {
  role: string | null;
  preview: string | null;
  tool_calls: readonly { name: string; arguments: string }[];
}

const VALUE_CHARS = 60;
const TEXT_CHARS = 90;

function argumentsOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    // Cut at 400 characters or not JSON: shown as text.
    return null;
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function shortValue(value: unknown): string {
  const text = oneLine(typeof value === 'string' ? value : JSON.stringify(value));
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
}

/**
 * Keys of the call at `position` that tell it apart from the siblings' calls of the same tool
 * there: values not the same in all of them, or keys some of them lack. Null: show every key
 * (the tool alone tells the call apart, or nothing does).
 */
function differingKeys(siblings: readonly BranchTurn[], position: number, name: string) {
  const calls = siblings
    .map((sibling) => sibling.tool_calls[position])
    .filter((call) => call?.name === name)
    .map((call) => argumentsOf(call?.arguments ?? ''));
  if (calls.length < 2 || calls.some((args) => args === null)) return null;
  const keys = new Set(calls.flatMap((args) => Object.keys(args ?? {})));
  const differing = new Set<string>();
  for (const key of keys) {
    const values = new Set(
      calls.map((args) => (args && key in args ? JSON.stringify(args[key]) : '')),
    );
    if (values.size > 1) differing.add(key);
  }
  return differing.size > 0 ? differing : null;
}

function callLabel(call: { name: string; arguments: string }, keys: Set<string> | null): string {
  const args = argumentsOf(call.arguments);
  if (args === null) return `${call.name}(${shortValue(call.arguments)})`;
  const shown = Object.entries(args).filter(([key]) => keys === null || keys.has(key));
  return `${call.name}(${shown.map(([key, value]) => `${key}=${shortValue(value)}`).join(', ')})`;
}

/** One label per sibling, in order. */
export function branchLabels(siblings: readonly BranchTurn[]): string[] {
  return siblings.map((sibling) => {
    const text = oneLine(sibling.preview ?? '');
    const calls = sibling.tool_calls.map((call, position) =>
      callLabel(call, differingKeys(siblings, position, call.name)),
    );
    const said =
      text === '' ? '' : text.slice(0, TEXT_CHARS) + (text.length > TEXT_CHARS ? '…' : '');
    const parts = [said, ...calls].filter((part) => part !== '');
    return `${sibling.role ?? ''} · ${parts.length > 0 ? parts.join(' · ') : '(empty)'}`;
  });
}
