import { Star } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** A rating as five small stars, read as one image ("Rated 4 out of 5"): on a date card and in the back office. */
export function RatingStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn(
            "size-4",
            n <= rating ? "fill-accent text-accent" : "fill-transparent text-muted-foreground/50",
          )}
        />
      ))}
    </span>
  );
}
