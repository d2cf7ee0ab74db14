import { useLocation } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { PAGE_PATH } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('user/member-compare', {
  title: 'Compare memberships',
  loadFailed: 'The comparison could not be loaded.',
  caption: 'Free and member benefits',
  benefit: 'Benefit',
  free: 'Free',
  member: 'Member',
  become: 'Become a member',
});

/** Free vs member, from member_card_list `compare`. */
export default function MemberComparePage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const [cards, reload] = useAsync(() => api.memberCardList({}), []);
  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.member)} />
      <div className="content">
        {cards.status === 'loading' && <Spinner />}
        {cards.status === 'error' && <LoadFailed message={t.loadFailed} onRetry={reload} />}
        {cards.status === 'ready' && (
          <table className="compare">
            <caption className="visually-hidden">{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.benefit}</th>
                <th scope="col">{t.free}</th>
                <th scope="col" className="compare__member">
                  {t.member}
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
          {t.become}
        </Button>
      </div>
    </div>
  );
}
