export { WhereItIs } from './where-it-is';
