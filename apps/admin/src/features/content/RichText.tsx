import { ProFormTextArea } from '@ant-design/pro-components';

/**
 * Rich text as HTML (paragraphs, bold, lists, links, images). The server sanitises it with the
 * same rules as every member-facing text (modules/content/sanitize.ts) before storing.
 */
export function RichText({ name, label }: { name: string; label: string }) {
  return (
    <ProFormTextArea
      name={name}
      label={label}
      extra="支持 HTML：<p> <b> <ul><li> <a> <img> 等；保存时自动清理脚本等不安全内容"
      fieldProps={{ rows: 8, style: { fontFamily: 'monospace' } }}
      rules={[{ required: true, message: `请输入${label}` }]}
    />
  );
}
