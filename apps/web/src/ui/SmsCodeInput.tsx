import { Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/errors.ts';
import './sms-code-input.css';

interface SmsCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  name?: string;
  /**
   * Asks for a code (the button); answers the seconds until the next may be asked for. A refusal
   * is shown by the caller's request (its toast); one that names a wait starts the countdown too.
   */
  onSend: () => Promise<{ resend_after: number }>;
  /** Whether a code can be asked for now (e.g. the number is filled in and well formed). */
  canSend?: boolean;
  /** Said on the button before the first send. */
  sendText?: string;
}

/** The 6-digit SMS code: the field and its 获取验证码 button, counting down until a new code may be asked for. */
export function SmsCodeInput({
  value,
  onChange,
  name,
  onSend,
  canSend = true,
  sendText = '获取验证码',
}: SmsCodeInputProps) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const send = () => {
    setSending(true);
    onSend()
      .then((answer) => {
        setSent(true);
        setLeft(answer.resend_after);
      })
      .catch((err: unknown) => {
        const wait =
          err instanceof ApiError ? (err.data as { retry_after?: unknown } | null)?.retry_after : undefined;
        if (typeof wait === 'number') setLeft(wait);
      })
      .finally(() => setSending(false));
  };

  return (
    <div className="sms-code-input">
      <Input
        value={value}
        onChange={onChange}
        name={name}
        placeholder="6位验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        clearable
      />
      <button
        type="button"
        className="sms-code-send"
        disabled={!canSend || sending || left > 0}
        onClick={send}
        data-testid="sms-send"
      >
        {left > 0 ? `${left}秒后重发` : sending ? '发送中…' : sent ? '重新获取' : sendText}
      </button>
    </div>
  );
}
