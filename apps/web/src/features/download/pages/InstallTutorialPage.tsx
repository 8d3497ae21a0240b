import { NoticeBar, Steps, Tabs } from 'antd-mobile';
import { Page } from '@/ui/Page.tsx';
import { useAppInfo } from '../../site/queries.ts';
import { AddToHomeScreen } from '../components/AddToHomeScreen.tsx';
import '../download.css';

const { Step } = Steps;

/**
 * pages/download/install-tutorial: adding the web app to the home screen on iPhone and Android,
 * which always works; and, only when the operator has set a package's link (app info), how to
 * install it (trusting the enterprise certificate on iOS, unknown sources on Android).
 */
export default function InstallTutorialPage() {
  const info = useAppInfo();
  return (
    <Page title="安装教程">
      <Tabs className="tutorial-tabs" defaultActiveKey="h5">
        <Tabs.Tab title="添加到主屏幕" key="h5">
          <NoticeBar
            wrap
            color="info"
            content="添加后从桌面全屏打开，无需安装包；联网打开过一次后，断网时也能打开，比分、余额等数据联网后更新。"
          />
          <div className="tutorial-h5">
            <AddToHomeScreen />
          </div>
        </Tabs.Tab>
        {info.ios_download_url ? (
          <Tabs.Tab title="iOS 安装包" key="ios">
            <NoticeBar
              wrap
              color="info"
              content="iOS 企业版应用首次打开会提示“未受信任的企业级开发者”，按以下步骤信任证书即可正常使用。"
            />
            <Steps direction="vertical" current={5} className="tutorial-steps">
              <Step
                title="下载安装"
                description="在下载页点击“iOS 版下载”，在弹窗中点击“安装”，返回桌面等待图标安装完成。"
              />
              <Step title="打开“设置”" description="安装完成后先不要打开应用，进入系统“设置”。" />
              <Step
                title="进入“通用 → VPN与设备管理”"
                description="iOS 15 以下为“通用 → 描述文件与设备管理”。"
              />
              <Step
                title="选择企业级应用证书"
                description="在“企业级 App”下找到本应用对应的开发者名称并点击。"
              />
              <Step title="点击“信任”" description="在弹出的对话框中再次点击“信任”，回到桌面即可打开应用。" />
              <Step
                title="仍无法打开？"
                description="请检查网络后删除应用重新安装，或联系在线客服获取帮助。"
              />
            </Steps>
          </Tabs.Tab>
        ) : null}
        {info.android_download_url ? (
          <Tabs.Tab title="Android 安装包" key="android">
            <NoticeBar
              wrap
              color="info"
              content="安卓系统默认禁止安装应用商店以外的应用，安装前需允许浏览器“安装未知应用”。"
            />
            <Steps direction="vertical" current={5} className="tutorial-steps">
              <Step title="下载安装包" description="在下载页点击“Android 版下载”，等待 APK 文件下载完成。" />
              <Step title="打开安装包" description="在通知栏或浏览器下载列表中点击下载好的文件。" />
              <Step
                title="允许安装未知应用"
                description="如提示“禁止安装”，点击“设置”，打开“允许来自此来源的应用”开关。"
              />
              <Step
                title="继续安装"
                description="返回安装界面点击“安装”；若出现安全扫描提示，选择“继续安装”。"
              />
              <Step title="完成" description="安装完成后点击“打开”，或从桌面图标进入应用。" />
              <Step
                title="安装失败？"
                description="请确认手机存储空间充足、系统版本为 Android 7.0 及以上，或联系在线客服。"
              />
            </Steps>
          </Tabs.Tab>
        ) : null}
      </Tabs>
    </Page>
  );
}
