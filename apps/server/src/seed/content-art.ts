/**
 * Artwork the demo content needs, drawn as SVG and shipped as data URIs, so a fresh install
 * shows real images without any file host: banners, expert avatars and article covers.
 */

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const FONT = "font-family=\"'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif\"";

export type Motif = 'football' | 'basketball' | 'lottery' | 'gift' | 'shield' | 'chart';

function motifShape(motif: Motif, accent: string): string {
  switch (motif) {
    case 'football':
      return `<g transform="translate(565 100)" opacity="0.9"><circle r="62" fill="#fff"/><polygon points="0,-24 23,-7 14,20 -14,20 -23,-7" fill="#1b1b1b"/><path d="M0-24V-60M23-7L57-19M14 20L35 50M-14 20L-35 50M-23-7L-57-19" stroke="#1b1b1b" stroke-width="5"/></g>`;
    case 'basketball':
      return `<g transform="translate(565 100)" opacity="0.92"><circle r="62" fill="#f08a24"/><path d="M-62 0H62M0-62V62M-44-44C-15-15-15 15-44 44M44-44C15-15 15 15 44 44" stroke="#3b1d06" stroke-width="5" fill="none"/></g>`;
    case 'lottery':
      return `<g opacity="0.95">${[
        [500, 70, '#e53935', '08'],
        [580, 110, '#1e88e5', '16'],
        [520, 150, '#43a047', '27'],
        [610, 45, accent, '33'],
      ]
        .map(
          ([x, y, c, n]) =>
            `<circle cx="${x}" cy="${y}" r="34" fill="${c}"/><circle cx="${Number(x) - 10}" cy="${Number(y) - 12}" r="9" fill="#fff" opacity="0.35"/><text x="${x}" y="${Number(y) + 10}" font-size="28" font-weight="700" fill="#fff" text-anchor="middle" ${FONT}>${n}</text>`,
        )
        .join('')}</g>`;
    case 'gift':
      return `<g transform="translate(560 105)"><rect x="-60" y="-30" width="120" height="80" rx="8" fill="${accent}"/><rect x="-68" y="-50" width="136" height="28" rx="6" fill="#fff" opacity="0.9"/><rect x="-10" y="-50" width="20" height="100" fill="#c62828"/><path d="M0-50C-30-90-60-60-20-50M0-50C30-90 60-60 20-50" stroke="#c62828" stroke-width="8" fill="none"/></g>`;
    case 'shield':
      return `<g transform="translate(565 100)"><path d="M0-70L58-46V4C58 40 30 62 0 74C-30 62-58 40-58 4V-46Z" fill="${accent}"/><path d="M-26 2L-6 22L30-18" stroke="#1b1b1b" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
    case 'chart':
      return `<g transform="translate(480 40)"><rect x="0" y="80" width="28" height="50" fill="${accent}" opacity="0.6"/><rect x="42" y="50" width="28" height="80" fill="${accent}" opacity="0.75"/><rect x="84" y="20" width="28" height="110" fill="${accent}"/><rect x="126" y="0" width="28" height="130" fill="#fff" opacity="0.85"/><path d="M0 70L56 40L98 10L150-10" stroke="#fff" stroke-width="5" fill="none"/></g>`;
  }
}

/** A 690×240 banner: gradient, title, subtitle, a tag and a motif on the right. */
export function bannerImage(options: {
  title: string;
  subtitle: string;
  tag: string;
  from: string;
  to: string;
  accent: string;
  motif: Motif;
}): string {
  const { title, subtitle, tag, from, to, accent, motif } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="690" height="240" viewBox="0 0 690 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="s" cx="0.85" cy="0.4" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="690" height="240" rx="18" fill="url(#g)"/><rect width="690" height="240" rx="18" fill="url(#s)"/>
<path d="M0 200C160 160 300 250 690 180V240H0Z" fill="#000" opacity="0.18"/>
${motifShape(motif, accent)}
<rect x="36" y="36" width="${tag.length * 22 + 28}" height="36" rx="18" fill="${accent}"/>
<text x="50" y="61" font-size="20" font-weight="700" fill="#1b1b1b" ${FONT}>${escapeXml(tag)}</text>
<text x="36" y="128" font-size="44" font-weight="800" fill="#fff" ${FONT}>${escapeXml(title)}</text>
<text x="38" y="176" font-size="24" fill="#fff" opacity="0.88" ${FONT}>${escapeXml(subtitle)}</text>
</svg>`;
  return dataUri(svg);
}

/** A round avatar with the expert's first character on a gradient. */
export function avatarImage(name: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<circle cx="60" cy="60" r="60" fill="url(#a)"/><circle cx="60" cy="60" r="54" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>
<text x="60" y="78" font-size="50" font-weight="700" fill="#fff" text-anchor="middle" ${FONT}>${escapeXml(name.slice(0, 1))}</text>
</svg>`;
  return dataUri(svg);
}

/** A 300×200 article cover: gradient, the motif in the middle and a short label under it. */
export function coverImage(label: string, from: string, to: string, motif: Motif): string {
  // The motifs are drawn around (565, 100) of the banner; move that point to the cover's centre.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">
<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="200" fill="url(#c)"/>
<circle cx="240" cy="30" r="70" fill="#fff" opacity="0.06"/>
<g transform="translate(150 82) scale(0.85) translate(-565 -100)">${motifShape(motif, '#ffb400')}</g>
<rect x="0" y="150" width="300" height="50" fill="#000" opacity="0.28"/>
<text x="150" y="185" font-size="30" font-weight="800" fill="#fff" text-anchor="middle" ${FONT}>${escapeXml(label)}</text>
</svg>`;
  return dataUri(svg);
}
