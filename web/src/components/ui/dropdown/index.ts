export { Dropdown } from './dropdown';
export type { DropdownOption, DropdownProps } from './dropdown';
