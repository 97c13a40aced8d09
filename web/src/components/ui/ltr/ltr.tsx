import type { ReactNode } from 'react';

/**
 * A value that reads left to right whatever the page's direction: a phone or fax number, an e-mail address,
 * a reference, a container number, a code. Isolated (`<bdi dir="ltr">`), so in a right-to-left cell
 * `+49 40 1234567` keeps its order instead of showing as `1234567 40 +49`, and the words around it keep theirs.
 */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/** The keys of values written left to right (wire keys of parties, containers, profiles and sign-ups). */
const LTR_KEYS = new Set([
  'phone',
  'phoneNumber',
  'mobileNumber',
  'mobile',
  'fax',
  'email',
  'containerNumber',
  'seal',
  'reference',
  'bookingReference',
  'nationalId',
  'companyId',
  'postalCode',
  'economicCode',
  'registerationCode',
  'hsCode',
  'unNumber',
  'imcoClass',
]);

const NORMALISED = new Set([...LTR_KEYS].map((key) => key.toLowerCase()));

/** Whether a field's value is written left to right (and shown isolated so): a wire key (`phoneNumber`) or a
 * domain name (`phone_number`). */
export function isLtrKey(key: string): boolean {
  return NORMALISED.has(key.replaceAll('_', '').toLowerCase());
}
