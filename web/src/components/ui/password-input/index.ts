export { PasswordInput } from './password-input';
export type { PasswordInputProps } from './password-input';
export { isAcceptedStrength, passwordStrength, strengthLevel, STRENGTH_ACCEPTED_ABOVE } from './password-strength';
export type { StrengthLevel } from './password-strength';
