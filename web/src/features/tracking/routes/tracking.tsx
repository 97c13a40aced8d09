/**
 * The console's tracking screen: what needs staff (containers not gated in before the cargo
 * cut-off, slipped arrivals, a booking that ended said to have), the events that matched no booking (paged,
 * assigned to a booking, each named in the language shown), a milestone recorded by hand, and the publisher
 * keys terminals and depots publish with (the key shown once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { ContentLayout } from '@/components/layouts';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { currentLanguage } from '@/i18n';
import { formatAt, formatMoment, localDigits } from '@/lib/format';
import { usePlaces } from '@/lib/places';
import {
  MilestoneRefused,
  UNMATCHED_PAGE,
  assignEvent,
  exceptionsOptions,
  issuePublisherKey,
  publisherKeysOptions,
  recordEvents,
  revokePublisherKey,
  trackingKeys,
  unmatchedOptions,
} from '../api/tracking-admin';
import { MILESTONES, isEquipment, milestoneEvent, milestoneField, milestoneProblems } from '../lib/milestone';
import type { Classifier, MilestoneCode, MilestoneForm } from '../lib/milestone';
import styles from './tracking.module.css';
import { Reference } from '@/components/reference/reference';
import { personWords } from '@/lib/people';
import { milestoneName } from '@/lib/milestone-words';
import { endedWords } from '@/components/where-it-is';
import { maxLength } from '@/types/limits';
import { Separator } from '@/components/ui/separator/separator';
import { fieldLabel } from '@/lib/field-words';

// Examples of data, not words: references, container numbers and vessel names are Latin in every language.
const EXAMPLE = {
  reference: 'FB-2027-000123',
  container: 'MSCU1234566',
  vessel: 'KING OF THE SEAS',
  partial: 'FB-… / BL-…',
};

/** A number as the language writes its digits. */
const n = (value: number) => localDigits(String(value));

