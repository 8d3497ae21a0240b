import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Button, Divider, Input, Popover, Space, theme, Tooltip, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { editorExtensions } from './editor-schema.ts';
import { editorHtml, isWebUrl } from './rich-text-value.ts';
import './html-editor.css';

export interface HtmlEditorProps {
  /** The field's label: the editing area's accessible name. */
  label: string;
  /** Set by the form item: the editing area's id (the label and scroll-to-error find it). */
  id?: string;
  /** HTML; '' when the editor shows nothing. */
  value?: string;
  onChange?: (html: string) => void;
}

/** The console theme's colours and radius (App.tsx), for html-editor.css to draw the editor as an input. */
function useThemeVariables(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--html-editor-border': token.colorBorder,
    '--html-editor-split': token.colorSplit,
    '--html-editor-primary': token.colorPrimary,
    '--html-editor-hover': token.colorPrimaryHover,
    '--html-editor-outline': token.controlOutline,
    '--html-editor-error': token.colorError,
    '--html-editor-error-outline': token.colorErrorOutline,
    '--html-editor-fill': token.colorFillAlter,
    '--html-editor-link': token.colorLink,
    '--html-editor-radius': `${token.borderRadius}px`,
  } as CSSProperties;
}

/** The toolbar's look of the editor's state, read once per transaction. */
function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

interface ToolProps {
  label: string;
  icon?: ReactNode;
  text?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function Tool({ label, icon, text, active = false, disabled, onClick }: ToolProps) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        // Keeps the editor focused, with its selection shown, while a button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

interface UrlPromptProps {
  title: string;
  open: boolean;
  initial: string;
  onSubmit: (url: string) => void;
  onRemove?: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** Asks for an http(s) address beside its toolbar button; anything else is refused under the field. */
function UrlPrompt({ title, open, initial, onSubmit, onRemove, onClose, children }: UrlPromptProps) {
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setUrl(initial);
      setError(null);
    }
  }, [open, initial]);
  const submit = () => {
    if (!isWebUrl(url)) {
      setError('请输入以 http:// 或 https:// 开头的地址');
      return;
    }
    onSubmit(url.trim());
  };
  return (
    <Popover
      open={open}
      trigger={[]}
      placement="bottomLeft"
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      destroyOnHidden
      content={
        <div className="html-editor-prompt">
          <Input
            autoFocus
            aria-label={title}
            placeholder="https://"
            value={url}
            status={error ? 'error' : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
            onPressEnter={(e) => {
              // Enter must not submit the surrounding form.
              e.preventDefault();
              submit();
            }}
          />
          {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
          <Space>
            <Button size="small" type="primary" onClick={submit}>
              确定
            </Button>
            {onRemove ? (
              <Button size="small" onClick={onRemove}>
                移除链接
              </Button>
            ) : null}
            <Button size="small" onClick={onClose}>
              取消
            </Button>
          </Space>
        </div>
      }
    >
      {children}
    </Popover>
  );
}

function Toolbar({
  editor,
  source,
  onToggleSource,
}: {
  editor: Editor;
  source: boolean;
  onToggleSource: () => void;
}) {
  const state = useToolbarState(editor);
  const [prompt, setPrompt] = useState<'link' | 'image' | null>(null);
  const run = () => editor.chain().focus();
  const close = () => {
    setPrompt(null);
    editor.commands.focus();
  };
  const setLink = (href: string) => {
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the link's text.
      run()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      run().extendMarkRange('link').setLink({ href }).run();
    }
    setPrompt(null);
  };
  const off = source;
  return (
    <div className="html-editor-toolbar" role="toolbar" aria-label="格式">
      <Tool
        label="加粗"
        icon={<BoldOutlined />}
        active={state.bold}
        disabled={off}
        onClick={() => run().toggleBold().run()}
      />
      <Tool
        label="斜体"
        icon={<ItalicOutlined />}
        active={state.italic}
        disabled={off}
        onClick={() => run().toggleItalic().run()}
      />
      <Divider type="vertical" />
      <Tool
        label="标题（H3）"
        text="标题"
        active={state.h3}
        disabled={off}
        onClick={() => run().toggleHeading({ level: 3 }).run()}
      />
      <Tool
        label="小标题（H4）"
        text="小标题"
        active={state.h4}
        disabled={off}
        onClick={() => run().toggleHeading({ level: 4 }).run()}
      />
      <Divider type="vertical" />
      <Tool
        label="无序列表"
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        disabled={off}
        onClick={() => run().toggleBulletList().run()}
      />
      <Tool
        label="有序列表"
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        disabled={off}
        onClick={() => run().toggleOrderedList().run()}
      />
      <Divider type="vertical" />
      <UrlPrompt
        title="链接地址"
        open={prompt === 'link'}
        initial={state.link ? String(editor.getAttributes('link').href ?? '') : ''}
        onSubmit={setLink}
        onRemove={
          state.link
            ? () => {
                run().extendMarkRange('link').unsetLink().run();
                setPrompt(null);
              }
            : undefined
        }
        onClose={close}
      >
        <Tool
          label="链接"
          icon={<LinkOutlined />}
          active={state.link}
          disabled={off}
          onClick={() => setPrompt(prompt === 'link' ? null : 'link')}
        />
      </UrlPrompt>
      <UrlPrompt
        title="图片地址"
        open={prompt === 'image'}
        initial=""
        onSubmit={(src) => {
          run().setImage({ src }).run();
          setPrompt(null);
        }}
        onClose={close}
      >
        <Tool
          label="图片"
          icon={<PictureOutlined />}
          disabled={off}
          onClick={() => setPrompt(prompt === 'image' ? null : 'image')}
        />
      </UrlPrompt>
      <Divider type="vertical" />
      <Tool
        label="撤销"
        icon={<UndoOutlined />}
        disabled={off || !state.canUndo}
        onClick={() => run().undo().run()}
      />
      <Tool
        label="重做"
        icon={<RedoOutlined />}
        disabled={off || !state.canRedo}
        onClick={() => run().redo().run()}
      />
      <span className="html-editor-toolbar-end">
        <Tool
          label={source ? '返回可视化编辑' : '编辑 HTML 源码'}
          icon={<CodeOutlined />}
          text="源码"
          active={source}
          onClick={onToggleSource}
        />
      </span>
    </div>
  );
}

/**
 * A WYSIWYG editor (Tiptap) whose value is an HTML string, for a form item; 源码 shows that HTML
 * for operators who paste their own. Loaded on demand by RichText.tsx.
 */
export default function HtmlEditor({ label, id, value, onChange }: HtmlEditorProps) {
  const [source, setSource] = useState(false);
  // The HTML the editor shows: a value from outside (a row loaded for editing, the form reset, the
  // source view) differs from it and is loaded; the editor's own changes do not reload it.
  const shown = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: editorExtensions,
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: 'html-editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e.getHTML(), e.isEmpty);
      shown.current = html;
      onChangeRef.current?.(html);
    },
  });
  useEffect(() => {
    if (source || (value ?? '') === shown.current) return;
    shown.current = value ?? '';
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, source, value]);
  const themeVariables = useThemeVariables();
  return (
    <div className={source ? 'html-editor html-editor-source' : 'html-editor'} style={themeVariables}>
      <Toolbar editor={editor} source={source} onToggleSource={() => setSource(!source)} />
      {source ? (
        <Input.TextArea
          id={id}
          className="html-editor-html"
          aria-label={`${label}（HTML 源码）`}
          autoSize={{ minRows: 10, maxRows: 24 }}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}
