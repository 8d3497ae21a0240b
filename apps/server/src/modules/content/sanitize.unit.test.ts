import { describe, expect, it } from 'vitest';
import { plainText, sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps allowed formatting', () => {
    expect(sanitizeRichText('<p>胜平负 <strong>主胜</strong></p>')).toBe(
      '<p>胜平负 <strong>主胜</strong></p>',
    );
  });

  it('drops scripts, event handlers and javascript links', () => {
    const out = sanitizeRichText(
      '<p onclick="steal()">hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(out).toContain('<p>hi</p>');
  });

  it('drops styles and iframes', () => {
    expect(
      sanitizeRichText('<style>body{}</style><iframe src="https://x"></iframe><p style="color:red">a</p>'),
    ).toBe('<p>a</p>');
  });

  it('opens links in a new tab without opener', () => {
    expect(sanitizeRichText('<a href="https://example.com">官网</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">官网</a>',
    );
  });
});

describe('plainText', () => {
  it('strips every tag and collapses whitespace', () => {
    expect(plainText('<p>第一段</p>\n<p>第二段&nbsp;<b>重点</b></p>')).toBe('第一段 第二段 重点');
  });
});
