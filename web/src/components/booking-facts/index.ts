export { BookingFacts, OrderFacts } from './booking-facts';
