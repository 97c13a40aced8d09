export { ContentLayout } from './content-layout';
export type { ContentLayoutProps } from './content-layout';
export { PlaceholderPage } from './placeholder';
export type { PlaceholderPageProps } from './placeholder';
