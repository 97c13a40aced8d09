import { useTranslation } from 'react-i18next';
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
import { formatDate, formatMoment } from '@/lib/format';
import { useTeamRights } from '@/lib/team-rights';

/** A secret the server answers once: shown until the customer dismisses it, never fetched again. */
function ShownOnce({ title, what, value, onDone }: { title: string; what: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <div role="status" className={styles.form}>
      <p>
        <strong>{title}</strong> {t('integrationsPanel.copyItNowIt')}
      </p>
      <code data-testid="shown-once">{value}</code>
      <div className={styles.actions}>
        <CopyButton value={value} what={what} />
        <Button type="button" variant="outline" onClick={onDone}>
          {t('integrationsPanel.done')}
        </Button>
      </div>
    </div>
  );
}

function ApiKeys() {
  const { t } = useTranslation('accounts');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  // A key acts with its holder's role: a viewer's reads the team's bookings and books nothing (decision 3866).
  const books = useTeamRights().book;
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  return (
    <section aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t('integrationsPanel.apiKeys')}</h2>
      <p>{t(books ? 'integrationsPanel.yourSystemsBookThrough' : 'integrationsPanel.yourSystemsReadThrough')}</p>
      {issued ? (
        <ShownOnce
          title={t('integrationsPanel.yourNewApiKey')}
          what={t('integrationsPanel.apiKey')}
          value={issued}
          onDone={() => setIssued(null)}
        />
      ) : null}
      <form
        className={styles.form}
        aria-label={t('integrationsPanel.newApiKey')}
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(label, {
            onSuccess: (key) => {
              setIssued(key.key);
              setLabel('');
            },
            onError: (error) => toast.failure(error, error.fields.label ?? error.description),
          });
        }}
      >
        <TextInput
          label={t('integrationsPanel.keyName')}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
        <SubmitRow pending={create.isPending}>{t('integrationsPanel.createKey')}</SubmitRow>
      </form>
      <ul aria-label={t('integrationsPanel.apiKeys')}>
        {(keys.data?.list ?? []).map((key) => (
          <li key={key.id}>
            {key.label} (<code>{key.hint}…</code>
            {t('integrationsPanel.created')} {formatDate(key.createdAt)}{' '}
            {key.revokedAt ? (
              <em>{t('integrationsPanel.revoked')}</em>
            ) : (
              <Button type="button" variant="danger" onClick={() => revoke.mutate(key.id)}>
                {t('integrationsPanel.revoke')} {key.label}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('accounts');
  const deliveries = useDeliveries(webhookId);
  const resend = useResendDelivery();
  const rows = deliveries.data?.list ?? [];
  if (deliveries.isError) return <p role="alert">{t('integrationsPanel.theDeliveryLogCould')}</p>;
  if (deliveries.isPending) return <p>{t('integrationsPanel.loadingNotifications')}</p>;
  if (rows.length === 0) return <p>{t('integrationsPanel.noNotificationsSentYet')}</p>;
  const total = deliveries.data?.totalCount ?? rows.length;
  return (
    <>
      <table aria-label={t('integrationsPanel.deliveries')}>
        <thead>
          <tr>
            <th>{t('integrationsPanel.time')}</th>
            <th>{t('integrationsPanel.kind')}</th>
            <th>{t('integrationsPanel.booking')}</th>
            <th>{t('integrationsPanel.event')}</th>
            <th>{t('integrationsPanel.status')}</th>
            <th>{t('integrationsPanel.delivery')}</th>
            <th>{t('integrationsPanel.attempts')}</th>
            <th>{t('integrationsPanel.lastAnswer')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{(row.lastAttemptAt ?? row.createdAt).replace('T', ' ').slice(0, 19)}</td>
              <td>{t(`integrationsPanel.deliveryKinds.${row.kind}`)}</td>
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
                  onClick={() => resend.mutate(row.id, { onError: (error) => toast.failure(error, error.description) })}
                >
                  {t('integrationsPanel.resend')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > rows.length ? (
        <p>
          {t('integrationsPanel.theLatest')} {rows.length} {t('integrationsPanel.of')} {total}{' '}
          {t('integrationsPanel.notifications')}
        </p>
      ) : null}
    </>
  );
}

function Webhooks() {
  const { t } = useTranslation('accounts');
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
      <h2 id="webhooks-title">{t('integrationsPanel.bookingNotificationsWebhooks')}</h2>
      <p>
        {t('integrationsPanel.everyChangeOfA')}{' '}
        <code>
          {t('integrationsPanel.yourUrl')}
          {t('integrationsPanel.v2BookingNotifications')}
        </code>
        {t('integrationsPanel.signedByTheStandard')}
      </p>
      {secret ? (
        <ShownOnce
          title={t('integrationsPanel.theSigningSecretOf')}
          what={t('integrationsPanel.signingSecret')}
          value={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <form
        className={styles.form}
        aria-label={t('integrationsPanel.newWebhook')}
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
        <TextInput
          label={t('integrationsPanel.callbackUrl')}
          value={url}
          error={error}
          onChange={(event) => setUrl(event.target.value)}
        />
        <Checkbox
          label={t('integrationsPanel.sendTrackingEventsAs')}
          checked={tntFormat}
          onChange={(event) => setTntFormat(event.target.checked)}
        />
        <SubmitRow pending={create.isPending}>{t('integrationsPanel.addWebhook')}</SubmitRow>
      </form>
      {(webhooks.data?.list ?? []).map((hook) => (
        <article key={hook.id} aria-label={t('integrationsPanel.webhookNamed', { url: hook.callbackUrl })}>
          <h3>{hook.callbackUrl}</h3>
          {hook.trackingFormat === 'tnt-3.0' ? <p>{t('integrationsPanel.trackingEventsDcsaTrack')}</p> : null}
          {hook.previousSecretValidUntil ? (
            <p>
              {t('integrationsPanel.thePreviousSecretAlso')} {formatMoment(hook.previousSecretValidUntil)}.
            </p>
          ) : null}
          <Button
            type="button"
            loading={rotate.isPending && rotate.variables === hook.id}
            onClick={() => rotate.mutate(hook.id, { onSuccess: (rotated) => setSecret(rotated.secret) })}
          >
            {t('integrationsPanel.rotateSecret')}
          </Button>
          <Button type="button" variant="danger" onClick={() => remove.mutate(hook.id)}>
            {t('integrationsPanel.removeWebhook')}
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
  const { t } = useTranslation('accounts');
  return (
    <div>
      <ApiKeys />
      {webhooks ? <Webhooks /> : <p>{t('integrationsPanel.webhooksAreManagedBy')}</p>}
    </div>
  );
}
