// Prose with its fenced code blocks set apart and coloured by token (React text, never HTML). A
// redaction marker inside a token (the usual case: a string or a value) shows as its chip.
import { useMemo } from 'react';
import { languageOfFence } from './code-language';
import { resolveLanguage, splitFences, tokenizeCode } from './code-tokens';
import { RedactedText } from './RedactedText';
import { codeTextClasses, codeTokenClass } from './code-text-styles';

type Props = {
  text: string;
  /** The text is all code (a file view, an argument), not prose with fences. */
  whole?: boolean;
  /** The language of whole text when the transcript names it; else it is detected. */
  language?: string | null;
};

function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const resolved = useMemo(() => resolveLanguage(code, language), [code, language]);
  const tokens = useMemo(() => tokenizeCode(code, resolved), [code, resolved]);
  return (
    <span className={codeTextClasses.code} data-language={resolved ?? ''} data-testid="code-block">
      {tokens.map((token, j) =>
        token.kind === 'plain' ? (
          <RedactedText key={j} text={token.text} />
        ) : (
          <span key={j} className={codeTokenClass(token.kind)}>
            <RedactedText text={token.text} />
          </span>
        ),
      )}
    </span>
  );
}

export function CodeText({ text, whole = false, language = null }: Props) {
  const parts = whole ? [{ kind: 'code' as const, text, language: '' }] : splitFences(text);
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          <RedactedText key={i} text={part.text} />
        ) : (
          <CodeBlock
            key={i}
            code={part.text}
            language={whole ? language : languageOfFence(part.language ?? '')}
          />
        ),
      )}
    </>
  );
}
