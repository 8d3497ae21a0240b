import { Checkbox } from 'antd-mobile';
import { Link } from 'react-router';
import { PRIVACY_POLICY_PATH, USER_AGREEMENT_PATH } from '../../legal/paths.ts';
import './terms-consent.css';

interface TermsConsentProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Why a submit was refused (the shared contract's message), shown under the box. */
  error?: string | undefined;
}

/** The one box a member ticks to register: 18 or older, and both texts read and accepted; each title opens its page. */
export function TermsConsent({ checked, onChange, error }: TermsConsentProps) {
  return (
    <div className={error ? 'terms-consent has-error' : 'terms-consent'}>
      <Checkbox checked={checked} onChange={onChange} data-testid="accept-terms">
        我已年满18周岁，并已阅读同意
        <Link to={USER_AGREEMENT_PATH} data-testid="terms-link-user-agreement">
          《用户协议》
        </Link>
        和
        <Link to={PRIVACY_POLICY_PATH} data-testid="terms-link-privacy-policy">
          《隐私政策》
        </Link>
      </Checkbox>
      {error ? (
        <p className="terms-consent-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
