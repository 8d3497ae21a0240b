import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/ui/Page.tsx';
import { PRIVACY_POLICY_PATH, USER_AGREEMENT_PATH } from '../../legal/paths.ts';
import { useAppInfo } from '../../site/queries.ts';
import '../auth.css';

interface AuthLayoutProps {
  title: string;
  heading: string;
  subheading: string;
  children: ReactNode;
}

/** Login and registration pages: NavBar, brand header, then the form card. */
export function AuthLayout({ title, heading, subheading, children }: AuthLayoutProps) {
  const info = useAppInfo();
  return (
    <Page title={title} bodyClassName="auth-body">
      <header className="auth-brand">
        <img className="auth-logo" src={info.site_logo} alt={info.title} />
        <div>
          <h1 className="auth-heading gold-text">{heading}</h1>
          <p className="auth-subheading">{subheading}</p>
        </div>
      </header>
      <div className="auth-card">{children}</div>
      <p className="auth-legal">
        <Link to={USER_AGREEMENT_PATH}>《用户协议》</Link>
        <Link to={PRIVACY_POLICY_PATH}>《隐私政策》</Link>
        <br />
        未满18周岁禁止注册 · 理性投注，量力而行
      </p>
    </Page>
  );
}
