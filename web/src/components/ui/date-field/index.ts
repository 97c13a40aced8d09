export {
  DateField,
  DateTimeField,
  isDate,
  notADay,
  shownDate,
  shownDateTime,
  typedDate,
  typedDateTime,
} from './date-field';
export type { DateFieldProps, DateTimeFieldProps } from './date-field';
