export { ChargesBreakdown } from './charges-breakdown';
export { basis, chargeName, formatBookingTotal, quoteSource } from './charges';
export type { Charge, Priced } from './charges';
