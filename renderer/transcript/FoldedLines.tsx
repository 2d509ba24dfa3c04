// Long output folded to its head and tail with a count of the hidden lines and a button to
// expand; the virtualized list re-measures the card on its own when the height changes.
import { useState } from 'react';
import type { ReactNode } from 'react';
import { formatCount } from '../components/format';
import { foldLines } from './tool-output';
import { foldedLinesClasses } from './folded-lines-styles';

type Props = { text: string; render: (text: string) => ReactNode };

export function FoldedLines({ text, render }: Props) {
  const [open, setOpen] = useState(false);
  const fold = open ? null : foldLines(text);
  if (fold === null) return <>{render(text)}</>;
  return (
    <>
      {render(fold.head)}
      {'\n'}
      <button
        type="button"
        className={foldedLinesClasses.fold}
        onClick={() => setOpen(true)}
        data-testid="output-fold"
      >
        … {formatCount(fold.hidden)} lines hidden, show all
      </button>
      {'\n'}
      {render(fold.tail)}
    </>
  );
}
