/**
 * The member area's own messages. Apart from the schemas (schemas/member.ts re-exports them) so that a screen
 * that only shows one, such as the date page, does not bring zod into its code.
 */
import { TRAVEL_RADIUS } from "./constants.ts";

export const MEMBER_MSG = {
  dateNotFound: "The mystery date you're looking for doesn't exist or you don't have access to it.",
  radius: `Travel radius must be a whole number of miles between ${TRAVEL_RADIUS.min} and ${TRAVEL_RADIUS.max}`,
  city: "City must be at most 100 characters",
  phone: "Please enter a valid UK phone number, like 07700 900123",
  smsNeedsPhone: "Add a mobile number to receive text messages",
  reason: "Please select a reason for cancelling",
  feedbackMax: "Feedback must be at most 2000 characters",
  rating: "Please choose a rating from 1 to 5 stars",
  subject: "Please add a subject (3 to 200 characters)",
  body: "Please tell us a little more (at least 10 characters)",
  bodyMax: "Messages must be at most 5000 characters",
  reply: "Please write a reply",
  currentPassword: "Current password is required",
  wrongPassword: "Current password is incorrect",
  passwordForEmail: "Enter your current password to change your e-mail address",
  samePassword: "The new password must be different from the current one",
  code: "Enter the 6-digit code from your authenticator app, or a recovery code",
  wrongCode: "That code is not valid. Please try again.",
  tier: "Please choose a plan",
  token: "This invitation link is invalid or has expired.",
} as const;
