import { Check, Copy, Download, KeyRound, ShieldCheck, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { BRAND } from "../../../shared/brand.ts";
import { accountApi } from "../../../shared/contract/account.ts";
import type { AnswerOf } from "../../../shared/contract/endpoint.ts";
import { TOAST } from "../../../shared/messages.ts";
import { call } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import {
  CURRENT_USER_KEY,
  errorMessage,
  isUnauthorizedError,
  queryClient,
  toastCallError,
} from "../../lib/queryClient.ts";
import { toast } from "../../lib/toast.ts";
import { useSingleFlightMutation } from "../../lib/use-single-flight.ts";
import { type CodeRefusal, useCodeRefusal, useTwoFactorCode } from "../../lib/use-two-factor-code.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ErrorSummary, SummarisedErrors } from "../ui/error-summary.tsx";
import { FormField } from "../ui/form-field.tsx";
import { Notice, SettingsSection } from "./section.tsx";

type TwoFactorSetup = AnswerOf<typeof accountApi.twoFactorSetup>;

function refreshUser() {
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `${what} copied to the clipboard.` });
  } catch {
    toast({
      title: TOAST.errorTitle,
      description: "Copying isn't allowed here. Please select and copy it.",
      variant: "destructive",
    });
  }
}

/** A code field checked with the shared rule before anything is sent. */
function CodeForm({
  id,
  label,
  submitLabel,
  pendingLabel,
  pending,
  destructive,
  refusal,
  onSubmit,
  onCancel,
}: {
  id: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  /** The server refused the last code: beside the field and in a summary that takes focus. */
  refusal: CodeRefusal | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { code, setCode, error, refused, submit } = useTwoFactorCode(onSubmit, refusal);
  return (
    <SummarisedErrors value={Boolean(refused)}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <ErrorSummary
          items={refused ? [{ fieldId: id, message: refused.message }] : []}
          focusKey={refusal?.count ?? 0}
        />
        <FormField
          id={id}
          label={label}
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          maxLength={20}
          placeholder="123456"
          className="max-w-xs"
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" variant={destructive ? "destructive" : "primary"} pending={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    </SummarisedErrors>
  );
}

function SetupSteps({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const codeRefusal = useCodeRefusal();
  const enable = useSingleFlightMutation({
    mutationFn: (code: string) => call(accountApi.twoFactorEnable, { body: { code } }),
    onSuccess: ({ recoveryCodes }) => {
      onEnabled(recoveryCodes);
      refreshUser();
      toast({
        title: "Two-factor authentication is on",
        description: "Save your recovery codes now.",
        variant: "success",
      });
    },
    onError: (error) => {
      toastCallError(TOAST.errorTitle, error);
      if (!isUnauthorizedError(error)) codeRefusal.refuse(errorMessage(error));
    },
  });
  return (
    <ol className="grid gap-6" data-testid="two-factor-setup">
      <li className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-6">
        <div className="justify-self-center rounded-2xl bg-white p-3 shadow-sm ring-1 ring-border sm:justify-self-start">
          <img
            src={setup.qrDataUrl}
            alt={`QR code for adding ${BRAND.name} to your authenticator app`}
            width={176}
            height={176}
            className="size-44"
          />
        </div>
        <div className="grid content-start gap-3 text-sm">
          <p>
            <span className="font-semibold">1. Scan the QR code</span> with an authenticator app such as
            Google Authenticator, 1Password or Authy.
          </p>
          <p className="text-muted-foreground">Can't scan it? Enter this key in the app instead:</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              data-testid="two-factor-secret"
              data-secret={setup.secret}
              className="rounded-lg bg-muted px-3 py-2 font-mono text-sm tracking-wider"
            >
              {groupSecret(setup.secret)}
            </code>
            <Button variant="ghost" size="sm" onClick={() => void copyText(setup.secret, "The key")}>
              <Copy aria-hidden />
              Copy key
            </Button>
          </div>
        </div>
      </li>
      <li className="grid gap-3 text-sm">
        <p>
          <span className="font-semibold">2. Enter the 6-digit code</span> the app shows for {BRAND.name}.
        </p>
        <CodeForm
          id="two-factor-enable-code"
          label="Authentication code"
          submitLabel="Verify and turn on"
          pendingLabel="Verifying..."
          pending={enable.isPending}
          refusal={codeRefusal.refusal}
          onSubmit={(code) => enable.mutate(code)}
          onCancel={onCancel}
        />
      </li>
    </ol>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${BRAND.name} recovery codes\nEach code works once, in place of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${BRAND.name.toLowerCase()}-recovery-codes.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <div className="grid gap-5" data-testid="recovery-codes">
      <Notice tone="gold" icon={<TriangleAlert />} title="Save these recovery codes now" role="alert">
        If you lose your phone, each code lets you sign in once. This is the only time we'll show them: keep
        them somewhere safe, such as a password manager.
      </Notice>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-muted/60 p-4 font-mono text-sm sm:grid-cols-3"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => void copyText(codes.join("\n"), "Your recovery codes")}>
          <Copy aria-hidden />
          Copy codes
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden />
          Download .txt
        </Button>
        <Button onClick={onDone} className="sm:ml-auto">
          <Check aria-hidden />
          I've saved my codes
        </Button>
      </div>
    </div>
  );
}

function TurnOff() {
  const [asking, setAsking] = useState(false);
  const codeRefusal = useCodeRefusal();
  const disable = useSingleFlightMutation({
    mutationFn: (code: string) => call(accountApi.twoFactorDisable, { body: { code } }),
    onSuccess: ({ message }) => {
      setAsking(false);
      refreshUser();
      toast({ title: "Two-factor authentication is off", description: message });
    },
    onError: (error) => {
      toastCallError(TOAST.errorTitle, error);
      if (!isUnauthorizedError(error)) codeRefusal.refuse(errorMessage(error));
    },
  });
  if (!asking)
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setAsking(true)}>
        Turn off 2FA
      </Button>
    );
  return (
    <div className="grid gap-3 text-sm">
      <p className="text-muted-foreground">
        To turn it off, enter a code from your authenticator app or one of your recovery codes.
      </p>
      <CodeForm
        id="two-factor-disable-code"
        label="Authentication code"
        submitLabel="Turn off 2FA"
        pendingLabel="Turning off..."
        pending={disable.isPending}
        refusal={codeRefusal.refusal}
        destructive
        onSubmit={(code) => disable.mutate(code)}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

/** Privacy & Security: two-factor sign-in with an authenticator app (TOTP) and one-time recovery codes. */
export function TwoFactorCard() {
  const { user } = useAuth();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useSingleFlightMutation({
    mutationFn: () => call(accountApi.twoFactorSetup),
    onSuccess: setSetup,
    onError: (error) => toastCallError(TOAST.errorTitle, error),
  });
  if (!user) return null;
  const enabled = user.twoFactorEnabled;

  let content: ReactNode;
  if (recoveryCodes)
    content = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          setSetup(null);
        }}
      />
    );
  else if (enabled)
    content = (
      <div className="grid gap-4">
        <p className="flex items-start gap-2.5 text-sm">
          <ShieldCheck aria-hidden className="mt-0.5 size-4.5 shrink-0 text-success-text" />
          <span>
            Signing in asks for a code from your authenticator app after your password. Lost your phone? Use
            one of your recovery codes.
          </span>
        </p>
        <TurnOff />
      </div>
    );
  else if (setup)
    content = <SetupSteps setup={setup} onEnabled={setRecoveryCodes} onCancel={() => setSetup(null)} />;
  else
    content = (
      <div className="grid gap-4">
        <p className="flex items-start gap-2.5 text-sm text-muted-foreground">
          <KeyRound aria-hidden className="mt-0.5 size-4.5 shrink-0 text-accent-text" />
          <span>
            Add a second step to signing in: after your password, a 6-digit code from an app on your phone.
            Someone who learns your password still can't get in.
          </span>
        </p>
        <Button className="justify-self-start" pending={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? "Preparing..." : "Enable 2FA"}
        </Button>
      </div>
    );

  return (
    <SettingsSection
      title="Two-factor authentication"
      description="Protect your account with a code from an authenticator app."
      aside={enabled ? <Badge variant="success">On</Badge> : <Badge variant="neutral">Off</Badge>}
    >
      {content}
    </SettingsSection>
  );
}
