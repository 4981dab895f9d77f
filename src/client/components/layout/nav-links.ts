export interface NavLink {
  href: string;
  label: string;
}

/** The landing page's sections, reachable from any page. */
export const SECTION_LINKS: NavLink[] = [
  { href: "/#how-it-works", label: "How it works" },
  { href: "/#pricing", label: "Pricing" },
  { href: "/#testimonials", label: "Reviews" },
  { href: "/#faq", label: "FAQ" },
];

export function memberLinks(isAdmin: boolean): NavLink[] {
  return [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/settings", label: "Settings" },
    ...(isAdmin ? [{ href: "/admin", label: "Admin" }] : []),
  ];
}

/** A link is current on its own page and on the pages beneath it (/admin/members/3 is under Admin). */
export function isCurrent(location: string, href: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
