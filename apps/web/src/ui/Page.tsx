import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useBack } from './use-back.ts';

interface PageProps {
  title: ReactNode;
  children: ReactNode;
  /** Content on the right of the NavBar. */
  right?: ReactNode;
  /** Hide the back arrow (tab pages). */
  noBack?: boolean;
  /** Extra class on the scrolling body. */
  bodyClassName?: string;
  /** Fixed content under the body (action bars). */
  footer?: ReactNode;
}

/** A full-height page: NavBar on top, a scrolling body below. */
export function Page({ title, children, right, noBack, bodyClassName, footer }: PageProps) {
  const back = useBack();
  return (
    <div className="page">
      <NavBar className="page-nav" back={noBack ? null : ''} onBack={noBack ? undefined : back} right={right}>
        {title}
      </NavBar>
      <div className={bodyClassName ? `page-body ${bodyClassName}` : 'page-body'}>{children}</div>
      {footer ? <div className="page-footer">{footer}</div> : null}
    </div>
  );
}

/** A titled block inside a page. */
export function Section({
  title,
  extra,
  children,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section">
      {title ? (
        <div className="section-head">
          <h3 className="section-title">{title}</h3>
          {extra ? <div className="section-extra">{extra}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
