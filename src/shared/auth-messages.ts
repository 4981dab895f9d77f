/** Messages of the auth screens beyond the spec's (MSG). */
export const AUTH_MSG = {
  commonPassword:
    "This password is too common. Choose one that would be hard to guess, such as three unrelated words.",
  resetLinkDead: "This reset link has expired or has already been used.",
  alreadyVerified: "Your e-mail address is already verified",
  /** The step-up while an account is under a sign-in flood: the same words whether the password was right or not. */
  stepUp: (minutes: number) =>
    `There have been many wrong passwords for this account from elsewhere, so new browsers must wait. If your password was right, we've e-mailed you a link to sign in now. Otherwise, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  signInLinkDead:
    "This sign-in link has expired or has already been used. Sign in with your password, or ask for a new link by signing in again.",
} as const;
