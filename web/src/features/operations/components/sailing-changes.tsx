import { ColumnHeads } from '@/components/ui/column-heads';
import { formatAt } from '@/lib/format';
import { usePlaces } from '@/lib/places';
import type { SailingChange } from '../api/schedules';

type Kind = 'added' | 'moved' | 'removed';

const HEADS: Record<Kind, string[]> = {
  added: ['Vessel', 'Voyage', 'From', 'ETD', 'To', 'ETA', 'Bookings'],
  moved: ['Vessel', 'Voyage', 'From', 'ETD (was)', 'To', 'ETA (was)', 'Bookings'],
  removed: ['Vessel', 'Voyage', 'From', 'ETD', 'To', 'ETA', 'Bookings'],
};

/** A time at its port (the port's local time with its zone), and what it was when a publication moves it. */
function moved(before: string | undefined, after: string | undefined, zone: string | undefined): string {
  if (!before || !after || before === after) return formatAt(after ?? before, zone);
  return `${formatAt(after, zone)} (was ${formatAt(before, zone)})`;
}

/** The sailings a publication or a removal adds, moves or removes, each with the bookings made for it. */
export function SailingChanges({ kind, title, changes }: { kind: Kind; title: string; changes: SailingChange[] }) {
  const places = usePlaces(changes.flatMap((c) => [c.after ?? c.before].flatMap((s) => (s ? [s.portOfLoading, s.portOfDischarge] : []))));
  if (changes.length === 0) return null;
  const port = (code: string) => {
    const name = places.get(code)?.name;
    return name ? `${name} (${code})` : code;
  };
  const zone = (code: string) => places.get(code)?.timeZone ?? undefined;
  return (
    <section aria-label={title}>
      <h3>
        {title} ({changes.length})
      </h3>
      <table className="stack-table">
        <ColumnHeads names={HEADS[kind]} />
        <tbody>
          {changes.map((change) => {
            const sailing = change.after ?? change.before;
            if (!sailing) return null;
            return (
              <tr key={`${kind}-${sailing.routingReference}`} data-testid={`sailing-${kind}`}>
                <td data-label="Vessel">{sailing.vesselName ?? sailing.vesselIMONumber ?? '-'}</td>
                <td data-label="Voyage">{sailing.voyage}</td>
                <td data-label="From">{port(sailing.portOfLoading)}</td>
                <td data-label={HEADS[kind][3]}>
                  {moved(change.before?.departure, change.after?.departure, zone(sailing.portOfLoading))}
                </td>
                <td data-label="To">{port(sailing.portOfDischarge)}</td>
                <td data-label={HEADS[kind][5]}>
                  {moved(change.before?.arrival, change.after?.arrival, zone(sailing.portOfDischarge))}
                </td>
                <td data-label="Bookings">
                  {change.bookings.length === 0
                    ? 'None'
                    : change.bookings.map((b) => `${b.reference ?? 'Booking'} (${b.customerName})`).join(', ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
