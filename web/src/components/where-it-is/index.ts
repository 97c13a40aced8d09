export { WhereItIs } from './where-it-is';
export { progressWords } from './progress-words';
