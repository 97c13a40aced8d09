export {
  DateField,
  DateTimeField,
  isDate,
  localDay,
  notADay,
  shownDate,
  shownDateTime,
  typedDate,
  typedDateTime,
} from './date-field';
export type { DateFieldProps, DateTimeFieldProps } from './date-field';
