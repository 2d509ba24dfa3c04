// Where a top-level key's list lives in a JSON document, so records nested under it (Inspect
// `samples`, tau2 `simulations`) report the line they start on. Shared by inspect and tau-bench.
import { lineAt, splitTopLevelArray, type ArrayElement } from '../json-document';

/** Character offset of the value of `key` in the top-level object of `text`, or -1. */
export function topLevelValueOffset(text: string, key: string): number {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i += 1;
      if (depth !== 1) continue;
      let j = i;
      while (j < text.length && /\s/.test(text[j] ?? '')) j += 1;
      if (text[j] !== ':') continue;
      let name: unknown;
      try {
        name = JSON.parse(text.slice(start, i));
      } catch {
        continue;
      }
      if (name !== key) continue;
      j += 1;
      while (j < text.length && /\s/.test(text[j] ?? '')) j += 1;
      return j;
    }
    if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') depth -= 1;
    i += 1;
  }
  return -1;
}

/**
 * The elements of the list under a top-level key with the absolute line each starts on, or null
 * when the key is missing or its value is not a list.
 */
export function topLevelListElements(text: string, key: string): ArrayElement[] | null {
  const offset = topLevelValueOffset(text, key);
  if (offset < 0) return null;
  const elements = splitTopLevelArray(text.slice(offset));
  if (elements === null) return null;
  const base = lineAt(text, offset) - 1;
  return elements.map((element) => ({ line: element.line + base, text: element.text }));
}
