export { ChargesBreakdown } from './charges-breakdown';
export { basis, formatBookingTotal, quoteSource } from './charges';
export type { Charge, Priced } from './charges';
