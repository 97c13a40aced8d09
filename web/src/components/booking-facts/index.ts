export { BookingFacts, OrderFacts } from './booking-facts';
export { ContainersTable } from './containers-table';
