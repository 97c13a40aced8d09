import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { NumberInput } from '@/components/ui/number-input';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import {
  FORM_FIELDS,
  FREIGHT_WORDS,
  ORDER_FIELDS,
  orderFormBody,
  orderFormValues,
  revisedFieldLabel,
} from '@/lib/order-fields';
import { localDigits } from '@/lib/format';
import { freightWord, orderFieldLabel } from './order-words';
import type { OrderField } from '@/lib/order-fields';
import { useCreateShippingOrder, useEditShippingOrder, useResubmitShippingOrder } from '../api/booking-api';
import type { Party, RateRequestDetail, ShippingOrder } from '../api/booking-api';
import { REEFER_TYPE_VALUE } from '../api/booking-api';
import { ContainerDialog } from './container-dialog';
import type { LocalContainer } from './container-dialog';
import { useLeaveWarning } from './leave-warning';
import { ConsigneeDialog, SupplierDialog } from './party-dialogs';
import { frightType, shippingOrderSchema } from './schemas';
import type { ConsigneeValues, ShippingOrderValues, SupplierValues } from './schemas';
import styles from './booking.module.css';
import type { TypedLine } from './sent-meanwhile';

/** The order's own fields, the ones a revision names and `editedOrder` carries. */
type OrderFields = Partial<Pick<ShippingOrder, keyof ShippingOrderValues>>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Where each field a revision may name sits on the page (the summary at the top links to it). */
function anchorOf(key: string): string {
  if (key === 'freightType' || key === 'frightType') return 'order-freight-collect';
  return ORDER_FIELDS.some((f) => f.key === key) ? `order-${key}` : 'shipping-order-title';
}

/** Brings a field into view and focus (a summary link; a hash alone would scroll but not focus). */
function goTo(anchor: string) {
  const target = document.getElementById(anchor);
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus();
}

