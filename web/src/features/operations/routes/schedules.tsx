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
import { FileInput } from '@/components/ui/file-input';
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
import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';
import { localDigits } from '@/lib/format';
import { Reference } from '@/components/reference/reference';
import { personWords } from '@/lib/people';
import { Separator } from '@/components/ui/separator/separator';

const CHANGES = new Set(['new', 'changed', 'unchanged', 'removed']);
const changeWords = (change: string) =>
  CHANGES.has(change) ? i18next.t(`schedules.change.${change as 'new'}`, { ns: 'operations' }) : change;

function problemsOf(error: unknown): string[] {
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const listed = Object.entries(fields).map(([path, text]) => `${path}: ${text}`);
  const said = error instanceof ApiError && error.description ? error.description : errorText(error);
  return [listed.length > 0 ? i18next.t('schedules.nothingPublished', { ns: 'operations', said }) : said, ...listed];
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
  const { t } = useTranslation('operations');
  const n = (count: number) => localDigits(String(count));
  return (
    <div data-testid="schedule-preview">
      <ul className={own.counts} aria-label={t('schedules.services')}>
        {preview.services.map((s) => (
          <li key={s.serviceCode}>
            <strong>
              <bdi>{s.serviceName}</bdi> (<bdi>{s.serviceCode}</bdi>)
            </strong>
            : {changeWords(s.change)}
          </li>
        ))}
      </ul>
      <ul className={own.counts} aria-label={t('schedules.changes')}>
        <li>{t('schedules.added', { n: n(preview.added.length) })}</li>
        <li>{t('schedules.moved', { n: n(preview.moved.length) })}</li>
        <li>{t('schedules.removed', { n: n(preview.removed.length) })}</li>
        <li>{t('schedules.unchanged', { n: n(preview.unchanged) })}</li>
        <li>{t('schedules.touched', { count: preview.touchedBookings, n: n(preview.touchedBookings) })}</li>
      </ul>
      {preview.warnings.length > 0 ? (
        <div role="status" className={own.warning} data-testid="schedule-warnings">
          <strong>{t('schedules.check')}</strong>
          <ul>
            {preview.warnings.map((w) => (
              <li key={`${w.kind}-${w.path}`}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <SailingChanges kind="moved" title={t('schedules.movedSailings')} changes={preview.moved} />
      <SailingChanges kind="removed" title={t('schedules.removedSailings')} changes={preview.removed} />
      <SailingChanges kind="added" title={t('schedules.addedSailings')} changes={preview.added} />
    </div>
  );
}

function RemoveServiceDialog({ service, onClose }: { service: { code: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const queryClient = useQueryClient();
  const removal = useQuery(serviceRemovalOptions(service.code));
  const remove = useMutation({
    mutationFn: () => removeService(service.code),
    onSuccess: () => {
      toast.success(t('schedules.unpublished', { name: service.name, code: service.code }));
      void queryClient.invalidateQueries({ queryKey: ['operations', 'schedules'] });
      onClose();
    },
    onError: (error) => toast.failure(error),
  });
  const touched = removal.data?.touchedBookings ?? 0;
  return (
    <ConfirmDialog
      open
      title={t('schedules.removeTitle', { name: service.name, code: service.code })}
      act={t('published.remove')}
      // The promise holds a double click's second click off; a refusal is the mutation's toast.
      onAct={() => remove.mutateAsync().catch(() => undefined)}
      keep={t('schedules.keep')}
      onKeep={onClose}
      destructive
      pending={remove.isPending}
    >
      {removal.isPending ? <p>{t('schedules.loadingRemoval')}</p> : null}
      {removal.isError ? <p role="alert">{errorText(removal.error)}</p> : null}
      {removal.data ? (
        <>
          <p>
            {localDigits(t('schedules.noLonger', { count: removal.data.removed.length }))}{' '}
            {touched === 0 ? t('schedules.noBooking') : localDigits(t('schedules.bookingsMade', { count: touched }))}
          </p>
          {touched > 0 ? (
            <ul data-testid="removal-bookings">
              {[
                ...new Map(removal.data.removed.flatMap((c) => c.bookings).map((b) => [b.rateRequestId, b])).values(),
              ].map((b) => (
                <li key={b.rateRequestId}>
                  <Reference value={b.reference ?? t('sailings.booking')} />
                  <Separator />
                  <bdi>{personWords(b.customerName)}</bdi>
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
  const { t } = useTranslation('operations');
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
      toast.success(localDigits(t('schedules.publishedCount', { count: stored.length })));
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
      setProblems([t('schedules.notJson', { name: file.name })]);
      return;
    }
    setDocument({ name: file.name, body });
    preview.mutate(body);
  }

  return (
    <ContentLayout title={t('schedules.title')} description={t('schedules.description')}>
      <section aria-labelledby="schedule-upload-heading" className={styles.panel}>
        <h2 id="schedule-upload-heading">{t('schedules.upload')}</h2>
        <p className={styles.reference}>{t('schedules.help')}</p>
        <div className={styles.toolbar}>
          <label htmlFor="schedule-file">{t('schedules.file')}</label>
          <FileInput
            id="schedule-file"
            ref={input}
            className={own.file}
            fileName={document?.name}
            accept=".json,application/json"
            onChange={(e) => void chosen(e.target.files?.[0])}
          />
        </div>
        <Problems problems={problems} />
        {preview.isPending ? <p>{t('schedules.checking', { name: document?.name ?? '' })}</p> : null}
        {preview.data && document ? (
          <section aria-label={t('schedules.whatChanges')}>
            <h3>{t('schedules.whatFileChanges', { name: document.name })}</h3>
            <PreviewSummary preview={preview.data} />
            <div className={styles.buttons}>
              <Button loading={publish.isPending} onClick={() => publish.mutate(document.body)}>
                {t('publish')}
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
                {t('schedules.discard')}
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
