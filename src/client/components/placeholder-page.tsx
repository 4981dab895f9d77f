import type { ReactNode } from "react";
import { Link } from "wouter";
import { BRAND } from "../../shared/brand.ts";
import { useDocumentTitle } from "../lib/document-title.ts";
import { Button } from "./ui/button.tsx";

/** A screen whose full version comes in a later issue: its heading, a line about it, and a way on. */
export function PlaceholderPage({
  title,
  eyebrow,
  description,
  action,
}: {
  title: string;
  eyebrow?: string;
  description: ReactNode;
  action?: { href: string; label: string };
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-20">
      {eyebrow && (
        <p className="text-xs font-semibold tracking-[0.22em] text-accent-text uppercase">{eyebrow}</p>
      )}
      <h1 className="mt-3 text-4xl font-normal sm:text-5xl">{title}</h1>
      <div className="mt-4 max-w-xl text-muted-foreground">{description}</div>
      <div className="mt-10 rounded-2xl border border-dashed border-input bg-surface/60 p-8 text-sm text-muted-foreground">
        This part of {BRAND.name} is being prepared.
      </div>
      {action && (
        <Button asChild variant="outline" className="mt-8">
          <Link href={action.href}>{action.label}</Link>
        </Button>
      )}
    </div>
  );
}
