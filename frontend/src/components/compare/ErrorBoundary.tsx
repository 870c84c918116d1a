/** Keeps one optional panel from taking the page down. */
import { Component, type ReactNode } from "react";

export class ErrorBoundary extends Component<{ fallback: (e: Error) => ReactNode; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
