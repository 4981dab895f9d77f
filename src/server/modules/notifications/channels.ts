/**
 * What a push or a text answers its caller (the date and clue sweeps): sent; already claimed by another
 * worker or an earlier sweep ("duplicate"); held by quiet hours and left unclaimed for the next sweep after
 * 08:00 ("quiet"); not wanted or not possible for this member (switch off, no device, no phone, STOP) ("off");
 * or tried and failed ("failed": texts and pushes are best effort, never retried).
 */
export type ChannelOutcome = "sent" | "duplicate" | "quiet" | "off" | "failed";
