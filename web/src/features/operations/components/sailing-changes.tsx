import { ColumnHeads } from '@/components/ui/column-heads';
import { formatAt } from '@/lib/format';
import { fieldLabel } from '@/lib/field-words';
import { usePlaces } from '@/lib/places';
import type { SailingChange } from '../api/schedules';
import { i18next } from '@/i18n';
import { localDigits } from '@/lib/format';
import { personWords } from '@/lib/people';

type Kind = 'added' | 'moved' | 'removed';

const heads = (kind: Kind): string[] => {
  const t = i18next.getFixedT(null, 'operations');
  const was = kind === 'moved';
  return [
    fieldLabel('vesselName'),
    t('sailings.voyage'),
    t('sailings.from'),
    was ? t('sailings.etdWas') : t('sailings.etd'),
    t('sailings.to'),
    was ? t('sailings.etaWas') : t('sailings.eta'),
    t('sailings.bookings'),
  ];
};

/** A time at its port (the port's local time with its zone), and what it was when a publication moves it. */
function moved(before: string | undefined, after: string | undefined, zone: string | undefined): string {
  if (!before || !after || before === after) return formatAt(after ?? before, zone);
  return i18next.t('sailings.was', { ns: 'operations', now: formatAt(after, zone), was: formatAt(before, zone) });
}

/** The sailings a publication or a removal adds, moves or removes, each with the bookings made for it. */
export function SailingChanges({ kind, title, changes }: { kind: Kind; title: string; changes: SailingChange[] }) {
  const places = usePlaces(
    changes.flatMap((c) => [c.after ?? c.before].flatMap((s) => (s ? [s.portOfLoading, s.portOfDischarge] : []))),
  );
  if (changes.length === 0) return null;
  const HEADS = heads(kind);
  const port = (code: string) => {
    const name = places.get(code)?.name;
    return name ? `${name} (${code})` : code;
  };
  const zone = (code: string) => places.get(code)?.timeZone ?? undefined;
  return (
    <section aria-label={title}>
      <h3>
        {title} ({localDigits(String(changes.length))})
      </h3>
      <table className="stack-table">
        <ColumnHeads names={HEADS} />
        <tbody>
          {changes.map((change) => {
            const sailing = change.after ?? change.before;
            if (!sailing) return null;
            return (
              <tr key={`${kind}-${sailing.routingReference}`} data-testid={`sailing-${kind}`}>
                <td data-label={HEADS[0]}>
                  <bdi>{sailing.vesselName ?? sailing.vesselIMONumber ?? '-'}</bdi>
                </td>
                <td data-label={HEADS[1]}>
                  <bdi>{sailing.voyage}</bdi>
                </td>
                <td data-label={HEADS[2]}>
                  <bdi>{port(sailing.portOfLoading)}</bdi>
                </td>
                <td data-label={HEADS[3]}>
                  {moved(change.before?.departure, change.after?.departure, zone(sailing.portOfLoading))}
                </td>
                <td data-label={HEADS[4]}>
                  <bdi>{port(sailing.portOfDischarge)}</bdi>
                </td>
                <td data-label={HEADS[5]}>
                  {moved(change.before?.arrival, change.after?.arrival, zone(sailing.portOfDischarge))}
                </td>
                <td data-label={HEADS[6]}>
                  {change.bookings.length === 0
                    ? i18next.t('sailings.none', { ns: 'operations' })
                    : change.bookings
                        .map(
                          // Each booking isolated whole, its customer's name within it: in a Persian line, a
                          // Latin reference and name with brackets would otherwise trade places.
                          (b) =>
                            `\u2068${b.reference ?? i18next.t('sailings.booking', { ns: 'operations' })} (\u2068${personWords(b.customerName)}\u2069)\u2069`,
                        )
                        .join(i18next.t('sailings.comma', { ns: 'operations' }))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
