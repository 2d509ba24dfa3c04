// Prose with its fenced code blocks set apart and coloured by token (React text, never HTML).
import { Fragment } from 'react';
import { splitFences, tokenizeCode } from './code-tokens';

/** `whole`: the text is all code (a file view), not prose with fences. */
export function CodeText({ text, whole = false }: { text: string; whole?: boolean }) {
  const parts = whole ? [{ kind: 'code' as const, text, language: '' }] : splitFences(text);
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <span key={i} className="tw-code" data-language={part.language} data-testid="code-block">
            {tokenizeCode(part.text).map((token, j) =>
              token.kind === 'plain' ? (
                <Fragment key={j}>{token.text}</Fragment>
              ) : (
                <span key={j} className={`tw-code-${token.kind}`}>
                  {token.text}
                </span>
              ),
            )}
          </span>
        ),
      )}
    </>
  );
}
