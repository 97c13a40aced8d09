export { isLtrKey, Ltr } from './ltr';
