import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the remote once it has failed; retry re-mounts it. */
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  /** Told of what was caught (the remote's health counts it). */
  onError?: (error: Error) => void;
  children: ReactNode;
}

/** Keeps a failing remote (down, slow to fail, or throwing) from blanking the rest of the site. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A remote failed to load or render', error, info.componentStack);
    this.props.onError?.(error);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
