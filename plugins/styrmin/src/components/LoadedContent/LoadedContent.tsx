import { ReactNode } from 'react';
import { Progress } from '@backstage/core-components';
import { StyrminErrorPanel } from '../StyrminErrorPanel';

/** @public */
export interface LoadedContentProps<T> {
  /** A read as `useStyrminApi` and `useLiveStyrminApi` track it. */
  state: { loading: boolean; value?: T; error?: Error };
  /** What to show when the read found nothing (an unknown id). */
  missing: ReactNode;
  children: (value: NonNullable<T>) => ReactNode;
}

/**
 * What a read has to show: a progress bar until its first answer, why it failed, what to
 * say when it found nothing, or its value. A page that reads again keeps showing the last
 * value meanwhile, so live updates never flicker.
 *
 * @public
 */
export function LoadedContent<T>({
  state,
  missing,
  children,
}: LoadedContentProps<T>) {
  const { loading, value, error } = state;
  if (error) {
    return <StyrminErrorPanel error={error} />;
  }
  if (value === undefined || value === null) {
    return loading ? <Progress /> : <>{missing}</>;
  }
  return <>{children(value as NonNullable<T>)}</>;
}
