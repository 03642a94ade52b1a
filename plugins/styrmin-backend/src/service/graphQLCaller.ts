import { HttpAuthService } from '@backstage/backend-plugin-api';
import { AuthenticationError } from '@backstage/errors';
import express from 'express';
import { DeploymentScope } from '../graphql/deploymentScope';
import { StyrminCredentials } from '../graphql/types';
import { isActionToken } from '../actionTokens/actionToken';
import { ActionTokenStore } from '../actionTokens/ActionTokenStore';

/**
 * Who sent a GraphQL request, and what it may act on: a driver action's API token acts on
 * its deployment only (`scope`); anything else goes to Backstage, which accepts users and
 * services. The audit events of an action name it by its run: `styrmin-action:<run id>`.
 *
 * @internal
 */
export type GraphQLCaller = {
  credentials: StyrminCredentials;
  /** The HTTP request, for the auditor to name a Backstage caller; absent for an action. */
  request?: express.Request;
  scope?: DeploymentScope;
};

/**
 * Authenticates a GraphQL request: an `Authorization: Bearer styrmin-action.…` token must
 * be a valid action token (401 UNAUTHENTICATED otherwise, for one that is unknown or whose
 * run has ended); every other request is Backstage's to authenticate, as before.
 *
 * @internal
 */
export async function graphQLCaller(
  deps: { httpAuth: HttpAuthService; actionTokens: ActionTokenStore },
  req: express.Request,
): Promise<GraphQLCaller> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(
    req.headers.authorization ?? '',
  )?.[1];
  if (token && isActionToken(token)) {
    const scope = await deps.actionTokens.verify({ token });
    if (!scope) {
      throw new AuthenticationError(
        "The action's API token is not valid: unknown, malformed, or its run has ended",
      );
    }
    return {
      credentials: {
        $$type: '@backstage/BackstageCredentials',
        principal: {
          type: 'service',
          subject: `styrmin-action:${scope.flowRunId}`,
        },
      },
      scope: { deploymentId: scope.deploymentId },
    };
  }
  return {
    credentials: await deps.httpAuth.credentials(req, {
      allow: ['user', 'service'],
    }),
    request: req,
  };
}
