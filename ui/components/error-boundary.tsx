// Catches render errors below it and shows `fallback` instead. `resetKey` (the route) clears the
// error so navigating away from a broken page works without a reload.
import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (error: unknown) => ReactNode;
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string | undefined;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown): void {
    if (process.env.NODE_ENV !== 'production') console.error('[ui] render failed:', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
