import { useQuery } from "@tanstack/react-query";
import { Laptop, LogOut, Smartphone } from "lucide-react";
import { accountApi } from "../../../shared/contract/account.ts";
import { londonDay, londonShortDayMonth } from "../../../shared/london-time.ts";
import { TOAST } from "../../../shared/messages.ts";
import { call, invalidate, queryOf } from "../../lib/api.ts";
import { queryClient, toastCallError } from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { SettingsSection } from "./section.tsx";

const PHONE = /iPhone|Android|iPad/;

/** "Active now", "Active 3 hours ago", "Active on 2 Nov". */
export function lastActive(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 10) return "Active now";
  if (minutes < 60) return `Active ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Active ${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  return `Active on ${londonShortDayMonth(new Date(iso))}`;
}

function signedInOn(iso: string): string {
  return londonDay(new Date(iso));
}

/** Settings > Privacy & Security: where the account is signed in, and signing other devices out. */
export function DevicesCard() {
  const { data, isPending, isError, refetch } = useQuery(queryOf(accountApi.sessions));
  const done = (description: string) => {
    void invalidate(queryClient, accountApi.sessions);
    toast({ title: "Signed out", description, variant: "success" });
  };
  const endOne = useSingleFlightMutation({
    mutationFn: async (id: string) => await call(accountApi.endSession, { params: { sessionId: id } }),
    onSuccess: ({ message }) => done(message),
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const endOthers = useSingleFlightMutation({
    mutationFn: async () => await call(accountApi.endOtherSessions),
    onSuccess: ({ message }) => done(message),
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  const others = data?.filter((s) => !s.current) ?? [];

  return (
    <SettingsSection
      title="Signed-in devices"
      description="Where your account is signed in now. Sign out anything you don't recognise, then change your password."
    >
      {isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading devices">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          We couldn't load your devices.
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-4">
          <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Devices">
            {[...data]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((s) => {
                const Icon = PHONE.test(s.device) ? Smartphone : Laptop;
                return (
                  <li key={s.id} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap sm:p-4">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-brand">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {s.device}
                        {s.current && <Badge variant="success">This device</Badge>}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {s.current ? "Active now" : lastActive(s.lastSeenAt)}
                        {" · "}signed in {signedInOn(s.createdAt)}
                        {s.ip ? ` · ${s.ip}` : ""}
                      </p>
                    </div>
                    {!s.current && (
                      <Button
                        variant="outline"
                        size="sm"
                        className="w-full sm:w-auto"
                        disabled={endOne.isPending && endOne.variables === s.id}
                        aria-label={`Sign out ${s.device}, ${lastActive(s.lastSeenAt).toLowerCase()}`}
                        onClick={() => endOne.mutate(s.id)}
                      >
                        {endOne.isPending && endOne.variables === s.id ? "Signing out..." : "Sign out"}
                      </Button>
                    )}
                  </li>
                );
              })}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="outline"
              className="w-full sm:w-fit"
              pending={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              <LogOut aria-hidden />
              {endOthers.isPending ? "Signing out..." : "Sign out of all other devices"}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">You're not signed in anywhere else.</p>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
