// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadHelperCode } from './lean-preload.ts';

type Preload = (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;

/** A fresh helper, as the build would bundle it, over the test's document. */
function helper(base = '/'): Preload {
  const code = preloadHelperCode(base).replace('export const __vitePreload =', 'return');
  return new Function(`${code}`)() as Preload;
}

const links = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);

beforeEach(() => document.head.replaceChildren());

describe('the lean preload helper', () => {
  it('links the chunk and its imports for download side by side, then imports', async () => {
    const preload = helper();
    const load = vi.fn(async () => 'module');
    const result = preload(load, ['assets/a.js', 'assets/b.js']);
    expect(links()).toEqual(['modulepreload /assets/a.js', 'modulepreload /assets/b.js']);
    // With the credentials mode of import() itself, so that the import takes the preloaded response.
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('crossorigin'))).toEqual(['', '']);
    await expect(result).resolves.toBe('module');
    expect(load).toHaveBeenCalledOnce();
  });

  it('links each file once, however many imports ask for it', async () => {
    const preload = helper('/app/');
    await preload(async () => null, ['assets/a.js']);
    await preload(async () => null, ['assets/a.js', 'assets/c.js']);
    expect(links()).toEqual(['modulepreload /app/assets/a.js', 'modulepreload /app/assets/c.js']);
  });

  it("never links the page's own stylesheet again (a chunk importing from the entry lists it)", async () => {
    const own = document.createElement('link');
    own.rel = 'stylesheet';
    own.setAttribute('href', '/assets/index.css');
    document.head.append(own);
    await expect(helper()(async () => 'runtime', ['assets/signer.js', 'assets/index.css'])).resolves.toBe('runtime');
    expect(links()).toEqual(['stylesheet /assets/index.css', 'modulepreload /assets/signer.js']);
  });

  it('imports with no files to link (a chunk without dependencies)', async () => {
    await expect(helper()(async () => 'plain')).resolves.toBe('plain');
    expect(links()).toEqual([]);
  });

  it("waits for a chunk's stylesheet; one that fails rejects the import and is tried again next time", async () => {
    const preload = helper();
    const load = vi.fn(async () => 'panel');
    const first = preload(load, ['assets/panel.js', 'assets/panel.css']);
    expect(links()).toEqual(['modulepreload /assets/panel.js', 'stylesheet /assets/panel.css']);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    document.head.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Unable to load assets/panel.css');
    expect(load).not.toHaveBeenCalled();
    expect(links()).toEqual(['modulepreload /assets/panel.js']);

    const second = preload(load, ['assets/panel.js', 'assets/panel.css']);
    expect(links()).toEqual(['modulepreload /assets/panel.js', 'stylesheet /assets/panel.css']);
    document.head.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe('panel');
  });
});
