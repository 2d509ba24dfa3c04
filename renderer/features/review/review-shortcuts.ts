// The review screen's keys, in one list: the key handler and the shortcut sheet both read it.
export interface ReviewShortcut {
  keys: readonly string[];
  what: string;
}

export const REVIEW_SHORTCUTS: readonly ReviewShortcut[] = [
  { keys: ['a'], what: 'Approve the proposed label' },
  { keys: ['r'], what: 'Reject the proposal' },
  { keys: ['1'], what: 'Relabel as decisive progress' },
  { keys: ['2'], what: 'Relabel as useful exploration' },
  { keys: ['3'], what: 'Relabel as no-progress infrastructure' },
  { keys: ['4'], what: 'Relabel as regression' },
  { keys: ['n'], what: 'Write a note for the next decision (Enter keeps it, Esc drops it)' },
  { keys: ['u'], what: 'Undo the last decision' },
  { keys: ['j', '↓'], what: 'Next item' },
  { keys: ['k', '↑'], what: 'Previous item' },
  { keys: ['o'], what: 'Open the trajectory at this step' },
  { keys: ['?'], what: 'Show this sheet' },
];
