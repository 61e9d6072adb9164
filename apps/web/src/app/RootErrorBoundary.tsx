import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_SCREEN_MAX_RETRIES } from '@argus/contracts/constants';
import { ErrorScreen } from '../components/ErrorScreen';
import { reportError } from '../features/analytics/error-reporting';

interface State {
  error: Error | null;
  occurredAt: Date;
  retryCount: number;
}

/** Catches what the router cannot (providers, the shell) and shows the error screen of docs/specification.md. */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, occurredAt: new Date(), retryCount: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), occurredAt: new Date() };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const message = error instanceof Error ? error.message : String(error);
    const stack = [error instanceof Error ? error.stack : undefined, info.componentStack].filter(Boolean).join('\n');
    reportError({ message, stack });
  }

  private handleRetry = () => {
    this.setState((state) =>
      state.retryCount >= ERROR_SCREEN_MAX_RETRIES ? null : { ...state, error: null, retryCount: state.retryCount + 1 },
    );
  };

  private handleReset = () => {
    this.setState({ error: null, retryCount: 0 });
  };

  override render() {
    const { error, occurredAt, retryCount } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorScreen error={error} occurredAt={occurredAt} retryCount={retryCount} onRetry={this.handleRetry} onReset={this.handleReset} />
    );
  }
}
