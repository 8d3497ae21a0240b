/** Histograms as standalone SVG: observed counts as bars, expected counts as red ticks. */
import type { Histogram } from './evaluate.ts';

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Two decimals at most, for coordinates. */
const at = (n: number): string => String(Math.round(n * 100) / 100);

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

const PANEL_WIDTH = 460;
const PANEL_HEIGHT = 200;

/** One histogram drawn in a panel whose top-left corner is (x, y). */
function panel(h: Histogram, x: number, y: number): string {
  const left = x + 44;
  const top = y + 26;
  const width = PANEL_WIDTH - 56;
  const height = PANEL_HEIGHT - 62;
  const peak = Math.max(1, ...h.observed, ...h.expected);
  const slot = width / Math.max(1, h.labels.length);
  const scale = (v: number) => (v / peak) * height;
  const every = Math.max(1, Math.ceil(h.labels.length / 16));
  const parts: string[] = [
    `<text x="${at(x + 8)}" y="${at(y + 16)}" font-size="13" font-weight="bold">${escape(h.title)}</text>`,
    `<line x1="${at(left)}" y1="${at(top + height)}" x2="${at(left + width)}" y2="${at(top + height)}" stroke="#333"/>`,
    `<text x="${at(left - 4)}" y="${at(top + 4)}" font-size="10" text-anchor="end">${compact.format(peak)}</text>`,
    `<text x="${at(left - 4)}" y="${at(top + height)}" font-size="10" text-anchor="end">0</text>`,
  ];
  h.labels.forEach((label, i) => {
    const barX = left + i * slot;
    const barHeight = scale(h.observed[i] ?? 0);
    parts.push(
      `<rect x="${at(barX + slot * 0.1)}" y="${at(top + height - barHeight)}" width="${at(slot * 0.8)}" height="${at(barHeight)}" fill="#4a7fb5"/>`,
    );
    const tick = top + height - scale(h.expected[i] ?? 0);
    parts.push(
      `<line x1="${at(barX)}" y1="${at(tick)}" x2="${at(barX + slot)}" y2="${at(tick)}" stroke="#d62728" stroke-width="2"/>`,
    );
    if (i % every === 0)
      parts.push(
        `<text x="${at(barX + slot / 2)}" y="${at(top + height + 14)}" font-size="10" text-anchor="middle">${escape(label)}</text>`,
      );
  });
  return parts.join('\n');
}

/** Histograms in a grid of `columns` panels, with a legend. */
export function histogramsSvg(histograms: readonly Histogram[], columns = 2): string {
  const cols = Math.min(columns, Math.max(1, histograms.length));
  const rows = Math.ceil(histograms.length / cols);
  const width = cols * PANEL_WIDTH;
  const height = rows * PANEL_HEIGHT + 24;
  const panels = histograms.map((h, i) =>
    panel(h, (i % cols) * PANEL_WIDTH, Math.floor(i / cols) * PANEL_HEIGHT),
  );
  const legendY = rows * PANEL_HEIGHT + 14;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    ...panels,
    `<rect x="10" y="${legendY - 9}" width="12" height="10" fill="#4a7fb5"/>`,
    `<text x="28" y="${legendY}" font-size="11">observed draws</text>`,
    `<line x1="130" y1="${legendY - 4}" x2="146" y2="${legendY - 4}" stroke="#d62728" stroke-width="2"/>`,
    `<text x="152" y="${legendY}" font-size="11">expected under a fair draw</text>`,
    '</svg>',
    '',
  ].join('\n');
}
