import { deploymentChange, type MutationAudit } from '../mutationAudits';

/**
 * The audit of applying a plan: the plan, and on success the change it made, as the
 * change's own mutation is audited.
 *
 * @internal
 */
export const PLAN_MUTATION_AUDITS: Record<string, MutationAudit> = {
  applyPlan: {
    eventId: 'plan-apply',
    severityLevel: 'medium',
    subjects: input => ({ planId: input.id }),
    outcome: deploymentChange,
  },
};
