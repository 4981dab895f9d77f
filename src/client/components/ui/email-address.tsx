import { Fragment } from "react";

/**
 * An e-mail address that wraps at sensible points when it is too long for its box: after the "@" and before
 * each dot of the domain, rather than wherever the line runs out (which leaves one letter alone on a line).
 * Pair it with [overflow-wrap:anywhere] for the rare part that is longer than a whole line.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const domain = address.slice(at + 1).split(".");
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {domain.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
