import { Logger } from '../../logging/Logger';
import { ClusterClient } from '../ClusterClient';
import { OperatorCache } from '../OperatorInformers';

/** What every phase of a reconcile works with: the API, the informers' caches, the log. */
export interface PhaseDeps {
  client: ClusterClient;
  cache: OperatorCache;
  log: Logger;
}
