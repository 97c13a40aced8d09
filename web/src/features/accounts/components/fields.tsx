import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextInput } from '@/components/ui/text-input';
import type { EnglishCatalogues } from '@/i18n';
import { JalaliDatePicker } from './jalali-date-picker';
import styles from './accounts.module.css';

export type FieldName = keyof EnglishCatalogues['accounts']['fieldLabels'];

export interface FieldSpec {
  /** The wire key; the field's words are the accounts catalogue's `fieldLabels` of the same name. */
  name: FieldName;
  label: string;
  kind?: 'text' | 'email' | 'tel' | 'date' | 'textarea';
  required?: boolean;
  readOnly?: boolean;
  wide?: boolean;
  autoComplete?: string;
  /** A phone written the international way: the phone keypad (with "+") and an example. */
  international?: boolean;
}

export const INDIVIDUAL_FIELDS: FieldSpec[] = [
  { name: 'firstName', label: 'First Name', required: true, autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', required: true, autoComplete: 'family-name' },
  { name: 'birthDate', label: 'Birth Date', kind: 'date', required: true },
  { name: 'nationalId', label: 'National ID', required: true, readOnly: true },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel' },
  { name: 'fax', label: 'Fax (optional)', kind: 'tel' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'postalCode', label: 'Postal Code', required: true, autoComplete: 'postal-code' },
  { name: 'address', label: 'Address', required: true, wide: true, autoComplete: 'street-address' },
];

export const DOMESTIC_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Company Name', required: true, autoComplete: 'organization' },
  { name: 'contactPerson', label: 'Contact Person', required: true, autoComplete: 'name' },
  { name: 'economicCode', label: 'Economic Code', required: true },
  { name: 'registrationCode', label: 'Registration Code', required: true },
  { name: 'nationalCode', label: 'Company ID', required: true, readOnly: true },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel' },
  { name: 'fax', label: 'Fax (optional)', kind: 'tel' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'postalCode', label: 'Postal Code', required: true, autoComplete: 'postal-code' },
  { name: 'address', label: 'Address', required: true, wide: true, autoComplete: 'street-address' },
];

export const FOREIGN_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Company Name', required: true, autoComplete: 'organization' },
  { name: 'contactPerson', label: 'Contact Person', required: true, autoComplete: 'name' },
  { name: 'nationalCode', label: 'Company ID', required: true, readOnly: true },
  { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel', international: true },
  { name: 'fax', label: 'Fax (optional)', kind: 'tel' },
  { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'postalCode', label: 'Postal Code', required: true, autoComplete: 'postal-code' },
  { name: 'address', label: 'Address', required: true, wide: true, autoComplete: 'street-address' },
];

type Values = Record<string, string>;

export interface FieldGridProps {
  fields: FieldSpec[];
  register: UseFormRegister<Values>;
  control: Control<Values>;
  errors: FieldErrors<Values>;
  editMode?: boolean;
  /** Fields whose saved value differs (pending edit): shown with the updated styling. */
  updated?: readonly string[];
}

/** The fields of an accounts form in a one-column (mobile) or two-column grid. */
export function FieldGrid({ fields, register, control, errors, editMode, updated = [] }: FieldGridProps) {
  const { t } = useTranslation('accounts');
  return (
    <div className={styles.grid}>
      {fields.map((field) => {
        const error = errors[field.name]?.message as string | undefined;
        const className = field.wide ? styles.wide : undefined;
        if (field.kind === 'date') {
          return (
            <div key={field.name} className={className}>
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <JalaliDatePicker
                    label={t(`fieldLabels.${field.name}`)}
                    name={f.name}
                    required={field.required}
                    value={f.value ?? ''}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    error={error}
                  />
                )}
              />
            </div>
          );
        }
        return (
          <div key={field.name} className={className}>
            <TextInput
              label={t(`fieldLabels.${field.name}`)}
              required={field.required}
              readOnly={field.readOnly}
              type={field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : 'text'}
              inputMode={field.international ? 'tel' : field.kind === 'tel' ? 'numeric' : undefined}
              placeholder={field.international ? t('fields.494012345678') : undefined}
              autoComplete={field.autoComplete}
              error={error}
              editMode={editMode}
              updated={updated.includes(field.name)}
              {...register(field.name)}
            />
          </div>
        );
      })}
    </div>
  );
}
