import type { UserInfo } from '../api/contract.ts';
import type { AuthStore } from '../state/auth.ts';
import { useAsync } from './use-async.ts';
import { useStore } from './use-store.ts';

/**
 * The player's balance for a page that shows it (Home, Mine): the stored one, and whether fetching it
 * failed with nothing to show, so the page can say so and offer a retry instead of a row of dashes.
 * `refresh` asks again on every visit (Mine); otherwise only when none is held yet (Home: the app's
 * start already asked, and a request in flight is shared).
 */
export function useBalance(
  auth: Pick<AuthStore, '$auth' | '$user' | 'refreshBalance'>,
  refresh: boolean,
): { user: UserInfo | null; failed: boolean; retry: () => void } {
  const { loginInfo } = useStore(auth.$auth);
  const user = useStore(auth.$user);
  const [state, retry] = useAsync(
    () => (!refresh && auth.$user.get() ? Promise.resolve(auth.$user.get()) : auth.refreshBalance()),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked again for each player who logs in; the store knows who that is
    [auth, refresh, loginInfo?.swcloud_uid],
  );
  return { user, failed: state.status === 'error' && !user, retry };
}
