import { type FormEvent, useState } from "react";
import { twoFactorCodeField } from "../../shared/schemas/member.ts";

/** The server's last refusal of a code, counted so that each new one is said (and focused) again. */
export interface CodeRefusal {
  message: string;
  count: number;
}

/** Keeps the server's refusals of a code: `refuse` records one, `clear` forgets them (the form is left). */
export function useCodeRefusal() {
  const [refusal, setRefusal] = useState<CodeRefusal | null>(null);
  return {
    refusal,
    refuse: (message: string) => setRefusal((r) => ({ message, count: (r?.count ?? 0) + 1 })),
    clear: () => setRefusal(null),
  };
}

/**
 * A two-factor code being typed (sign-in step, turning 2FA on or off): checked with the shared rule, sent
 * without spaces. `refusal` is the server's last word on a code; it shows (`refused`) until the code is
 * typed again.
 */
export function useTwoFactorCode(onSubmit: (code: string) => void, refusal?: CodeRefusal | null) {
  const [code, setCodeRaw] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [typedAfter, setTypedAfter] = useState(0);
  const refused = refusal && refusal.count !== typedAfter ? refusal : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = twoFactorCodeField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.replace(/\s+/g, ""));
  }
  function setCode(value: string) {
    setCodeRaw(value);
    if (refusal) setTypedAfter(refusal.count);
  }
  return { code, setCode, error: error ?? refused?.message, refused, submit };
}
