// Switches one message turn between its Markdown rendering and the exact stored text.

type Props = { raw: boolean; onToggle: () => void };

export function TurnRawToggle({ raw, onToggle }: Props) {
  return (
    <button
      type="button"
      className="tw-chip tw-raw"
      title={raw ? 'Show this turn as Markdown' : "Show this turn's exact stored text"}
      aria-pressed={raw}
      data-testid="turn-raw-toggle"
      onClick={onToggle}
    >
      raw
    </button>
  );
}
