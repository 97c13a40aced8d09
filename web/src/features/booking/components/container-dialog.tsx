import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { ContainersTable } from '@/components/booking-facts';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { rowRemover, useRowRemoval } from '@/lib/row-removal';
import { localDigits } from '@/lib/format';
import { NumberInput } from '@/components/ui/number-input';
import { TextInput } from '@/components/ui/text-input';
import { PACKAGE_KINDS, kindWord, packageCode } from '@/lib/package-kinds';
import { useDebounced } from '@/lib/use-debounced';
import { containerSearchOptions } from '../api/booking-api';
import type { ContainerEntry } from '../api/booking-api';
import { BOX_PACKAGE } from '../api/booking-api';
import { containerNumberProblem, normalizeContainerNumber } from './container-number';
import { containerRowSchema } from './schemas';
import type { ContainerRowValues } from './schemas';
import styles from './booking.module.css';

export const SEARCH_DEBOUNCE_MS = 2000;

export interface LocalContainer extends ContainerEntry {
  /** Local timestamp id, used only to delete a row. */
  localId: number;
}

const EMPTY_ROW: ContainerRowValues = {
  container: null,
  seal: '',
  count: '',
  type: BOX_PACKAGE,
  grossWeight: '',
  netWeight: '',
};

export interface ContainerDialogProps {
  open: boolean;
  quantity: number;
  initial: LocalContainer[];
  onClose: () => void;
  onSubmit: (rows: LocalContainer[]) => void;
}

