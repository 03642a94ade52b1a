export interface Config {
  styrmin?: {
    drivers?: {
      /**
       * Directories on the backend's machine from which application drivers may be loaded:
       * a driver directory (loadDriver with source DIRECTORY) or a local git repository
       * (a file:// URL or a path) must lie inside one of them, symbolic links resolved.
       * Relative paths are relative to the backend's working directory. None by default:
       * the server then reads no driver from its own disk, and drivers come from git or
       * from files a client sends (styrminctl drivers load <dir>).
       */
      allowedDirectories?: string[];
    };
  };
}
