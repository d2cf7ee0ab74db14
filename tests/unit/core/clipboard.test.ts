import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClipboardData } from '../../../web/core/clipboard';

// happy-dom has no execCommand; each test installs the behaviour it needs.
function stubExec(impl: (cmd: string) => boolean) {
  const fn = vi.fn(impl);
  Object.defineProperty(document, 'execCommand', { value: fn, configurable: true, writable: true });
  return fn;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

describe('clipboard (SPEC §8)', () => {
  it('writes through navigator.clipboard when it works (SPEC §8)', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const exec = stubExec(() => true);
    await setClipboardData('hello', { navigator: { clipboard: { writeText } }, document });
    expect(writeText).toHaveBeenCalledWith('hello');
    expect(exec).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea and execCommand copy, then removes it (SPEC §8)', async () => {
    let copied = '';
    const exec = stubExec((cmd) => {
      const area = document.querySelector('textarea');
      copied = cmd === 'copy' && area ? area.value : '';
      return true;
    });
    const writeText = vi.fn(() => Promise.reject(new Error('NotAllowedError')));
    await setClipboardData('code-42', { navigator: { clipboard: { writeText } }, document });
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe('code-42');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('uses the fallback when there is no clipboard API at all (SPEC §8)', async () => {
    let copied = '';
    const exec = stubExec((cmd) => {
      copied = cmd === 'copy' ? (document.querySelector('textarea')?.value ?? '') : '';
      return true;
    });
    await expect(setClipboardData('invite-7731', { navigator: {}, document })).resolves.toBeUndefined();
    expect(exec).toHaveBeenCalledWith('copy');
    expect(copied).toBe('invite-7731');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when both the API and the fallback fail (SPEC §8)', async () => {
    stubExec(() => false);
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    await expect(setClipboardData('x', { navigator: { clipboard: { writeText } }, document })).rejects.toThrow(
      'setClipboardData:fail',
    );
    stubExec(() => {
      throw new Error('unsupported');
    });
    await expect(setClipboardData('x', { navigator: {}, document })).rejects.toThrow('setClipboardData:fail');
    await expect(setClipboardData('x', {})).rejects.toThrow('setClipboardData:fail');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
