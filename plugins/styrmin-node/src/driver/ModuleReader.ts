import { posix } from 'node:path';
import { DriverDirectory } from './DriverDirectory';
import { ModuleScan, scanModule } from './scanModule';
import { DriverProblem } from './types';

/** How a relative import may name a module: as written, or by the name it compiles to. */
const MODULE_SUFFIXES = [
  '',
  '.ts',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '/index.ts',
  '/index.js',
];
const COMPILED_TO_SOURCE: Record<string, string> = {
  '.js': '.ts',
  '.mjs': '.mts',
  '.cjs': '.cts',
};

/**
 * Scans action modules and the modules they import, once each, so that their exports can
 * be checked and their imports become part of the bundle.
 */
export class ModuleReader {
  readonly #directory: DriverDirectory;
  readonly #scans = new Map<
    string,
    Promise<ModuleScan | { refusal: string }>
  >();
  readonly problems: DriverProblem[] = [];

  constructor(directory: DriverDirectory) {
    this.#directory = directory;
  }

  /** The run-time exports of a module, following `export * from` inside the driver. */
  exportsOf(
    path: string,
  ): Promise<{ names: Set<string> } | { refusal: string }> {
    return this.#exportsOf(path, new Set());
  }

  async #exportsOf(
    path: string,
    seen: Set<string>,
  ): Promise<{ names: Set<string> } | { refusal: string }> {
    const scan = await this.#scan(path);
    if ('refusal' in scan) {
      return scan;
    }
    const names = new Set(scan.exports);
    seen.add(path);
    for (const specifier of scan.exportsAllFrom) {
      // Its imports were resolved when it was read; what failed there is reported there.
      const target = await this.#resolve(path, specifier);
      if (typeof target === 'string' && !seen.has(target)) {
        const passed = await this.#exportsOf(target, seen);
        // `export *` passes on every export but the default one.
        for (const name of 'names' in passed ? passed.names : []) {
          if (name !== 'default') {
            names.add(name);
          }
        }
      }
    }
    return { names };
  }

  #scan(path: string) {
    let scan = this.#scans.get(path);
    if (!scan) {
      scan = this.#read(path);
      this.#scans.set(path, scan);
    }
    return scan;
  }

  async #read(path: string): Promise<ModuleScan | { refusal: string }> {
    const read = await this.#directory.read(path);
    if ('refusal' in read) {
      return read;
    }
    const scan = scanModule(path, read.content.toString('utf8'));
    for (const { line, column, message } of scan.syntaxErrors) {
      this.problems.push({ file: path, line, column, message });
    }
    // The modules it imports belong to the bundle too, whether or not they export anything.
    for (const specifier of scan.imports) {
      const target = await this.#resolve(path, specifier);
      if (typeof target === 'string') {
        await this.#scan(target);
      } else if (target) {
        this.problems.push({ file: path, message: target.refusal });
      }
    }
    return scan;
  }

  /**
   * Resolves a relative import to a module inside the driver, or says why it cannot be;
   * other imports (`node:fs`, packages) are the agent's business.
   */
  async #resolve(
    from: string,
    specifier: string,
  ): Promise<string | { refusal: string } | undefined> {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
      return undefined;
    }
    const base = posix.join(posix.dirname(from), specifier);
    if (base === '..' || base.startsWith('../')) {
      return {
        refusal: `Imports "${specifier}", which is outside the driver directory`,
      };
    }
    const extension = posix.extname(base);
    const candidates = [
      ...MODULE_SUFFIXES.map(suffix => base + suffix),
      ...(COMPILED_TO_SOURCE[extension]
        ? [base.slice(0, -extension.length) + COMPILED_TO_SOURCE[extension]]
        : []),
    ];
    for (const candidate of candidates) {
      if (await this.#directory.isFile(candidate)) {
        return candidate;
      }
    }
    return {
      refusal: `Imports "${specifier}", which does not exist in the driver`,
    };
  }
}
