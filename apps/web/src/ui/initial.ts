const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('zh', { granularity: 'grapheme' })
    : null;

/**
 * The first character a person sees in a name, for an avatar: a whole grapheme (an emoji with its
 * modifiers, a letter with its accent), upper-cased; `?` for an empty name.
 */
export function initialOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const first = segmenter
    ? (segmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? '')
    : [...trimmed][0]!;
  return first.toUpperCase();
}
