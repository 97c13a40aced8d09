export { ColumnHeads } from './column-heads';
