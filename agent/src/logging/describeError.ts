import { ApiException } from '@kubernetes/client-node';

/**
 * An error in one line for logs and conditions: for a Kubernetes API error, its code, reason
 * and message from the Status the server sent, rather than client-node's dump of the
 * response.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiException) {
    try {
      const status =
        typeof error.body === 'string' ? JSON.parse(error.body) : error.body;
      if (status?.message) {
        return `${error.code} ${status.reason ?? ''}: ${
          status.message
        }`.replace('  :', ':');
      }
    } catch {
      // Not a Status: the code says enough.
    }
    return `HTTP ${error.code}`;
  }
  return error instanceof Error ? error.message : String(error);
}
