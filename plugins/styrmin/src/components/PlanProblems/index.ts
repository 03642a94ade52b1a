export { PlanProblems } from './PlanProblems';
