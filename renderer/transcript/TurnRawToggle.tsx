// Switches one message turn between its Markdown rendering and the exact stored text.
import { turnCardClasses } from './turn-card-styles';
import { turnRawToggleClasses } from './turn-raw-toggle-styles';

type Props = { raw: boolean; onToggle: () => void };

export function TurnRawToggle({ raw, onToggle }: Props) {
  return (
    <button
      type="button"
      className={`${turnCardClasses.chip} ${turnRawToggleClasses.raw}`}
      title={raw ? 'Show this turn as Markdown' : "Show this turn's exact stored text"}
      aria-pressed={raw}
      data-testid="turn-raw-toggle"
      onClick={onToggle}
    >
      raw
    </button>
  );
}
