export { BookingSailingFacts, SailingFacts } from './sailing-facts';
export type { BookingSailing, SailingStanding, SailingView } from './sailing-facts';
export { default as sailingStyles } from './sailing.module.css';
