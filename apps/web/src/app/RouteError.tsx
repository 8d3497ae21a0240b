import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate, useRouteError } from 'react-router';
import { logger } from '../lib/logger.ts';
import { HOME_PATH } from '../lib/navigation.ts';
import { Page } from '../ui/Page.tsx';
import { ChunkLoadError } from './lazy-page.tsx';

/** Shown when a page throws or its code cannot be loaded. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunk = error instanceof ChunkLoadError;
  logger.error('router', chunk ? 'ChunkLoadError' : '页面出错', error);
  return (
    <div className="page page-center">
      <ErrorBlock
        status="default"
        title={chunk ? '页面加载失败' : '页面出错了'}
        description={chunk ? (error as Error).message : '请刷新页面重试，如问题持续请联系客服'}
      >
        <div className="button-row">
          <Button color="primary" onClick={() => window.location.reload()}>
            刷新重试
          </Button>
          <Button fill="outline" onClick={() => void navigate(HOME_PATH, { replace: true })}>
            返回首页
          </Button>
        </div>
      </ErrorBlock>
    </div>
  );
}

/** Any path no feature registered. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Page title="页面不存在" bodyClassName="page-center-body">
      <ErrorBlock status="empty" title="页面不存在" description="您访问的页面不存在或暂未开放">
        <Button color="primary" onClick={() => void navigate(HOME_PATH, { replace: true })}>
          返回首页
        </Button>
      </ErrorBlock>
    </Page>
  );
}
