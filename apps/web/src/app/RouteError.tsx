import { Button, createErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { logger } from '../lib/logger.ts';
import { HOME_PATH } from '../lib/navigation.ts';
import { notePagePainted } from './first-paint.ts';
import { ChunkLoadError } from './lazy-page.tsx';

// Shown when a page's code fails to arrive, so it is in the first load: the site logo instead of
// the kit's ErrorBlock, whose four inline illustrations would add ~6 KB (gzip) to every first load.
const ErrorBlock = createErrorBlock({ default: './logo.svg' });

/** Shown when a page throws or its code cannot be loaded. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunk = error instanceof ChunkLoadError;
  // The error screen is the first page on screen when the launch page failed.
  useEffect(notePagePainted, []);
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
