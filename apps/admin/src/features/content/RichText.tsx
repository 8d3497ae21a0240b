import { ProForm } from '@ant-design/pro-components';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { HtmlEditorProps } from './HtmlEditor.tsx';
import { isBlankHtml } from './rich-text-value.ts';

// The editor (Tiptap and ProseMirror) is loaded when a form with rich text opens, not with the page.
const HtmlEditor = lazy(() => import('./HtmlEditor.tsx'));

/** Takes the form item's value, onChange and id, and shows a placeholder while the editor loads. */
function LazyHtmlEditor(props: HtmlEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <HtmlEditor {...props} />
    </Suspense>
  );
}

/**
 * Rich text edited in a WYSIWYG editor (paragraphs, bold, headings, lists, links, images; 源码 for
 * HTML). The value stays an HTML string: the server sanitises it with the same rules as every
 * member-facing text (modules/content/sanitize.ts) before storing.
 */
export function RichText({ name, label }: { name: string; label: string }) {
  return (
    <ProForm.Item
      name={name}
      label={label}
      extra="可直接编辑，或点「源码」粘贴 HTML；保存时自动清理脚本等不安全内容"
      // An editor left empty holds "<p></p>": it counts as nothing written.
      rules={[
        { required: true, message: `请输入${label}`, transform: (v: unknown) => (isBlankHtml(v) ? '' : v) },
      ]}
    >
      <LazyHtmlEditor label={label} />
    </ProForm.Item>
  );
}
