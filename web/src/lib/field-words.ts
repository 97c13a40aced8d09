/**
 * What a profile field is, in words, for people (staff saw `FirstName`, `EconimocCode`,
 * `RegisterationCode`; customers saw `contactPerson:`). The wire keeps its keys and the specification's
 * spellings; screens say these words. Takes a record key (`economicCode`) or the review's field name
 * (`EconimocCode`).
 */
const WORDS: Record<string, string> = {
  firstName: 'First name',
  firstname: 'First name',
  lastName: 'Last name',
  lastname: 'Last name',
  birthDate: 'Birth date',
  nationalId: 'National ID',
  nationalCode: 'Company ID',
  phone: 'Phone',
  email: 'Email',
  fax: 'Fax',
  address: 'Address',
  postalCode: 'Postal code',
  name: 'Company name',
  contactPerson: 'Contact person',
  economicCode: 'Economic code',
  econimicCode: 'Economic code',
  EconimocCode: 'Economic code',
  registrationCode: 'Registration code',
  registerationCode: 'Registration code',
  RegisterationCode: 'Registration code',
  industry: 'Industry',
  destinations: 'Destinations',
  typeOfOperation: 'Type of operation',
  username: 'Username',
};

export function fieldWords(key: string): string {
  const known = WORDS[key] ?? WORDS[key.charAt(0).toLowerCase() + key.slice(1)];
  if (known) return known;
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}
