import type { MouseEvent, ReactNode } from "react";
import { useLocation } from "wouter";

/** Scrolls to the element named by a hash ("#pricing"), after the current frame settles. */
export function scrollToHash(hash: string): void {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "start" })),
  );
}

/**
 * A link to a landing section ("/#pricing"). From another page it navigates without a reload and the
 * landing page scrolls to the section; on the landing page it scrolls once any open menu has closed.
 */
export function SectionLink({
  href,
  className,
  children,
  onNavigate,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  const [location, navigate] = useLocation();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    if (location === "/") {
      window.history.pushState(null, "", href);
      scrollToHash(new URL(href, window.location.href).hash);
    } else {
      navigate(href);
    }
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