export function ContainerDialog({ open, quantity, initial, onClose, onSubmit }: ContainerDialogProps) {
  const { t } = useTranslation('booking');
  const [rows, setRows] = useState<LocalContainer[]>(initial);
  const [search, setSearch] = useState('');
  const typed = normalizeContainerNumber(search);
  // A whole number is checked by its ISO 6346 digit and looked up at once; a part waits for quiet.
  const whole = typed.length >= 11;
  const problem = whole ? containerNumberProblem(typed) : null;
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const found = useQuery(containerSearchOptions(whole ? (problem ? '' : typed) : debounced));
  const { register, control, handleSubmit, reset, formState, setError, setValue, getValues } =
    useForm<ContainerRowValues>({
      resolver: zodResolver(containerRowSchema),
      defaultValues: EMPTY_ROW,
      // The first invalid field as read, Container Numbers first (useFocusFirstInvalid).
      shouldFocusError: false,
    });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, formState.submitCount);
  const exact = whole && !problem ? (found.data ?? []).find((o) => o.name === typed) : undefined;
  useEffect(() => {
    if (exact && getValues('container')?.value !== exact.value) setValue('container', exact, { shouldValidate: true });
  }, [exact, getValues, setValue]);
  const unknown =
    whole && !problem && found.isSuccess && !exact ? t('containerDialog.notInRegister', { number: typed }) : null;
  const e = formState.errors;
  const full = rows.length >= quantity;
  const submitId = useId();
  const addId = useId();
  // A row deleted: the focus goes to the next row's Delete (the previous one's, the last deleted), or to ADD
  // when none is left, and the deletion is said (lib/row-removal).
  const rowsRef = useRef<HTMLDivElement>(null);
  const removal = useRowRemoval(rowsRef, () => [document.getElementById(addId)]);
  // Cancel, Escape and the close icon throw the dialog's rows away: asked first when anything was entered.
  const [discarding, setDiscarding] = useState(false);
  const changedRows = rows.length !== initial.length || rows.some((row, i) => row.localId !== initial[i]?.localId);
  const typing = formState.isDirty || search.trim() !== '';
  const leave = () => (changedRows || typing ? setDiscarding(true) : onClose());

  const add = handleSubmit((v) => {
    if (full) return;
    // One container at most once per order (the server answers 400 on `containers` too).
    if (rows.some((r) => r.containerId === v.container!.value)) {
      setError('container', { message: t('containerDialog.duplicate') });
      return;
    }
    // The row that fills the booking disables ADD under the keyboard: focus goes on to Submit, now enabled,
    // not to the page behind the dialog.
    const fills = rows.length + 1 >= quantity;
    flushSync(() =>
      setRows((current) => [
        ...current,
        {
          localId: Date.now(),
          containerId: v.container!.value,
          containerNumber: v.container!.name,
          seal: v.seal.trim(),
          count: Number(v.count),
          type: v.type,
          grossWeight: Number(v.grossWeight),
          netWeight: Number(v.netWeight),
          // A kind chosen here is its code; only a shipper's declaration (the DCSA door) has its own words.
          packageCode: packageCode(v.type),
          packageDescription: null,
        },
      ]),
    );
    if (fills) document.getElementById(submitId)?.focus();
    reset(EMPTY_ROW);
    setSearch('');
  });

  return (
    <Dialog open={open} onClose={leave} title={t('containerDialog.title')} size="wide">
      <p aria-live="polite">
        <strong>{localDigits(`${rows.length}/${quantity}`)}</strong> {t('containerDialog.added')}
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={add}
        aria-label={t('containerDialog.add')}
        className={styles.containerRow}
      >
        <Controller
          control={control}
          name="container"
          render={({ field }) => (
            <div>
              <TextInput
                label={t('containerDialog.numbers')}
                dir="ltr"
                required
                value={search}
                onChange={(ev) => setSearch(ev.target.value)}
                list="container-search-results"
                placeholder={t('containerDialog.typeToSearch')}
                error={problem ?? unknown ?? e.container?.message}
                hint={
                  field.value
                    ? t('containerDialog.chosen', { name: field.value.name })
                    : found.isFetching
                      ? t('containerDialog.searching')
                      : undefined
                }
                onBlur={() => {
                  const match = (found.data ?? []).find((o) => o.name === typed);
                  if (match) field.onChange(match);
                }}
              />
              <ul aria-label={t('containerDialog.results')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {(found.data ?? []).slice(0, 5).map((o) => (
                  <li key={o.value}>
                    <button
                      type="button"
                      className={styles.badge}
                      aria-pressed={field.value?.value === o.value}
                      onClick={() => {
                        field.onChange(o);
                        setSearch(o.name);
                      }}
                    >
                      {o.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        />
        <TextInput
          label={t('containerDialog.seal')}
          dir="auto"
          required
          {...register('seal')}
          error={e.seal?.message}
        />
        <NumberInput
          label={t('containerDialog.count')}
          required
          inputMode="numeric"
          {...register('count')}
          error={e.count?.message}
        />
        <div>
          <label className={styles.label} htmlFor="package-type">
            {t('containerDialog.type')}
          </label>
          <select id="package-type" className={styles.fieldSelect} {...register('type', { valueAsNumber: true })}>
            {PACKAGE_KINDS.map((kind) => (
              <option key={kind.code} value={kind.type}>
                {kindWord(kind.code)}
              </option>
            ))}
          </select>
        </div>
        <NumberInput
          label={t('containerDialog.grossWeight')}
          required
          {...register('grossWeight')}
          error={e.grossWeight?.message}
        />
        <NumberInput
          label={t('containerDialog.netWeight')}
          required
          {...register('netWeight')}
          error={e.netWeight?.message}
        />
        <Button id={addId} type="submit" disabled={full}>
          {t('containerDialog.addButton')}
        </Button>
      </form>
      {removal.status}
      <div ref={rowsRef}>
        <ContainersTable
          caption={t('containerDialog.caption')}
          captionClassName="visually-hidden"
          style={{ marginTop: '1rem' }}
          containers={rows}
          rowKey={(row) => row.localId}
          action={{
            heading: t('actions.delete'),
            cell: (row) => {
              const name = row.containerNumber ?? row.containerId;
              return (
                <Button
                  variant="outline"
                  {...rowRemover}
                  aria-label={t('containerDialog.deleteLabel', { name })}
                  onClick={() =>
                    removal.remove(
                      rows.findIndex((r) => r.localId === row.localId),
                      () => setRows((current) => current.filter((r) => r.localId !== row.localId)),
                      t('containerDialog.deleted', { name }),
                    )
                  }
                >
                  {t('actions.delete')}
                </Button>
              );
            },
          }}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="outline" onClick={leave}>
          {t('actions.cancel')}
        </Button>
        <Button id={submitId} disabled={rows.length !== quantity} onClick={() => onSubmit(rows)}>
          {t('actions.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={discarding}
        title={t('containerDialog.discardTitle')}
        act={t('containerDialog.discard')}
        onAct={onClose}
        keep={t('containerDialog.keepEditing')}
        onKeep={() => setDiscarding(false)}
        destructive
      >
        <p>
          {changedRows
            ? t('containerDialog.discardRows', { now: localDigits(`${rows.length}/${quantity}`) })
            : t('containerDialog.discardTyped')}
        </p>
      </ConfirmDialog>
    </Dialog>
  );
}
