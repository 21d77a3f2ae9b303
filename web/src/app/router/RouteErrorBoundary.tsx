import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";

type Props = { readonly fallback: (error: unknown) => ReactNode; readonly children: ReactNode };
type BoundaryProps = Props & { readonly resetKey: string };
type State = { readonly error: unknown; readonly shownAt: string | null };

class Boundary extends Component<BoundaryProps, State> {
  override state: State = { error: null, shownAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("unknown render failure") };
  }

  /** A navigation (to another path, or to the same one again: a new location key) is a fresh start: its page renders again instead of the error. */
  static getDerivedStateFromProps(props: BoundaryProps, state: State): Partial<State> | null {
    if (state.error === null) return state.shownAt === props.resetKey ? null : { shownAt: props.resetKey };
    return state.shownAt === props.resetKey ? null : { error: null, shownAt: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error);
  }
}

/**
 * What the data router's `errorElement` did: a rendering failure below (a page chunk that cannot
 * load included) shows `fallback` in place of the children until the next navigation.
 */
export function RouteErrorBoundary({ fallback, children }: Props) {
  const location = useLocation();
  return <Boundary fallback={fallback} resetKey={location.key}>{children}</Boundary>;
}
