/**
 * " <lead> <address><end>" naming the operator's support address as a mail link, or nothing while
 * none is known (the address is the operator's, never built in: ADR 281).
 */
export function SupportEmail({
  address,
  lead,
  end = '',
  className,
}: {
  address: string | null;
  lead: string;
  end?: string;
  className: string;
}) {
  if (!address) return null;
  return (
    <>
      {` ${lead} `}
      <a className={className} href={`mailto:${address}`}>
        {address}
      </a>
      {end}
    </>
  );
}
