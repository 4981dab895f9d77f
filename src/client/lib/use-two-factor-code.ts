import { type FormEvent, useState } from "react";
import { twoFactorCodeField } from "../../shared/schemas/member.ts";

/**
 * A two-factor code being typed (sign-in step, turning 2FA on or off): checked with the shared rule, sent
 * without spaces.
 */
export function useTwoFactorCode(onSubmit: (code: string) => void) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
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
  return { code, setCode, error, submit };
}
