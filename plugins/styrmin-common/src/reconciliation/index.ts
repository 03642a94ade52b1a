export { SECRET_MASK, type ContextChange } from './ContextChange';
export { diffContexts } from './diffContexts';
export { isSameInstance } from './isSameInstance';
export {
  maskConfiguration,
  maskContext,
  maskSecrets,
  secretPathMatcher,
} from './maskSecrets';
export { remediationFlow, type RemediationFlow } from './remediationFlow';
