import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { loginSchema } from "../../../shared/schemas/auth.ts";
import { useLoginMutation } from "../../lib/auth.ts";
import { Button } from "../ui/button.tsx";
import { FormField } from "../ui/form-field.tsx";

export function LoginForm({ destination, onForgot }: { destination: () => string; onForgot: () => void }) {
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const login = useLoginMutation(destination);
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="grid gap-5">
      <FormField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <Button variant="link" size="sm" className="text-sm" onClick={onForgot}>
            Forgot your password?
          </Button>
        }
        {...form.register("password")}
      />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
