export { Button } from './button';
export type { ButtonProps, ButtonVariant } from './button';
