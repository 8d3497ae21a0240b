import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_SCRIPT, FIRST_FRAME_SCRIPT_SOURCE, frameHtml, indexTemplate } from './first-frame.ts';

const BUILT = '<!doctype html><html><body><div id="root"></div><noscript>x</noscript></body></html>';
const frame = {
  title: '金彩体育',
  logoUrl: './logo.svg',
  banner: { imageUrl: 'data:image/svg+xml;base64,PHN2Zz4=', title: '五大联赛' },
};

/** The script run against a page of our own: what it leaves of the frame. */
function launch(
  hash: string,
  options: { search?: string; token?: string | null; userinfo?: string; storageThrows?: boolean } = {},
) {
  const banner = { className: 'banner-carousel', textContent: '<img>' };
  const root = { hidden: true, querySelector: (s: string) => (s === '[data-frame-banner]' ? banner : null) };
  const document = { getElementById: (id: string) => (id === 'first-frame' ? root : null) };
  const location = { hash, search: options.search ?? '' };
  const localStorage = {
    getItem: (key: string) => {
      if (options.storageThrows) throw new Error('SecurityError');
      if (key === 'token') return options.token ?? null;
      return key === 'userinfo' ? (options.userinfo ?? null) : null;
    },
  };
  runInNewContext(FIRST_FRAME_SCRIPT, { document, location, localStorage });
  return { shown: !root.hidden, banner: banner.className };
}

describe('first frame script', () => {
  it('shows the frame when the app launches on the home page, as the router does', () => {
    for (const hash of ['#/pages/home/home', '#/pages/home/home?from=pwa'])
      expect(launch(hash).shown, hash).toBe(true);
  });

  it('leaves it hidden for the launch page, a deep link, or a launch scheme', () => {
    for (const hash of [
      '',
      '#',
      '#/',
      '#/pages/mine/mine',
      '#/pages/home/homework',
      '#/betPages/football/index',
    ])
      expect(launch(hash).shown, hash).toBe(false);
    expect(launch('#/pages/home/home', { search: '?scheme=payment-success' }).shown).toBe(false);
    expect(launch('#/pages/home/home?scheme=home').shown).toBe(false);
  });

  it('puts the skeleton in the banner’s place for a member of an agent (agents have banners of their own)', () => {
    const skeleton = { shown: true, banner: 'banner-carousel banner-skeleton' };
    const home = '#/pages/home/home';
    expect(launch(home, { token: '"abc"', userinfo: '{"id":7,"agent_id":3}' })).toEqual(skeleton);
    // No stored userinfo, or one that does not parse or say: nothing tells the banners are the general ones.
    expect(launch(home, { token: '"abc"' })).toEqual(skeleton);
    expect(launch(home, { token: '"abc"', userinfo: '{"id":7' })).toEqual(skeleton);
    expect(launch(home, { token: '"abc"', userinfo: '{"id":7}' })).toEqual(skeleton);
    // A member of no agent sees the general banners, as a visitor does.
    expect(launch(home, { token: '"abc"', userinfo: '{"id":7,"agent_id":null}' })).toEqual({
      shown: true,
      banner: 'banner-carousel',
    });
    expect(launch('#/pages/home/home').banner).toBe('banner-carousel');
    // Storage refused (private mode): drawn as for a visitor.
    expect(launch('#/pages/home/home', { storageThrows: true })).toEqual({
      shown: true,
      banner: 'banner-carousel',
    });
  });

  it('is allowed by its hash in the Content-Security-Policy', () => {
    const digest = createHash('sha256').update(FIRST_FRAME_SCRIPT).digest('base64');
    expect(FIRST_FRAME_SCRIPT_SOURCE).toBe(`'sha256-${digest}'`);
    expect(frameHtml(frame)).toContain(`<script>${FIRST_FRAME_SCRIPT}</script>`);
  });
});

describe('index template', () => {
  it('puts the frame inside #root and leaves the rest of the file as built', () => {
    const html = indexTemplate(BUILT)!(frame);
    expect(html.startsWith('<!doctype html><html><body><div id="root"><div id="first-frame"')).toBe(true);
    expect(html.endsWith('</script></div><noscript>x</noscript></body></html>')).toBe(true);
    expect(html).toContain('<h1 class="home-title gold-text">金彩体育</h1>');
    expect(html).toContain(
      '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="五大联赛" fetchpriority="high">',
    );
    expect(html).toContain('<div id="first-frame" hidden aria-hidden="true" inert><div class="app-shell">');
  });

  it('refuses a file without exactly one empty #root', () => {
    expect(indexTemplate('<!doctype html><title>x</title>')).toBeNull();
    expect(indexTemplate(BUILT + BUILT)).toBeNull();
  });

  it('escapes what an operator typed and draws no image from a URL that is not one', () => {
    const html = frameHtml({
      title: '<script>alert(1)</script>&"\'',
      logoUrl: 'javascript:alert(1)',
      banner: { imageUrl: 'javascript:alert(2)', title: 'x' },
    });
    expect(html).toContain(
      '<h1 class="home-title gold-text">&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;</h1>',
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    const quoted = frameHtml({ ...frame, banner: { imageUrl: '/b.svg?a=1&b="2"', title: '"标题"' } });
    expect(quoted).toContain('<img src="/b.svg?a=1&amp;b=&quot;2&quot;" alt="&quot;标题&quot;"');
  });

  it('draws the header alone when there is no banner to show', () => {
    const html = frameHtml({ ...frame, banner: null });
    expect(html).not.toContain('<div class="banner-carousel"');
    expect(html).toContain('<div class="page-body"></div>');
  });
});
