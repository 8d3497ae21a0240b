import { Steps } from 'antd-mobile';
import { InstallSketches } from './InstallSketches.tsx';

const { Step } = Steps;

/** Safari's share button (a box with an arrow up), as the member sees it in the toolbar. */
function ShareGlyph() {
  return (
    <svg className="guide-glyph" viewBox="0 0 24 24" width="1.3em" height="1.3em" aria-label="分享按钮">
      <path
        d="M12 3v12M7.5 7.5L12 3l4.5 4.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M8 10H6a1 1 0 00-1 1v9a1 1 0 001 1h12a1 1 0 001-1v-9a1 1 0 00-1-1h-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Chrome's menu button (three dots). */
function MenuGlyph() {
  return (
    <svg className="guide-glyph" viewBox="0 0 24 24" width="1.3em" height="1.3em" aria-label="菜单按钮">
      <circle cx="12" cy="5" r="1.8" fill="currentColor" />
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <circle cx="12" cy="19" r="1.8" fill="currentColor" />
    </svg>
  );
}

/** How to pin the H5 app to the home screen, for iPhone Safari and Android browsers. */
export function AddToHomeScreen() {
  return (
    <div className="home-screen-guide">
      <div className="guide-block">
        <h4>iPhone / iPad（Safari 浏览器）</h4>
        <InstallSketches platform="ios" />
        <Steps direction="vertical" current={3}>
          <Step title="用 Safari 打开本站" description="微信内请点击右上角“…”选择“在浏览器打开”" />
          <Step
            title={
              <>
                点击底部“分享”按钮 <ShareGlyph />
              </>
            }
            description="即方框加向上箭头的图标"
          />
          <Step title="选择“添加到主屏幕”" description="确认名称后点击“添加”，桌面即出现应用图标" />
        </Steps>
      </div>
      <div className="guide-block">
        <h4>安卓手机（Chrome / 系统浏览器）</h4>
        <InstallSketches platform="android" />
        <Steps direction="vertical" current={3}>
          <Step title="用浏览器打开本站" description="推荐使用 Chrome、华为或小米自带浏览器" />
          <Step
            title={
              <>
                点击右上角菜单 <MenuGlyph />
              </>
            }
            description="部分浏览器在底部工具栏；Chrome 也可能在地址栏直接提示“安装应用”"
          />
          <Step title="选择“添加到主屏幕”或“安装应用”" description="确认后即可像 App 一样从桌面打开" />
        </Steps>
      </div>
    </div>
  );
}
