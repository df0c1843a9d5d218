import type { Clock } from '../clock';
import type { ContentFolder } from '../../src/content/contentFolder';
import { runLinkCheck } from '../linkCheck/runLinkCheck';
import type { Store } from '../store/Store';
import { repeatEvery, type Repeating } from './repeatEvery';

/** How often an instance looks whether a run is due: a run missed by a restart starts within the hour. */
const LOOK_MS = 60 * 60 * 1000;

/**
 * The link check every `everyMs` (LINK_CHECK_HOURS): each hour, an instance asks the store whether
 * a run is due and claims it, so however many instances run, the sites the pages cite are asked
 * once per interval. The content is read as it is at the moment the run starts.
 */
export function startLinkCheck({
  store,
  folder,
  everyMs,
  clock,
  log,
}: {
  store: Store;
  folder: () => ContentFolder;
  everyMs: number;
  clock: Clock;
  log: (fields: Record<string, unknown>) => void;
}): Repeating {
  return repeatEvery(
    clock,
    Math.min(everyMs, LOOK_MS),
    async () => {
      const summary = await runLinkCheck({ store, folder: folder(), everyMs, clock });
      if (summary) {
        const { checked, broken, failing, warnings } = summary;
        log({ msg: 'links checked', checked, broken, failing, warnings });
      }
    },
    (error) => log({ level: 'error', msg: 'link check failed', error: error.message }),
  );
}
