// Catches a render error in one page so the nav shell keeps working: shows what failed (as text)
// and a "Try again" that renders the page anew. A new route (resetKey) clears it too.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { resetKey: string; children: ReactNode };
type State = { error: Error | null; resetKey: string };

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <Alert
        severity="error"
        data-testid="page-error"
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ error: null })}>
            Try again
          </Button>
        }
      >
        <AlertTitle>This page failed to show. The rest of the app still works.</AlertTitle>
        {error.message || error.name}
      </Alert>
    );
  }
}
