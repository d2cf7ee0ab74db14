/** Links that leave the app go through the host's openUrl when it announced it (docs/host-bridge.md). */
import { describe, expect, it } from 'vitest';
import { createMemoryBridge } from '../../../web/core/bridge.ts';
import { createExternalLinks, externalUrl } from '../../../web/app/host-links.ts';

const BASE = 'https://play.example.com/submodules/system/aboutus/index';
const APK = 'https://download.example.com/cloudgame/android/cloudgame-1.0.0.apk';

function click() {
  let prevented = false;
  return { e: { preventDefault: () => void (prevented = true) }, prevented: () => prevented };
}

describe('external links (docs/host-bridge.md openUrl)', () => {
  it('the host opens a link when it announced openUrl, and the page does not follow it', () => {
    const bridge = createMemoryBridge({ capabilities: ['openUrl'] });
    const links = createExternalLinks(bridge, () => BASE);
    const c = click();
    links.onClick(APK)(c.e);
    expect(bridge.sent).toEqual([{ method: 'openUrl', params: { url: APK } }]);
    expect(c.prevented()).toBe(true);
  });

  it('without openUrl, or without a host, the link does what it always did', () => {
    for (const bridge of [createMemoryBridge({ capabilities: ['share', 'pay'] }), createMemoryBridge({ hasHost: false })]) {
      const links = createExternalLinks(bridge, () => BASE);
      const c = click();
      links.onClick(APK)(c.e);
      expect(links.open(APK)).toBe(false);
      expect(bridge.sent).toEqual([]);
      expect(c.prevented()).toBe(false);
    }
  });

  it('hands the host an absolute URL: a relative link resolves against the page', () => {
    const bridge = createMemoryBridge({ capabilities: ['openUrl'] });
    expect(createExternalLinks(bridge, () => BASE).open('/main/download/index')).toBe(true);
    expect(bridge.sent[0]?.params).toEqual({ url: 'https://play.example.com/main/download/index' });
  });

  it('never hands the host a script, data, file or credentialed link: the page keeps it', () => {
    const bridge = createMemoryBridge({ capabilities: ['openUrl'] });
    const links = createExternalLinks(bridge, () => BASE);
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'https://u:p@evil.example/', '', '   ', 'x'.repeat(3000)]) {
      const c = click();
      links.onClick(bad)(c.e);
      expect(c.prevented(), bad.slice(0, 30)).toBe(false);
    }
    expect(bridge.sent).toEqual([]);
  });

  it('knows the web and the app stores', () => {
    expect(externalUrl('https://beian.miit.gov.cn/', BASE)).toBe('https://beian.miit.gov.cn/');
    expect(externalUrl('market://details?id=com.example.cloudgame', BASE)).toBe('market://details?id=com.example.cloudgame');
    expect(externalUrl('itms-apps://apps.apple.com/app/id1', BASE)).toBe('itms-apps://apps.apple.com/app/id1');
    expect(externalUrl(42, BASE)).toBeNull();
    expect(externalUrl('http://[bad', BASE)).toBeNull();
  });
});
