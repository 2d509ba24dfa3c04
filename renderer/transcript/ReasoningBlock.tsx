// The model's reasoning, collapsed by default and muted: it is context, not the action.
import { useState } from 'react';
import { formatCount } from '../components/format';
import { HighlightedText, matchRanges } from './HighlightedText';
import { reasoningBlockClasses } from './reasoning-block-styles';

export function ReasoningBlock({ text, highlight = '' }: { text: string; highlight?: string }) {
  // Unset until toggled: then it opens by itself while a search matches inside it.
  const [toggled, setOpen] = useState<boolean | null>(null);
  const open = toggled ?? matchRanges(text, highlight).length > 0;
  return (
    <div>
      <button
        type="button"
        className={reasoningBlockClasses.toggle}
        onClick={() => setOpen(!open)}
        aria-expanded={open}
      >
        {open ? '▾' : '▸'} Reasoning ({formatCount(text.length)} chars)
      </button>
      {open && (
        <pre className={reasoningBlockClasses.reasoning} data-testid="turn-reasoning">
          <HighlightedText text={text} query={highlight} />
        </pre>
      )}
    </div>
  );
}
