import { ODDS_POLICIES, ODDS_POLICY_TEXT, type OddsPolicy } from '@app/shared';
import { Popup } from 'antd-mobile';
import { CheckOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/errors.ts';
import { toast } from '@/lib/toast.tsx';
import { useOddsPolicy, useSetOddsPolicyMutation, useSportsPreferencesQuery } from '../preferences.ts';
import '../inplay.css';

/** What each choice means when odds move between the slip and the decision. */
const POLICY_DETAIL: Record<OddsPolicy, string> = {
  any: '按确认时的最新赔率成交，不因赔率变化被拒',
  higher: '赔率上升时按新赔率成交，赔率下降则拒绝投注',
  none: '赔率有任何变化即拒绝投注，按提交时的赔率成交',
};

interface OddsPolicySheetProps {
  visible: boolean;
  onClose: () => void;
}

/** 赔率变化: the three choices, the current one checked; a tap saves it (PUT /v1/sports/preferences). */
export function OddsPolicySheet({ visible, onClose }: OddsPolicySheetProps) {
  const prefs = useSportsPreferencesQuery();
  const current = useOddsPolicy();
  const save = useSetOddsPolicyMutation();

  const choose = async (policy: OddsPolicy) => {
    if (policy === current && prefs.data) {
      onClose();
      return;
    }
    try {
      await save.mutateAsync(policy);
      toast.success(`已设置为「${ODDS_POLICY_TEXT[policy]}」`);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="policy-sheet">
      <div className="policy-sheet-head">
        <strong>赔率变化</strong>
        <span>投注确认时赔率与提交时不同，按以下设置处理</span>
      </div>
      <div className="policy-options" role="radiogroup" aria-label="赔率变化" data-testid="odds-policy-sheet">
        {ODDS_POLICIES.map((policy) => {
          const checked = policy === current;
          return (
            <button
              key={policy}
              type="button"
              role="radio"
              aria-checked={checked}
              className={checked ? 'policy-option checked' : 'policy-option'}
              data-testid={`odds-policy-${policy}`}
              disabled={save.isPending}
              onClick={() => void choose(policy)}
            >
              <span className="policy-text">
                <strong>{ODDS_POLICY_TEXT[policy]}</strong>
                <small>{POLICY_DETAIL[policy]}</small>
              </span>
              <span className="policy-check">{checked ? <CheckOutline /> : null}</span>
            </button>
          );
        })}
      </div>
      <button type="button" className="policy-cancel" onClick={onClose}>
        取消
      </button>
    </Popup>
  );
}

/** The slip's reminder of the policy in force, opening the choices. Members only. */
export function OddsPolicyLine() {
  const [open, setOpen] = useState(false);
  const policy = useOddsPolicy();
  return (
    <>
      <button
        type="button"
        className="policy-line"
        data-testid="slip-odds-policy"
        onClick={() => setOpen(true)}
      >
        赔率变化：{ODDS_POLICY_TEXT[policy]}
        <RightOutline />
      </button>
      <OddsPolicySheet visible={open} onClose={() => setOpen(false)} />
    </>
  );
}
