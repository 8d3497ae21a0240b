import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';
import { Page } from '../ui/Page.tsx';

/** Any path no feature registered. */
export default function NotFoundPage() {
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
