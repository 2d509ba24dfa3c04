// Request shapes browser mode refuses with 400 before any handler sees them: a method name with
// broken percent-encoding, JSON nested past a depth no API method needs (deep nesting costs stack
// in schema validation and in the copy to the engine worker), and a request with two Host headers
// (which proxies and this server could read differently).

/** No API request nests deeper than this (filters, mappings and specs stay under 10). */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, outside strings. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (ch === 0x5d || ch === 0x7d) depth -= 1;
  }
  return deepest;
}

/** The API method named by a path, or null when its percent-encoding is broken. */
export function methodFromPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.slice('/api/'.length));
  } catch {
    return null;
  }
}

/** How many Host headers the request carried (Node keeps only the first in `headers`). */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === 'host') count += 1;
  }
  return count;
}
