import { useLocation, useSearch } from 'wouter';
import { api } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import type { ProtocolType } from '../../../../api/contract.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { useAsync } from '../../../../ui/use-async.ts';

const TYPES: ReadonlyArray<{ type: ProtocolType; label: string }> = [
  { type: 'user', label: 'User Agreement' },
  { type: 'privacy', label: 'Privacy Policy' },
];

export default function ProtocolPage() {
  const [pathname, navigate] = useLocation();
  const raw = new URLSearchParams(useSearch()).get('type');
  const type: ProtocolType = raw === 'privacy' ? 'privacy' : 'user';
  const [doc, retry] = useAsync(() => api.protocol({ type }, { silent: true }), [type]);

  return (
    <div className="scroll">
      <NavBar title="Agreements" onBack={() => goBack()} />
      <div className="tabs" role="tablist">
        {TYPES.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            aria-selected={t.type === type}
            onClick={() => navigate(`${pathname}?type=${t.type}`, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      {doc.status === 'loading' && <Spinner />}
      {doc.status === 'error' && (
        <div className="page-error" role="alert">
          <p>The agreement could not be loaded.</p>
          <Button onClick={retry}>Try again</Button>
        </div>
      )}
      {doc.status === 'ready' && (
        <article className="doc">
          <h2>{doc.value.title}</h2>
          <p className="doc__meta">Last updated {doc.value.updated_at}</p>
          {doc.value.content.split(/\n\s*\n/).map((para, i) => (
            <p key={i}>{para}</p>
          ))}
        </article>
      )}
    </div>
  );
}
