// Where a dialog loaded on first open renders: waits for its code, and if the code cannot be
// loaded (browser mode with the server gone, say) says so in place of the dialog, instead of the
// error taking the whole window down. React keeps a failed lazy load, so trying again takes a
// reload; the message says so.
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  /** What the dialog is, for the message ("the import dialog"). */
  what: string;
  onClose: () => void;
  children: ReactNode;
};
type State = { error: Error | null };

export class DialogLoadBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A dialog failed to load', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    const { what, onClose, children } = this.props;
    if (error === null) return <Suspense fallback={null}>{children}</Suspense>;
    return (
      <Snackbar open onClose={onClose}>
        <Alert severity="error" onClose={onClose} data-testid="dialog-load-error">
          Could not open {what}: {error.message || error.name}. Reload the window to try again.
        </Alert>
      </Snackbar>
    );
  }
}
