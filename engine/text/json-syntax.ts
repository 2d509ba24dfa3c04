// JSON parse failures described without the input. V8's JSON.parse messages quote it
// (`Unexpected token 'r', "root:x:0:0"... is not valid JSON`), and the API returns error messages
// to the page, so quoting them would let a page read the first bytes of any file it can name
// (docs/security.md). A problem here says where (line, column, position) and why, never what.
import { TurnwiseError } from '../../shared/result';
import { jsonErrorOffset } from './json-error-offset';

export interface JsonProblem {
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
  /** 0-based character offset where the text stops being valid JSON. */
  position: number;
  /** V8's reason when it quotes nothing of the input, else a fixed phrase. */
  reason: string;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: JsonProblem };

// V8's reasons that carry no input; anything else (`Unexpected token 'x', "…"`, `"…" is not valid
// JSON`, older `Unexpected token x`) may quote the text, so it becomes UNEXPECTED.
const CONTENT_FREE_REASON =
  /^(Unexpected end of JSON input|Unterminated string|Bad control character in string literal|Bad escaped character|Bad Unicode escape|No number after minus sign|Exponent part is missing a number|Unterminated fractional number|Unexpected non-whitespace character after JSON|Expected [^"\n]{1,60})$/;
const UNEXPECTED = 'unexpected character';

const AT_POSITION = / (?:in JSON )?at position (\d+).*$/s;

function reasonOf(message: string): string {
  const head = message.replace(AT_POSITION, '');
  if (!CONTENT_FREE_REASON.test(head)) return UNEXPECTED;
  return head.charAt(0).toLowerCase() + head.slice(1);
}

/** Where and why `text` is not JSON, given the error JSON.parse threw for it. */
export function jsonProblem(text: string, error: unknown): JsonProblem {
  const message = error instanceof Error ? error.message : '';
  // V8's own position where it gives one; messages that quote the input give none.
  const given = AT_POSITION.exec(message)?.[1];
  const position = given === undefined ? jsonErrorOffset(text) : Number(given);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < position && i < text.length; i += 1) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1, position, reason: reasonOf(message) };
}

/** `line 3, column 7: unexpected character`. */
export function describeJsonProblem(problem: JsonProblem): string {
  return `line ${problem.line}, column ${problem.column}: ${problem.reason}`;
}

/** JSON.parse that never throws and whose failure quotes nothing of the text. */
export function parseJsonText(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, problem: jsonProblem(text, error) };
  }
}

/** A file's text as JSON; otherwise invalid_input naming the file, the place and the reason. */
export function parseJsonFile(file: string, text: string): unknown {
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed.value;
  throw new TurnwiseError(
    'invalid_input',
    `${file}: not valid JSON (${describeJsonProblem(parsed.problem)})`,
  );
}
