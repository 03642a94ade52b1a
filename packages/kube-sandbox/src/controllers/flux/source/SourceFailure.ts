/** Why a source has no new artifact: Ready False (and FetchFailed or BuildFailed) with this reason. */
export class SourceFailure extends Error {
  readonly reason: string;

  constructor(reason: string, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Runs a step; its failure becomes a SourceFailure with Flux's reason and wording. */
export async function step<T>(
  reason: string,
  prefix: string,
  run: () => Promise<T> | T,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SourceFailure) {
      throw error;
    }
    throw new SourceFailure(reason, `${prefix}: ${(error as Error).message}`);
  }
}
