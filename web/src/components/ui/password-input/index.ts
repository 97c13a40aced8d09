export { PasswordInput } from './password-input';
export type { PasswordInputProps } from './password-input';
export type { StrengthLevel } from './password-strength';
