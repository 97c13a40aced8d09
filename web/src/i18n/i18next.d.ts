// Keys are checked by the compiler against the English catalogue: a key used but not written fails `tsc`.
import type { EnglishCatalogues } from './index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishCatalogues;
  }
}
