/**
 * The carrier's sailing schedules: staff upload a Commercial Schedules 1.0 `vessel-schedules` file, see what
 * it would change (sailings added, moved and removed, the bookings each touches, times already past) and
 * publish that same file; below, the published services, each removable after a confirming dialog that names
 * the bookings its removal touches.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { ApiError, errorText } from '@/lib/api-client';
import {
  previewSchedules,
  publishSchedules,
  removeService,
  serviceRemovalOptions,
  type SchedulePreview,
} from '../api/schedules';
import { PublishedSchedules } from '../components/published-schedules';
import { SailingChanges } from '../components/sailing-changes';
import styles from './operations.module.css';
import own from './schedules.module.css';

const CHANGE_WORDS: Record<string, string> = {
  new: 'new service',
  changed: 'changes',
  unchanged: 'no change',
  removed: 'removed',
};

function problemsOf(error: unknown): string[] {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const listed = Object.entries(fields).map(([path, text]) => `${path}: ${text}`);
  const said = error instanceof ApiError && error.description ? error.description : errorText(error);
  return [listed.length > 0 ? `${said}. Nothing was published.` : said, ...listed];
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className={own.warning}>
      <p>{problems[0]}</p>
      {problems.length > 1 ? (
        <ul>
          {problems.slice(1).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What the previewed file (or a removal) changes: per service, the counts, the warnings and the sailings. */
function PreviewSummary({ preview }: { preview: SchedulePreview }) {
  return (
    <div data-testid="schedule-preview">
      <ul className={own.counts} aria-label="Services in the file">
        {preview.services.map((s) => (
          <li key={s.serviceCode}>
            <strong>
              {s.serviceName} ({s.serviceCode})
            </strong>
            : {CHANGE_WORDS[s.change] ?? s.change}
          </li>
        ))}
      </ul>
      <ul className={own.counts} aria-label="Changes">
        <li>{preview.added.length} added</li>
        <li>{preview.moved.length} moved</li>
        <li>{preview.removed.length} removed</li>
        <li>{preview.unchanged} unchanged</li>
        <li>
          {preview.touchedBookings} booking{preview.touchedBookings === 1 ? '' : 's'} touched
        </li>
      </ul>
      {preview.warnings.length > 0 ? (
        <div role="status" className={own.warning} data-testid="schedule-warnings">
          <strong>Check before publishing:</strong>
          <ul>
            {preview.warnings.map((w) => (
              <li key={`${w.kind}-${w.path}`}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <SailingChanges kind="moved" title="Moved sailings" changes={preview.moved} />
      <SailingChanges kind="removed" title="Removed sailings" changes={preview.removed} />
      <SailingChanges kind="added" title="Added sailings" changes={preview.added} />
    </div>
  );
}

function RemoveServiceDialog({ service, onClose }: { service: { code: string; name: string }; onClose: () => void }) {
  const queryClient = useQueryClient();
  const removal = useQuery(serviceRemovalOptions(service.code));
  const remove = useMutation({
    mutationFn: () => removeService(service.code),
    onSuccess: () => {
      toast.success(`${service.name} (${service.code}) is no longer published`);
      void queryClient.invalidateQueries({ queryKey: ['operations', 'schedules'] });
      onClose();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const touched = removal.data?.touchedBookings ?? 0;
  return (
    <ConfirmDialog
      open
      title={`Remove ${service.name} (${service.code})?`}
      act="Remove service"
      onAct={() => remove.mutate()}
      keep="Keep service"
      onKeep={onClose}
      destructive
      pending={remove.isPending}
    >
      {removal.isPending ? <p>Loading what the removal touches…</p> : null}
      {removal.isError ? <p role="alert">{errorText(removal.error)}</p> : null}
      {removal.data ? (
        <>
          <p>
            Its {removal.data.removed.length} sailing{removal.data.removed.length === 1 ? '' : 's'} will no longer be
            offered.{' '}
            {touched === 0
              ? 'No booking is made for them.'
              : `${touched} booking${touched === 1 ? ' is' : 's are'} made for them: they keep their sailing as recorded until you name another.`}
          </p>
          {touched > 0 ? (
            <ul data-testid="removal-bookings">
              {[
                ...new Map(removal.data.removed.flatMap((c) => c.bookings).map((b) => [b.rateRequestId, b])).values(),
              ].map((b) => (
                <li key={b.rateRequestId}>
                  {b.reference ?? 'Booking'} · {b.customerName}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </ConfirmDialog>
  );
}

export function SchedulesRoute() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [document, setDocument] = useState<{ name: string; body: unknown } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [removing, setRemoving] = useState<{ code: string; name: string } | null>(null);
  const preview = useMutation({
    mutationFn: (body: unknown) => previewSchedules(body),
    onError: (error) => setProblems(problemsOf(error)),
  });
  const publish = useMutation({
    mutationFn: (body: unknown) => publishSchedules(body),
    onSuccess: (stored) => {
      toast.success(`Published ${stored.length} service${stored.length === 1 ? '' : 's'}`);
      setDocument(null);
      preview.reset();
      if (input.current) input.current.value = '';
      void queryClient.invalidateQueries({ queryKey: ['operations', 'schedules'] });
    },
    onError: (error) => setProblems(problemsOf(error)),
  });

  async function chosen(file: File | undefined) {
    setProblems([]);
    preview.reset();
    setDocument(null);
    if (!file) return;
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch {
      setProblems([`${file.name} is not a JSON file: upload the carrier's vessel-schedules document (CS 1.0).`]);
      return;
    }
    setDocument({ name: file.name, body });
    preview.mutate(body);
  }

  return (
    <ContentLayout
      title="Schedules"
      description="Publish the carrier's sailing schedules; customers choose their sailing from them."
    >
      <section aria-labelledby="schedule-upload-heading" className={styles.panel}>
        <h2 id="schedule-upload-heading">Upload a schedule</h2>
        <p className={styles.reference}>
          A DCSA Commercial Schedules 1.0 vessel-schedules file (JSON). Each service in it replaces the one published
          under its code; you see what changes before anything is published.
        </p>
        <div className={styles.toolbar}>
          <label htmlFor="schedule-file">Schedule file</label>
          <input
            id="schedule-file"
            ref={input}
            className={own.file}
            type="file"
            accept=".json,application/json"
            onChange={(e) => void chosen(e.target.files?.[0])}
          />
        </div>
        <Problems problems={problems} />
        {preview.isPending ? <p>Checking {document?.name}…</p> : null}
        {preview.data && document ? (
          <section aria-label="What publishing changes">
            <h3>What publishing {document.name} changes</h3>
            <PreviewSummary preview={preview.data} />
            <div className={styles.buttons}>
              <Button loading={publish.isPending} onClick={() => publish.mutate(document.body)}>
                Publish
              </Button>
              <Button
                variant="outline"
                disabled={publish.isPending}
                onClick={() => {
                  setDocument(null);
                  preview.reset();
                  if (input.current) input.current.value = '';
                }}
              >
                Discard file
              </Button>
            </div>
          </section>
        ) : null}
      </section>
      <PublishedSchedules onRemove={(code, name) => setRemoving({ code, name })} />
      {removing ? (
        <RemoveServiceDialog key={removing.code} service={removing} onClose={() => setRemoving(null)} />
      ) : null}
    </ContentLayout>
  );
}