/** Staff's messages of an order revision, said at the top of the form, each linking to its field. */
export function RevisionSummary({ revise }: { revise: Record<string, string> }) {
  const { t } = useTranslation('booking');
  const entries = Object.entries(revise).filter(([, text]) => text.trim());
  if (entries.length === 0) return null;
  return (
    <div className={styles.reviseSummary} role="region" aria-labelledby="revise-summary-title">
      <h3 id="revise-summary-title">
        {t('revisionSummary.title', { count: entries.length, n: localDigits(String(entries.length)) })}
      </h3>
      <ul>
        {entries.map(([key, text]) => (
          <li key={key}>
            <a
              href={`#${anchorOf(key)}`}
              onClick={(event) => {
                event.preventDefault();
                goTo(anchorOf(key));
              }}
            >
              {orderFieldLabel({ key, label: revisedFieldLabel(key) })}
            </a>
            : <bdi>{text}</bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form field of a wire key of `revise`, `editedOrder` or an error: the same name (src/lib/order-fields), but
 * the freight, which the form holds as 0/1 and the wire as `freightType` (`frightType` in a body). */
function formFieldOf(key: string): keyof ShippingOrderValues | undefined {
  const wire = key === 'frightType' ? 'freightType' : key;
  const field = FORM_FIELDS.find((f) => f.key === wire);
  return field ? (field.key as keyof ShippingOrderValues) : undefined;
}

function partiesFrom(supplier: SupplierValues, consignee: ConsigneeValues, swbl: boolean): Party[] {
  const make = (
    name: string,
    address: string,
    phone: string,
    fax: string,
    partyType: number,
    isForSwbl: boolean,
  ): Party => ({
    name: name.trim(),
    address: address.trim(),
    phoneNumber: phone.trim(),
    fax: fax.trim() || null,
    partyType,
    isForSwbl,
  });
  const three = (forSwbl: boolean) => [
    make(consignee.fullName, consignee.fullAddress, consignee.mobileNumber, consignee.fax, 1, forSwbl),
    make(
      consignee.notifyFullName,
      consignee.notifyFullAddress,
      consignee.notifyMobileNumber,
      consignee.notifyFax,
      2,
      forSwbl,
    ),
    make(supplier.fullName, supplier.fullAddress, supplier.mobileNumber, supplier.fax, 0, forSwbl),
  ];
  return swbl ? [...three(false), ...three(true)] : three(false);
}

function partiesToDialogs(order: ShippingOrder | null): {
  supplier: SupplierValues | null;
  consignee: ConsigneeValues | null;
} {
  const find = (type: number) => order?.parties.find((p) => p.partyType === type && !p.isForSwbl);
  const s = find(0);
  const c = find(1);
  const n = find(2);
  return {
    supplier: s
      ? { fullName: s.name, mobileNumber: str(s.phoneNumber), fax: str(s.fax), fullAddress: s.address }
      : null,
    consignee:
      c && n
        ? {
            fullName: c.name,
            mobileNumber: str(c.phoneNumber),
            fax: str(c.fax),
            fullAddress: c.address,
            notifyParty: c.name === n.name && c.address === n.address && str(c.phoneNumber) === str(n.phoneNumber),
            notifyFullName: n.name,
            notifyMobileNumber: str(n.phoneNumber),
            notifyFax: str(n.fax),
            notifyFullAddress: n.address,
          }
        : null,
  };
}

/** The form's fieldsets: the order's own fields, then those a dangerous-goods request or a reefer asks for. */
const FIELD_GROUPS: readonly { legend: 'cargo' | 'hazardous' | 'reefer'; only?: OrderField['only']; grid: boolean }[] =
  [
    { legend: 'cargo', grid: false },
    { legend: 'hazardous', only: 'danger', grid: true },
    { legend: 'reefer', only: 'reefer', grid: true },
  ];

interface InputForm {
  register: UseFormRegister<ShippingOrderValues>;
  setValue: UseFormSetValue<ShippingOrderValues>;
  errors: FieldErrors<ShippingOrderValues>;
  freight: number;
  locked: (field: keyof ShippingOrderValues) => boolean;
}

/** One field's input, as its kind says: a tick, the freight's two choices, a text or a number. */
function OrderInput({ field, edit, form }: { field: OrderField; edit: boolean; form: InputForm }) {
  const key = field.key as keyof ShippingOrderValues;
  const label = orderFieldLabel(field);
  if (field.kind === 'yesNo')
    return <Checkbox id={`order-${key}`} label={label} {...form.register(key)} disabled={form.locked(key)} />;
  if (field.kind === 'freight')
    return (
      <>
        <div role="radiogroup" aria-labelledby="freight-label" className={styles.row} style={{ margin: '0.75rem 0' }}>
          <span id="freight-label" className={styles.label}>
            {label}
          </span>
          {[0, 1].map((choice) => (
            <label key={choice} className={styles.toggle}>
              <input
                id={choice === 0 ? 'order-freight-collect' : undefined}
                type="radio"
                name="freight"
                checked={form.freight === choice}
                onChange={() => form.setValue(key, choice)}
                disabled={form.locked(key)}
              />
              {freightWord(frightType(choice), FREIGHT_WORDS[frightType(choice)])}
            </label>
          ))}
        </div>
        {form.errors[key]?.message ? <p className={styles.error}>{form.errors[key].message}</p> : null}
      </>
    );
  const Input = field.kind === 'number' ? NumberInput : TextInput;
  return (
    <Input
      id={`order-${key}`}
      label={label}
      required={Boolean(field.required)}
      editMode={edit}
      inputMode={field.inputMode}
      {...form.register(key)}
      error={form.errors[key]?.message}
      disabled={form.locked(key)}
    />
  );
}

export interface ShippingOrderFormProps {
  detail: RateRequestDetail;
  /** Edit mode (spec section 2, reading 2): pre-filled from the order or its editedOrder. */
  edit?: boolean;
  /** Fill again (decision 3824): the cancelled or declined order, pre-filled as it was last sent (parties,
   * cargo and containers: she corrects rather than retypes) and sent as its resubmission. */
  again?: boolean;
  onDone: (kind: 'created' | 'edited' | 'resubmitted') => void;
  /** Told what is typed and not sent (null: nothing), so that it outlives the form if a colleague sends the
   * order meanwhile (decision 3886). */
  onTyped?: (lines: TypedLine[] | null) => void;
}

export function ShippingOrderForm({ detail, edit = false, again = false, onDone, onTyped }: ShippingOrderFormProps) {
  const { t } = useTranslation('booking');
  const order = detail.order;
  const isDanger = detail.isDanger;
  const isReefer = detail.containerType.value === REEFER_TYPE_VALUE;
  const edited = order?.editedOrder ?? null;
  // What the form starts from: an edit's order (with what staff asked in its editedOrder), or the order as last
  // sent when it is filled again; a new order starts empty.
  const from = (edit || again) && order ? order : null;
  const initial = useMemo(
    () => orderFormValues(from ? { ...from, ...(edit ? (edited ?? {}) : {}) } : null, { isSWBL: detail.isSwbl }),
    [from, edit, edited, detail.isSwbl],
  );
  const schema = useMemo(() => shippingOrderSchema({ isDanger, isReefer }), [isDanger, isReefer]);
  const { register, control, handleSubmit, formState, setError, setValue } = useForm<ShippingOrderValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const e = formState.errors;
  const freight = useWatch({ control, name: 'freightType' });
  const initialParties = useMemo(() => partiesToDialogs(from), [from]);
  const [supplier, setSupplier] = useState<SupplierValues | null>(initialParties.supplier);
  const [consignee, setConsignee] = useState<ConsigneeValues | null>(initialParties.consignee);
  const [containers, setContainers] = useState<LocalContainer[]>(() =>
    from ? from.containers.map((c, i) => ({ ...c, localId: i + 1 })) : [],
  );
  const [dialog, setDialog] = useState<'supplier' | 'consignee' | 'containers' | null>(null);
  // Parties and containers live outside the form: a dialog's answer counts as typed too.
  const [answered, setAnswered] = useState(false);
  // What was typed is not left without a question, as on the new booking; sending it releases the question.
  const leave = useLeaveWarning(formState.isDirty || answered, 'shippingOrder');
  // What is typed, field by field as labelled here, for the route to keep if another sends the order meanwhile.
  const values = useWatch({ control });
  const dirty = formState.dirtyFields;
  const touched = formState.isDirty || answered;
  useEffect(() => {
    if (!onTyped) return;
    if (!touched) {
      onTyped(null);
      return;
    }
    const lines: TypedLine[] = [];
    // Only what she changed: the form's defaults (no SWBL, collect) are nobody's typing.
    for (const field of FORM_FIELDS) {
      const key = field.key as keyof ShippingOrderValues;
      if (!dirty[key]) continue;
      const value: unknown = values[key];
      if (value === undefined || value === null || value === '') continue;
      const said =
        field.kind === 'yesNo'
          ? t(value ? 'sentMeanwhile.yes' : 'sentMeanwhile.no')
          : field.kind === 'freight'
            ? freightWord(frightType(Number(value)), FREIGHT_WORDS[frightType(Number(value))])
            : String(value);
      lines.push({ label: orderFieldLabel(field), value: said });
    }
    if (supplier)
      lines.push({ label: t('sentMeanwhile.shipper'), value: `${supplier.fullName}, ${supplier.fullAddress}` });
    if (consignee)
      lines.push({ label: t('sentMeanwhile.consignee'), value: `${consignee.fullName}, ${consignee.fullAddress}` });
    containers.forEach((c, i) =>
      lines.push({
        label: t('sentMeanwhile.container', { n: localDigits(String(i + 1)) }),
        value: [c.seal, c.count, c.grossWeight].filter((v) => v !== null && v !== undefined && v !== '').join(' / '),
      }),
    );
    onTyped(lines);
  }, [onTyped, touched, dirty, values, supplier, consignee, containers, t]);
  const create = useCreateShippingOrder();
  const editOrder = useEditShippingOrder(order?.id ?? detail.id);
  const resubmit = useResubmitShippingOrder(order?.id ?? detail.id);

  // Revise messages from the server appear as field errors.
  useEffect(() => {
    if (!edit || !order) return;
    for (const [key, message] of Object.entries(order.revise ?? {})) {
      const field = formFieldOf(key);
      if (field) setError(field, { type: 'server', message });
    }
  }, [edit, order, setError]);

  /** Fields whose order value already matches the edited order are disabled. */
  const locked = (field: keyof ShippingOrderValues) => {
    if (!edit || !order || !edited) return false;
    const current: OrderFields = order;
    const asked: OrderFields = edited;
    if (!(field in asked)) return false;
    return str(current[field]) === str(asked[field]);
  };
  const reviseOf = (key: string) => order?.revise?.[key];

  const onSubmit = handleSubmit(async (v) => {
    if (!supplier || !consignee) {
      toast.error(t('shippingOrder.partiesFirst'));
      return;
    }
    if (containers.length !== detail.quantity) {
      toast.error(t('shippingOrder.exactly', { count: detail.quantity, n: localDigits(String(detail.quantity)) }));
      return;
    }
    const common = {
      ...orderFormBody(v, { isDanger, isReefer }),
      parties: partiesFrom(supplier, consignee, v.isSWBL),
      // A line keeps the kind its shipper declared (its code and words) as it was read (decision 3871).
      containers: containers.map((c) => ({
        containerId: c.containerId,
        seal: c.seal,
        count: c.count,
        type: c.type,
        grossWeight: c.grossWeight,
        netWeight: c.netWeight,
        packageCode: c.packageCode,
        packageDescription: c.packageDescription,
      })),
    };
    try {
      if (edit && order) {
        await editOrder.mutateAsync({ ...common, freightType: frightType(v.freightType) });
        toast.success(t('rateRequestForm.changesSaved'));
        leave.release();
        onDone('edited');
      } else if (again && order) {
        await resubmit.mutateAsync({ ...common, frightType: frightType(v.freightType) });
        toast.success(t('shippingOrder.sentAgain'));
        leave.release();
        onDone('resubmitted');
      } else {
        await create.mutateAsync({ ...common, rateRequestId: detail.id, frightType: frightType(v.freightType) });
        toast.success(t('shippingOrder.sent'));
        leave.release();
        onDone('created');
      }
    } catch (error) {
      // The envelope names the fields: each message goes under its field; the toast says it without keys.
      if (error instanceof ApiError)
        for (const [key, message] of Object.entries(error.fields)) {
          const field = formFieldOf(key);
          if (field) setError(field, { message });
        }
      toast.failure(error);
    }
  });

  return (
    <section aria-labelledby="shipping-order-title">
      <h2 id="shipping-order-title">{t('shippingOrder.title')}</h2>
      <p className={styles.muted}>{t('shippingOrder.intro')}</p>
      <div className={styles.row} style={{ marginBottom: '1rem' }}>
        {/* The ticks say what is filled in, in a revision too. */}
        <Button id="order-parties" variant="secondary" done={Boolean(supplier)} onClick={() => setDialog('supplier')}>
          {t('shippingOrder.addShipper')}
        </Button>
        <Button variant="secondary" done={Boolean(consignee)} onClick={() => setDialog('consignee')}>
          {t('shippingOrder.addConsignee')}
        </Button>
        <Button
          id="order-containers"
          variant="secondary"
          done={containers.length === detail.quantity}
          onClick={() => setDialog('containers')}
        >
          {t('shippingOrder.addContainers')}
        </Button>
      </div>
      {reviseOf('parties') ? (
        <p className={styles.error} dir="auto">
          {reviseOf('parties')}
        </p>
      ) : null}
      {reviseOf('containers') ? (
        <p className={styles.error} dir="auto">
          {reviseOf('containers')}
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} aria-label={t('shippingOrder.label')}>
        {FIELD_GROUPS.filter((group) => !group.only || (group.only === 'danger' ? isDanger : isReefer)).map((group) => {
          const fields = FORM_FIELDS.filter((f) => f.only === group.only);
          const input = (f: OrderField) => (
            <OrderInput key={f.key} field={f} edit={edit} form={{ register, setValue, errors: e, freight, locked }} />
          );
          const typed = fields.filter((f) => f.kind === 'text' || f.kind === 'number');
          return (
            <fieldset key={group.legend} className={styles.fieldset}>
              <legend>{t(`shippingOrder.groups.${group.legend}`)}</legend>
              {group.grid ? (
                <>
                  <div className={styles.grid}>{typed.map(input)}</div>
                  {fields.filter((f) => !typed.includes(f)).map(input)}
                </>
              ) : (
                fields.map(input)
              )}
            </fieldset>
          );
        })}
        <div className={styles.actions}>
          <Button type="submit" loading={create.isPending || editOrder.isPending || resubmit.isPending}>
            {t('actions.continue')}
          </Button>
        </div>
      </form>
      <SupplierDialog
        open={dialog === 'supplier'}
        initial={supplier}
        onClose={() => setDialog(null)}
        onSubmit={(v) => {
          setSupplier(v);
          setAnswered(true);
          setDialog(null);
        }}
      />
      <ConsigneeDialog
        open={dialog === 'consignee'}
        initial={consignee}
        onClose={() => setDialog(null)}
        onSubmit={(v) => {
          setConsignee(v);
          setAnswered(true);
          setDialog(null);
        }}
      />
      {dialog === 'containers' ? (
        <ContainerDialog
          open
          quantity={detail.quantity}
          initial={containers}
          onClose={() => setDialog(null)}
          onSubmit={(rows) => {
            setContainers(rows);
            setAnswered(true);
            setDialog(null);
          }}
        />
      ) : null}
      {leave.dialog}
    </section>
  );
}
