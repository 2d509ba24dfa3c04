// Line-level edits of INI text, the way an agent edits a config file: change a key's line in place,
// add it under its section, or append a new section. Comments and layout are preserved.

interface KeyLocation {
  sectionStart: number;
  sectionEnd: number;
  keyLine: number | null;
}

function locate(lines: string[], section: string, key: string): KeyLocation | null {
  const start = lines.findIndex((line) => line.trim() === `[${section}]`);
  if (start < 0) return null;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i += 1) {
    if (/^\s*\[/.test(lines[i] as string)) {
      end = i;
      break;
    }
  }
  let keyLine: number | null = null;
  for (let i = start + 1; i < end; i += 1) {
    const match = /^\s*([^=:#;\s][^=:]*?)\s*[=:]/.exec(lines[i] as string);
    if (match !== null && (match[1] as string).toLowerCase() === key) keyLine = i;
  }
  return { sectionStart: start, sectionEnd: end, keyLine };
}

/** The exact line that sets `key` in `[section]`, if present. */
export function keyLine(text: string, section: string, key: string): string | null {
  const lines = text.split('\n');
  const location = locate(lines, section, key);
  return location?.keyLine == null ? null : (lines[location.keyLine] as string);
}

export function hasSection(text: string, section: string): boolean {
  return text.split('\n').some((line) => line.trim() === `[${section}]`);
}

/** Returns the text with `key = value` set in `[section]` (replaced, inserted, or appended). */
export function setIniValue(text: string, section: string, key: string, value: string): string {
  const lines = text.split('\n');
  const location = locate(lines, section, key);
  const line = `${key} = ${value}`;
  if (location === null) {
    const body = text.endsWith('\n') ? text : `${text}\n`;
    return `${body}\n[${section}]\n${line}\n`;
  }
  if (location.keyLine !== null) {
    lines[location.keyLine] = line;
  } else {
    lines.splice(location.sectionStart + 1, 0, line);
  }
  return lines.join('\n');
}

/** An INI file holding only the given values: what an agent writes when it never read the file. */
export function iniFromValues(
  values: readonly { section: string; key: string; value: string }[],
  header: string,
): string {
  const sections = new Map<string, string[]>();
  for (const { section, key, value } of values) {
    const lines = sections.get(section) ?? [];
    lines.push(`${key} = ${value}`);
    sections.set(section, lines);
  }
  const blocks = [...sections].map(([section, lines]) => [`[${section}]`, ...lines].join('\n'));
  return `${header}\n\n${blocks.join('\n\n')}\n`;
}
