import { useLocation, useSearch } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import type { ProtocolType } from '../../../../api/contract.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('system/protocol', {
  title: 'Agreements',
  user: 'User Agreement',
  privacy: 'Privacy Policy',
  loadFailed: 'The agreement could not be loaded.',
  updated: params('Last updated {date}'),
});

const types = (t: ReturnType<typeof msgs.get>): ReadonlyArray<{ type: ProtocolType; label: string }> => [
  { type: 'user', label: t.user },
  { type: 'privacy', label: t.privacy },
];

export default function ProtocolPage() {
  const [pathname, navigate] = useLocation();
  const t = useStore(msgs);
  const raw = new URLSearchParams(useSearch()).get('type');
  const type: ProtocolType = raw === 'privacy' ? 'privacy' : 'user';
  const [doc, retry] = useAsync(() => api.protocol({ type }, { silent: true }), [type]);

  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack()} />
      <div className="tabs" role="tablist">
        {types(t).map((tab) => (
          <button
            key={tab.type}
            type="button"
            role="tab"
            aria-selected={tab.type === type}
            onClick={() => navigate(`${pathname}?type=${tab.type}`, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {doc.status === 'loading' && <Spinner />}
      {doc.status === 'error' && (
        <LoadFailed message={t.loadFailed} onRetry={retry} />
      )}
      {doc.status === 'ready' && (
        <article className="doc">
          <h2>{doc.value.title}</h2>
          <p className="doc__meta">{t.updated({ date: doc.value.updated_at })}</p>
          {doc.value.content.split(/\n\s*\n/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </article>
      )}
    </div>
  );
}
