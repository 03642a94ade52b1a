/**
 * Node-only Styrmin: reading an application driver version from a directory into a
 * validated, digested bundle.
 *
 * @packageDocumentation
 */
export * from './driver';
