import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

export const buttonVariants = cva(
  [
    // No fixed height and no nowrap: a label that does not fit (200 % text on a phone) wraps and the button
    // grows, instead of running out of its card or off the screen.
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-full text-center font-medium",
    "transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    "disabled:pointer-events-none disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-60",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0",
  ],
  {
    variants: {
      variant: {
        primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
        gold: "bg-accent text-accent-foreground shadow-sm hover:bg-gold-soft",
        outline: "border border-input bg-transparent text-foreground hover:bg-muted",
        ghost: "text-foreground hover:bg-muted",
        link: "h-auto rounded-sm p-0 text-brand underline-offset-4 hover:underline",
        destructive: "bg-destructive text-destructive-foreground hover:opacity-90",
      },
      size: {
        sm: "min-h-9 px-4 py-1 text-sm [&_svg]:size-4",
        md: "min-h-11 px-5 py-1.5 text-sm [&_svg]:size-4",
        lg: "min-h-12 px-7 py-2 text-base [&_svg]:size-5",
        icon: "h-10 w-10 [&_svg]:size-5",
      },
    },
    compoundVariants: [{ variant: "link", className: "h-auto px-0" }],
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link) with the button's look instead of a <button>. */
    asChild?: boolean;
    /**
     * Its action is under way: the button says so (aria-disabled) and ignores presses, but is not `disabled`,
     * which would throw the focus it holds to <body> (the next Tab would start again at the top of the page).
     */
    pending?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  pending,
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? "button")}
      aria-disabled={pending ? true : undefined}
      onClick={(event) => {
        // A submit button's press would submit the form again: stop it here.
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    />
  );
}
