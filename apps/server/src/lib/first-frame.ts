import { createHash } from 'node:crypto';

/**
 * The member app's first frame: the home page's header and its first banner, written by the
 * server into index.html so that a phone paints them as soon as the HTML and the stylesheets are
 * in, instead of after the JavaScript has arrived and run (issue 20: LCP on slow 4G). React
 * replaces the frame with the real page on its first render (createRoot empties #root).
 *
 * The frame is the same markup and classes as the home page (HomePage, BannerCarousel; their
 * rules are in the entry stylesheet), so the page takes its place without a shift. It is hidden
 * until the inline script below has seen that the app launches on the home page; a deep link to
 * another page never shows it. A member of an agent sees the banner's skeleton instead of the
 * banner: that agent may have banners of its own, which only the API knows from the token.
 */
export interface FirstFrame {
  title: string;
  logoUrl: string;
  /** The first home banner a visitor (or a member of no agent) sees; null when none is shown. */
  banner: { imageUrl: string; title: string } | null;
}

/**
 * Shows the frame when the launch path is the home page (as the app's launchesOnHome decides: a
 * launch without a route opens the launch page instead) and no launch scheme redirects anywhere.
 * With a stored token, the banner stays only if the stored userinfo says the member belongs to no
 * agent (`agent_id: null`: the general banners, as for a visitor); otherwise it gives way to its
 * skeleton. Runs as the parser reaches it, before the first paint.
 */
export const FIRST_FRAME_SCRIPT =
  "(function(){var f=document.getElementById('first-frame');if(!f)return;" +
  "var h=location.hash.replace(/^#/,''),p=h.split('?')[0];" +
  "if(p!=='/pages/home/home'||/[?&]scheme=/.test(location.search+'&'+h))return;" +
  "var t=null,u=null;try{t=localStorage.getItem('token');u=JSON.parse(localStorage.getItem('userinfo')||'null')}catch(e){}" +
  "var b=f.querySelector('[data-frame-banner]');" +
  "if(t&&b&&!(u&&u.agent_id===null)){b.className='banner-carousel banner-skeleton';b.textContent=''}" +
  'f.hidden=false})()';

/** The script's CSP source, added to `script-src` for index.html alone (plugins/web.ts). */
export const FIRST_FRAME_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_FRAME_SCRIPT).digest('base64')}'`;

const ROOT = '<div id="root"></div>';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Only what an <img> may load from here: http(s), a same-site path, or an image data URI. */
function safeImageUrl(url: string): string | null {
  return /^(https?:\/\/|\.?\/|data:image\/)/i.test(url) ? url : null;
}

/** The frame's markup and its script, to go inside #root. */
export function frameHtml(frame: FirstFrame): string {
  const logo = safeImageUrl(frame.logoUrl);
  const image = frame.banner ? safeImageUrl(frame.banner.imageUrl) : null;
  const banner =
    frame.banner && image
      ? `<div class="banner-carousel" data-frame-banner><img src="${escapeHtml(image)}" alt="${escapeHtml(frame.banner.title)}" fetchpriority="high"></div>`
      : '';
  return (
    // The wrapper has no class of its own, so that `hidden` hides it (a class's display would win).
    '<div id="first-frame" hidden aria-hidden="true" inert><div class="app-shell"><div class="page home-page">' +
    '<header class="home-header">' +
    (logo ? `<img class="home-logo" src="${escapeHtml(logo)}" alt="">` : '') +
    `<h1 class="home-title gold-text">${escapeHtml(frame.title)}</h1></header>` +
    `<div class="page-body">${banner}</div></div></div></div>` +
    `<script>${FIRST_FRAME_SCRIPT}</script>`
  );
}

/**
 * Splits the built index.html at its empty #root, once at start-up. A file without exactly one
 * (not this app's build) gets no frame: null.
 */
export function indexTemplate(html: string): ((frame: FirstFrame) => string) | null {
  const at = html.indexOf(ROOT);
  if (at < 0 || html.includes(ROOT, at + 1)) return null;
  const inside = at + ROOT.length - '</div>'.length;
  const head = html.slice(0, inside);
  const tail = html.slice(inside);
  return (frame) => head + frameHtml(frame) + tail;
}
