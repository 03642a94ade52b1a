export { CursorPager, useCursorPages } from './CursorPager';
export type { CursorPagerProps } from './CursorPager';
