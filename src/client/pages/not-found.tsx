import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../components/ui/button.tsx";
import { Card, CardContent } from "../components/ui/card.tsx";
import { useDocumentTitle } from "../lib/document-title.ts";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="pt-8 sm:pt-10">
          <div className="flex items-center gap-3">
            <AlertCircle aria-hidden className="size-7 shrink-0 text-destructive-text" />
            <h1 className="text-2xl font-medium">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
          <p className="mt-2 text-sm text-muted-foreground">
            If you followed a link here, the page may have moved.
          </p>
          <Button asChild variant="outline" className="mt-8">
            <Link href="/">Back to home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
