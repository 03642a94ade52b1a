export { styrminPlugin as default } from './plugin';
