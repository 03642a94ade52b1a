export { SECRET_MASK, type ContextChange } from './ContextChange';
export { diffContexts } from './diffContexts';
export { isSameInstance } from './isSameInstance';
