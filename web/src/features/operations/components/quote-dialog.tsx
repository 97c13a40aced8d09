/**
 * Staff's quote: a rate request no tariff row priced at once. The breakdown editor (./charges-editor.tsx)
 * starts from the row the server suggests (the matching row, else the nearest on the lane); the price per
 * container is the sum of its per-container lines. Without a row on the lane, staff type one price as before,
 * or break it down from ocean freight.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { NumberInput } from '@/components/ui/number-input';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import type { Schema } from '@/types/contract';
import { suggestionOptions } from '../api/tariffs';
import type { TariffSuggestion } from '../api/tariffs';
import { amountsTyped, chargesBody, ChargesEditor, lineOf, linesOf, perContainer, type Line } from './charges-editor';
import { StaffActionDialog, useStaffAction } from './staff-action-dialog';
import styles from '../routes/operations.module.css';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';

const ADMIN = '/booking/api/v1/admin';

type Detail = Pick<
  Schema<'RateRequestDetail'>,
  'id' | 'quantity' | 'containerSize' | 'containerType' | 'commodity' | 'customerName'
>;

function rowText(s: TariffSuggestion): string | null {
  const r = s.row;
  if (!r) return null;
  const what = `${r.pol} → ${r.pod}, ${r.containerSize} ${r.containerType}, ${r.cargo}, ${formatDate(r.validFrom)} – ${formatDate(r.validTo)}`;
  const words = { version: r.version, row: r.row, what: `\u2068${what}\u2069` };
  return s.matched
    ? i18next.t('quote.matchingRow', { ns: 'operations', ...words })
    : i18next.t('quote.nearestRow', { ns: 'operations', ...words });
}

function QuoteForm({
  detail,
  suggestion,
  onClose,
}: {
  detail: Detail;
  suggestion: TariffSuggestion;
  onClose: () => void;
}) {
  const { t } = useTranslation('operations');
  const [lines, setLines] = useState<Line[]>(() => linesOf(suggestion.charges));
  const [price, setPrice] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const itemised = lines.length > 0;
  const total = itemised ? perContainer(lines) : Number(price);
  const mutation = useStaffAction(
    t('quote.done'),
    () =>
      api.put(`${ADMIN}/rate-requests/${detail.id}/quote`, {
        price: total,
        validUntil,
        ...(itemised ? { charges: chargesBody(lines) } : {}),
      }),
    onClose,
    setError,
  );
  const confirm = () => {
    if (itemised && !amountsTyped(lines)) return setError(t('quote.chargeAmount'));
    if (!(total > 0)) return setError(t('quote.pricePositive'));
    if (!validUntil) return setError(t('quote.validityRequired'));
    setError(null);
    mutation.mutate();
  };
  const source = rowText(suggestion);
  // Breaking a single price down starts from one ocean-freight line of that price.
  const freight = suggestion.chargeKinds.find((k) => k.code === 'ocean_freight');
  return (
    <StaffActionDialog
      title={t('detail.quote')}
      detail={detail}
      pending={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {source ? <p className={styles.reference}>{source}</p> : null}
      {itemised ? (
        <ChargesEditor
          lines={lines}
          onLines={(edited) => {
            setLines(edited);
            setError(null);
          }}
          kinds={suggestion.chargeKinds}
          quantity={detail.quantity}
          onePrice={() => setLines([])}
        />
      ) : (
        <>
          <NumberInput
            label={t('quote.priceLabel')}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required
          />
          {freight ? (
            <Button variant="outline" onClick={() => setLines([lineOf(freight, price)])}>
              {t('quote.breakDown')}
            </Button>
          ) : null}
        </>
      )}
      <DateField label={t('quote.validUntil')} value={validUntil} onChange={setValidUntil} required />
    </StaffActionDialog>
  );
}

export function QuoteDialog({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const suggestion = useQuery(suggestionOptions(detail.id));
  if (suggestion.isPending) return null;
  // Without a suggestion (an error reading it) staff still quote one price.
  const found = suggestion.data ?? { matched: false, row: null, charges: [], price: null, chargeKinds: [] };
  return <QuoteForm detail={detail} suggestion={found} onClose={onClose} />;
}
