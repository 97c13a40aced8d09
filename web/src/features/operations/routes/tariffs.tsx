/**
 * The carrier's tariff: staff upload a CSV (one row per lane and equipment); the server checks
 * every row and refuses the whole file when one is bad, naming each bad cell, or publishes it as the next
 * version, replacing the rows of the lanes it names. Below, the rows in force and the publications.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ContentLayout } from '@/components/layouts';
import { Button } from '@/components/ui/button';
import { ColumnHeads } from '@/components/ui/column-heads';
import { toast } from '@/components/ui/toast';
import { ApiError, errorText } from '@/lib/api-client';
import { formatDate, formatMoment, formatMoney } from '@/lib/format';
import { publishTariff, tariffsOptions } from '../api/tariffs';
import { cellErrorText, cellErrors } from '../lib/tariff-errors';
import styles from './operations.module.css';

const COLUMNS =
  'pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,thc_destination,dg_surcharge,reefer_surcharge,documentation_fee';

export function TariffsRoute() {
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
      toast.success(`Tariff version ${published.version} published: ${published.rowCount} rows`);
      void queryClient.invalidateQueries({ queryKey: ['tariffs'] });
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : {};
      const listed = cellErrors(fields).map(cellErrorText);
      // The server's description says how many errors and that nothing was published; then each cell.
      setProblems(listed.length > 0 ? [errorText(new ApiError(0, error instanceof ApiError ? error.description : null)), ...listed] : [errorText(error)]);
    },
  });
  const rows = tariffs.data?.rows ?? [];
  const publications = tariffs.data?.publications ?? [];
  return (
    <ContentLayout title="Tariffs" description="Publish the carrier's tariff; rate requests it covers are quoted at once.">
      <section aria-labelledby="tariff-upload-heading" className={styles.panel}>
        <h2 id="tariff-upload-heading">Upload a tariff (CSV)</h2>
        <p className={styles.reference}>
          Columns: <code className={styles.columns}>{COLUMNS}</code>. Ports as UN/LOCODEs; sizes and types by name (20, 40, Dry, Refrigerated…); cargo
          general, dangerous or any; dates YYYY-MM-DD; USD per container, the documentation fee per booking. A new version
          replaces the rows of the lanes it names.
        </p>
        <div className={styles.toolbar}>
          <label htmlFor="tariff-file">Tariff file</label>
          <input
            id="tariff-file"
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblems([]);
            }}
          />
          <Button disabled={!file} loading={upload.isPending} onClick={() => file && upload.mutate(file)}>
            Publish
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
        <h2 id="tariff-rows-heading">Rows in force ({rows.length})</h2>
        {tariffs.isError ? <p role="alert">The tariff could not be loaded.</p> : null}
        <table className="stack-table">
          <caption className="visually-hidden">Tariff rows in force</caption>
          <ColumnHeads
            names={[
              'Lane',
              'Equipment',
              'Cargo',
              'Valid',
              'Ocean freight',
              'BAF',
              'THC origin / destination',
              'DG / reefer',
              'Documentation',
              'Version, row',
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.version}-${r.row}`} data-testid="tariff-row">
                <td data-label="Lane">
                  {r.pol} → {r.pod}
                </td>
                <td data-label="Equipment">
                  {r.containerSize} {r.containerType}
                </td>
                <td data-label="Cargo">{r.cargo}</td>
                <td data-label="Valid">
                  {formatDate(r.validFrom)} – {formatDate(r.validTo)}
                </td>
                <td data-label="Ocean freight">{formatMoney(r.oceanFreight)}</td>
                <td data-label="BAF">{formatMoney(r.baf)}</td>
                <td data-label="THC origin / destination">
                  {formatMoney(r.thcOrigin)} / {formatMoney(r.thcDestination)}
                </td>
                <td data-label="DG / reefer">
                  {formatMoney(r.dgSurcharge)} / {formatMoney(r.reeferSurcharge)}
                </td>
                <td data-label="Documentation">{formatMoney(r.documentationFee)}</td>
                <td data-label="Version, row">
                  v{r.version}, row {r.row}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="tariff-publications-heading">
        <h2 id="tariff-publications-heading">Publications</h2>
        <ul>
          {publications.map((p) => (
            <li key={p.version}>
              Version {p.version} · {formatMoment(p.publishedAt)} by {p.publishedBy ?? '-'} · {p.rowCount} rows ·{' '}
              {p.lanes.join(', ')}
            </li>
          ))}
        </ul>
      </section>
    </ContentLayout>
  );
}
