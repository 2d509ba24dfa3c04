// Tool-call arguments and metadata are stored as JSON text; show them indented when they parse,
// and as the raw text when they do not (a malformed record is still worth reading).
export function prettyJson(text: string): { text: string; parsed: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), parsed: true };
  } catch {
    return { text, parsed: false };
  }
}
