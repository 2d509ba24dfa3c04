// The Markdown worker: parses one message at a time off the page's thread, so a message that
// makes the parser slow freezes nothing; the page ends it when it runs past its budget
// (markdown-parser.ts).
import { parseMarkdown } from './markdown-parse';
import type { ParseReply, ParseRequest } from './markdown-parser';

/** The slice of a dedicated worker's global scope used here (the renderer is typed for pages). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage: (reply: ParseReply) => void;
};

scope.onmessage = (event) => {
  const { id, text } = event.data;
  scope.postMessage({ id, result: parseMarkdown(text) });
};
scope.postMessage({ id: 'ready' });
