export { BookingFacts, OrderFacts } from './booking-facts';
export { ContainerCells, ContainerHeadings } from './container-cells';
