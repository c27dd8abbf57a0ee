import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./ErrorScreen";

interface State {
  error: Error | null;
}

/** The outermost boundary: a render error anywhere, even outside the layout, shows the error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} fullHeight /> : this.props.children;
  }
}
