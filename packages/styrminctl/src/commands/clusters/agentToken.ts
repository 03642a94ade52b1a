/** What styrminctl says after it prints an agent token, which the server shows once. */
export const AGENT_TOKEN_NOTICE =
  'The agent token is shown this once: give it to the cluster’s agent now.';
