import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog } from '@/components/ui/dialog';
import { TextInput } from '@/components/ui/text-input';
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
  return (
    <div className={styles.grid}>
      <TextInput label="Full Name" required {...register('fullName')} error={errors.fullName?.message} />
      <TextInput label="Mobile Number" required inputMode="numeric" {...register('mobileNumber')} error={errors.mobileNumber?.message} />
      <TextInput label="Fax" {...register('fax')} />
      <TextInput label="Full Address" required {...register('fullAddress')} error={errors.fullAddress?.message} />
    </div>
  );
}

function PartyActions({ onCancel }: { onCancel: () => void }) {
  return (
    <div className={styles.actions}>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit">Submit</Button>
    </div>
  );
}

export function SupplierDialog({ open, initial, onClose, onSubmit }: DialogProps<SupplierValues>) {
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
    <Dialog open={open} onClose={onClose} title="Shipper Details">
      <form noValidate onSubmit={handleSubmit((v) => onSubmit(v))} aria-label="Shipper Details">
        <SavedParties role="shipper" label="shippers" typed={() => getValues()} onChoose={fill} />
        <PartyFields register={register} errors={e} />
        <PartyActions onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function ConsigneeDialog({ open, initial, onClose, onSubmit }: DialogProps<ConsigneeValues>) {
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
    if (filled.fullName !== undefined) setValue('notifyFullName', filled.fullName, { shouldDirty: true, shouldValidate: validate });
    if (filled.fullAddress !== undefined) setValue('notifyFullAddress', filled.fullAddress, { shouldDirty: true, shouldValidate: validate });
    if (filled.mobileNumber !== undefined) setValue('notifyMobileNumber', filled.mobileNumber, { shouldDirty: true, shouldValidate: validate });
  };
  const typedNotify = (): TypedParty => {
    const v = getValues();
    return { fullName: v.notifyFullName, mobileNumber: v.notifyMobileNumber, fullAddress: v.notifyFullAddress };
  };
  return (
    <Dialog open={open} onClose={onClose} title="Consignee Details" size="wide">
      <form
        noValidate
        onSubmit={handleSubmit((v) => {
          onSubmit(v);
        })}
        aria-label="Consignee Details"
      >
        <SavedParties role="consignee" label="consignees" typed={() => getValues()} onChoose={fillConsignee} />
        <PartyFields register={register} errors={e} />
        <Checkbox
          label="Notify party same as consignee"
          {...register('notifyParty', { onChange: (ev) => copy(ev.target.checked) })}
        />
        <SavedParties role="notify" label="notify parties" typed={typedNotify} onChoose={fillNotify} disabled={same} />
        <div className={styles.grid}>
          <TextInput label="Notify Party Full Name" required readOnly={same} {...register('notifyFullName')} error={e.notifyFullName?.message} />
          <TextInput
            label="Notify Party Mobile Number"
            required
            readOnly={same}
            inputMode="numeric"
            {...register('notifyMobileNumber')}
            error={e.notifyMobileNumber?.message}
          />
          <TextInput label="Notify Party Fax" readOnly={same} {...register('notifyFax')} />
          <TextInput
            label="Notify Party Full Address"
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
