/**
 * Copying and sharing (docs/host-bridge.md setClipboard and share, SPEC §8 clipboard): the host when it announced
 * them, else the web clipboard and the Web Share API, else the link is copied.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryBridge, type MemoryBridge } from '../../../web/core/bridge.ts';
import { createSharing, type ShareContent, type SharingDeps } from '../../../web/app/host-share.ts';

const INVITE: ShareContent = { title: 'Play with me on Cloud Play', text: 'Join with my code 10DOAAW1', url: 'https://play.example.com/main/login/index?invite_code=10DOAAW1' };

function setup(bridge: MemoryBridge, o: Partial<Pick<SharingDeps, 'systemShare' | 'canShare'>> & { copyFails?: boolean } = {}) {
  const copied: string[] = [];
  const toasts: string[] = [];
  const sharing = createSharing({
    bridge,
    systemShare: o.systemShare,
    canShare: o.canShare,
    copy: async (text) => {
      if (o.copyFails) throw new Error('setClipboardData:fail');
      copied.push(text);
    },
    toast: (what) => toasts.push(what),
  });
  return { sharing, copied, toasts };
}

describe('copying (docs/host-bridge.md setClipboard)', () => {
  it("goes through the host's setClipboard when announced, with the same toast", async () => {
    const bridge = createMemoryBridge({ capabilities: ['setClipboard'] });
    const s = setup(bridge);
    expect(await s.sharing.copy('10DOAAW1')).toBe(true);
    expect(bridge.sent).toEqual([{ method: 'setClipboard', params: { text: '10DOAAW1' } }]);
    expect(s.copied).toEqual([]);
    expect(s.toasts).toEqual(['copied']);
  });

  it('without setClipboard, or without a host, copies with the web clipboard as before', async () => {
    for (const bridge of [createMemoryBridge({ capabilities: ['share'] }), createMemoryBridge({ hasHost: false })]) {
      const s = setup(bridge);
      expect(await s.sharing.copy('10DOAAW1')).toBe(true);
      expect(bridge.sent).toEqual([]);
      expect(s.copied).toEqual(['10DOAAW1']);
      expect(s.toasts).toEqual(['copied']);
    }
  });

  it('says the copy failed when the web clipboard refuses (SPEC §8)', async () => {
    const s = setup(createMemoryBridge({ hasHost: false }), { copyFails: true });
    expect(await s.sharing.copy('x')).toBe(false);
    expect(s.toasts).toEqual(['copyFailed']);
  });
});

describe('sharing (docs/host-bridge.md share)', () => {
  it("opens the host's share sheet with title, text and url when announced", async () => {
    const bridge = createMemoryBridge({ capabilities: ['share'] });
    let browserAsked = false;
    const s = setup(bridge, { systemShare: async () => void (browserAsked = true) });
    expect(await s.sharing.share(INVITE)).toBe('host');
    expect(bridge.sent).toEqual([{ method: 'share', params: INVITE }]);
    expect(browserAsked).toBe(false);
    expect(s.toasts).toEqual([]);
  });

  it('sends no url field when there is no link', async () => {
    const bridge = createMemoryBridge({ capabilities: ['share'] });
    await setup(bridge).sharing.share({ title: 't', text: 'x' });
    expect(bridge.sent[0]?.params).toEqual({ title: 't', text: 'x' });
  });

  it("without the host's share, the browser's share sheet where it exists", async () => {
    const bridge = createMemoryBridge({ capabilities: ['setClipboard'] });
    const shared: ShareContent[] = [];
    const s = setup(bridge, { systemShare: async (d) => void shared.push(d) });
    expect(await s.sharing.share(INVITE)).toBe('system');
    expect(shared).toEqual([INVITE]);
    expect(bridge.sent).toEqual([]);
  });

  it('a player who closes the browser sheet has answered: nothing is copied behind their back', async () => {
    const s = setup(createMemoryBridge({ hasHost: false }), { systemShare: () => Promise.reject(new DOMException('Share canceled', 'AbortError')) });
    expect(await s.sharing.share(INVITE)).toBe('cancelled');
    expect(s.copied).toEqual([]);
    expect(s.toasts).toEqual([]);
  });

  it('a browser sheet that fails or would refuse the data gives way to copying the link', async () => {
    const failing = setup(createMemoryBridge({ hasHost: false }), { systemShare: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
    expect(await failing.sharing.share(INVITE)).toBe('copied');
    expect(failing.copied).toEqual([INVITE.url]);
    const refusing = setup(createMemoryBridge({ hasHost: false }), { systemShare: async () => undefined, canShare: () => false });
    expect(await refusing.sharing.share(INVITE)).toBe('copied');
    const throwing = setup(createMemoryBridge({ hasHost: false }), {
      systemShare: async () => undefined,
      canShare: () => {
        throw new TypeError('bad data');
      },
    });
    expect(await throwing.sharing.share(INVITE)).toBe('copied');
  });

  it("with no share sheet at all the link is copied (through the host's clipboard when it has one), with the toast", async () => {
    const plain = setup(createMemoryBridge({ hasHost: false }));
    expect(await plain.sharing.share(INVITE)).toBe('copied');
    expect(plain.copied).toEqual([INVITE.url]);
    expect(plain.toasts).toEqual(['copied']);
    const clipboardOnly = createMemoryBridge({ capabilities: ['setClipboard'] });
    expect(await setup(clipboardOnly).sharing.share(INVITE)).toBe('copied');
    expect(clipboardOnly.sent).toEqual([{ method: 'setClipboard', params: { text: INVITE.url } }]);
    const noLink = setup(createMemoryBridge({ hasHost: false }));
    await noLink.sharing.share({ title: 't', text: 'just text' });
    expect(noLink.copied).toEqual(['just text']);
  });

  it('says so when nothing worked', async () => {
    const s = setup(createMemoryBridge({ hasHost: false }), { copyFails: true });
    expect(await s.sharing.share(INVITE)).toBe('failed');
    expect(s.toasts).toEqual(['copyFailed']);
  });
});
