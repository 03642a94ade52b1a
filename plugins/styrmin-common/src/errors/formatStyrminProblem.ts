import { StyrminProblem } from './StyrminProblem';

/**
 * Formats a problem the way compilers print theirs, so that editors and terminals link to
 * the place: `file:line:column path message`, leaving out what the problem does not have
 * (`chart/Chart.yaml spec.helm.main.source.path Is not a file`).
 *
 * @public
 */
export function formatStyrminProblem(problem: StyrminProblem): string {
  const { file, path, line, column, message } = problem;
  const place =
    file && line !== undefined ? `${file}:${line}:${column ?? 1}` : file;
  return [place, path, message].filter(Boolean).join(' ');
}
