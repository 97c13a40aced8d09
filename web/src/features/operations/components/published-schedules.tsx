import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { formatAt, formatMoment } from '@/lib/format';
import { usePlaces } from '@/lib/places';
import { publishedSchedulesOptions } from '../api/schedules';

/** The carrier's published schedules: service, vessel, voyage, each leg's ETD/ETA and the cut-offs; with
 * `onRemove` (the Schedules screen), a button per service to remove it. Each time is the local time of its port
 * with the zone (departure and cut-offs at loading, arrival at discharge), each port by its name. */
export function PublishedSchedules({ onRemove }: { onRemove?: (code: string, name: string) => void } = {}) {
  const query = useQuery(publishedSchedulesOptions());
  const services = query.data ?? [];
  const places = usePlaces(services.flatMap((s) => s.sailings.flatMap((leg) => [leg.portOfLoading, leg.portOfDischarge])));
  const port = (code: string) => {
    const name = places.get(code)?.name;
    return name ? `${name} (${code})` : code;
  };
  const zone = (code: string) => places.get(code)?.timeZone;
  return (
    <section aria-label="Published schedules" style={{ marginTop: '1.5rem' }}>
      <h2 style={{ fontSize: '1.1rem' }}>Published schedules</h2>
      {query.isPending ? <p>Loading…</p> : null}
      {!query.isPending && services.length === 0 ? (
        <p>
          No schedule is published yet.{' '}
          {onRemove ? (
            'Upload the carrier\'s file above.'
          ) : (
            <>
              Publish the carrier&apos;s schedules on the <Link to="/dashboard/schedules">Schedules</Link> screen.
            </>
          )}
        </p>
      ) : null}
      {services.map((service) => (
        <details key={service.serviceCode} open>
          <summary>
            <strong>
              {service.serviceName} ({service.serviceCode})
            </strong>{' '}
            · published {formatMoment(service.publishedAt)} · {service.publications} publication
            {service.publications === 1 ? '' : 's'}
          </summary>
          {onRemove ? (
            <Button
              variant="outline"
              aria-label={`Remove ${service.serviceName} (${service.serviceCode})`}
              onClick={() => onRemove(service.serviceCode, service.serviceName)}
            >
              Remove service
            </Button>
          ) : null}
          <table className="stack-table">
            <ColumnHeads names={['Vessel', 'Voyage', 'From', 'ETD', 'To', 'ETA', 'Cut-offs']} />
            <tbody>
              {service.sailings.map((leg) => (
                <tr key={leg.routingReference}>
                  <td data-label="Vessel">
                    {leg.vesselName ?? '-'}
                    {leg.vesselIMONumber ? ` (${leg.vesselIMONumber})` : ''}
                  </td>
                  <td data-label="Voyage">{leg.voyage}</td>
                  <td data-label="From">{port(leg.portOfLoading)}</td>
                  <td data-label="ETD">{formatAt(leg.departure, zone(leg.portOfLoading))}</td>
                  <td data-label="To">{port(leg.portOfDischarge)}</td>
                  <td data-label="ETA">{formatAt(leg.arrival, zone(leg.portOfDischarge))}</td>
                  <td data-label="Cut-offs">
                    {leg.cutOffs.length
                      ? leg.cutOffs.map((c) => `${c.code} ${formatAt(c.at, zone(leg.portOfLoading))}`).join('; ')
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
