export { LegacyStyrminRouter, StyrminRouter } from './StyrminRouter';
