import { randomBytes, randomUUID } from 'node:crypto';
import { agentTokenHash, matchesAgentTokenHash } from '../clusters/agentToken';

/** What every action token starts with, so that redaction, scanners and people find one. */
const PREFIX = 'styrmin-action';

/** 32 random bytes, as in an agent token. */
const SECRET_BYTES = 32;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const TOKEN = new RegExp(`^${PREFIX}\\.(${UUID})\\.[A-Za-z0-9_-]{43}$`);

/**
 * Any action token in a text, for redaction: the server cannot know a token it stores only
 * the hash of, but it knows the form of every one.
 *
 * @internal
 */
export const ACTION_TOKEN_PATTERN = new RegExp(
  `${PREFIX}\\.${UUID}\\.[A-Za-z0-9_-]{43}`,
  'g',
);

/**
 * A new action token, `styrmin-action.<token id>.<43 base64url characters>`, with its id
 * (the row it is stored in) and the hash stored in its place. A fast hash suffices for the
 * reasons `agentTokenHash` gives: 256 random bits are not guessed.
 *
 * @internal
 */
export function issueActionToken(): {
  id: string;
  token: string;
  hash: string;
} {
  const id = randomUUID();
  const token = `${PREFIX}.${id}.${randomBytes(SECRET_BYTES).toString(
    'base64url',
  )}`;
  return { id, token, hash: agentTokenHash(token) };
}

/** Whether a bearer token is an action token at all (it may still be unknown or expired). */
export function isActionToken(token: string): boolean {
  return token.startsWith(`${PREFIX}.`);
}

/** The id that a well-formed action token names; undefined for anything else. */
export function actionTokenId(token: string): string | undefined {
  return TOKEN.exec(token)?.[1];
}

/** Compares a token with its stored hash in constant time. */
export function matchesActionTokenHash(token: string, hash: string): boolean {
  return matchesAgentTokenHash(token, hash);
}
