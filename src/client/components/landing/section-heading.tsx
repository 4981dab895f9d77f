import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** A landing section's small gold label, serif heading and optional lead paragraph. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  tone = "page",
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  align?: "center" | "start";
  tone?: "page" | "stage";
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" ? "mx-auto text-center" : "text-left")} data-reveal>
      <p
        className={cn(
          "text-xs font-semibold tracking-[0.22em] uppercase",
          tone === "stage" ? "text-gold-soft" : "text-accent-text",
        )}
      >
        {eyebrow}
      </p>
      <h2 id={id} className="mt-3 text-3xl leading-tight font-normal text-balance sm:text-4xl">
        {title}
      </h2>
      {children && (
        <p
          className={cn(
            "mt-4 text-base text-pretty sm:text-lg",
            tone === "stage" ? "text-stage-muted" : "text-muted-foreground",
          )}
        >
          {children}
        </p>
      )}
    </div>
  );
}
