import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import {
  useApiKeys,
  useCreateApiKey,
  useCreateWebhook,
  useDeliveries,
  useRemoveWebhook,
  useRotateWebhookSecret,
  useResendDelivery,
  useRevokeApiKey,
  useWebhooks,
} from '../api/integrations';
import { CopyButton } from '@/components/ui/copy-button';
import { SubmitRow } from './submit-row';
import styles from './accounts.module.css';
import { formatDate } from '@/lib/format';

/** A secret the server answers once: shown until the customer dismisses it, never fetched again. */
function ShownOnce({ title, what, value, onDone }: { title: string; what: string; value: string; onDone: () => void }) {
  return (
    <div role="status" className={styles.form}>
      <p>
        <strong>{title}</strong> Copy it now: it is shown only this once.
      </p>
      <code data-testid="shown-once">{value}</code>
      <div className={styles.actions}>
        <CopyButton value={value} what={what} />
        <Button type="button" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function ApiKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  return (
    <section aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p>Your systems book through the DCSA Booking 2.0 API (/v2/bookings) with a key, sent as a bearer token.</p>
      {issued ? (
        <ShownOnce title="Your new API key." what="API key" value={issued} onDone={() => setIssued(null)} />
      ) : null}
      <form
        className={styles.form}
        aria-label="New API key"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(label, {
            onSuccess: (key) => {
              setIssued(key.key);
              setLabel('');
            },
            onError: (error) => toast.error(error.fields.label ?? error.description),
          });
        }}
      >
        <TextInput label="Key name" value={label} onChange={(event) => setLabel(event.target.value)} />
        <SubmitRow pending={create.isPending}>Create key</SubmitRow>
      </form>
      <ul aria-label="API keys">
        {(keys.data?.list ?? []).map((key) => (
          <li key={key.id}>
            {key.label} (<code>{key.hint}…</code>) created {formatDate(key.createdAt)}{' '}
            {key.revokedAt ? (
              <em>revoked</em>
            ) : (
              <Button type="button" variant="danger" onClick={() => revoke.mutate(key.id)}>
                Revoke {key.label}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

// What each kind of delivery is called on the tab; a kind this screen does not know shows as sent.
const DELIVERY_KINDS: Record<string, string> = { booking: 'Booking notification', tracking: 'Tracking event' };

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const deliveries = useDeliveries(webhookId);
  const resend = useResendDelivery();
  const rows = deliveries.data?.list ?? [];
  if (deliveries.isError) return <p role="alert">The delivery log could not be read. Try again later.</p>;
  if (deliveries.isPending) return <p>Loading notifications…</p>;
  if (rows.length === 0) return <p>No notifications sent yet.</p>;
  const total = deliveries.data?.totalCount ?? rows.length;
  return (
    <>
      <table aria-label="Deliveries">
        <thead>
          <tr>
            <th>Time</th>
            <th>Kind</th>
            <th>Booking</th>
            <th>Event</th>
            <th>Status</th>
            <th>Delivery</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{(row.lastAttemptAt ?? row.createdAt).replace('T', ' ').slice(0, 19)}</td>
              <td>{DELIVERY_KINDS[row.kind] ?? row.kind}</td>
              <td>{row.bookingReference ?? row.carrierBookingRequestReference ?? '-'}</td>
              <td>{row.eventType ?? '-'}</td>
              <td>{row.bookingStatus}</td>
              <td>{row.state}</td>
              <td>{row.attempts}</td>
              <td>{row.lastStatusCode ?? row.lastError ?? '-'}</td>
              <td>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => resend.mutate(row.id, { onError: (error) => toast.error(error.description) })}
                >
                  Resend
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > rows.length ? (
        <p>
          The latest {rows.length} of {total} notifications.
        </p>
      ) : null}
    </>
  );
}

function Webhooks() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const [tntFormat, setTntFormat] = useState(false);
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Booking notifications (webhooks)</h2>
      <p>
        Every change of a booking is posted to <code>{'{your URL}'}/v2/booking-notifications</code>, signed by the
        Standard Webhooks specification (headers webhook-id, webhook-timestamp and webhook-signature): verify it with
        any Standard Webhooks library and the secret shown once below.
      </p>
      {secret ? (
        <ShownOnce
          title="The signing secret of this webhook."
          what="signing secret"
          value={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <form
        className={styles.form}
        aria-label="New webhook"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { callbackUrl: url, trackingFormat: tntFormat ? 'tnt-3.0' : 'cloudevents' },
            {
              onSuccess: (created) => {
                setSecret(created.secret);
                setUrl('');
                setTntFormat(false);
                setError(undefined);
              },
              onError: (failure) => setError(failure.fields.callbackUrl ?? failure.description),
            },
          );
        }}
      >
        <TextInput label="Callback URL" value={url} error={error} onChange={(event) => setUrl(event.target.value)} />
        <Checkbox
          label="Send tracking events as a DCSA Track & Trace 3.0 consumer takes them (posted to the URL itself)"
          checked={tntFormat}
          onChange={(event) => setTntFormat(event.target.checked)}
        />
        <SubmitRow pending={create.isPending}>Add webhook</SubmitRow>
      </form>
      {(webhooks.data?.list ?? []).map((hook) => (
        <article key={hook.id} aria-label={`Webhook ${hook.callbackUrl}`}>
          <h3>{hook.callbackUrl}</h3>
          {hook.trackingFormat === 'tnt-3.0' ? (
            <p>Tracking events: DCSA Track &amp; Trace 3.0 consumer format.</p>
          ) : null}
          {hook.previousSecretValidUntil ? (
            <p>The previous secret also signs until {hook.previousSecretValidUntil}.</p>
          ) : null}
          <Button
            type="button"
            loading={rotate.isPending && rotate.variables === hook.id}
            onClick={() => rotate.mutate(hook.id, { onSuccess: (rotated) => setSecret(rotated.secret) })}
          >
            Rotate secret
          </Button>
          <Button type="button" variant="danger" onClick={() => remove.mutate(hook.id)}>
            Remove webhook
          </Button>
          <DeliveryLog webhookId={hook.id} />
        </article>
      ))}
    </section>
  );
}

/** The profile's Integrations tab: API keys for the DCSA door and webhook subscriptions with their log. A
 * team's booker or viewer has their own keys (acting with their role); webhooks are the owners'. */
export function IntegrationsPanel({ webhooks = true }: { webhooks?: boolean }) {
  return (
    <div>
      <ApiKeys />
      {webhooks ? <Webhooks /> : <p>Webhooks are managed by an owner of your company's team.</p>}
    </div>
  );
}
