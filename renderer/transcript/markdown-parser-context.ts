// The Markdown parser the transcript uses: by default one for the whole page, with a module
// worker built by Vite and loaded from 'self' (the CSP's worker-src allows it). Tests provide
// their own through the context.
import { createContext } from 'react';
import { MarkdownParser, type ParseReply, type ParseWorkerFactory } from './markdown-parser';

export function browserWorkerFactory(): ParseWorkerFactory | null {
  if (typeof Worker === 'undefined') return null;
  return (onReply, onFailure) => {
    const worker = new Worker(new URL('./markdown-parse.worker.ts', import.meta.url), {
      type: 'module',
      name: 'markdown',
    });
    worker.onmessage = (event: MessageEvent<ParseReply>) => onReply(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      onFailure(`the Markdown worker failed (${event.message || 'it did not load'})`);
    };
    worker.onmessageerror = () => onFailure('the Markdown worker sent an unreadable answer');
    return {
      post: (request) => worker.postMessage(request),
      terminate: () => worker.terminate(),
    };
  };
}

export const MarkdownParserContext = createContext(
  new MarkdownParser({ createWorker: browserWorkerFactory() }),
);
