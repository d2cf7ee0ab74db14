import { useSignals } from '@preact/signals-react/runtime';
import { OP_TYPE, type OpType } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { BUILT_IN_GAMEPAD, type Layout } from '../../../../game/layouts-choice.ts';
import { LayoutPad } from './layout-pad.tsx';
import { layoutScreenOf } from './layout-screen.ts';

/**
 * The virtual gamepad (SPEC §9: 17 buttons, 4 axes, the standard layout),
 * drawn from the active layout of `opType` (default: the gamepad's): the
 * official plan the settings choose, the player's own, or the built-in one.
 * Nothing while the plans load (no jump from one layout to another) or while
 * the editor shows this layout.
 */
export default function VirtualGamepad({ session, opType = OP_TYPE.gamepad, layout }: { session: GameSession; opType?: OpType; layout?: Layout | null }) {
  useSignals();
  const screen = layoutScreenOf(session);
  if (screen?.editing.value === opType) return null;
  const shown = layout !== undefined ? layout : !screen ? BUILT_IN_GAMEPAD : screen.controller.status.value === 'loading' ? null : screen.controller.active(opType);
  return shown ? <LayoutPad session={session} layout={shown} testId="virtual-gamepad" /> : null;
}
