/** An internal value in words for the back office: "reschedule_requested" -> "Reschedule requested", "restaurant" -> "Restaurant". */
export const statusText = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/_/g, " ");
