import { Steps } from 'antd-mobile';

const { Step } = Steps;

/** How to pin the H5 app to the home screen, for iPhone Safari and Android browsers. */
export function AddToHomeScreen() {
  return (
    <div className="home-screen-guide">
      <div className="guide-block">
        <h4>iPhone / iPad（Safari 浏览器）</h4>
        <Steps direction="vertical" current={3}>
          <Step title="用 Safari 打开本站" description="微信内请点击右上角“…”选择“在浏览器打开”" />
          <Step title="点击底部“分享”按钮" description="即方框加向上箭头的图标" />
          <Step title="选择“添加到主屏幕”" description="确认名称后点击“添加”，桌面即出现应用图标" />
        </Steps>
      </div>
      <div className="guide-block">
        <h4>安卓手机（Chrome / 系统浏览器）</h4>
        <Steps direction="vertical" current={3}>
          <Step title="用浏览器打开本站" description="推荐使用 Chrome、华为或小米自带浏览器" />
          <Step title="点击右上角菜单“⋮”" description="部分浏览器在底部工具栏" />
          <Step title="选择“添加到主屏幕”或“安装应用”" description="确认后即可像 App 一样从桌面打开" />
        </Steps>
      </div>
    </div>
  );
}
