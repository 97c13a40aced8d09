import { ColumnHeads } from '@/components/ui/column-heads';
import { formatMoment } from '@/lib/format';
import type { SailingChange } from '../api/schedules';

type Kind = 'added' | 'moved' | 'removed';

const HEADS: Record<Kind, string[]> = {
  added: ['Vessel', 'Voyage', 'From', 'ETD', 'To', 'ETA', 'Bookings'],
  moved: ['Vessel', 'Voyage', 'From', 'ETD (was)', 'To', 'ETA (was)', 'Bookings'],
  removed: ['Vessel', 'Voyage', 'From', 'ETD', 'To', 'ETA', 'Bookings'],
};

function moved(before: string | undefined, after: string | undefined): string {
  if (!before || !after || before === after) return formatMoment(after ?? before);
  return `${formatMoment(after)} (was ${formatMoment(before)})`;
}

/** The sailings a publication or a removal adds, moves or removes, each with the bookings made for it. */
export function SailingChanges({ kind, title, changes }: { kind: Kind; title: string; changes: SailingChange[] }) {
  if (changes.length === 0) return null;
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
                <td data-label="From">{sailing.portOfLoading}</td>
                <td data-label={HEADS[kind][3]}>{moved(change.before?.departure, change.after?.departure)}</td>
                <td data-label="To">{sailing.portOfDischarge}</td>
                <td data-label={HEADS[kind][5]}>{moved(change.before?.arrival, change.after?.arrival)}</td>
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
