export { BookingFacts, OrderFacts } from './booking-facts';
export type { FactsOrder, FactsRequest } from './types';
