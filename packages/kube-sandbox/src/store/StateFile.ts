import fs from 'node:fs/promises';
import path from 'node:path';
import { ObjectStore, StoreSnapshot } from './ObjectStore';

/** How long after a change the state is written, so bursts of changes cost one write. */
const SAVE_DELAY_MS = 500;

/**
 * A store's state in a JSON file, so that a restarted sandbox keeps its cluster: loaded at
 * start, written (to a temporary file, then renamed) shortly after changes and at stop.
 */
export class StateFile {
  readonly #file: string;
  readonly #store: ObjectStore;
  readonly #unsubscribe: () => void;
  #timer?: NodeJS.Timeout;
  #saving: Promise<void> = Promise.resolve();

  private constructor(file: string, store: ObjectStore) {
    this.#file = file;
    this.#store = store;
    this.#unsubscribe = store.subscribe(() => this.#schedule());
  }

  /** The saved state, or undefined when there is none yet. */
  static async load(file: string): Promise<StoreSnapshot | undefined> {
    try {
      return JSON.parse(await fs.readFile(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return undefined;
      }
      throw new Error(
        `Cannot read the sandbox state in ${file}: ${(error as Error).message}`,
      );
    }
  }

  /** Keeps `file` up to date with the store from now on. */
  static watch(file: string, store: ObjectStore): StateFile {
    return new StateFile(file, store);
  }

  /** Writes what is pending and stops watching. */
  async stop(): Promise<void> {
    this.#unsubscribe();
    clearTimeout(this.#timer);
    await this.#save();
  }

  #schedule(): void {
    if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.#save().catch(error =>
          // eslint-disable-next-line no-console
          console.warn(
            `kube-sandbox: could not save the state to ${this.#file}:`,
            error,
          ),
        );
      }, SAVE_DELAY_MS);
    }
  }

  #save(): Promise<void> {
    // One write at a time; a failed one does not stop the next.
    this.#saving = this.#saving
      .catch(() => undefined)
      .then(async () => {
        const temporary = `${this.#file}.${process.pid}.tmp`;
        await fs.mkdir(path.dirname(this.#file), { recursive: true });
        await fs.writeFile(temporary, JSON.stringify(this.#store.snapshot()));
        await fs.rename(temporary, this.#file);
      });
    return this.#saving;
  }
}
