// Python tracebacks in tool output, line by line, so the frames and the exception stand out.

export type TracebackLineKind = 'header' | 'frame' | 'code' | 'exception' | 'plain';

const HEADER = /^\s*Traceback \(most recent call last\):\s*$/;
const FRAME = /^\s+File "(.+)", line \d+(, in .+)?$/;
const EXCEPTION =
  /^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt|Warning|Fault)(: .*)?$|^[A-Z]\w+Error\b/;

/** Each line's part in the tracebacks of a text, or null when it holds no traceback. */
export function tracebackLines(text: string): TracebackLineKind[] | null {
  const lines = text.split('\n');
  if (!lines.some((line) => HEADER.test(line))) return null;
  let inside = false;
  return lines.map((line) => {
    if (HEADER.test(line)) {
      inside = true;
      return 'header';
    }
    if (!inside) return 'plain';
    if (FRAME.test(line)) return 'frame';
    if (/^\s/.test(line) && line.trim() !== '') return 'code';
    inside = false;
    return EXCEPTION.test(line.trim()) ? 'exception' : 'plain';
  });
}
