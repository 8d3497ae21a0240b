import './rich-text.css';

/**
 * Article and notice bodies. The server sanitises every rich text against an allowlist
 * (modules/content/sanitize.ts) before it is stored and served, so it is rendered as given.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // Sanitised on the server against an allowlist of tags.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
