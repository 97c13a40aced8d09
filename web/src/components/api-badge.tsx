/** Marks a booking that came through the DCSA Booking API rather than the screens. */
export function ApiBadge({ viaApi }: { viaApi?: boolean }) {
  if (!viaApi) return null;
  return (
    <span
      title="Booked through the DCSA Booking API"
      data-testid="api-badge"
      style={{
        marginLeft: '0.4rem',
        padding: '0 0.35rem',
        border: '1px solid #5b6b86',
        borderRadius: 6,
        fontSize: '0.75em',
        fontWeight: 600,
        color: '#34405a',
      }}
    >
      API
    </span>
  );
}
