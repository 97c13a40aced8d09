export { Dropdown, dropdownErrorMessage } from './dropdown';
export type { DropdownOption, DropdownProps } from './dropdown';
