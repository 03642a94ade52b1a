export {
  styrminDriverLoadPermission,
  styrminDriverReadPermission,
} from './driverPermissions';
export { styrminPermissions } from './styrminPermissions';
