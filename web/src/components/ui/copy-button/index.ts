export { CopyButton } from './copy-button';
