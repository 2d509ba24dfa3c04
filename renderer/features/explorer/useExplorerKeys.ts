// j/k (or the arrows) move the selection in the explorer, Enter opens the selected trajectory.
// With `global`, the keys work whenever focus is not in a text field or a dialog.
import { usePageKeys } from '../../hooks/usePageKeys';
import { isTypingTarget } from '../../hooks/is-typing-target';

/** Enter on a button or link activates it rather than opening the selected row. */
function isControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('button, a[href], [role="button"], [role="checkbox"], [role="tab"]') !== null
  );
}

export type ExplorerKeyActions = { move: (delta: number) => void; open: () => void };

/** Handles one key; true when it was the explorer's. */
export function handleExplorerKey(
  event: {
    key: string;
    altKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    target: EventTarget | null;
  },
  actions: ExplorerKeyActions,
): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return false;
  if (event.key === 'j' || event.key === 'ArrowDown') actions.move(1);
  else if (event.key === 'k' || event.key === 'ArrowUp') actions.move(-1);
  else if (event.key === 'Enter' && !isControl(event.target)) actions.open();
  else return false;
  return true;
}

/** With `enabled`, the keys work anywhere on the page, not only when the grid has focus. */
export function useGlobalExplorerKeys(enabled: boolean, actions: ExplorerKeyActions): void {
  usePageKeys(
    (event) =>
      // Keys typed inside the grid are handled by the grid itself.
      !(event.target instanceof Element && event.target.closest('[role="grid"]') !== null) &&
      handleExplorerKey(event, actions),
    enabled,
  );
}
