import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** What shows instead of the children once one of them has thrown (rendering, an effect, a lazy chunk). */
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failing part of a screen (a map whose library or chunk did not load) from taking the whole
 * control panel down with it: React unmounts everything up to the nearest boundary, and there is none above.
 */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("A part of the screen failed:", error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
