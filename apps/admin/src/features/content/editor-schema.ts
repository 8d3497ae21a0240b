import { Mark, mergeAttributes, type Extensions } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { isWebUrl } from './rich-text-value.ts';

/** The span classes the server keeps (sanitize.ts `allowedClasses`), e.g. an expert's pick in .hl. */
const SPAN_CLASSES = ['hl', 'red', 'green'] as const;

/** `<span class="hl|red|green">` kept as a mark, so the seeded articles' picks survive an edit. */
const SpanClass = Mark.create({
  name: 'spanClass',
  addAttributes() {
    return {
      class: {
        default: null,
        parseHTML: (el) => SPAN_CLASSES.find((name) => el.classList.contains(name)) ?? null,
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'span[class]',
        getAttrs: (el) => (SPAN_CLASSES.some((name) => el.classList.contains(name)) ? null : false),
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },
});

/**
 * What the editor can hold: the tags modules/content/sanitize.ts keeps, and nothing it would drop
 * (no code blocks, headings only h3 and h4), so what the operator sees is what the member gets.
 */
export const editorExtensions: Extensions = [
  StarterKit.configure({
    heading: { levels: [3, 4] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https'],
      isAllowedUri: (url) => isWebUrl(url),
    },
  }),
  // data: images are kept by the server too, so pasted ones stay.
  Image.configure({ allowBase64: true }),
  TableKit.configure({ table: { resizable: false } }),
  SpanClass,
];
