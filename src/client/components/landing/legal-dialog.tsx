import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { lazy, Suspense } from "react";
import type { LegalDocId } from "../../content/legal.ts";
import { Button } from "../ui/button.tsx";
import { Spinner } from "../ui/spinner.tsx";

const TITLES: Record<LegalDocId, string> = {
  terms: "Terms & Conditions",
  privacy: "Privacy Policy",
};

// The texts are long and rarely read, so they load when a dialog is about to open, not with the page.
const loadText = () => import("./legal-text.tsx");
const LegalText = lazy(loadText);

/** A footer button that opens the full Terms & Conditions or Privacy Policy in a scrollable dialog. */
export function LegalDialog({ doc, triggerClassName }: { doc: LegalDocId; triggerClassName?: string }) {
  const title = TITLES[doc];
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={triggerClassName}
          onPointerEnter={() => void loadText()}
          onFocus={() => void loadText()}
        >
          {title}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-surface text-surface-foreground shadow-2xl outline-none data-[state=open]:animate-fade-in sm:max-h-[min(52rem,calc(100dvh-4rem))]"
        >
          <div className="flex items-center justify-between gap-4 border-b border-border py-4 pr-4 pl-6 sm:pl-8">
            <Dialog.Title className="font-display text-2xl font-normal">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded-full p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <section
            aria-label={`${title} text`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling text must be reachable by keyboard to scroll it
            tabIndex={0}
            data-testid="legal-text"
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-6 py-6 sm:px-8"
          >
            <Suspense
              fallback={
                <div className="flex justify-center py-16">
                  <Spinner className="size-7 text-brand" label={`Loading the ${title}`} />
                </div>
              }
            >
              <LegalText doc={doc} />
            </Suspense>
          </section>
          <div className="flex justify-end border-t border-border px-6 py-4 sm:px-8">
            <Dialog.Close asChild>
              <Button variant="outline">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
