/**
 * Staff's quote: a rate request no tariff row priced at once. The breakdown editor starts from the
 * row the server suggests (the matching row, else the nearest on the lane); the price per container is the
 * sum of its per-container lines. Staff may add a charge of a kind the lines lack (the kinds the server
 * lists: a breakdown holds only known charges, each once) or remove one. Without a row on the lane, staff
 * type one price as before, or break it down from ocean freight.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { basis, chargeName } from '@/components/charges';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { TextInput } from '@/components/ui/text-input';
import { api } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import type { Schema } from '@/types/contract';
import { suggestionOptions } from '../api/tariffs';
import type { TariffSuggestion } from '../api/tariffs';
import { StaffActionDialog, useStaffAction } from './staff-action-dialog';
import styles from '../routes/operations.module.css';
import { useTranslation } from 'react-i18next';
import { i18next } from '@/i18n';

const ADMIN = '/booking/api/v1/admin';

type Line = Schema<'QuoteCharge'> & { typed: string };
type Kind = Schema<'ChargeKind'>;
type Detail = Pick<
  Schema<'RateRequestDetail'>,
  'id' | 'quantity' | 'containerSize' | 'containerType' | 'commodity' | 'customerName'
>;

/** The price per container of the lines: their per-container amounts added up (in cents, no float drift). */
export function perContainer(lines: readonly Pick<Line, 'per' | 'typed'>[]): number {
  const cents = lines
    .filter((l) => l.per === 'container')
    .reduce((sum, l) => sum + Math.round(Number(l.typed) * 100), 0);
  return cents / 100;
}

function rowText(s: TariffSuggestion): string | null {
  const r = s.row;
  if (!r) return null;
  const what = `${r.pol} → ${r.pod}, ${r.containerSize} ${r.containerType}, ${r.cargo}, ${formatDate(r.validFrom)} – ${formatDate(r.validTo)}`;
  const words = { version: r.version, row: r.row, what: `\u2068${what}\u2069` };
  return s.matched
    ? i18next.t('quote.matchingRow', { ns: 'operations', ...words })
    : i18next.t('quote.nearestRow', { ns: 'operations', ...words });
}

/** The kinds of charge the lines do not hold yet, in the breakdown's order. */
export function addable(kinds: readonly Kind[], lines: readonly Pick<Line, 'code'>[]): Kind[] {
  const held = new Set(lines.map((l) => l.code));
  return kinds.filter((k) => !held.has(k.code));
}

function lineOf(kind: Kind, typed: string): Line {
  return { ...kind, amount: Number(typed) || 0, typed };
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
  const [lines, setLines] = useState<Line[]>(() => suggestion.charges.map((c) => ({ ...c, typed: String(c.amount) })));
  const [adding, setAdding] = useState('');
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
        ...(itemised ? { charges: lines.map((l) => ({ code: l.code, amount: l.typed })) } : {}),
      }),
    onClose,
    setError,
  );
  const confirm = () => {
    if (itemised && lines.some((l) => !(Number(l.typed) >= 0) || l.typed.trim() === ''))
      return setError(t('quote.chargeAmount'));
    if (!(total > 0)) return setError(t('quote.pricePositive'));
    if (!validUntil) return setError(t('quote.validityRequired'));
    setError(null);
    mutation.mutate();
  };
  const source = rowText(suggestion);
  const choices = addable(suggestion.chargeKinds, lines);
  // Breaking a single price down starts from one ocean-freight line of that price.
  const freight = suggestion.chargeKinds.find((k) => k.code === 'ocean_freight');
  const add = () => {
    const kind = choices.find((k) => k.code === adding);
    if (!kind) return;
    setLines((all) => [...all, lineOf(kind, '')]);
    setAdding('');
  };
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
        <fieldset className={styles.breakdown}>
          <legend>{t('quote.breakdown')}</legend>
          {lines.map((line, index) => (
            <div key={line.code} className={styles.chargeLine} data-testid="charge-line">
              <TextInput
                label={t('quote.lineLabel', { name: chargeName(line), basis: basis(line) })}
                type="number"
                min="0"
                step="0.01"
                value={line.typed}
                onChange={(e) => {
                  const typed = e.target.value;
                  setLines((all) => all.map((l, i) => (i === index ? { ...l, typed } : l)));
                  setError(null);
                }}
              />
              <Button
                variant="outline"
                aria-label={t('quote.removeLabel', { name: chargeName(line) })}
                onClick={() => setLines((all) => all.filter((_, i) => i !== index))}
              >
                {t('quote.remove')}
              </Button>
            </div>
          ))}
          {choices.length ? (
            <div className={styles.chargeLine}>
              <div>
                <label htmlFor="add-charge">{t('quote.addCharge')}</label>
                <select
                  id="add-charge"
                  className={styles.select}
                  value={adding}
                  onChange={(e) => setAdding(e.target.value)}
                >
                  <option value="">{t('quote.choose')}</option>
                  {choices.map((k) => (
                    <option key={k.code} value={k.code}>
                      {chargeName(k)} ({basis(k)})
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="outline" disabled={!adding} onClick={add}>
                {t('quote.add')}
              </Button>
            </div>
          ) : null}
          <p>
            {t('quote.perContainer')} <strong data-testid="quote-total">{formatMoney(total)}</strong>
          </p>
          <Button variant="outline" onClick={() => setLines([])}>
            {t('quote.onePrice')}
          </Button>
        </fieldset>
      ) : (
        <>
          <TextInput
            label={t('quote.priceLabel')}
            type="number"
            min="0"
            step="0.01"
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
