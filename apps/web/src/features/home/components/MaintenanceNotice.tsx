import { NoticeBar } from 'antd-mobile';

/** The operator's maintenance message (site closed, or app config `maintenance_mode` on). */
export function MaintenanceNotice({ text }: { text: string }) {
  return <NoticeBar className="home-notice" color="alert" wrap content={text} />;
}
