/** Where the audit screens live, so every link to them is written once. */
export function bookingTrailPath(reference: string): string {
  return `/dashboard/audit/bookings/${encodeURIComponent(reference)}`;
}

export function bookingSearchPath(query: string): string {
  return `/dashboard/audit/bookings?${new URLSearchParams({ q: query.trim() }).toString()}`;
}
