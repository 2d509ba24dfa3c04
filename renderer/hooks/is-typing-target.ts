// Page-wide keyboard shortcuts stand aside while the user types or works in a popup.
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.closest(
      'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="combobox"], ' +
        '[role="listbox"], [role="menu"]',
    ) !== null
  );
}
