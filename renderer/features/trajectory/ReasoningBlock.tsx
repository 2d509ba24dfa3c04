// The model's reasoning, collapsed by default and muted: it is context, not the action.
import { useState } from 'react';
import { formatCount } from '../../components/format';

export function ReasoningBlock({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="tw-toggle"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        {open ? '▾' : '▸'} Reasoning ({formatCount(text.length)} chars)
      </button>
      {open && (
        <pre className="tw-reasoning" data-testid="turn-reasoning">
          {text}
        </pre>
      )}
    </div>
  );
}
