// @vitest-environment happy-dom
import '@/test/setup.ts';
import { ProForm } from '@ant-design/pro-components';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api.ts';
import { renderScreen, signedIn } from '@/test/render.tsx';
import NoticesPage from './NoticesPage.tsx';
import { RichText } from './RichText.tsx';

/** Waits for what the console shows, with room for a busy machine (the editor loads on demand). */
const PATIENCE = { timeout: 15_000 };
const OK = /^确\s?[定认]$/;
const SUBMIT = /^提\s?交$/;

/** A form with the field alone, as CrudPage's forms hold it; resolves what the form submits. */
function renderField(initial?: string) {
  const submitted = vi.fn<(values: Record<string, unknown>) => void>();
  renderScreen(
    <ProForm
      initialValues={initial === undefined ? {} : { content: initial }}
      onFinish={async (values) => {
        submitted(values);
        return true;
      }}
    >
      <RichText name="content" label="内容" />
    </ProForm>,
  );
  return submitted;
}

const editor = () => screen.findByRole('textbox', { name: '内容' }, PATIENCE);
const fieldError = () =>
  screen
    .getByRole('textbox', { name: '内容' })
    .closest('.ant-form-item')!
    .querySelector('.ant-form-item-explain')?.textContent;

/**
 * Text goes in as the operator's paste: ProseMirror reads typed keys back from the page's DOM
 * changes, which happy-dom's selection does not follow (a browser test types, e2e/admin-content).
 */
async function write(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await userEvent.paste(text);
}

/** The popover (链接地址, 图片地址) an input is in. */
const popover = (input: HTMLElement) => input.closest<HTMLElement>('.ant-popover')!;

async function selectAll() {
  await userEvent.keyboard('{Control>}a{/Control}');
}