function Exceptions() {
  const { t } = useTranslation('tracking');
  const hours = (value: number) =>
    value >= 48
      ? t('exceptions.days', { count: Math.round(value / 24), n: n(Math.round(value / 24)) })
      : t('exceptions.hours', { n: n(Math.round(value)) });
  const query = useQuery(exceptionsOptions());
  // Cut-offs at the port of loading and arrivals at their port, each in that port's local time.
  const places = usePlaces([
    ...(query.data?.notGatedIn ?? []).map((r) => r.loadPort),
    ...(query.data?.slippedArrivals ?? []).map((r) => r.arrivalPort),
  ]);
  const zone = (port: string | null | undefined) => (port ? places.get(port)?.timeZone : null);
  if (query.isPending) return <p className={styles.muted}>{t('loading')}</p>;
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  const { notGatedIn, slippedArrivals, unmatchedEvents } = query.data;
  return (
    <section aria-labelledby="exceptions-heading" className={styles.panel} data-testid="tracking-exceptions">
      <h2 id="exceptions-heading">{t('exceptions.heading')}</h2>
      <h3>{t('exceptions.notGatedIn', { n: n(notGatedIn.length) })}</h3>
      {notGatedIn.length === 0 ? <p className={styles.muted}>{t('exceptions.allIn')}</p> : null}
      <ul>
        {notGatedIn.map((row) => (
          <li key={row.rateRequestId} data-testid="not-gated-in">
            <strong>
              <Reference value={row.reference ?? row.rateRequestId} />
            </strong>
            <Separator />
            <bdi>{personWords(row.customerName)}</bdi>:{' '}
            {t('exceptions.missing', { missing: n(row.containersMissing), expected: n(row.containersExpected) })}
            {row.missingContainers.length > 0 ? (
              <>
                {' ('}
                <bdi>{row.missingContainers.join(', ')}</bdi>)
              </>
            ) : null}
            <Separator />
            {t('exceptions.cutOff')}{' '}
            <span className={row.cutOffPassed ? styles.late : undefined}>
              {formatAt(row.cargoCutOff, zone(row.loadPort))}
              {row.cutOffPassed ? t('exceptions.passed') : ''}
            </span>{' '}
            {t('exceptions.at')} <bdi>{row.loadPort}</bdi>
            {row.vesselName ? (
              <Trans
                t={t}
                i18nKey="exceptions.forVessel"
                values={{ vessel: row.vesselName }}
                components={{ b: <bdi /> }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <h3>{t('exceptions.slipped', { n: n(slippedArrivals.length) })}</h3>
      {slippedArrivals.length === 0 ? <p className={styles.muted}>{t('exceptions.noneLate')}</p> : null}
      <ul>
        {slippedArrivals.map((row) => (
          <li key={row.rateRequestId} data-testid="slipped-arrival" data-ended={row.bookingEndedAs ? true : undefined}>
            <strong>
              <Reference value={row.reference ?? row.rateRequestId} />
            </strong>
            <Separator />
            <Trans
              t={t}
              i18nKey="exceptions.expected"
              values={{
                vessel: row.vesselName ?? t('exceptions.vessel'),
                port: row.arrivalPort ?? t('exceptions.itsPort'),
                time: formatAt(row.estimatedArrival, zone(row.arrivalPort)),
              }}
              components={{ b: <bdi /> }}
            />{' '}
            {/* A booking that ended is listed still (staff read every event), muted and said to have ended. */}
            <span className={row.bookingEndedAs ? styles.muted : styles.late}>
              {t('exceptions.late', { delay: hours(row.arrivalDelayHours) })}
            </span>
            {row.bookingEndedAs ? (
              <span className={styles.muted}>
                <Separator />
                <span data-testid="booking-ended">{endedWords(row)}</span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('exceptions.unmatched', { n: n(unmatchedEvents) })}</p>
    </section>
  );
}

function UnmatchedEvents() {
  const { t } = useTranslation('tracking');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [references, setReferences] = useState<Record<string, string>>({});
  const query = useQuery(unmatchedOptions(page));
  const assign = useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) => assignEvent(id, reference),
    onSuccess: (_, { reference }) => {
      toast.success(t('unmatched.assigned', { reference }));
      void client.invalidateQueries({ queryKey: trackingKeys.all });
    },
    onError: (error) => toast.failure(error),
  });
  const rows = query.data?.list ?? [];
  const total = query.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / UNMATCHED_PAGE));
  return (
    <section aria-labelledby="unmatched-heading" className={styles.panel}>
      <h2 id="unmatched-heading">{t('unmatched.heading', { n: n(total) })}</h2>
      {query.isError ? <p role="alert">{errorText(query.error)}</p> : null}
      {rows.length === 0 && !query.isPending ? <p className={styles.muted}>{t('unmatched.none')}</p> : null}
      <ul>
        {rows.map((row) => (
          <li key={row.id} data-testid="unmatched-event" className={styles.row}>
            <span>
              {/* Named by its code from the catalogue, as the customer's timeline names it (not the server's English). */}
              <bdi data-testid="unmatched-milestone">
                {milestoneName(row.eventSubtype ?? row.eventType, row.classifier)}
              </bdi>
              {row.equipmentReference ? (
                <>
                  {t('unmatched.container')} <bdi>{row.equipmentReference}</bdi>
                </>
              ) : null}
              <Separator />
              {formatMoment(row.eventDateTime)}
              <br />
              {row.sentReferences.length > 0 ? (
                <span data-testid="sent-reference">
                  {t('unmatched.referenceSent')} <bdi>{row.sentReferences.join(', ')}</bdi>
                </span>
              ) : (
                <span data-testid="sent-reference">{t('unmatched.noReference')}</span>
              )}{' '}
              <span className={styles.muted}>
                {t('unmatched.eventId')} <code dir="ltr">{row.eventID}</code>
              </span>
            </span>
            <label className={styles.field}>
              <span className="visually-hidden">{t('unmatched.referenceFor', { id: row.eventID })}</span>
              <input
                dir="auto"
                placeholder={EXAMPLE.partial}
                value={references[row.id] ?? ''}
                onChange={(e) => setReferences({ ...references, [row.id]: e.target.value })}
              />
            </label>
            <Button
              variant="outline"
              disabled={!(references[row.id] ?? '').trim() || assign.isPending}
              onClick={() => assign.mutate({ id: row.id, reference: (references[row.id] ?? '').trim() })}
            >
              {t('unmatched.assign')}
            </Button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={t('unmatched.pages')}>
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('unmatched.previous')}
          </Button>
          <span>{localDigits(t('unmatched.page', { page, pages }))}</span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('unmatched.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? <span className={styles.error}>{error}</span> : null}
    </div>
  );
}

const EMPTY: MilestoneForm = {
  reference: '',
  code: 'GTIN',
  classifier: 'ACT',
  container: '',
  port: '',
  vessel: '',
  at: '',
};

export function RecordMilestone() {
  const { t } = useTranslation('tracking');
  const language = currentLanguage();
  const client = useQueryClient();
  const [form, setForm] = useState<MilestoneForm>(EMPTY);
  const [shown, setShown] = useState<Partial<Record<keyof MilestoneForm, string>>>({});
  const [refused, setRefused] = useState<string[]>([]);
  const record = useMutation({
    mutationFn: (event: Record<string, unknown>) => recordEvents([event]),
    onSuccess: (feedback) => {
      setRefused([]);
      const warned = feedback.filter((f) => f.severity === 'WARN').map((f) => f.message);
      if (warned.length > 0) toast.error(t('recordMilestone.recordedBut', { warnings: warned.join('; ') }));
      else toast.success(t('recordMilestone.recorded'));
      setForm({ ...EMPTY, reference: form.reference });
      void client.invalidateQueries({ queryKey: trackingKeys.all });
    },
    onError: (error) =>
      setRefused(error instanceof MilestoneRefused ? error.feedback.map((f) => f.message) : [errorText(error)]),
  });
  const set = (changes: Partial<MilestoneForm>) => setForm({ ...form, ...changes });
  // The form's text fields: each labelled by its own word (a container's number and the vessel as the
  // booking's fields are worded everywhere, contract/field-labels.json), written as typed in either script.
  const label = {
    reference: t('recordMilestone.reference'),
    container: fieldLabel('equipmentReference'),
    port: t('recordMilestone.port'),
    vessel: fieldLabel('vesselName'),
  };
  const text = (field: keyof typeof label, placeholder: string) => (
    <Field id={`milestone-${field}`} label={label[field]} error={shown[field]}>
      <input
        id={`milestone-${field}`}
        dir="auto"
        value={form[field]}
        onChange={(e) => set({ [field]: e.target.value })}
        placeholder={placeholder}
      />
    </Field>
  );
  const submit = () => {
    const problems = milestoneProblems(form);
    setShown(problems);
    if (Object.keys(problems).length === 0)
      record.mutate(milestoneEvent(form, `staff-${crypto.randomUUID()}`, new Date()));
  };
  return (
    <section aria-labelledby="milestone-heading" className={styles.panel}>
      <h2 id="milestone-heading">{t('recordMilestone.heading')}</h2>
      <p className={styles.muted}>{t('recordMilestone.help')}</p>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        {text('reference', EXAMPLE.reference)}
        <Field id="milestone-code" label={fieldLabel('eventSubtype')}>
          <select
            id="milestone-code"
            value={form.code}
            onChange={(e) => set({ code: e.target.value as MilestoneCode })}
          >
            {MILESTONES.map((m) => (
              <option key={m.code} value={m.code}>
                {t(`recordMilestone.kinds.${m.code}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="milestone-classifier" label={t('recordMilestone.classifier')}>
          <select
            id="milestone-classifier"
            value={form.classifier}
            onChange={(e) => set({ classifier: e.target.value as Classifier })}
          >
            <option value="ACT">{t('recordMilestone.actual')}</option>
            <option value="EST">{t('recordMilestone.estimated')}</option>
            <option value="PLN">{t('recordMilestone.planned')}</option>
          </select>
        </Field>
        {isEquipment(form.code) ? text('container', EXAMPLE.container) : null}
        {text('port', 'DEHAM')}
        {text('vessel', EXAMPLE.vessel)}
        <Field id="milestone-at" label={t('recordMilestone.when')} error={shown.at}>
          {/* Typed in the product's one format and zone, never the browser's own date-time picker. */}
          <div className={styles.moment}>
            <input
              id="milestone-at"
              type="text"
              dir="auto"
              value={form.at}
              onChange={(e) => set({ at: e.target.value })}
              placeholder={t('recordMilestone.format')}
              aria-describedby="milestone-at-hint"
              autoComplete="off"
              spellCheck={false}
            />
            <span aria-hidden="true">{t('recordMilestone.utc')}</span>
            <Button type="button" variant="outline" onClick={() => set({ at: milestoneField(new Date(), language) })}>
              {t('recordMilestone.now')}
            </Button>
          </div>
          <span id="milestone-at-hint" className={styles.muted}>
            {t('recordMilestone.hint', { example: milestoneField('2027-01-14T08:30:00Z', language) })}
          </span>
        </Field>
        <Button type="submit" disabled={record.isPending}>
          {t('recordMilestone.submit')}
        </Button>
      </form>
      {refused.length > 0 ? (
        <ul role="alert" className={styles.error}>
          {refused.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function PublisherKeys() {
  const { t } = useTranslation('tracking');
  const client = useQueryClient();
  const query = useQuery(publisherKeysOptions());
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<{ label: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; label: string } | null>(null);
  const issue = useMutation({
    mutationFn: issuePublisherKey,
    onSuccess: (key) => {
      setIssued({ label: key.label, key: key.key });
      setLabel('');
      void client.invalidateQueries({ queryKey: trackingKeys.keys() });
    },
    onError: (error) => toast.failure(error),
  });
  const revoke = useMutation({
    mutationFn: revokePublisherKey,
    onSuccess: () => {
      setRevoking(null);
      toast.success(t('publisherKeys.revoked'));
      void client.invalidateQueries({ queryKey: trackingKeys.keys() });
    },
    onError: (error) => toast.failure(error),
  });
  const keys = query.data?.list ?? [];
  return (
    <section aria-labelledby="keys-heading" className={styles.panel}>
      <h2 id="keys-heading">{t('publisherKeys.heading')}</h2>
      <p className={styles.muted}>{t('publisherKeys.help')}</p>
      <form
        className={`${styles.row} ${styles.keyForm}`}
        onSubmit={(e) => {
          e.preventDefault();
          if (label.trim()) issue.mutate(label.trim());
        }}
      >
        <Field id="publisher-key-label" label={t('publisherKeys.label')}>
          <input
            id="publisher-key-label"
            dir="auto"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            placeholder={t('publisherKeys.labelPlaceholder')}
            maxLength={maxLength.PublisherKeyBody.label}
          />
        </Field>
        <Button type="submit" disabled={!label.trim() || issue.isPending}>
          {t('publisherKeys.create')}
        </Button>
      </form>
      {issued ? (
        <div role="status" data-testid="issued-key">
          <p>
            <Trans
              t={t}
              i18nKey="publisherKeys.issued"
              values={{ label: issued.label }}
              components={{ strong: <strong dir="auto" /> }}
            />
          </p>
          <code className={styles.key} dir="ltr">
            {issued.key}
          </code>
          <div className={styles.row}>
            <CopyButton value={issued.key} what={t('publisherKeys.what')} />
            <Button variant="outline" onClick={() => setIssued(null)}>
              {t('publisherKeys.copied')}
            </Button>
          </div>
        </div>
      ) : null}
      <ul>
        {keys.map((key) => (
          <li key={key.id} className={styles.row} data-testid="publisher-key">
            <span>
              <strong>
                <bdi>{key.label}</bdi>
              </strong>{' '}
              <span className={styles.muted}>
                <code dir="ltr">{key.hint}…</code> {t('publisherKeys.created', { at: formatMoment(key.createdAt) })}
              </span>
              {key.revokedAt ? (
                <span className={styles.muted}>
                  {t('publisherKeys.revokedAt', { at: formatMoment(key.revokedAt) })}
                </span>
              ) : null}
            </span>
            {key.revokedAt ? null : (
              <Button variant="outline" onClick={() => setRevoking({ id: key.id, label: key.label })}>
                {t('publisherKeys.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={t('publisherKeys.confirmTitle', { label: revoking?.label ?? '' })}
        act={t('publisherKeys.confirmAct')}
        // The promise holds a double click's second click off; a refusal is the mutation's toast.
        onAct={() => revoking && revoke.mutateAsync(revoking.id).catch(() => undefined)}
        keep={t('publisherKeys.keep')}
        onKeep={() => setRevoking(null)}
        destructive
        pending={revoke.isPending}
      >
        {t('publisherKeys.confirmText')}
      </ConfirmDialog>
    </section>
  );
}

export function TrackingRoute() {
  const { t } = useTranslation('tracking');
  return (
    <ContentLayout title={t('route.title')} description={t('route.description')}>
      <Exceptions />
      <UnmatchedEvents />
      <RecordMilestone />
      <PublisherKeys />
    </ContentLayout>
  );
}
