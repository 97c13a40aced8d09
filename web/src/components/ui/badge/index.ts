export { Badge } from './badge';
export type { BadgeProps } from './badge';
