export { DateField, isDate, shownDate, typedDate } from './date-field';
export type { DateFieldProps } from './date-field';
