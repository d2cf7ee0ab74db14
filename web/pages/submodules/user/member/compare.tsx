import { useLocation } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';

/** Free vs member, from member_card_list `compare`. */
export default function MemberComparePage() {
  const [, navigate] = useLocation();
  const [cards, reload] = useAsync(() => api.memberCardList({}), []);
  return (
    <div className="scroll">
      <NavBar title="Compare memberships" onBack={() => goBack(PAGE_PATH.member)} />
      <div className="content">
        {cards.status === 'loading' && <Spinner />}
        {cards.status === 'error' && <LoadFailed message="The comparison could not be loaded." onRetry={reload} />}
        {cards.status === 'ready' && (
          <table className="compare">
            <caption className="visually-hidden">Free and member benefits</caption>
            <thead>
              <tr>
                <th scope="col">Benefit</th>
                <th scope="col">Free</th>
                <th scope="col" className="compare__member">
                  Member
                </th>
              </tr>
            </thead>
            <tbody>
              {cards.value.compare.map((r) => (
                <tr key={r.name}>
                  <th scope="row">{r.name}</th>
                  <td>{r.free}</td>
                  <td className="compare__member">{r.member}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Button block onClick={() => navigate(PAGE_PATH.member)}>
          Become a member
        </Button>
      </div>
    </div>
  );
}
