export { Dialog } from './dialog';
export type { DialogProps, DialogTone } from './dialog';
