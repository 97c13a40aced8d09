export { FileLink, FILE_PATH } from './file-link';
