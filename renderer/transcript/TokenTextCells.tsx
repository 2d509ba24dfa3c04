// A turn's tokens as text cells coloured by their policy log-prob, readable without hovering;
// hovering a cell still reports its values in the strips' readout.
import { memo } from 'react';
import type { Bucket } from './heat-scale';
import { inkOn, tokenLabel } from './token-cells';
import { tokenTextCellsClasses } from './token-text-cells-styles';

type Props = {
  tokens: (string | null)[];
  ids: number[];
  values: (number | null)[];
  color: (value: number | null) => string;
  onHover: (bucket: Bucket | null) => void;
};

export const TokenTextCells = memo(function TokenTextCells({
  tokens,
  ids,
  values,
  color,
  onHover,
}: Props) {
  return (
    <div
      className={tokenTextCellsClasses.text}
      data-testid="token-text"
      onMouseLeave={() => onHover(null)}
    >
      {tokens.map((text, i) => {
        const value = values[i] ?? null;
        const background = color(value);
        return (
          <span
            key={i}
            className={tokenTextCellsClasses.token}
            data-testid="token-cell"
            style={{ backgroundColor: background, color: inkOn(background) }}
            onMouseEnter={() =>
              onHover({ start: i, end: i + 1, mean: value, min: value, max: value })
            }
          >
            {tokenLabel(text, ids[i])}
          </span>
        );
      })}
    </div>
  );
});
