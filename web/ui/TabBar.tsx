import type { ReadableAtom } from 'nanostores';
import type { TabBarItem, TabName } from '../state/tabbar.ts';
import { messages } from '../core/i18n/messages.ts';
import { iconSource } from './drawn-icons.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/tabbar', {
  main: 'Main',
  home: 'Home',
  gameLibrary: 'Game Library',
  mine: 'Mine',
  new: 'new',
});

/**
 * The custom dark tab bar (SPEC §2, sizes in rpx per SPEC §9: height 129,
 * icon 46, font 22; selected #6AFE7E on #121212).
 */
export function TabBar({
  items,
  selectedIndex,
  onSelect,
}: {
  items: ReadableAtom<readonly TabBarItem[]>;
  selectedIndex: number;
  onSelect: (item: TabBarItem, index: number) => void;
}) {
  const t = useStore(msgs);
  const shown = useStore(items);
  const labels: Record<TabName, string> = { home: t.home, gameLibrary: t.gameLibrary, mine: t.mine };
  return (
    <nav className="tabbar" aria-label={t.main}>
      {shown.map((item, index) => {
        if (item.visible === false) return null;
        const selected = index === selectedIndex;
        return (
          <a
            key={item.pagePath}
            href={item.pagePath}
            className={`tabbar__item${selected ? ' tabbar__item--selected' : ''}`}
            aria-current={selected ? 'page' : undefined}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              if (!selected) onSelect(item, index);
            }}
          >
            <span className="tabbar__icon">
              <img src={iconSource(selected ? item.selectedIconPath : item.iconPath)} alt="" width={24} height={24} />
              {item.redDot && !item.badge && <span className="tabbar__dot" aria-label={t.new} />}
              {item.badge && <span className="tabbar__badge">{item.badge}</span>}
            </span>
            <span className="tabbar__text">{item.text || labels[item.name]}</span>
          </a>
        );
      })}
    </nav>
  );
}
