/**
 * Staff's quote: a rate request no tariff row priced at once. The breakdown editor (./charges-editor.tsx)
 * starts from the row the server suggests (the matching row, else the nearest on the lane); the price per
 * container is the sum of its per-container lines. Without a row on the lane, staff type one price as before,
 * or break it down from ocean freight.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateField, isDate, notADay } from '@/components/ui/date-field';
import { NumberInput } from '@/components/ui/number-input';
import { api, ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { message } from '@/lib/messages';
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
  'id' | 'quantity' | 'containerSize' | 'containerType' | 'commodity' | 'customerName' | 'price' | 'updatedAt'
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

/** What is wrong with a quote, each said under its own field: the price typed (`price`) or the amount of each
 * line by its charge code (`lines`), and the validity. Empty when it may be sent. */
export interface QuoteProblems {
  price?: string;
  lines?: Record<string, string>;
  validUntil?: string;
  /** About the quote as a whole: lines that price no container (per-booking fees only). */
  quote?: string;
}

export function quoteProblems(lines: readonly Line[], price: string, validUntil: string): QuoteProblems {
  const t = (key: 'quote.chargeAmount' | 'quote.pricePositive' | 'quote.validityRequired') =>
    i18next.t(key, { ns: 'operations' });
  const found: QuoteProblems = {};
  if (lines.length > 0) {
    const untyped = lines.filter((l) => !amountsTyped([l]));
    const perBox = lines.filter((l) => l.per === 'container');
    const said = (of: Line[], text: string) => Object.fromEntries(of.map((l) => [l.code, text]));
    const free = !(perContainer(lines) > 0);
    if (untyped.length) found.lines = said(untyped, t('quote.chargeAmount'));
    // Amounts all typed, none above 0 per container: the price is 0, said on the lines that make it.
    else if (free && perBox.length) found.lines = said(perBox, t('quote.pricePositive'));
    else if (free) found.quote = t('quote.pricePositive');
  } else if (!(Number(price) > 0)) found.price = t('quote.pricePositive');
  if (!validUntil) found.validUntil = t('quote.validityRequired');
  // A day its month lacks (1405/12/30, 2027/02/29) is told so here, not left to the server's format refusal.
  else if (!isDate(validUntil)) found.validUntil = notADay(validUntil, () => message('booking.validUntil.format'));
  return found;
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
  // The booking's price as the dialog opened (null: not quoted yet): the quote names it, so a colleague's
  // quote made meanwhile is refused (409) naming it, and the customer never gets two contradictory prices.
  const [openedOn] = useState(() => detail.price ?? null);
  // The booking as the dialog opened: a change the customer made since (more containers) is refused (409),
  // so staff never price a request they did not read (decision 3908).
  const [seenUpdatedAt] = useState(() => detail.updatedAt);
  const [validUntil, setValidUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Every field's problem at once, under it; each refusal counts, for the dialog to focus the first.
  const [problems, setProblems] = useState<QuoteProblems>({});
  const [refused, setRefused] = useState(0);
  const itemised = lines.length > 0;
  const total = itemised ? perContainer(lines) : Number(price);
  const mutation = useStaffAction(
    t('quote.done'),
    () =>
      api.put(`${ADMIN}/rate-requests/${detail.id}/quote`, {
        price: total,
        validUntil,
        previousPrice: openedOn,
        seenUpdatedAt,
        ...(itemised ? { charges: chargesBody(lines) } : {}),
      }),
    onClose,
    (text, e) => {
      // The server's word on the price or the validity goes under that field; anything else under the dialog.
      const fields = e instanceof ApiError ? e.fields : {};
      const shown = (key: string) => key === 'validUntil' || (key === 'price' && !itemised);
      const placed = { price: itemised ? undefined : fields.price, validUntil: fields.validUntil };
      setProblems(placed);
      if (placed.price || placed.validUntil) setRefused((n) => n + 1);
      const keys = Object.keys(fields);
      setError(keys.length && keys.every(shown) ? null : text);
    },
  );
  const confirm = () => {
    const found = quoteProblems(lines, price, validUntil);
    setProblems(found);
    setError(found.quote ?? null);
    if (Object.keys(found).length) return setRefused((n) => n + 1);
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
      refused={refused}
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
            setProblems(({ lines: _, quote: __, ...rest }) => rest); // said of the amounts that were there
          }}
          errors={problems.lines}
          kinds={suggestion.chargeKinds}
          quantity={detail.quantity}
          onePrice={() => setLines([])}
        />
      ) : (
        <>
          <NumberInput
            label={t('quote.priceLabel')}
            value={price}
            onChange={(e) => {
              setPrice(e.target.value);
              setProblems(({ price: _, ...rest }) => rest); // said of the price that was there
            }}
            error={problems.price}
            required
          />
          {freight ? (
            <Button variant="outline" onClick={() => setLines([lineOf(freight, price)])}>
              {t('quote.breakDown')}
            </Button>
          ) : null}
        </>
      )}
      <DateField
        label={t('quote.validUntil')}
        value={validUntil}
        onChange={(value) => {
          setValidUntil(value);
          setProblems(({ validUntil: _, ...rest }) => rest);
        }}
        error={problems.validUntil}
        required
      />
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
