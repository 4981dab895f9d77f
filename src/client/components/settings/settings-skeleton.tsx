import { Skeleton } from "../ui/skeleton.tsx";

/** The settings page's shape while the member loads. */
export function SettingsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your settings"
      className="mt-8 sm:grid sm:grid-cols-[13rem_1fr] sm:gap-8 lg:grid-cols-[15rem_1fr] lg:gap-10"
    >
      <div className="hidden gap-2 sm:grid sm:content-start">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-11 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-7">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-4 w-64 max-w-full" />
        <div className="grid gap-5 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-11" />
            </div>
          ))}
        </div>
        <Skeleton className="ml-auto h-11 w-36 rounded-full" />
      </div>
    </div>
  );
}
