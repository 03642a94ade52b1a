import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What every agent token starts with, so that secret scanners and people recognise one. */
const PREFIX = 'styrmin-agent';

/** 32 random bytes: 256 bits that nobody guesses. */
const SECRET_BYTES = 32;

const TOKEN = new RegExp(
  `^${PREFIX}\\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.[A-Za-z0-9_-]{43}$`,
);

/**
 * A new agent token for a cluster: `styrmin-agent.<cluster id>.<43 base64url characters>`,
 * and the hash that is stored in its place. The cluster id in the token lets the server
 * find the one hash to compare with.
 */
export function issueAgentToken(clusterId: string): {
  token: string;
  hash: string;
} {
  const token = `${PREFIX}.${clusterId}.${randomBytes(SECRET_BYTES).toString(
    'base64url',
  )}`;
  return { token, hash: agentTokenHash(token) };
}

/**
 * The stored form of an agent token: its sha256, in hex. A fast hash is enough, and the
 * right one: the token carries 256 random bits, so no attacker can search for it whatever
 * the hash costs (slow, salted hashes defend guessable passwords), and the agent presents
 * it on every call, which a slow hash would make expensive.
 */
export function agentTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The cluster id that a well-formed agent token names; undefined for anything else. */
export function agentTokenClusterId(token: string): string | undefined {
  return TOKEN.exec(token)?.[1];
}

/** Compares a token with a stored hash in constant time. */
export function matchesAgentTokenHash(token: string, hash: string): boolean {
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(agentTokenHash(token), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
