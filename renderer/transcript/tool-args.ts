// Tool-call arguments split into fields, each classified by how it reads best: code-like text
// (by field name, tool name or content) keeps its line breaks and gets its language from a sibling
// path or the tool; an old_str/new_str pair is an edit.

import { languageOfArgument } from './code-language';

export type ArgField =
  | { kind: 'code'; name: string; text: string; language: string | null }
  | { kind: 'text'; name: string; text: string }
  | { kind: 'json'; name: string; text: string; value: unknown }
  | { kind: 'edit'; name: string; oldText: string; newText: string };

const CODE_FIELDS =
  /^(code|command|cmd|content|contents|file_text|new_str|old_str|patch|diff|script|source|input|text)$/i;
// `run` only with what it runs: run_tests or run_query take no code.
const CODE_TOOLS =
  /(bash|python|shell|execute|exec|terminal|ipython|run_(command|code|script|shell))/i;

/** Multi-line text is code-like wherever it sits; single-line text only in a code field. */
function isCodeLike(tool: string, field: string, text: string): boolean {
  if (text.includes('\n')) return true;
  return CODE_FIELDS.test(field) && (CODE_TOOLS.test(tool) || text.length > 60);
}

/** The fields of a JSON-object argument string, or null when it is not a JSON object. */
export function argFields(tool: string, args: string): ArgField[] | null {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const fields: ArgField[] = [];
  const pair = typeof record.old_str === 'string' && typeof record.new_str === 'string';
  for (const [name, v] of Object.entries(record)) {
    if (pair && name === 'new_str') continue;
    if (pair && name === 'old_str') {
      fields.push({
        kind: 'edit',
        name: 'old_str → new_str',
        oldText: v as string,
        newText: record.new_str as string,
      });
    } else if (typeof v === 'string') {
      fields.push(
        isCodeLike(tool, name, v)
          ? { kind: 'code', name, text: v, language: languageOfArgument(tool, name, record) }
          : { kind: 'text', name, text: v },
      );
    } else if (v === null || typeof v !== 'object') {
      // A number, boolean or null reads inline, like a short string.
      fields.push({ kind: 'text', name, text: JSON.stringify(v) });
    } else {
      fields.push({ kind: 'json', name, text: JSON.stringify(v, null, 2), value: v });
    }
  }
  return fields;
}
