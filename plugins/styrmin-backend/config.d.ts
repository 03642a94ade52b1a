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
    roles?: {
      /**
       * The Styrmin roles of service principals by subject: the subjects of static
       * external-access tokens (backend.auth.externalAccess), such as styrminctl's. A
       * listed subject may do what its token allows and its role allows; an unlisted one
       * what its token allows (Backstage never shows service principals to the role
       * policy). The users' roles are the other keys of styrmin.roles, which the role
       * policy module reads.
       */
      services?: {
        [subject: string]: 'administrator' | 'operator' | 'readOnly' | 'none';
      };
    };
  };
}
