import type { ReactNode } from "react";
import type { AdminVenue } from "../../../../shared/admin/venues.ts";
import { formatHoursCell, hasHours } from "../../../../shared/venue-hours.ts";
import { Badge } from "../../ui/badge.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../ui/dialog.tsx";
import { label } from "./api.ts";

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function List({ items, none }: { items: string[]; none: string }) {
  if (items.length === 0) return <span className="text-muted-foreground">{none}</span>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={none.replace(/^No /, "")}>
      {items.map((i) => (
        <li key={i}>
          <Badge>{i}</Badge>
        </li>
      ))}
    </ul>
  );
}

const day = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

const none = (text: string) => <span className="text-muted-foreground">{text}</span>;

/** The Bookings part of View: whether it can be booked, where requests go, and when it is open. */
function BookingItems({ venue }: { venue: AdminVenue }) {
  const hours = venue.openingHours;
  return (
    <>
      <Item term="Status">
        {venue.status === "archived" ? <Badge>Archived</Badge> : "Active"}
        {venue.bookable ? (
          <span className="block">Bookable</span>
        ) : (
          <span className="block text-muted-foreground">
            Not bookable: {venue.notBookableReasons.join(", ").toLowerCase()}
          </span>
        )}
      </Item>
      <Item term="Booking e-mail">
        {venue.bookingEmail ? (
          <a
            className="break-all text-brand underline underline-offset-4"
            href={`mailto:${venue.bookingEmail}`}
          >
            {venue.bookingEmail}
          </a>
        ) : (
          none("No booking e-mail")
        )}
        {venue.bookingPhone && <span className="block">{venue.bookingPhone}</span>}
        {venue.bookingContactName && <span className="block">{venue.bookingContactName}</span>}
      </Item>
      <Item term="Capacity">
        {venue.capacity === 1 ? "1 couple at a time" : `${venue.capacity} couples at once`}
      </Item>
      <Item term="Opening hours">
        {hasHours(hours) ? formatHoursCell(hours) : none("No opening hours")}
        <span className="block text-sm text-muted-foreground">
          {venue.opensOnHolidays ? "Opens" : "Closed"} on bank holidays and 24 Dec-1 Jan
        </span>
      </Item>
      <Item term="Closures">
        {venue.closures.length === 0 ? (
          none("No closures")
        ) : (
          <ul className="grid gap-1">
            {venue.closures.map((c) => (
              <li key={`${c.from}-${c.to}`}>
                {c.from === c.to ? day(c.from) : `${day(c.from)} – ${day(c.to)}`}
                {c.reason && <span className="text-muted-foreground"> · {c.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </Item>
    </>
  );
}

/** View: everything the spec lists for a venue (spec section 2), and how it is booked. */
export function VenueDetailsDialog({ venue, onClose }: { venue: AdminVenue | null; onClose: () => void }) {
  return (
    <Dialog open={venue !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {venue && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{venue.name}</DialogTitle>
              <DialogDescription>
                {label(venue.type)} · {label(venue.priceLevel)} price · {venue.city}
              </DialogDescription>
            </DialogHeader>
            <dl className="mt-6 grid gap-4">
              <Item term="Type">{label(venue.type)}</Item>
              <Item term="Price level">{label(venue.priceLevel)}</Item>
              <Item term="Address">
                {venue.address ?? <span className="text-muted-foreground">No address</span>}
                {venue.postcode && <span className="block">{venue.postcode}</span>}
              </Item>
              <Item term="City">{venue.city}</Item>
              <Item term="Contact info">
                <span className="block">
                  {venue.contactInfo.phone ? (
                    <a
                      className="text-brand underline underline-offset-4"
                      href={`tel:${venue.contactInfo.phone.replace(/\s/g, "")}`}
                    >
                      {venue.contactInfo.phone}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">No phone</span>
                  )}
                </span>
                <span className="block">
                  {venue.contactInfo.website ? (
                    <a
                      className="break-all text-brand underline underline-offset-4"
                      href={venue.contactInfo.website}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {venue.contactInfo.website}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">No website</span>
                  )}
                </span>
              </Item>
              {venue.experienceBlurb && <Item term="Experience">{venue.experienceBlurb}</Item>}
              <Item term="Features">
                <List items={venue.features} none="No features" />
              </Item>
              <Item term="Accessibility features">
                <List items={venue.accessibilityFeatures} none="No accessibility features" />
              </Item>
              <Item term="Dietary accommodations">
                <List items={venue.dietaryAccommodations} none="No dietary accommodations" />
              </Item>
              <BookingItems venue={venue} />
              <Item term="Date reservations">{venue.reservationCount.toLocaleString("en-GB")}</Item>
            </dl>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
