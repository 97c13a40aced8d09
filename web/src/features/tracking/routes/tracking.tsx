/**
 * The console's tracking screen: what needs staff (containers not gated in before the cargo
 * cut-off, slipped arrivals), the events that matched no booking (paged, assigned to a booking), a milestone
 * recorded by hand, and the publisher keys terminals and depots publish with (the key shown once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ContentLayout } from '@/components/layouts';
import { CopyButton } from '@/components/ui/copy-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { formatAt, formatMoment, momentField } from '@/lib/format';
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
import { MILESTONES, isEquipment, milestoneEvent, milestoneProblems } from '../lib/milestone';
import type { Classifier, MilestoneCode, MilestoneForm } from '../lib/milestone';
import styles from './tracking.module.css';

function hours(value: number): string {
  return value >= 48 ? `${Math.round(value / 24)} days` : `${Math.round(value)} h`;
}

function Exceptions() {
  const query = useQuery(exceptionsOptions());
  // Cut-offs at the port of loading and arrivals at their port, each in that port's local time.
  const places = usePlaces([
    ...(query.data?.notGatedIn ?? []).map((r) => r.loadPort),
    ...(query.data?.slippedArrivals ?? []).map((r) => r.arrivalPort),
  ]);
  const zone = (port: string | null | undefined) => (port ? places.get(port)?.timeZone : null);
  if (query.isPending) return <p className={styles.muted}>Loading…</p>;
  if (query.isError) return <p role="alert">{errorText(query.error)}</p>;
  const { notGatedIn, slippedArrivals, unmatchedEvents } = query.data;
  return (
    <section aria-labelledby="exceptions-heading" className={styles.panel} data-testid="tracking-exceptions">
      <h2 id="exceptions-heading">Exceptions</h2>
      <h3>Containers not gated in before the cargo cut-off ({notGatedIn.length})</h3>
      {notGatedIn.length === 0 ? <p className={styles.muted}>Every container due within a day is in.</p> : null}
      <ul>
        {notGatedIn.map((row) => (
          <li key={row.rateRequestId} data-testid="not-gated-in">
            <strong>{row.reference ?? row.rateRequestId}</strong> · {row.customerName}: {row.containersMissing} of{' '}
            {row.containersExpected} not gated in
            {row.missingContainers.length > 0 ? ` (${row.missingContainers.join(', ')})` : ''} · cut-off{' '}
            <span className={row.cutOffPassed ? styles.late : undefined}>
              {formatAt(row.cargoCutOff, zone(row.loadPort))}
              {row.cutOffPassed ? ' (passed)' : ''}
            </span>{' '}
            at {row.loadPort}
            {row.vesselName ? ` for ${row.vesselName}` : ''}
          </li>
        ))}
      </ul>
      <h3>Arrivals slipped by more than a day ({slippedArrivals.length})</h3>
      {slippedArrivals.length === 0 ? <p className={styles.muted}>No vessel is running late.</p> : null}
      <ul>
        {slippedArrivals.map((row) => (
          <li key={row.rateRequestId} data-testid="slipped-arrival">
            <strong>{row.reference ?? row.rateRequestId}</strong> · {row.vesselName ?? 'vessel'} now expected at{' '}
            {row.arrivalPort ?? 'its port'} {formatAt(row.estimatedArrival, zone(row.arrivalPort))},{' '}
            <span className={styles.late}>{hours(row.arrivalDelayHours)} late</span>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>Events that matched no booking: {unmatchedEvents} (below).</p>
    </section>
  );
}

function UnmatchedEvents() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [references, setReferences] = useState<Record<string, string>>({});
  const query = useQuery(unmatchedOptions(page));
  const assign = useMutation({
    mutationFn: ({ id, reference }: { id: string; reference: string }) => assignEvent(id, reference),
    onSuccess: (_, { reference }) => {
      toast.success(`Event assigned to ${reference}`);
      void client.invalidateQueries({ queryKey: trackingKeys.all });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const rows = query.data?.list ?? [];
  const total = query.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / UNMATCHED_PAGE));
  return (
    <section aria-labelledby="unmatched-heading" className={styles.panel}>
      <h2 id="unmatched-heading">Events that matched no booking ({total})</h2>
      {query.isError ? <p role="alert">{errorText(query.error)}</p> : null}
      {rows.length === 0 && !query.isPending ? <p className={styles.muted}>None: every event found its booking.</p> : null}
      <ul>
        {rows.map((row) => (
          <li key={row.id} data-testid="unmatched-event" className={styles.row}>
            <span>
              {row.description}
              {row.equipmentReference ? ` · container ${row.equipmentReference}` : ''} · {formatMoment(row.eventDateTime)}
              <br />
              {row.sentReferences.length > 0 ? (
                <span data-testid="sent-reference">Reference sent: {row.sentReferences.join(', ')}</span>
              ) : (
                <span data-testid="sent-reference">No booking reference sent</span>
              )}{' '}
              <span className={styles.muted}>· publisher’s event ID <code>{row.eventID}</code></span>
            </span>
            <label className={styles.field}>
              <span className="visually-hidden">Booking reference for {row.eventID}</span>
              <input
                placeholder="FB-…"
                value={references[row.id] ?? ''}
                onChange={(e) => setReferences({ ...references, [row.id]: e.target.value })}
              />
            </label>
            <Button
              variant="outline"
              disabled={!(references[row.id] ?? '').trim() || assign.isPending}
              onClick={() => assign.mutate({ id: row.id, reference: (references[row.id] ?? '').trim() })}
            >
              Assign
            </Button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="Unmatched events pages">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
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

const EMPTY: MilestoneForm = { reference: '', code: 'GTIN', classifier: 'ACT', container: '', port: '', vessel: '', at: '' };

export function RecordMilestone() {
  const client = useQueryClient();
  const [form, setForm] = useState<MilestoneForm>(EMPTY);
  const [shown, setShown] = useState<Partial<Record<keyof MilestoneForm, string>>>({});
  const [refused, setRefused] = useState<string[]>([]);
  const record = useMutation({
    mutationFn: (event: Record<string, unknown>) => recordEvents([event]),
    onSuccess: (feedback) => {
      setRefused([]);
      const warned = feedback.filter((f) => f.severity === 'WARN').map((f) => f.message);
      if (warned.length > 0) toast.error(`Recorded, but: ${warned.join('; ')}`);
      else toast.success('Milestone recorded');
      setForm({ ...EMPTY, reference: form.reference });
      void client.invalidateQueries({ queryKey: trackingKeys.all });
    },
    onError: (error) => setRefused(error instanceof MilestoneRefused ? error.feedback.map((f) => f.message) : [errorText(error)]),
  });
  const set = (changes: Partial<MilestoneForm>) => setForm({ ...form, ...changes });
  const submit = () => {
    const problems = milestoneProblems(form);
    setShown(problems);
    if (Object.keys(problems).length === 0) record.mutate(milestoneEvent(form, `staff-${crypto.randomUUID()}`, new Date()));
  };
  return (
    <section aria-labelledby="milestone-heading" className={styles.panel}>
      <h2 id="milestone-heading">Record a milestone</h2>
      <p className={styles.muted}>For a terminal or depot that publishes nothing: it joins the booking&apos;s timeline as a published event would.</p>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Field id="milestone-reference" label="Booking reference" error={shown.reference}>
          <input id="milestone-reference" value={form.reference} onChange={(e) => set({ reference: e.target.value })} placeholder="FB-2027-000123" />
        </Field>
        <Field id="milestone-code" label="Milestone">
          <select id="milestone-code" value={form.code} onChange={(e) => set({ code: e.target.value as MilestoneCode })}>
            {MILESTONES.map((m) => (
              <option key={m.code} value={m.code}>
                {m.words}
              </option>
            ))}
          </select>
        </Field>
        <Field id="milestone-classifier" label="Happened or expected">
          <select id="milestone-classifier" value={form.classifier} onChange={(e) => set({ classifier: e.target.value as Classifier })}>
            <option value="ACT">Actual</option>
            <option value="EST">Estimated</option>
            <option value="PLN">Planned</option>
          </select>
        </Field>
        {isEquipment(form.code) ? (
          <Field id="milestone-container" label="Container number" error={shown.container}>
            <input id="milestone-container" value={form.container} onChange={(e) => set({ container: e.target.value })} placeholder="MSCU1234566" />
          </Field>
        ) : null}
        <Field id="milestone-port" label="Port (UN/LOCODE)" error={shown.port}>
          <input id="milestone-port" value={form.port} onChange={(e) => set({ port: e.target.value })} placeholder="DEHAM" />
        </Field>
        <Field id="milestone-vessel" label="Vessel">
          <input id="milestone-vessel" value={form.vessel} onChange={(e) => set({ vessel: e.target.value })} placeholder="KING OF THE SEAS" />
        </Field>
        <Field id="milestone-at" label="When (UTC)" error={shown.at}>
          {/* Typed in the product's one format and zone, never the browser's own date-time picker. */}
          <div className={styles.moment}>
            <input
              id="milestone-at"
              type="text"
              value={form.at}
              onChange={(e) => set({ at: e.target.value })}
              placeholder="YYYY/MM/DD HH:MM"
              aria-describedby="milestone-at-hint"
              autoComplete="off"
              spellCheck={false}
            />
            <span aria-hidden="true">UTC</span>
            <Button type="button" variant="outline" onClick={() => set({ at: momentField(new Date()) })}>
              Now
            </Button>
          </div>
          <span id="milestone-at-hint" className={styles.muted}>
            YYYY/MM/DD HH:MM in UTC, like {momentField('2027-01-14T08:30:00Z')}
          </span>
        </Field>
        <Button type="submit" disabled={record.isPending}>
          Record milestone
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
    onError: (error) => toast.error(errorText(error)),
  });
  const revoke = useMutation({
    mutationFn: revokePublisherKey,
    onSuccess: () => {
      setRevoking(null);
      toast.success('Key revoked: it no longer publishes');
      void client.invalidateQueries({ queryKey: trackingKeys.keys() });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const keys = query.data?.list ?? [];
  return (
    <section aria-labelledby="keys-heading" className={styles.panel}>
      <h2 id="keys-heading">Publisher keys</h2>
      <p className={styles.muted}>A key lets a terminal, depot or the carrier&apos;s operations publish tracking events, and nothing else.</p>
      <form
        className={`${styles.row} ${styles.keyForm}`}
        onSubmit={(e) => {
          e.preventDefault();
          if (label.trim()) issue.mutate(label.trim());
        }}
      >
        <Field id="publisher-key-label" label="Who publishes with it">
          <input id="publisher-key-label" value={label} onChange={(e) => setLabel(e.target.value)} placeholder="Rotterdam ECT Delta gate" maxLength={200} />
        </Field>
        <Button type="submit" disabled={!label.trim() || issue.isPending}>
          Create key
        </Button>
      </form>
      {issued ? (
        <div role="status" data-testid="issued-key">
          <p>
            The key for <strong>{issued.label}</strong>. Copy it now: it is shown this once and only its hash is kept.
          </p>
          <code className={styles.key}>{issued.key}</code>
          <div className={styles.row}>
            <CopyButton value={issued.key} what="publisher key" />
            <Button variant="outline" onClick={() => setIssued(null)}>
              I have copied it
            </Button>
          </div>
        </div>
      ) : null}
      <ul>
        {keys.map((key) => (
          <li key={key.id} className={styles.row} data-testid="publisher-key">
            <span>
              <strong>{key.label}</strong> <span className={styles.muted}><code>{key.hint}…</code> · created {formatMoment(key.createdAt)}</span>
              {key.revokedAt ? <span className={styles.muted}> · revoked {formatMoment(key.revokedAt)}</span> : null}
            </span>
            {key.revokedAt ? null : (
              <Button variant="outline" onClick={() => setRevoking({ id: key.id, label: key.label })}>
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key of ${revoking?.label ?? ''}?`}
        act="Revoke key"
        onAct={() => revoking && revoke.mutate(revoking.id)}
        keep="Keep it"
        onKeep={() => setRevoking(null)}
        destructive
        pending={revoke.isPending}
      >
        Events it publishes from now on are refused.
      </ConfirmDialog>
    </section>
  );
}

export function TrackingRoute() {
  return (
    <ContentLayout title="Tracking" description="Containers and vessels after confirmation: what needs you, events to place, and who publishes.">
      <Exceptions />
      <UnmatchedEvents />
      <RecordMilestone />
      <PublisherKeys />
    </ContentLayout>
  );
}
