import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
import { fieldWords } from '@/lib/field-words';
import { SavedParties } from './saved-parties';
import type { TypedParty } from './saved-parties';
import { consigneeSchema, supplierSchema } from './schemas';
import type { ConsigneeValues, SupplierValues } from './schemas';
import styles from './booking.module.css';

const EMPTY_SUPPLIER: SupplierValues = { fullName: '', mobileNumber: '', fax: '', fullAddress: '' };
const EMPTY_CONSIGNEE: ConsigneeValues = {
  ...EMPTY_SUPPLIER,
  notifyParty: false,
  notifyFullName: '',
  notifyMobileNumber: '',
  notifyFax: '',
  notifyFullAddress: '',
};

interface DialogProps<T> {
  open: boolean;
  initial: T | null;
  onClose: () => void;
  onSubmit: (values: T) => void;
}

/** The fields every party has: who, a phone, a fax and where. */
function PartyFields({
  register,
  errors,
}: {
  register: UseFormRegister<SupplierValues>;
  errors: FieldErrors<SupplierValues>;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className={styles.grid}>
      <TextInput
        label={t('party.fullName')}
        dir="auto"
        required
        {...register('fullName')}
        error={errors.fullName?.message}
      />
      <TextInput
        label={t('party.mobile')}
        dir="ltr"
        required
        inputMode="numeric"
        {...register('mobileNumber')}
        error={errors.mobileNumber?.message}
      />
      <TextInput label={fieldWords('fax')} dir="ltr" {...register('fax')} />
      <TextInput
        label={t('party.fullAddress')}
        dir="auto"
        required
        {...register('fullAddress')}
        error={errors.fullAddress?.message}
      />
    </div>
  );
}

function PartyActions({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('booking');
  return (
    <div className={styles.actions}>
      <Button variant="outline" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit">{t('actions.submit')}</Button>
    </div>
  );
}

export function SupplierDialog({ open, initial, onClose, onSubmit }: DialogProps<SupplierValues>) {
  const { t } = useTranslation('booking');
  const { register, handleSubmit, formState, getValues, setValue } = useForm<SupplierValues>({
    resolver: zodResolver(supplierSchema),
    values: initial ?? EMPTY_SUPPLIER,
  });
  const e = formState.errors;
  const fill = (filled: Partial<TypedParty>) => {
    for (const [key, value] of Object.entries(filled) as [keyof TypedParty, string][]) {
      setValue(key, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('party.shipperTitle')}>
      <form noValidate onSubmit={handleSubmit((v) => onSubmit(v))} aria-label={t('party.shipperTitle')}>
        <SavedParties role="shipper" typed={() => getValues()} onChoose={fill} />
        <PartyFields register={register} errors={e} />
        <PartyActions onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function ConsigneeDialog({ open, initial, onClose, onSubmit }: DialogProps<ConsigneeValues>) {
  const { t } = useTranslation('booking');
  const { register, control, handleSubmit, formState, getValues, setValue } = useForm<ConsigneeValues>({
    resolver: zodResolver(consigneeSchema),
    values: initial ?? EMPTY_CONSIGNEE,
  });
  const e = formState.errors;
  const same = useWatch({ control, name: 'notifyParty' });
  const copy = (checked: boolean) => {
    if (!checked) return;
    const v = getValues();
    setValue('notifyFullName', v.fullName);
    setValue('notifyMobileNumber', v.mobileNumber);
    setValue('notifyFax', v.fax);
    setValue('notifyFullAddress', v.fullAddress);
  };
  const validate = formState.isSubmitted;
  const fillConsignee = (filled: Partial<TypedParty>) => {
    for (const [key, value] of Object.entries(filled) as [keyof TypedParty, string][]) {
      setValue(key, value, { shouldDirty: true, shouldValidate: validate });
    }
  };
  const fillNotify = (filled: Partial<TypedParty>) => {
    if (filled.fullName !== undefined)
      setValue('notifyFullName', filled.fullName, { shouldDirty: true, shouldValidate: validate });
    if (filled.fullAddress !== undefined)
      setValue('notifyFullAddress', filled.fullAddress, { shouldDirty: true, shouldValidate: validate });
    if (filled.mobileNumber !== undefined)
      setValue('notifyMobileNumber', filled.mobileNumber, { shouldDirty: true, shouldValidate: validate });
  };
  const typedNotify = (): TypedParty => {
    const v = getValues();
    return { fullName: v.notifyFullName, mobileNumber: v.notifyMobileNumber, fullAddress: v.notifyFullAddress };
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('party.consigneeTitle')} size="wide">
      <form
        noValidate
        onSubmit={handleSubmit((v) => {
          onSubmit(v);
        })}
        aria-label={t('party.consigneeTitle')}
      >
        <SavedParties role="consignee" typed={() => getValues()} onChoose={fillConsignee} />
        <PartyFields register={register} errors={e} />
        <Checkbox
          label={t('party.notifySame')}
          {...register('notifyParty', { onChange: (ev) => copy(ev.target.checked) })}
        />
        <SavedParties role="notify" typed={typedNotify} onChoose={fillNotify} disabled={same} />
        <div className={styles.grid}>
          <TextInput
            label={t('party.notifyFullName')}
            dir="auto"
            required
            readOnly={same}
            {...register('notifyFullName')}
            error={e.notifyFullName?.message}
          />
          <TextInput
            label={t('party.notifyMobile')}
            dir="ltr"
            required
            readOnly={same}
            inputMode="numeric"
            {...register('notifyMobileNumber')}
            error={e.notifyMobileNumber?.message}
          />
          <TextInput label={t('party.notifyFax')} dir="ltr" readOnly={same} {...register('notifyFax')} />
          <TextInput
            label={t('party.notifyFullAddress')}
            dir="auto"
            required
            readOnly={same}
            {...register('notifyFullAddress')}
            error={e.notifyFullAddress?.message}
          />
        </div>
        <PartyActions onCancel={onClose} />
      </form>
    </Dialog>
  );
}
