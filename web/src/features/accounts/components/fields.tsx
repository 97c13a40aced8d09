import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Controller } from 'react-hook-form';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextInput } from '@/components/ui/text-input';
import { fieldWords } from '@/lib/field-words';
import { JalaliDatePicker } from './jalali-date-picker';
import styles from './accounts.module.css';

export type FieldName =
  | 'firstName'
  | 'lastName'
  | 'birthDate'
  | 'nationalId'
  | 'phone'
  | 'fax'
  | 'email'
  | 'postalCode'
  | 'address'
  | 'name'
  | 'contactPerson'
  | 'economicCode'
  | 'registrationCode'
  | 'nationalCode'
  | 'industry'
  | 'destinations';

/**
 * A field's words on the accounts forms: the shared catalogue's (contract/field-labels.json `profile`), as the
 * staff's review, the trail and the e-mails say them; the form's own only where it says more (`fax`: "Fax
 * (optional)", the accounts catalogue's `fieldLabels`).
 */
export function formFieldLabel(name: string): string {
  return name === 'fax' ? i18next.t('accounts:fieldLabels.fax') : fieldWords(name);
}

export interface FieldSpec {
  /** The wire key; the field's words are `formFieldLabel`'s for it. */
  name: FieldName;
  kind?: 'text' | 'email' | 'tel' | 'date' | 'textarea';
  required?: boolean;
  readOnly?: boolean;
  wide?: boolean;
  autoComplete?: string;
  /** A phone written the international way: the phone keypad (with "+") and an example. */
  international?: boolean;
}

export const INDIVIDUAL_FIELDS: FieldSpec[] = [
  { name: 'firstName', required: true, autoComplete: 'given-name' },
  { name: 'lastName', required: true, autoComplete: 'family-name' },
  { name: 'birthDate', kind: 'date', required: true },
  { name: 'nationalId', required: true, readOnly: true },
  { name: 'phone', kind: 'tel', required: true, autoComplete: 'tel' },
  { name: 'fax', kind: 'tel' },
  { name: 'email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'postalCode', required: true, autoComplete: 'postal-code' },
  { name: 'address', required: true, wide: true, autoComplete: 'street-address' },
];

export const DOMESTIC_FIELDS: FieldSpec[] = [
  { name: 'name', required: true, autoComplete: 'organization' },
  { name: 'contactPerson', required: true, autoComplete: 'name' },
  { name: 'economicCode', required: true },
  { name: 'registrationCode', required: true },
  { name: 'nationalCode', required: true, readOnly: true },
  { name: 'phone', kind: 'tel', required: true, autoComplete: 'tel' },
  { name: 'fax', kind: 'tel' },
  { name: 'email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'postalCode', required: true, autoComplete: 'postal-code' },
  { name: 'address', required: true, wide: true, autoComplete: 'street-address' },
];

export const FOREIGN_FIELDS: FieldSpec[] = [
  { name: 'name', required: true, autoComplete: 'organization' },
  { name: 'contactPerson', required: true, autoComplete: 'name' },
  { name: 'nationalCode', required: true, readOnly: true },
  { name: 'phone', kind: 'tel', required: true, autoComplete: 'tel', international: true },
  { name: 'fax', kind: 'tel' },
  { name: 'email', kind: 'email', required: true, autoComplete: 'email' },
  { name: 'postalCode', required: true, autoComplete: 'postal-code' },
  { name: 'address', required: true, wide: true, autoComplete: 'street-address' },
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
                    label={formFieldLabel(field.name)}
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
              label={formFieldLabel(field.name)}
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
