export { CONTENT_ID, skipToContent, useSkipLinkInert, WithSkipLink } from './skip-link';
