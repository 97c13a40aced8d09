import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DateField, localDay } from '@/components/ui/date-field';
import { Dropdown } from '@/components/ui/dropdown';
import type { DropdownOption } from '@/components/ui/dropdown';
import { NumberInput } from '@/components/ui/number-input';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { can, customerLabel, isState } from '@/lib/lifecycle';
import { containerSizesOptions, containerTypesOptions, portsOptions, useSaveRateRequest } from '../api/booking-api';
import { useRequestAmendment } from '../api/changes-api';
import { portSearchOptions } from '../api/sailings-api';
import type { Choice, RateRequestDetail } from '../api/booking-api';
import { FileUpload } from './file-upload';
import { useLeaveWarning } from './leave-warning';
import { SailingPicker } from './sailing-picker';
import { CHOSEN_FIELDS, dangerFileMissing, rateRequestSchema } from './schemas';
import type { RateRequestFormValues } from './schemas';
import type { TypedLine } from './sent-meanwhile';
import styles from './booking.module.css';
import { fieldLabel } from '@/lib/field-words';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { message } from '@/lib/messages';
import { useOneAtATime } from '@/lib/one-at-a-time';
import { referenceName } from '@/lib/reference-names';
import type { ReferenceCatalogue } from '@/lib/reference-names';

/**
 * A reference choice as a dropdown option. Ports and sizes are chosen by id; the container type's value 2 marks
 * a reefer but the id is what is sent. A reference row without a name (the server allows it) shows empty.
 */
function choiceOption(choice: Pick<Choice, 'id' | 'name'>): DropdownOption {
  return { name: choice.name ?? '', value: choice.id };
}

/** A seeded reference row as an option, named in the language shown (contract/reference-names.json). */
const seededOption =
  (section: ReferenceCatalogue) =>
  (choice: Pick<Choice, 'id' | 'name'>): DropdownOption => ({ name: referenceName(section, choice), value: choice.id });
const typeOption = seededOption('containerTypes');
const sizeOption = seededOption('containerSizes');

/** The chosen option as the current options name it (a language switched since it was chosen). */
function shownAs(chosen: DropdownOption | null, options: DropdownOption[]): DropdownOption | null {
  return chosen === null ? null : (options.find((o) => o.value === chosen.value) ?? chosen);
}

/** Options without repeats (a served port found again by a search), in their first order. */
function mergeChoices(options: DropdownOption[]): DropdownOption[] {
  const seen = new Set<number>();
  return options.filter((o) => !seen.has(o.value) && (seen.add(o.value), true));
}

/**
 * Book again: a new request with the lane, containers and cargo of an earlier one. Its date is kept only while it
 * has not passed (a shipper booking the same lane next week chooses the new date); the sailing is not copied.
 */
export function copiedDefaults(original: RateRequestDetail): RateRequestFormValues {
  const values = defaults(original);
  return {
    ...values,
    preferredShippingDate: values.preferredShippingDate >= localDay() ? values.preferredShippingDate : '',
  };
}

function defaults(detail?: RateRequestDetail): RateRequestFormValues {
  return {
    commodity: detail?.commodity ?? '',
    hsCode: detail?.hsCode ?? '',
    preferredShippingDate: detail?.preferredShippingDate?.slice(0, 10) ?? '',
    quantity: detail ? String(detail.quantity) : '',
    isSwbl: detail?.isSwbl ?? false,
    isDanger: detail?.isDanger ?? false,
    msds: detail?.msds ?? null,
    additionalComment: detail?.additionalComment ?? '',
    pol: detail ? choiceOption(detail.pol) : null,
    pod: detail ? choiceOption(detail.pod) : null,
    containerType: detail ? typeOption(detail.containerType) : null,
    containerSize: detail ? sizeOption(detail.containerSize) : null,
  };
}

export interface RateRequestFormProps {
  detail?: RateRequestDetail;
  /** Called once saved, with the id of the request the answer names (a new one's, to open it). */
  onSaved: (id?: string) => void;
  onCancel?: () => void;
  /** A new request prefilled from this earlier one (Book again); nothing is stored until it is submitted. */
  copyOf?: RateRequestDetail;
  /** Ask for these values as an amendment of the confirmed booking instead of saving the request. */
  amend?: boolean;
  /** Open an existing request already editable (its Edit was pressed on the detail). */
  startEditing?: boolean;
  /** Told what is typed and not sent (null: nothing), so that it outlives the form if a colleague sends the
   * request meanwhile (decision 3886). */
  onTyped?: (lines: TypedLine[] | null) => void;
  /** The words typed before the session ended (`KEPT_TEXTS`), put back over the defaults (decision 3881). */
  keptTexts?: Readonly<Record<string, string>>;
  /** Told the form's words (`KEPT_TEXTS`) as they change, for `useKeptDraft` to keep through a 401. */
  onTexts?: (texts: Readonly<Record<string, string>>) => void;
}

/** The form's free text, the only fields kept through a session that ends: never a figure, a code, a date or a
 * choice (decision 3881). */
const KEPT_TEXTS = ['commodity', 'additionalComment'] as const;

