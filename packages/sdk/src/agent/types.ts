/**
 * One file of a driver bundle, decoded.
 *
 * @public
 */
export interface AgentDriverBundleFile {
  /** Relative to the driver directory, with `/` separators. */
  path: string;
  content: Uint8Array;
}

/**
 * A driver version's files, by digest.
 *
 * @public
 */
export interface AgentDriverBundle {
  digest: string;
  /** In path order. */
  files: AgentDriverBundleFile[];
}
