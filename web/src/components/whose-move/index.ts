export { WhoseMove, whoseMoveText } from './whose-move';
export type { Viewer } from './whose-move';
