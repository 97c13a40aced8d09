import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { itemsSeparator } from '@/components/ui/separator/items-separator';
import { formatAt, formatMoment, localDigits } from '@/lib/format';
import { fieldLabel } from '@/lib/field-words';
import { usePlaces } from '@/lib/places';
import { publishedSchedulesOptions } from '../api/schedules';
import { useTranslation } from 'react-i18next';

/** The carrier's published schedules: service, vessel, voyage, each leg's ETD/ETA and the cut-offs; with
 * `onRemove` (the Schedules screen), a button per service to remove it. Each time is the local time of its port
 * with the zone (departure and cut-offs at loading, arrival at discharge), each port by its name. */
export function PublishedSchedules({ onRemove }: { onRemove?: (code: string, name: string) => void } = {}) {
  const { t } = useTranslation('operations');
  const query = useQuery(publishedSchedulesOptions());
  const services = query.data ?? [];
  const places = usePlaces(
    services.flatMap((s) => s.sailings.flatMap((leg) => [leg.portOfLoading, leg.portOfDischarge])),
  );
  const port = (code: string) => {
    const name = places.get(code)?.name;
    return name ? `${name} (${code})` : code;
  };
  const zone = (code: string) => places.get(code)?.timeZone;
  const HEADS = [
    fieldLabel('vesselName'),
    t('sailings.voyage'),
    t('sailings.from'),
    t('sailings.etd'),
    t('sailings.to'),
    t('sailings.eta'),
    fieldLabel('cutOffs'),
  ];
  return (
    <section aria-label={t('published.title')} style={{ marginTop: '1.5rem' }}>
      <h2 style={{ fontSize: '1.1rem' }}>{t('published.title')}</h2>
      {query.isPending ? <p>{t('loading')}</p> : null}
      {!query.isPending && services.length === 0 ? (
        <p>
          {t('published.none')}{' '}
          {onRemove ? (
            t('published.uploadAbove')
          ) : (
            <>
              {t('published.publishOn')} <Link to="/dashboard/schedules">{t('schedules.title')}</Link>
              {t('published.screen')}
            </>
          )}
        </p>
      ) : null}
      {services.map((service) => (
        <details key={service.serviceCode} open>
          <summary>
            <strong>
              <bdi>{service.serviceName}</bdi> (<bdi>{service.serviceCode}</bdi>)
            </strong>{' '}
            {localDigits(
              t('published.summary', { at: formatMoment(service.publishedAt), count: service.publications }),
            )}
          </summary>
          {onRemove ? (
            <Button
              variant="outline"
              aria-label={t('published.removeLabel', { name: service.serviceName, code: service.serviceCode })}
              onClick={() => onRemove(service.serviceCode, service.serviceName)}
            >
              {t('published.remove')}
            </Button>
          ) : null}
          <table className="stack-table">
            <ColumnHeads names={HEADS} />
            <tbody>
              {service.sailings.map((leg) => (
                <tr key={leg.routingReference}>
                  <td data-label={HEADS[0]}>
                    <bdi>{leg.vesselName ?? '-'}</bdi>
                    {leg.vesselIMONumber ? ` (${leg.vesselIMONumber})` : ''}
                  </td>
                  <td data-label={HEADS[1]}>
                    <bdi>{leg.voyage}</bdi>
                  </td>
                  <td data-label={HEADS[2]}>
                    <bdi>{port(leg.portOfLoading)}</bdi>
                  </td>
                  <td data-label={HEADS[3]}>{formatAt(leg.departure, zone(leg.portOfLoading))}</td>
                  <td data-label={HEADS[4]}>
                    <bdi>{port(leg.portOfDischarge)}</bdi>
                  </td>
                  <td data-label={HEADS[5]}>{formatAt(leg.arrival, zone(leg.portOfDischarge))}</td>
                  <td data-label={HEADS[6]}>
                    {leg.cutOffs.length
                      ? leg.cutOffs
                          .map((c) => `${c.code} ${formatAt(c.at, zone(leg.portOfLoading))}`)
                          .join(itemsSeparator())
                      : '-'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </section>
  );
}
