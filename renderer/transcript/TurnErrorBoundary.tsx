// Keeps a render error inside its turn: the card is replaced by the turn's index, role and text as
// plain text with a note, and the other turns and the page keep working. A new turn object (the
// trajectory reloaded) renders the card anew.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Turn } from '../../shared/model';
import { roleClass, turnCardClasses } from './turn-card-styles';
import { turnContentClasses } from './turn-content-styles';

const c = turnCardClasses;

type Props = {
  turn: Turn;
  children: ReactNode;
  /** Give the fallback the card's `turn-N` id (not where two cards show the same index). */
  anchored?: boolean;
};
type State = { error: Error | null; turn: Turn };

export class TurnErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, turn: this.props.turn };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.turn === state.turn ? null : { error: null, turn: props.turn };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(
      `Turn ${this.props.turn.turn_index} failed to render`,
      error,
      info.componentStack,
    );
  }

  override render(): ReactNode {
    const { error } = this.state;
    const { turn, anchored = true } = this.props;
    if (error === null) return this.props.children;
    return (
      <section
        className={`${c.turn} ${roleClass(turn.role)}`}
        data-testid="turn"
        data-role={turn.role}
        data-render-error="true"
        id={anchored ? `turn-${turn.turn_index}` : undefined}
        aria-label={`Turn ${turn.turn_index}, ${turn.role}`}
      >
        <div className={c.head}>
          <span className={c.index}>#{turn.turn_index}</span>
          <span className={`${c.chip} ${roleClass(turn.role)}`} data-testid="role-chip">
            {turn.role}
          </span>
        </div>
        <div className={c.note} role="note" data-testid="turn-render-error">
          This turn could not be shown ({error.message || error.name}); its text is shown plain.
        </div>
        <pre className={turnContentClasses.content} data-testid="turn-content">
          {turn.content}
        </pre>
      </section>
    );
  }
}
