/**
 * Staff's breakdown editor: a price's charge lines, each typed in USD, with the price per container they add
 * up to and the whole booking's total (the per-container lines times the containers, the per-booking ones once,
 * as the server counts it: domain/booking/charges.py `booking_total`). Staff may add a charge of a kind the
 * lines lack (the kinds the server lists: a breakdown holds only known charges, each once) or remove one. The
 * first quote (./quote-dialog.tsx) and an amendment's new price (./change-review.tsx) both price with it, and
 * send the lines as typed, so what staff see is what the customer is asked to accept.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { basis, chargeName } from '@/components/charges';
import { Button } from '@/components/ui/button';
import { NumberInput } from '@/components/ui/number-input';
import { formatMoney } from '@/lib/format';
import { rowRemover, useRowRemoval } from '@/lib/row-removal';
import type { Schema } from '@/types/contract';
import styles from '../routes/operations.module.css';

export type Line = Schema<'QuoteCharge'> & { typed: string };
export type Kind = Schema<'ChargeKind'>;

const cents = (typed: string) => Math.round(Number(typed) * 100);

/** The price per container of the lines: their per-container amounts added up (in cents, no float drift). */
export function perContainer(lines: readonly Pick<Line, 'per' | 'typed'>[]): number {
  return lines.filter((l) => l.per === 'container').reduce((sum, l) => sum + cents(l.typed), 0) / 100;
}

/** The whole booking's total for `quantity` containers: each per-container line that many times, each
 * per-booking line once. */
export function bookingTotal(lines: readonly Pick<Line, 'per' | 'typed'>[], quantity: number): number {
  const once = lines.filter((l) => l.per === 'booking').reduce((sum, l) => sum + cents(l.typed), 0);
  return (Math.round(perContainer(lines) * 100) * quantity + once) / 100;
}

/** The kinds of charge the lines do not hold yet, in the breakdown's order. */
export function addable(kinds: readonly Kind[], lines: readonly Pick<Line, 'code'>[]): Kind[] {
  const held = new Set(lines.map((l) => l.code));
  return kinds.filter((k) => !held.has(k.code));
}

export function lineOf(kind: Kind, typed: string): Line {
  return { ...kind, amount: Number(typed) || 0, typed };
}

/** Lines to edit, starting from a price's own charges. */
export function linesOf(charges: readonly Schema<'QuoteCharge'>[]): Line[] {
  return charges.map((c) => ({ ...c, typed: String(c.amount) }));
}

/** Whether every line holds an amount of USD (0 or more). */
export function amountsTyped(lines: readonly Pick<Line, 'typed'>[]): boolean {
  return lines.every((l) => l.typed.trim() !== '' && Number(l.typed) >= 0);
}

/** The lines as the server takes them (`charges` of a quote, a requote or a priced approval). */
export function chargesBody(lines: readonly Line[]): Schema<'ChargeBody'>[] {
  return lines.map((l) => ({ code: l.code, amount: l.typed }));
}

export function ChargesEditor({
  lines,
  onLines,
  kinds,
  quantity,
  onePrice,
  errors,
}: {
  lines: Line[];
  /** Called with the lines as they are after an edit, an addition or a removal. */
  onLines: (lines: Line[]) => void;
  kinds: readonly Kind[];
  /** The containers the total is for (an amendment's: the amended number). */
  quantity: number;
  /** Staff leave the lines for one price (the first quote's choice), where offered. */
  onePrice?: () => void;
  /** What is wrong with a line's amount, by the line's charge code, said under it. */
  errors?: Readonly<Record<string, string>>;
}) {
  const { t, i18n } = useTranslation('operations');
  const addId = useId();
  const choices = addable(kinds, lines);
  // A line removed: the focus goes to the next line's Remove (the previous one's, the last removed), or to the
  // choice of a charge to add when none is left, and the removal is said (lib/row-removal).
  const linesRef = useRef<HTMLFieldSetElement>(null);
  const removal = useRowRemoval(linesRef, () => [document.getElementById(addId)]);
  const add = (code: string) => {
    const kind = choices.find((k) => k.code === code);
    if (kind) onLines([...lines, lineOf(kind, '')]);
  };
  return (
    <fieldset ref={linesRef} className={styles.breakdown}>
      <legend>{t('quote.breakdown')}</legend>
      {removal.status}
      {lines.map((line, index) => (
        <div key={line.code} className={styles.chargeLine} data-testid="charge-line">
          <NumberInput
            label={t('quote.lineLabel', { name: chargeName(line), basis: basis(line) })}
            value={line.typed}
            error={errors?.[line.code]}
            onChange={(e) => {
              const typed = e.target.value;
              onLines(lines.map((l, i) => (i === index ? { ...l, typed } : l)));
            }}
          />
          <Button
            variant="outline"
            {...rowRemover}
            aria-label={t('quote.removeLabel', { name: chargeName(line) })}
            onClick={() =>
              removal.remove(
                index,
                () => onLines(lines.filter((_, i) => i !== index)),
                t('quote.removed', { name: chargeName(line) }),
              )
            }
          >
            {t('quote.remove')}
          </Button>
        </div>
      ))}
      {choices.length ? <AddCharge id={addId} choices={choices} onAdd={add} /> : null}
      <p>
        {t('quote.perContainer')} <strong data-testid="quote-total">{formatMoney(perContainer(lines))}</strong>
      </p>
      <p>
        {i18n.t('chargesBreakdown.totalFor', { ns: 'common', count: quantity })}{' '}
        <strong data-testid="quote-booking-total">{formatMoney(bookingTotal(lines, quantity))}</strong>
      </p>
      {onePrice ? (
        <Button variant="outline" onClick={onePrice}>
          {t('quote.onePrice')}
        </Button>
      ) : null}
    </fieldset>
  );
}

function AddCharge({ id, choices, onAdd }: { id: string; choices: Kind[]; onAdd: (code: string) => void }) {
  const { t } = useTranslation('operations');
  const [adding, setAdding] = useState('');
  return (
    <div className={styles.chargeLine}>
      <div>
        <label htmlFor={id}>{t('quote.addCharge')}</label>
        <select id={id} className={styles.select} value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">{t('quote.choose')}</option>
          {choices.map((k) => (
            <option key={k.code} value={k.code}>
              {chargeName(k)} ({basis(k)})
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="outline"
        disabled={!adding}
        onClick={() => {
          onAdd(adding);
          setAdding('');
        }}
      >
        {t('quote.add')}
      </Button>
    </div>
  );
}
