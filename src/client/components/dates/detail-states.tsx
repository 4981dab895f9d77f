import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { MEMBER_MSG } from "../../../shared/member-messages.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { MysteryArt } from "./date-art.tsx";

/** A missing date and another couple's date look the same: nothing here says which it was. */
export function DateNotFound() {
  useDocumentTitle("Date not found");
  return (
    <div className="mx-auto w-full max-w-xl flex-1 px-4 py-12 sm:px-6 sm:py-20">
      <Card className="overflow-hidden" data-testid="date-not-found">
        <div className="art-panel aspect-[16/7] p-4">
          <MysteryArt />
        </div>
        <div className="p-6 text-center sm:p-8">
          <h1 className="font-display text-3xl font-normal">Date not found</h1>
          <p className="mt-3 text-muted-foreground">{MEMBER_MSG.dateNotFound}</p>
          <Button asChild className="mt-6">
            <Link href="/dashboard">
              <ArrowLeft aria-hidden />
              Back to Dashboard
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

export function DateDetailSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10"
      role="status"
      aria-label="Loading your date"
    >
      <Skeleton className="mb-5 h-5 w-28" />
      <Skeleton className="h-72 rounded-3xl" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-80 rounded-2xl" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    </div>
  );
}
