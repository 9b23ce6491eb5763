import { Component, type ReactNode } from 'react';
import { ErrorView, describeError } from './ErrorView';

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * Catches render errors outside the router's reach (providers, the router itself).
 * React 19 already reports caught errors to the console, so nothing is logged here.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return <ErrorView details={describeError(this.state.error)} />;
    return this.props.children;
  }
}
