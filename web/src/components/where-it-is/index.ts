export { WhereItIs } from './where-it-is';
export { endedWords, progressWords } from './progress-words';
