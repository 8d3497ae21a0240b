import { zodResolver } from '@hookform/resolvers/zod';
import { EXCLUSION_CHOICES, startExclusionBody, type ExclusionChoice } from '@app/shared';
import { Button, CenterPopup, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast.tsx';
import { applyServerErrors } from '@/ui/form-errors.ts';
import { FormField, FormLayout, formResolver } from '@/ui/form.tsx';
import { formatDateTime } from '@/ui/format.ts';
import { Section } from '@/ui/Page.tsx';
import { PasswordInput } from '@/ui/PasswordInput.tsx';
import { serverNow } from '../clock.ts';
import {
  EXCLUSION_EFFECTS,
  EXCLUSION_KIND_NAMES,
  RETURN_RULE,
  choiceEndsAt,
  outlasts,
  type PlayExclusion,
} from '../model.ts';
import { useStartExclusionMutation } from '../queries.ts';

const CHOICES = Object.keys(EXCLUSION_CHOICES) as ExclusionChoice[];
/** antd-mobile holds a centre popup to 75vw; the password step is 320 px wide. */
const WIDE = { '--max-width': '90vw' } as const;

const choiceName = (choice: ExclusionChoice) =>
  `${EXCLUSION_KIND_NAMES[EXCLUSION_CHOICES[choice].kind]} ${EXCLUSION_CHOICES[choice].label}`;

/** The first confirmation: exactly what happens, and until about when. */
function ExclusionTerms({ choice }: { choice: ExclusionChoice }) {
  const selfExclusion = EXCLUSION_CHOICES[choice].kind === 'self_exclusion';
  return (
    <div className="rp-terms" data-testid="rp-exclusion-terms">
      <p>
        开启<strong>{choiceName(choice)}</strong>后，至{' '}
        <strong>{formatDateTime(choiceEndsAt(choice, serverNow()).getTime())}</strong>
        （北京时间）期间：
      </p>
      <ul className="rp-effects">
        {EXCLUSION_EFFECTS.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {selfExclusion ? <li>{RETURN_RULE}</li> : null}
        <li>确认后立即生效，其他设备将退出登录</li>
      </ul>
    </div>
  );
}

/**
 * Time-outs and self-exclusions, each confirmed twice: the terms, then the login password. While
 * one is in force (`current`) only a longer one may be added, as the server allows.
 */
export function ExclusionPicker({ current, onStarted }: { current?: PlayExclusion; onStarted?: () => void }) {
  const [choice, setChoice] = useState<ExclusionChoice | null>(null);
  const now = serverNow();
  const offered = current ? CHOICES.filter((c) => outlasts(c, current, now)) : CHOICES;
  if (offered.length === 0) return null;

  const pick = async (next: ExclusionChoice) => {
    const understood = await Dialog.confirm({
      title: `确认开启${choiceName(next)}`,
      content: <ExclusionTerms choice={next} />,
      confirmText: '下一步',
      cancelText: '再想想',
    });
    if (understood) setChoice(next);
  };

  const group = (kind: 'timeout' | 'self_exclusion', hint: string) => {
    const choices = offered.filter((c) => EXCLUSION_CHOICES[c].kind === kind);
    if (choices.length === 0) return null;
    return (
      <div className="rp-pause-group">
        <div className="rp-pause-head">
          <strong>{EXCLUSION_KIND_NAMES[kind]}</strong>
          <span className="hint">{hint}</span>
        </div>
        <div className="rp-pause-choices">
          {choices.map((c) => (
            <Button
              key={c}
              size="small"
              fill="outline"
              onClick={() => void pick(c)}
              data-testid={`rp-choice-${c}`}
            >
              {EXCLUSION_CHOICES[c].label}
            </Button>
          ))}
        </div>
      </div>
    );
  };

  return (
    <Section title={current ? '延长暂停' : '暂停投注'}>
      <div className="card rp-pause" data-testid="rp-exclusion-picker">
        {group('timeout', '短暂休息，期满自动恢复')}
        {group('self_exclusion', '较长时间停止投注，期满后需申请恢复')}
        <p className="hint">
          {current
            ? '当前暂停不能缩短或取消，只能改选更长的时长。'
            : '开始后不能缩短或取消；期间仍可登录、查看记录和提现。'}
        </p>
      </div>
      <CenterPopup
        visible={choice !== null}
        onMaskClick={() => setChoice(null)}
        destroyOnClose
        bodyClassName="rp-confirm"
        style={WIDE}
      >
        {choice ? (
          <PasswordStep
            choice={choice}
            onDone={(started) => {
              setChoice(null);
              if (started) onStarted?.();
            }}
          />
        ) : null}
      </CenterPopup>
    </Section>
  );
}

interface PasswordFields {
  choice: ExclusionChoice;
  password: string;
}

/** The second confirmation: the login password, then the request. */
function PasswordStep({ choice, onDone }: { choice: ExclusionChoice; onDone: (started: boolean) => void }) {
  const start = useStartExclusionMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordFields, unknown, PasswordFields>({
    resolver: formResolver(zodResolver(startExclusionBody)),
    defaultValues: { choice, password: '' },
  });
  const submit = (values: PasswordFields) => {
    setError(null);
    return start
      .mutateAsync(values)
      .then((exclusion) => {
        onDone(true);
        toast.success(`${EXCLUSION_KIND_NAMES[exclusion.kind]}已生效`);
      })
      .catch((err: unknown) => {
        const message = applyServerErrors(form.setError, err, ['password']);
        if (message && /密码/.test(message)) form.setError('password', { type: 'server', message });
        else if (message) setError(message);
      });
  };
  return (
    <div className="rp-confirm-inner" data-testid="rp-exclusion-password">
      <h3 className="rp-confirm-title">第二步：输入登录密码</h3>
      <p className="rp-confirm-desc">
        确认开启<strong>{choiceName(choice)}</strong>。开启后立即生效，不能缩短或取消。
      </p>
      <FormLayout
        onSubmit={() => void form.handleSubmit(submit)()}
        footer={
          <div className="stack">
            {error ? (
              <p className="rp-error" role="alert">
                {error}
              </p>
            ) : null}
            <Button block type="submit" color="danger" loading={start.isPending}>
              确认开启
            </Button>
            <Button block fill="none" onClick={() => onDone(false)} disabled={start.isPending}>
              取消
            </Button>
          </div>
        }
      >
        <FormField control={form.control} name="password" label="登录密码" required>
          {(field) => (
            <PasswordInput
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              placeholder="请输入登录密码"
              autoComplete="current-password"
              maxLength={64}
            />
          )}
        </FormField>
      </FormLayout>
    </div>
  );
}
