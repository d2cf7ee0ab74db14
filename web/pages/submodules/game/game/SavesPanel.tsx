import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { toaster } from '../../../../app/services.ts';
import { isRepeatedRequest } from '../../../../core/http/errors.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/saves', {
  saveName: 'Save name',
  share: 'Share',
  save: 'Save',
  noSaves: 'No saves yet.',
  newName: 'New name',
  ok: 'OK',
  shareSave: params('Share {name}'),
  listFailed: 'Your saves could not be loaded.',
  rename: 'Rename',
  remove: 'Delete',
});

// A tap repeated while its call is in flight is refused as a repeat (SPEC §5): the first answer is coming, nothing to say.
const fail = (e: unknown): void => {
  if (!isRepeatedRequest(e)) toaster.show({ title: e instanceof Error ? e.message : String(e), icon: 'none' });
};

/** Saves (SPEC §3, §7): the list, save with a name and share, rename, share or not, delete. */
export default function SavesPanel({ session }: { session: GameSession }) {
  useSignals();
  const t = useStore(msgs);
  const saves = session.saves;
  const [name, setName] = useState('');
  const [share, setShare] = useState(false);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const load = (): void => {
    setListFailed(false);
    saves.refresh().catch((e: unknown) => {
      if (!isRepeatedRequest(e)) setListFailed(true);
    });
  };
  useEffect(load, [saves]);
  const busy = saves.busy.value;
  const list = saves.list.value;

  return (
    <div className="gm-saves">
      <form
        className="gm-save-form"
        onSubmit={(e) => {
          e.preventDefault();
          void saves.save(name, share).then(() => setName(''), fail);
        }}
      >
        <input className="field__input gm-input" value={name} maxLength={32} placeholder={t.saveName} aria-label={t.saveName} onChange={(e) => setName(e.target.value)} />
        <label className="gm-check">
          <input type="checkbox" checked={share} onChange={(e) => setShare(e.target.checked)} /> {t.share}
        </label>
        <Button type="submit" disabled={busy || !name.trim() || list.length >= saves.maxCount.value}>
          {t.save}
        </Button>
      </form>
      {listFailed && <LoadFailed message={t.listFailed} onRetry={load} />}
      {!listFailed && list.length === 0 && <p className="muted small">{t.noSaves}</p>}
      <ul className="gm-save-list">
        {list.map((sv) => (
          <li key={sv.save_id}>
            {editing?.id === sv.save_id ? (
              <form
                className="gm-save-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void saves.edit(sv.save_id, { name: editing.name }).then(() => setEditing(null), fail);
                }}
              >
                <input className="field__input gm-input" value={editing.name} maxLength={32} aria-label={t.newName} onChange={(e) => setEditing({ id: sv.save_id, name: e.target.value })} />
                <Button type="submit" disabled={busy}>
                  {t.ok}
                </Button>
              </form>
            ) : (
              <>
                <span className="gm-save-name">{sv.save_name}</span>
                {/* edit_save's is_share (SPEC §7): sharing is switched on a save already made, not only when saving. */}
                <label className="gm-check">
                  <input
                    type="checkbox"
                    checked={sv.is_share === 1}
                    disabled={busy}
                    aria-label={t.shareSave({ name: sv.save_name })}
                    onChange={(e) => void saves.edit(sv.save_id, { isShare: e.target.checked }).catch(fail)}
                  />{' '}
                  {t.share}
                </label>
                <Button variant="ghost" onClick={() => setEditing({ id: sv.save_id, name: sv.save_name })}>
                  {t.rename}
                </Button>
                <Button variant="ghost" onClick={() => void saves.remove(sv.save_id).catch(fail)}>
                  {t.remove}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
