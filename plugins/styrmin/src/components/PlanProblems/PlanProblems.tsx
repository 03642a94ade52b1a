import Typography from '@material-ui/core/Typography';

/**
 * The problems that refuse a whole operation, as its plan gives them: every one at once,
 * so that they are fixed together rather than met one try at a time. Nothing when there
 * are none.
 */
export const PlanProblems = ({
  problems,
  what,
}: {
  problems: string[];
  /** What they refuse: "The upgrade cannot start". */
  what: string;
}) =>
  problems.length === 0 ? null : (
    <div role="alert">
      <Typography variant="subtitle2" color="error" component="h3">
        {what}:
      </Typography>
      <ul aria-label="Problems">
        {problems.map(problem => (
          <Typography
            key={problem}
            component="li"
            variant="body2"
            color="error"
          >
            {problem}
          </Typography>
        ))}
      </ul>
    </div>
  );
