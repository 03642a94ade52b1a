export { PageTabs } from './PageTabs';
export type { PageTab, PageTabsProps } from './PageTabs';