describe('RichText', { timeout: 60_000 }, () => {
  it('makes the selected text bold with 加粗 and submits the field as HTML', async () => {
    const submitted = renderField();
    const box = await editor();
    await write(box, '活动期间单关投注中奖即加奖');
    await selectAll();
    await userEvent.click(screen.getByRole('button', { name: '加粗' }));
    expect(box.querySelector('strong')?.textContent).toBe('活动期间单关投注中奖即加奖');
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toHaveBeenCalledOnce(), PATIENCE);
    expect(submitted.mock.calls[0]![0]).toEqual({
      content: '<p><strong>活动期间单关投注中奖即加奖</strong></p>',
    });
  });

  it('refuses an editor that shows nothing (<p></p>, or text written then deleted) with 请输入内容', async () => {
    const submitted = renderField('<p></p>');
    const box = await editor();
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(fieldError()).toBe('请输入内容'), PATIENCE);

    await write(box, '临时维护');
    await waitFor(() => expect(fieldError()).toBeUndefined(), PATIENCE);
    await selectAll();
    await userEvent.keyboard('{Backspace}');
    expect(box.textContent).toBe('');
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(fieldError()).toBe('请输入内容'), PATIENCE);
    expect(submitted).not.toHaveBeenCalled();
  });

  it("loads a saved article's HTML (h4, an expert's pick in .hl, a table) and submits it unchanged when untouched", async () => {
    const saved =
      '<h4>推荐</h4><p>专家推荐：<span class="hl">主胜</span></p><table><tbody><tr><td>10</td><td>13</td></tr></tbody></table>';
    const submitted = renderField(saved);
    const box = await editor();
    expect(box.querySelector('h4')?.textContent).toBe('推荐');
    expect(box.querySelector('span.hl')?.textContent).toBe('主胜');
    expect(box.querySelectorAll('td')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toHaveBeenCalledOnce(), PATIENCE);
    expect(submitted.mock.calls[0]![0]).toEqual({ content: saved });
  });

  it('shows the HTML under 源码 for pasting, and the editor shows what was pasted there', async () => {
    const submitted = renderField('<p>旧的说明</p>');
    await editor();
    await userEvent.click(screen.getByRole('button', { name: '编辑 HTML 源码' }));
    const html = screen.getByRole('textbox', { name: '内容（HTML 源码）' });
    expect((html as HTMLTextAreaElement).value).toBe('<p>旧的说明</p>');
    // Formatting waits while the HTML is shown.
    expect(screen.getByRole('button', { name: '加粗' })).toHaveProperty('disabled', true);
    await userEvent.clear(html);
    await userEvent.click(html);
    await userEvent.paste('<p>新的<b>充值</b>说明</p><script>alert(1)</script>');
    await userEvent.click(screen.getByRole('button', { name: '返回可视化编辑' }));
    const box = await editor();
    expect(box.querySelector('strong')?.textContent).toBe('充值');
    expect(box.querySelector('script')).toBeNull();
    // The pasted HTML is what the form sends: the server's sanitiser removes the script on save.
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toHaveBeenCalledOnce(), PATIENCE);
    expect(submitted.mock.calls[0]![0]).toEqual({
      content: '<p>新的<b>充值</b>说明</p><script>alert(1)</script>',
    });
  });

  it('links the selected text to an http(s) address only', async () => {
    const submitted = renderField();
    const box = await editor();
    await write(box, '活动规则');
    await selectAll();
    await userEvent.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByRole('textbox', { name: '链接地址' }, PATIENCE);
    await userEvent.type(address, 'javascript:alert(1)');
    await userEvent.click(within(popover(address)).getByRole('button', { name: OK }));
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头的地址')).toBeTruthy();
    expect(box.querySelector('a')).toBeNull();
    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.com/rules');
    await userEvent.click(within(popover(address)).getByRole('button', { name: OK }));
    await waitFor(() =>
      expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.com/rules'),
    );
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toHaveBeenCalledOnce(), PATIENCE);
    const { content } = submitted.mock.calls[0]![0] as { content: string };
    expect(content).toMatch(/^<p><a [^>]*href="https:\/\/example\.com\/rules"[^>]*>活动规则<\/a><\/p>$/);
  });

  it('adds an image by its address', async () => {
    const submitted = renderField();
    const box = await editor();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: '图片' }));
    const image = await screen.findByRole('textbox', { name: '图片地址' }, PATIENCE);
    await userEvent.type(image, 'https://cdn.example.com/banner.png');
    await userEvent.click(within(popover(image)).getByRole('button', { name: OK }));
    await waitFor(() =>
      expect(box.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/banner.png'),
    );
    await userEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toHaveBeenCalledOnce(), PATIENCE);
    // Without the empty paragraph the editor keeps after the image for the caret.
    expect(submitted.mock.calls[0]![0]).toEqual({
      content: '<img src="https://cdn.example.com/banner.png">',
    });
  });

  it("opens a notice's content in the editor and saves the edited HTML", async () => {
    signedIn('content');
    const notice = {
      id: 5,
      category_id: 1,
      title: '充值通道维护',
      summary: '',
      content: '<p>今晚<strong>充值通道</strong>维护</p>',
      is_top: false,
      sort: 0,
      enabled: true,
      published_at: '2026-05-01T08:00:00.000Z',
    };
    const api = fakeApi({
      'GET /content/notices': { list: [notice], total: 1, page: 1, per_page: 20, has_more: false },
      'PUT /content/notices/5': (request) => ({ ...notice, ...(request.body as object) }),
    });
    renderScreen(<NoticesPage />, { at: '/content/notices' });
    await userEvent.click(await screen.findByTestId('edit-5', {}, PATIENCE));
    const box = await editor();
    expect(box.querySelector('strong')?.textContent).toBe('充值通道');
    // Focused without a click: ProseMirror places a clicked caret with Selection.modify, which
    // happy-dom lacks.
    act(() => box.focus());
    await selectAll();
    await userEvent.click(screen.getByRole('button', { name: '斜体' }));
    await userEvent.click(screen.getByRole('button', { name: OK }));
    await waitFor(() => expect(api.to('PUT /content/notices/5')).toHaveLength(1), PATIENCE);
    expect((api.to('PUT /content/notices/5')[0]!.body as { content: string }).content).toBe(
      '<p><em>今晚</em><strong><em>充值通道</em></strong><em>维护</em></p>',
    );
  });
});
