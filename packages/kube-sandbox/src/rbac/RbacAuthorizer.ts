import { KubeObject } from '../store/types';
import { PolicySource } from './PolicySource';
import {
  AUTHENTICATED_USERS_RULES,
  MASTERS_RULES,
  PolicyRule,
  ruleAllows,
} from './policyRules';
import { RequestAttributes, UserInfo } from './RequestAttributes';

export const MASTERS_GROUP = 'system:masters';

/** An authorizer's answer; `reason` says which binding allowed, or which role is missing. */
export interface Decision {
  allowed: boolean;
  reason: string;
}

/** Rules that apply to a user, each with where it comes from. */
interface SourcedRules {
  rules: readonly PolicyRule[];
  /** `ClusterRoleBinding "b" of ClusterRole "r" to User "u"`, as the apiserver words it. */
  source: string;
}

interface Subject {
  kind: string;
  name: string;
  namespace?: string;
}

interface Binding extends KubeObject {
  roleRef?: { kind: string; name: string };
  subjects?: Subject[];
}

const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/**
 * The apiserver's RBAC authorizer over Roles, ClusterRoles and their bindings: a request is
 * allowed when a rule of a role bound to the user (a ClusterRoleBinding anywhere, a
 * RoleBinding in the request's namespace) allows it; nothing denies. system:masters may do
 * everything, and every user what the bootstrap policy grants the authenticated.
 */
export class RbacAuthorizer {
  readonly #policy: PolicySource;

  private constructor(policy: PolicySource) {
    this.#policy = policy;
  }

  static create(options: { policy: PolicySource }): RbacAuthorizer {
    return new RbacAuthorizer(options.policy);
  }

  authorize(user: UserInfo, request: RequestAttributes): Decision {
    if (user.groups.includes(MASTERS_GROUP)) {
      return { allowed: true, reason: '' };
    }
    const namespace = request.resourceRequest ? request.namespace : undefined;
    const { sources, errors } = this.#rulesFor(user, namespace);
    const allowing = sources.find(s =>
      s.rules.some(rule => ruleAllows(rule, request)),
    );
    if (allowing) {
      return { allowed: true, reason: `RBAC: allowed by ${allowing.source}` };
    }
    return {
      allowed: false,
      reason: errors.length > 0 ? `RBAC: ${aggregate(errors)}` : '',
    };
  }

  /** Every rule that applies to the user in a namespace, as SelfSubjectRulesReview lists them. */
  rulesFor(
    user: UserInfo,
    namespace: string,
  ): { rules: PolicyRule[]; errors: string[] } {
    if (user.groups.includes(MASTERS_GROUP)) {
      return { rules: [...MASTERS_RULES], errors: [] };
    }
    const { sources, errors } = this.#rulesFor(user, namespace);
    return { rules: sources.flatMap(s => s.rules), errors };
  }

  #rulesFor(
    user: UserInfo,
    namespace: string | undefined,
  ): { sources: SourcedRules[]; errors: string[] } {
    const sources: SourcedRules[] = [
      { rules: AUTHENTICATED_USERS_RULES, source: 'the bootstrap policy' },
    ];
    const errors: string[] = [];
    const visit = (binding: Binding, bindingNamespace: string) => {
      const subject = (binding.subjects ?? []).find(s =>
        appliesTo(s, user, bindingNamespace),
      );
      const ref = binding.roleRef;
      if (!subject || !ref) {
        return;
      }
      const role =
        ref.kind === 'Role'
          ? this.#policy.role(bindingNamespace, ref.name)
          : this.#policy.clusterRole(ref.name);
      if (!role) {
        errors.push(
          `${ref.kind.toLowerCase()}.rbac.authorization.k8s.io "${
            ref.name
          }" not found`,
        );
        return;
      }
      const what = bindingNamespace
        ? `RoleBinding "${binding.metadata.name}/${bindingNamespace}"`
        : `ClusterRoleBinding "${binding.metadata.name}"`;
      sources.push({
        rules: ((role as { rules?: PolicyRule[] }).rules ?? []) as PolicyRule[],
        source: `${what} of ${ref.kind} "${ref.name}" to ${describe(
          subject,
          bindingNamespace,
        )}`,
      });
    };
    for (const binding of this.#policy.clusterRoleBindings()) {
      visit(binding, '');
    }
    if (namespace) {
      for (const binding of this.#policy.roleBindings(namespace)) {
        visit(binding, namespace);
      }
    }
    return { sources, errors };
  }
}

/** The user name of a ServiceAccount: `system:serviceaccount:<namespace>:<name>`. */
export function serviceAccountUser(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_PREFIX}${namespace}:${name}`;
}

function appliesTo(
  subject: Subject,
  user: UserInfo,
  bindingNamespace: string,
): boolean {
  switch (subject.kind) {
    case 'User':
      return subject.name === user.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount':
      return (
        serviceAccountUser(
          subject.namespace || bindingNamespace,
          subject.name,
        ) === user.name
      );
    default:
      return false;
  }
}

function describe(subject: Subject, bindingNamespace: string): string {
  return subject.kind === 'ServiceAccount'
    ? `ServiceAccount "${subject.name}/${
        subject.namespace || bindingNamespace
      }"`
    : `${subject.kind} "${subject.name}"`;
}

/** Go's utilerrors aggregate: one error as itself, more as `[a, b]`. */
function aggregate(errors: string[]): string {
  return errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
}
