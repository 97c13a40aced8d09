/**
 * The carrier's tariff: staff upload a CSV (one row per lane and equipment); the server checks
 * every row and refuses the whole file when one is bad, naming each bad cell, or publishes it as the next
 * version, replacing the rows of the lanes it names. Below, the rows in force and the publications.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts';
import { Route } from '@/components/route/route';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { FileInput } from '@/components/ui/file-input';
import { toast } from '@/components/ui/toast';
import { ApiError, errorText } from '@/lib/api-client';
import { formatDate, formatMoment, formatMoney, localDigits } from '@/lib/format';
import { PUBLICATIONS_PAGE, publishTariff, tariffPublicationsOptions, tariffsOptions } from '../api/tariffs';
import { useKeepPageWithin, useUrlPage } from '@/lib/url-state';
import { cellErrorText, cellErrors } from '../lib/tariff-errors';
import styles from './operations.module.css';
import { useTranslation } from 'react-i18next';

const COLUMNS =
  'pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,thc_destination,dg_surcharge,reefer_surcharge,documentation_fee';

export function TariffsRoute() {
  const { t } = useTranslation('operations');
  const queryClient = useQueryClient();
  const tariffs = useQuery(tariffsOptions());
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const upload = useMutation({
    mutationFn: async (chosen: File) => publishTariff(await chosen.text()),
    onSuccess: (published) => {
      setProblems([]);
      setFile(null);
      if (input.current) input.current.value = '';
      toast.success(t('tariffs.published', { version: published.version, count: published.rowCount }));
      void queryClient.invalidateQueries({ queryKey: ['tariffs'] });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      const listed = cellErrors(fields).map(cellErrorText);
      // The server's description says how many errors and that nothing was published; then each cell.
      setProblems(
        listed.length > 0
          ? [errorText(new ApiError(0, error instanceof ApiError ? error.description : null)), ...listed]
          : [errorText(error)],
      );
    },
  });
  const rows = tariffs.data?.rows ?? [];
  const HEADS = [
    t('tariffs.lane'),
    t('tariffs.equipment'),
    t('console.cargo'),
    t('tariffs.valid'),
    t('tariffs.oceanFreight'),
    t('tariffs.baf'),
    t('tariffs.thc'),
    t('tariffs.dgReefer'),
    t('tariffs.documentation'),
    t('tariffs.versionRowHead'),
  ];
  // Every publication a page at a time (`?publications=N`, kept on reload and Back), never only the latest.
  const [publicationPage, setPublicationPage] = useUrlPage('publications');
  const published = useQuery({ ...tariffPublicationsOptions(publicationPage), placeholderData: keepPreviousData });
  const publications = published.data?.list ?? [];
  const publicationCount = published.data?.totalCount ?? 0;
  const publicationPages = Math.max(1, Math.ceil(publicationCount / PUBLICATIONS_PAGE));
  useKeepPageWithin('publications', published.isSuccess && !published.isPlaceholderData ? publicationPages : undefined);
  return (
    <ContentLayout title={t('tariffs.title')} description={t('tariffs.description')}>
      <section aria-labelledby="tariff-upload-heading" className={styles.panel}>
        <h2 id="tariff-upload-heading">{t('tariffs.upload')}</h2>
        <p className={styles.reference}>
          {t('tariffs.columns')}{' '}
          <code className={styles.columns} dir="ltr">
            {COLUMNS}
          </code>
          {t('tariffs.help')}
        </p>
        <div className={styles.toolbar}>
          <label htmlFor="tariff-file">{t('tariffs.file')}</label>
          <FileInput
            id="tariff-file"
            ref={input}
            fileName={file?.name}
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblems([]);
            }}
          />
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            {t('publish')}
          </Button>
        </div>
        {problems.length > 0 ? (
          <div role="alert">
            <p>{problems[0]}</p>
            <ul>
              {problems.slice(1).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="tariff-rows-heading">
        <h2 id="tariff-rows-heading">{localDigits(t('tariffs.rows', { count: rows.length }))}</h2>
        {tariffs.isError ? <p role="alert">{t('tariffs.error')}</p> : null}
        <table className="stack-table">
          <caption className="visually-hidden">{t('tariffs.rowsCaption')}</caption>
          <ColumnHeads names={HEADS} />
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.version}-${r.row}`} data-testid="tariff-row">
                <td data-label={HEADS[0]}>
                  <Route from={r.pol} to={r.pod} />
                </td>
                <td data-label={HEADS[1]}>
                  <bdi>
                    {r.containerSize} {r.containerType}
                  </bdi>
                </td>
                <td data-label={HEADS[2]}>
                  <bdi>{r.cargo}</bdi>
                </td>
                <td data-label={HEADS[3]}>
                  {formatDate(r.validFrom)} – {formatDate(r.validTo)}
                </td>
                <td data-label={HEADS[4]}>{formatMoney(r.oceanFreight)}</td>
                <td data-label={HEADS[5]}>{formatMoney(r.baf)}</td>
                <td data-label={HEADS[6]}>
                  {formatMoney(r.thcOrigin)} / {formatMoney(r.thcDestination)}
                </td>
                <td data-label={HEADS[7]}>
                  {formatMoney(r.dgSurcharge)} / {formatMoney(r.reeferSurcharge)}
                </td>
                <td data-label={HEADS[8]}>{formatMoney(r.documentationFee)}</td>
                <td data-label={HEADS[9]}>
                  {localDigits(t('tariffs.versionRow', { version: r.version, row: r.row }))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="tariff-publications-heading">
        <h2 id="tariff-publications-heading">{t('tariffs.publications')}</h2>
        {published.isError ? <p role="alert">{t('tariffs.error')}</p> : null}
        {published.isSuccess ? (
          <p data-testid="publication-count">
            {publicationCount === 0
              ? t('tariffs.noPublications')
              : localDigits(t('tariffs.publicationsTotal', { count: publicationCount }))}
          </p>
        ) : null}
        <ul>
          {publications.map((p) => (
            <li key={p.version}>
              {localDigits(
                t('tariffs.publication', {
                  version: p.version,
                  at: formatMoment(p.publishedAt),
                  by: `\u2068${p.publishedBy ?? '-'}\u2069`,
                  count: p.rowCount,
                }),
              )}{' '}
              <bdi>{p.lanes.join(', ')}</bdi>
            </li>
          ))}
        </ul>
        {publicationPages > 1 ? (
          <nav className={styles.toolbar} aria-label={t('tariffs.publicationPages')}>
            <Button
              variant="outline"
              disabled={publicationPage <= 1}
              onClick={() => setPublicationPage(publicationPage - 1)}
            >
              {t('console.previous')}
            </Button>
            <span>{localDigits(t('console.page', { page: publicationPage, pages: publicationPages }))}</span>
            <Button
              variant="outline"
              disabled={publicationPage >= publicationPages}
              onClick={() => setPublicationPage(publicationPage + 1)}
            >
              {t('console.next')}
            </Button>
          </nav>
        ) : null}
      </section>
    </ContentLayout>
  );
}
