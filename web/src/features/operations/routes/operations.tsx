/**
 * Staff operations console (DESIGN section 9): rate requests of all customers by state; quote, request a
 * revision, reject, confirm a booking, review a shipping order (per-field revisions or accept). Actions
 * offered follow the lifecycle (src/lib/lifecycle `can`), each confirmed, reasons required.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ContentLayout } from '@/components/layouts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { api } from '@/lib/api-client';
import { can, isState, label, stateCodes, stateName } from '@/lib/lifecycle';
import { AuditLink } from '@/components/audit-link';
import type { Answer } from '@/types/contract';
import { ChangeReview, OpenChangesQueue } from '../components/change-review';

const ADMIN = '/booking/api/v1/admin';
const LIMIT = 10;

// The admin detail, as the server's OpenAPI document declares it (the list is typed at its fetcher).
type Detail = Answer<'booking_admin_rate_request_detail'>;

const REVIEW_FIELDS: [keyof NonNullable<Detail['order']>, string][] = [
  ['cargoDescription', 'Cargo Description'],
  ['freightType', 'Freight'],
  ['imcoClass', 'IMCO Class'],
  ['unNumber', 'UN No'],
  ['temprature', 'Temperature'],
  ['humidity', 'Humidity'],
  ['parties', 'Parties'],
  ['containers', 'Containers'],
];

type Action = 'quote' | 'request_revision' | 'reject' | 'confirm_booking' | 'order_revision' | 'order_accept';
const ACTION_TITLE: Record<Action, string> = {
  quote: 'Quote',
  request_revision: 'Request Revision',
  reject: 'Reject',
  confirm_booking: 'Confirm Booking',
  order_revision: 'Request Order Revision',
  order_accept: 'Accept Shipping Order',
};

function ActionDialog({ action, detail, onClose }: { action: Action; detail: Detail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [price, setPrice] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [message, setMessage] = useState('');
  const [revise, setRevise] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      const id = detail.id;
      if (action === 'quote')
        return api.put(`${ADMIN}/rate-requests/${id}/quote`, { price: Number(price), validUntil });
      if (action === 'request_revision')
        return api.put(`${ADMIN}/rate-requests/${id}/request-revision`, { message: message.trim() });
      if (action === 'reject') return api.put(`${ADMIN}/rate-requests/${id}/reject`, { message: message.trim() });
      if (action === 'confirm_booking') return api.put(`${ADMIN}/rate-requests/${id}/confirm-booking`);
      if (action === 'order_accept') return api.put(`${ADMIN}/shipping-orders/${detail.order!.id}/accept`);
      const messages = Object.fromEntries(
        Object.entries(revise)
          .filter(([, m]) => m.trim())
          .map(([k, m]) => [k, m.trim()]),
      );
      return api.put(`${ADMIN}/shipping-orders/${detail.order!.id}/request-revision`, { revise: messages });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['operations'] });
      toast.success(`${ACTION_TITLE[action]}: done`);
      onClose();
    },
    onError: (e) => toast.error(e instanceof Error ? e.message : 'Error in proccess !'),
  });
  const confirm = () => {
    if (action === 'quote') {
      if (!(Number(price) > 0)) return setError('Price must be a positive number of USD');
      if (!validUntil) return setError('Validity is required');
    }
    if ((action === 'request_revision' || action === 'reject') && !message.trim())
      return setError('A reason is required');
    if (action === 'order_revision' && !Object.values(revise).some((m) => m.trim()))
      return setError('Give at least one field message');
    setError(null);
    mutation.mutate();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={ACTION_TITLE[action]}
      actions={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button variant={action === 'reject' ? 'danger' : 'primary'} loading={mutation.isPending} onClick={confirm}>
            Confirm
          </Button>
        </>
      }
    >
      <p>
        {detail.cargoDetails} for {detail.customerName}
      </p>
      {action === 'quote' ? (
        <>
          <TextInput
            label="Price per container (USD)"
            type="number"
            min="0"
            step="0.01"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
          />
          <TextInput
            label="Valid until"
            type="date"
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
            required
          />
        </>
      ) : null}
      {action === 'request_revision' || action === 'reject' ? (
        <TextInput label="Reason" value={message} onChange={(e) => setMessage(e.target.value)} required />
      ) : null}
      {action === 'confirm_booking' ? <p>Confirm the booking with the submitted documents?</p> : null}
      {action === 'order_accept' ? <p>Accept this shipping order? The customer will see the final step.</p> : null}
      {action === 'order_revision'
        ? REVIEW_FIELDS.map(([key, name]) => (
            <TextInput
              key={key}
              label={`${name} revise message`}
              value={revise[key] ?? ''}
              onChange={(e) => setRevise((r) => ({ ...r, [key]: e.target.value }))}
            />
          ))
        : null}
      {error ? <p role="alert">{error}</p> : null}
    </Dialog>
  );
}

function DetailPanel({ id }: { id: string }) {
  const [action, setAction] = useState<Action | null>(null);
  const query = useQuery({
    queryKey: ['operations', 'detail', id],
    queryFn: ({ signal }) => api.get<Detail>(`${ADMIN}/rate-requests/${id}`, { signal }),
  });
  const d = query.data;
  if (!d) return <p>Loading…</p>;
  const name = stateName('rate_request', d.state, d.price);
  const staffCan = (trigger: string) => can('rate_request', name, trigger, 'staff');
  const orderName = stateName('shipping_order', d.order?.status);
  return (
    <section
      aria-label="Selected rate request"
      style={{ border: '1px solid #d9dee7', borderRadius: 12, padding: '1rem', marginTop: '1rem' }}
    >
      <h2>{d.cargoDetails}</h2>
      <AuditLink aggregateId={d.id} />
      <p>
        {d.customerName} · {d.polTitle} → {d.podTitle} · {label('rate_request', d.state)}
        {d.price !== null ? ` · ${d.price} USD per container` : ''}
      </p>
      {d.bookingRequest ? <p>Documents: {d.bookingRequest.documents.map((x) => x.documentType).join(', ')}</p> : null}
      {d.order ? (
        <div>
          <h3>Shipping order ({label('shipping_order', d.order.status)})</h3>
          <AuditLink aggregateId={d.order.id} />
          <p>
            {d.order.cargoDescription} · {d.order.containers.length} containers · parties:{' '}
            {d.order.parties
              .filter((p) => !p.isForSwbl)
              .map((p) => p.name)
              .join(', ')}
          </p>
        </div>
      ) : null}
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        {staffCan('quote') ? <Button onClick={() => setAction('quote')}>Quote</Button> : null}
        {staffCan('request_revision') ? (
          <Button variant="outline" onClick={() => setAction('request_revision')}>
            Request Revision
          </Button>
        ) : null}
        {staffCan('confirm_booking') && d.bookingRequest ? (
          <Button onClick={() => setAction('confirm_booking')}>Confirm Booking</Button>
        ) : null}
        {d.order && can('shipping_order', orderName, 'request_revision', 'staff') ? (
          <Button variant="outline" onClick={() => setAction('order_revision')}>
            Request Order Revision
          </Button>
        ) : null}
        {d.order && can('shipping_order', orderName, 'accept', 'staff') ? (
          <Button onClick={() => setAction('order_accept')}>Accept Shipping Order</Button>
        ) : null}
        {staffCan('reject') ? (
          <Button variant="danger" onClick={() => setAction('reject')}>
            Reject
          </Button>
        ) : null}
      </div>
      {action ? <ActionDialog action={action} detail={d} onClose={() => setAction(null)} /> : null}
    </section>
  );
}

export function OperationsRoute() {
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['operations', 'list', state, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.get<Answer<'booking_admin_list_rate_requests'>>(`${ADMIN}/rate-requests`, {
        query: { state: state === '' ? undefined : Number(state), limit: LIMIT, offset: page },
        signal,
      }),
  });
  const rows = query.data?.list.list ?? [];
  const pages = Math.max(1, Math.ceil((query.data?.list.totalCount ?? 0) / LIMIT));
  return (
    <ContentLayout title="Operations" description="Rate requests of all customers">
      <OpenChangesQueue onOpen={setSelected} />
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: '1rem' }}>
        <label htmlFor="ops-state">State</label>
        <select
          id="ops-state"
          value={state}
          onChange={(e) => {
            setState(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All</option>
          {stateCodes('rate_request').map((code) => (
            <option key={code} value={code}>
              {code} · {label('rate_request', code)}
            </option>
          ))}
        </select>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Refresh
        </Button>
      </div>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ width: '100%', borderCollapse: 'collapse' }}>
          <caption className="visually-hidden">Rate requests</caption>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Cargo</th>
              <th scope="col">Route</th>
              <th scope="col">State</th>
              <th scope="col">Order</th>
              <th scope="col">
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="ops-row">
                <td>{r.customerName}</td>
                <td>{r.cargoDetails}</td>
                <td>
                  {r.polTitle} → {r.podTitle}
                </td>
                <td>
                  {label('rate_request', r.state)}
                  {isState('rate_request', r.state, 'requested', r.price) ? ' (awaiting quote)' : isState('rate_request', r.state, 'quoted', r.price) ? ' (quoted)' : ''}
                </td>
                <td>{r.orderState === null ? '-' : label('shipping_order', r.orderState)}</td>
                <td>
                  <Button
                    variant="outline"
                    aria-label={`Open ${r.cargoDetails} of ${r.customerName}`}
                    onClick={() => setSelected(r.id)}
                  >
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginTop: '0.75rem' }}>
        <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </div>
      {selected ? <DetailPanel key={selected} id={selected} /> : null}
      {selected ? <ChangeReview key={`changes-${selected}`} rateRequestId={selected} /> : null}
    </ContentLayout>
  );
}
