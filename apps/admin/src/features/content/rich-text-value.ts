/**
 * The rich-text field's value is an HTML string, as the server stores it after sanitising. These
 * read it without a DOM, so the form's rules run before the editor (a lazy chunk) has loaded.
 */

/** True when the HTML shows nothing: no text and no image ("", "<p></p>", "<p><br></p>", "&nbsp;"). */
export function isBlankHtml(html: unknown): boolean {
  if (typeof html !== 'string') return true;
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, '')
    .trim();
  return text === '';
}

/**
 * The editor's HTML as the field keeps it: '' when it shows nothing, and without the empty
 * paragraphs it keeps at the end for the caret (after an image or a table), which a member would
 * see as space.
 */
export function editorHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html.replace(/(<p><\/p>)+$/, '');
}

/** An address a link or an image may point to: http or https only (the server's sanitiser agrees). */
export function isWebUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}