/** The defaults with the kept words put back (only strings, only the fields that are words). */
function withKeptTexts(
  values: RateRequestFormValues,
  kept: Readonly<Record<string, string>> | undefined,
): RateRequestFormValues {
  if (!kept) return values;
  const texts = KEPT_TEXTS.filter((key) => typeof kept[key] === 'string').map((key) => [key, kept[key]]);
  return { ...values, ...Object.fromEntries(texts) };
}

/** The id a save answered with (a created request's, or the 202 answer's while the read models catch up). */
function savedId(answer: unknown): string | undefined {
  if (answer === null || typeof answer !== 'object' || !('id' in answer)) return undefined;
  return typeof answer.id === 'string' ? answer.id : undefined;
}

/** The rate request form: new (editable) or edit (read-only until Edit). */
export function RateRequestForm({
  detail,
  onSaved,
  onCancel,
  copyOf,
  amend = false,
  startEditing = false,
  onTyped,
  keptTexts,
  onTexts,
}: RateRequestFormProps) {
  const { t } = useTranslation('booking');
  // A request is edited only where its lifecycle lets the customer (an address typed past the quote reads it).
  const editable = !detail || amend || can('rate_request', detail.stateName, 'edit', 'customer');
  const [editing, setEditing] = useState(!detail || amend || (startEditing && editable));
  const saveRequest = useSaveRateRequest(detail?.id);
  const requestAmendment = useRequestAmendment(detail?.id ?? '');
  const save = amend ? requestAmendment : saveRequest;
  const ports = useQuery(portsOptions());
  const types = useQuery(containerTypesOptions());
  const sizes = useQuery(containerSizesOptions());
  // The served ports load at once; typing in a port picker searches every UN/LOCODE port on the server.
  const [portText, setPortText] = useState('');
  const searched = useQuery(portSearchOptions(useDeferredValue(portText)));
  const portChoices = mergeChoices([...(ports.data ?? []), ...(searched.data ?? [])].map(choiceOption));
  // A new booking may name a published sailing; the preferred date stays for those who do not.
  const [sailing, setSailing] = useState<string | null>(null);
  const typeChoices = (types.data ?? []).map(typeOption);
  const sizeChoices = (sizes.data ?? []).map(sizeOption);

  const { register, control, handleSubmit, setValue, setError, formState } = useForm<RateRequestFormValues>({
    resolver: zodResolver(rateRequestSchema),
    defaultValues: withKeptTexts(copyOf && !detail ? copiedDefaults(copyOf) : defaults(detail), keptTexts),
    shouldFocusError: false, // the first invalid field as read, not as registered (useFocusFirstInvalid)
  });
  const errors = formState.errors;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, formState.submitCount);
  const once = useOneAtATime();
  // A new booking half filled in is not left without a question; an edit keeps its own Cancel.
  const leave = useLeaveWarning(!detail && formState.isDirty);
  const [isDanger, pol, pod] = useWatch({ control, name: ['isDanger', 'pol', 'pod'] });
  const readOnly = !editing;
  // What she changed, field by field as labelled here, for the route to keep if another sends it meanwhile.
  const values = useWatch({ control });
  const dirty = formState.dirtyFields;
  useEffect(() => {
    if (!onTyped) return;
    const lines: TypedLine[] = [];
    for (const [key, value] of Object.entries(values)) {
      if (!dirty[key as keyof RateRequestFormValues] || key === 'msds') continue;
      const said =
        typeof value === 'boolean'
          ? t(value ? 'sentMeanwhile.yes' : 'sentMeanwhile.no')
          : value !== null && typeof value === 'object'
            ? String((value as { name?: unknown }).name ?? '')
            : String(value ?? '');
      const label = fieldLabel(CHOSEN_FIELDS[key as keyof typeof CHOSEN_FIELDS] ?? key);
      lines.push({ label, value: said });
    }
    onTyped(lines.length > 0 ? lines : null);
  }, [onTyped, dirty, values, t]);
  const [commodity, additionalComment] = useWatch({ control, name: KEPT_TEXTS });
  useEffect(() => {
    onTexts?.({ commodity, additionalComment });
  }, [onTexts, commodity, additionalComment]);

  const onSubmit = handleSubmit(async (values) => {
    if (dangerFileMissing(values)) {
      toast.error(message('booking.msds.required'));
      return;
    }
    try {
      const saved: unknown = await save.mutateAsync({
        commodity: values.commodity.trim(),
        hsCode: values.hsCode.trim(),
        preferredShippingDate: values.preferredShippingDate,
        isSwbl: values.isSwbl,
        quantity: Number(values.quantity),
        isDanger: values.isDanger,
        msds: values.isDanger ? values.msds : null,
        additionalComment: values.additionalComment,
        polId: values.pol!.value,
        podId: values.pod!.value,
        containerSizeId: values.containerSize!.value,
        containerTypeId: values.containerType!.value,
        ...(sailing && !detail ? { sailing: { routingReference: sailing } } : {}),
      });
      toast.success(
        amend
          ? t('rateRequestForm.amendmentRequested')
          : detail
            ? t('rateRequestForm.changesSaved')
            : t('rateRequestForm.bookingRequested'),
      );
      leave.release();
      onSaved(savedId(saved));
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [key, message] of Object.entries(error.fields)) {
          const field =
            (
              {
                polId: 'pol',
                podId: 'pod',
                containerSizeId: 'containerSize',
                containerTypeId: 'containerType',
              } as Record<string, string>
            )[key] ?? key;
          setError(field as keyof RateRequestFormValues, { message });
        }
      }
      toast.failure(error);
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        // Sent once however often it is submitted before the answer (a double click on Send).
        event.preventDefault();
        once(() => onSubmit(event));
      }}
      noValidate
      aria-label={t('rateRequestForm.label')}
      className={styles.formCard}
    >
      {detail?.revisionMessage && isState('rate_request', detail.state, 'revision_requested') ? (
        <p className={styles.card} role="note">
          <strong>{t('rateRequestForm.revisionRequested')}</strong> <bdi>{detail.revisionMessage}</bdi>
        </p>
      ) : null}
      {editable ? null : (
        <p className={styles.card} role="note">
          {t('rateRequestForm.notEditable', { state: customerLabel('rate_request', detail.stateName, detail.price) })}
        </p>
      )}
      <div className={styles.grid}>
        {/* Both ends of the voyage: the same port list, and either changed drops the chosen sailing. */}
        {(['pol', 'pod'] as const).map((end) => (
          <Controller
            key={end}
            control={control}
            name={end}
            render={({ field }) => (
              <Dropdown
                label={fieldLabel(CHOSEN_FIELDS[end])}
                required
                searchable
                onFilterChange={setPortText}
                options={portChoices}
                value={field.value}
                onChange={(o) => {
                  field.onChange(o);
                  setSailing(null);
                }}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors[end]?.message}
                disabled={readOnly}
              />
            )}
          />
        ))}
        <Controller
          control={control}
          name="containerType"
          render={({ field }) => (
            <Dropdown
              label={fieldLabel(CHOSEN_FIELDS.containerType)}
              required
              options={typeChoices}
              value={shownAs(field.value, typeChoices)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.containerType?.message}
              disabled={readOnly}
            />
          )}
        />
        <Controller
          control={control}
          name="containerSize"
          render={({ field }) => (
            <Dropdown
              label={fieldLabel(CHOSEN_FIELDS.containerSize)}
              required
              options={sizeChoices}
              value={shownAs(field.value, sizeChoices)}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.containerSize?.message}
              disabled={readOnly}
            />
          )}
        />
        <NumberInput
          label={fieldLabel('quantity')}
          required
          {...register('quantity')}
          error={errors.quantity?.message}
          disabled={readOnly}
          inputMode="numeric"
        />
        <TextInput
          label={fieldLabel('commodity')}
          dir="auto"
          required
          {...register('commodity')}
          error={errors.commodity?.message}
          disabled={readOnly}
        />
        <TextInput
          label={fieldLabel('hsCode')}
          required
          {...register('hsCode')}
          error={errors.hsCode?.message}
          disabled={readOnly}
          inputMode="numeric"
        />
        <Controller
          control={control}
          name="preferredShippingDate"
          render={({ field }) => (
            <DateField
              label={fieldLabel('preferredShippingDate')}
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.preferredShippingDate?.message}
              disabled={readOnly}
            />
          )}
        />
      </div>
      {!detail ? (
        <SailingPicker
          polId={pol?.value ?? null}
          podId={pod?.value ?? null}
          value={sailing}
          onChange={setSailing}
          disabled={readOnly}
        />
      ) : null}
      <div className={styles.row} style={{ margin: '1rem 0' }}>
        <Checkbox label={fieldLabel('isSwbl')} {...register('isSwbl')} disabled={readOnly} />
        <Checkbox
          label={fieldLabel('isDanger')}
          {...register('isDanger', { onChange: (e) => !e.target.checked && setValue('msds', null) })}
          disabled={readOnly}
        />
      </div>
      <FileUpload
        label={t('rateRequestForm.msdsFile')}
        disabled={readOnly || !isDanger}
        uploadedName={(detail ?? copyOf)?.msds ? ((detail ?? copyOf)?.msdsFileName ?? 'MSDS') : null}
        onUploaded={(fileId) => setValue('msds', fileId)}
      />
      <div style={{ marginTop: '1rem' }}>
        <label className={styles.label} htmlFor="additional-comment">
          {fieldLabel('additionalComment')}
        </label>
        <textarea
          id="additional-comment"
          dir="auto"
          className={styles.textarea}
          {...register('additionalComment')}
          disabled={readOnly}
        />
      </div>
      <div className={styles.actions}>
        {detail ? (
          <>
            <Button variant="outline" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            {amend || !editable ? null : (
              <Button variant="outline" onClick={() => setEditing(true)} disabled={editing}>
                {t('actions.edit')}
              </Button>
            )}
          </>
        ) : null}
        {editable ? (
          <Button type="submit" loading={save.isPending} disabled={readOnly}>
            {amend ? t('rateRequestForm.requestAmendment') : t('rateRequestForm.requestPrice')}
          </Button>
        ) : null}
      </div>
      {leave.dialog}
    </form>
  );
}
