import { RotateCw } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

interface Props {
  /** The address: going elsewhere tries again. */
  location: string;
  children: ReactNode;
}

/**
 * A screen that could not be drawn, usually because its code did not arrive (the connection dropped, or a new
 * version of the app replaced the files a page opened earlier still names): says so under the header and
 * offers a reload, instead of leaving a blank page. Going to another address tries again there.
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean; location: string }> {
  state = { failed: false, location: this.props.location };

  static getDerivedStateFromProps(props: Props, state: { location: string }) {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render(): ReactNode {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}

function ScreenError() {
  return (
    <div className="mx-auto w-full max-w-xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
      <Card className="p-6 sm:p-8" role="alert" data-testid="screen-error">
        <h1 className="font-display text-3xl font-medium">This page did not load</h1>
        <p className="mt-2 text-muted-foreground">
          The connection may have dropped, or Unveil has just been updated. Reloading fetches the page again,
          in its latest version; nothing you saved is lost.
        </p>
        <Button className="mt-5" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Reload
        </Button>
      </Card>
    </div>
  );
}
