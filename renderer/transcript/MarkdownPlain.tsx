// A message shown as its plain text inside the Markdown view: while its parse is pending (no
// note), or for good when it is past a cap or its parse failed or ran too long (with the reason).
// Redactions are chips here as in the parsed view, so the text does not change form as it loads.
import { RedactedText } from './RedactedText';
import { markdownPlainClasses } from './markdown-plain-styles';
import { turnCardClasses } from './turn-card-styles';

export function MarkdownPlain({ text, reason }: { text: string; reason?: string }) {
  return (
    <>
      {reason !== undefined && (
        <div className={turnCardClasses.note} role="note" data-testid="markdown-plain-note">
          Shown as plain text: {reason}.
        </div>
      )}
      <div
        className={markdownPlainClasses.plain}
        data-testid="markdown-plain"
        data-state={reason === undefined ? 'pending' : 'plain'}
      >
        <RedactedText text={text} />
      </div>
    </>
  );
}
