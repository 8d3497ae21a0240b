import { useId, type ReactNode } from 'react';
import { useAppInfo } from '../../site/queries.ts';

/**
 * Pictures of each step of 添加到主屏幕, drawn as the member's phone shows them (Safari's share
 * sheet, Chrome's menu, the confirm sheet, the home screen), with the control to tap ringed in
 * gold. Drawn rather than photographed, so they stay sharp, follow the site's name and icon,
 * and carry no screenshot of someone else's software.
 */

const ICON = '/icons/icon-192.png';
const W = 150;
const H = 250;
/** The phone's screen. */
const S = { x: 7, y: 7, w: W - 14, h: H - 14 };

/** A gold ring round what to tap; it pulses unless the member asked for less motion. */
function Ring({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <rect
      className="sketch-ring"
      x={x - 3}
      y={y - 3}
      width={w + 6}
      height={h + 6}
      rx={Math.min(10, (h + 6) / 2)}
      fill="none"
      stroke="#f5c04a"
      strokeWidth="2.5"
    />
  );
}

/** A list row of a sheet or menu; the chosen one is tinted and ringed. */
function Row({
  y,
  label,
  chosen,
  x = S.x + 8,
  w = S.w - 16,
}: {
  y: number;
  label: string;
  chosen?: boolean;
  x?: number;
  w?: number;
}) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={22} rx={5} fill={chosen ? '#fff4d6' : '#ffffff'} />
      <text x={x + 8} y={y + 15} fontSize="10" fill="#222">
        {label}
      </text>
      {chosen ? <Ring x={x} y={y} w={w} h={22} /> : null}
    </g>
  );
}

/** The site as the browser shows it behind the sheets: the app's dark header and cards. */
function SitePreview({ top, name }: { top: number; name: string }) {
  return (
    <g>
      <rect x={S.x} y={top} width={S.w} height={S.y + S.h - top} fill="#1d1d1d" />
      <text x={W / 2} y={top + 16} fontSize="9" fill="#e8c9a0" textAnchor="middle">
        {name}
      </text>
      {[0, 1, 2].map((i) => (
        <rect key={i} x={S.x + 8} y={top + 26 + i * 30} width={S.w - 16} height={24} rx={5} fill="#2b2b2b" />
      ))}
    </g>
  );
}

function Phone({ label, children }: { label: string; children: ReactNode }) {
  const clip = useId();
  return (
    <svg
      className="install-sketch"
      viewBox={`0 0 ${W} ${H}`}
      width={W * 0.72}
      height={H * 0.72}
      role="img"
      aria-label={label}
    >
      <rect
        x="1"
        y="1"
        width={W - 2}
        height={H - 2}
        rx="20"
        fill="#0d0d0d"
        stroke="#4a4a4a"
        strokeWidth="2"
      />
      <clipPath id={clip}>
        <rect x={S.x} y={S.y} width={S.w} height={S.h} rx="14" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <rect x={S.x} y={S.y} width={S.w} height={S.h} fill="#f2f2f7" />
        {children}
      </g>
    </svg>
  );
}

/** Safari's share icon: a box with an arrow up. */
function ShareIcon({ x, y }: { x: number; y: number }) {
  return (
    <g
      transform={`translate(${x} ${y})`}
      fill="none"
      stroke="#0a84ff"
      strokeWidth="1.4"
      strokeLinecap="round"
    >
      <path d="M6 1v8M3.5 3.5L6 1l2.5 2.5" />
      <path d="M4 5.5H2.5v6.5h7V5.5H8" />
    </g>
  );
}

function SafariShare({ name }: { name: string }) {
  const bar = S.y + S.h - 26;
  return (
    <Phone label="第一步：点击 Safari 底部的分享按钮">
      <SitePreview top={S.y} name={name} />
      <rect x={S.x} y={bar} width={S.w} height={26} fill="#f7f7f7" />
      <text x={S.x + 12} y={bar + 17} fontSize="12" fill="#0a84ff">
        ‹
      </text>
      <text x={S.x + 38} y={bar + 17} fontSize="12" fill="#b0b0b0">
        ›
      </text>
      <ShareIcon x={W / 2 - 6} y={bar + 6} />
      <Ring x={W / 2 - 8} y={bar + 4} w={16} h={17} />
      <rect
        x={S.x + S.w - 46}
        y={bar + 8}
        width={10}
        height={10}
        rx={2}
        fill="none"
        stroke="#0a84ff"
        strokeWidth="1.3"
      />
      <rect
        x={S.x + S.w - 22}
        y={bar + 8}
        width={10}
        height={10}
        rx={2}
        fill="none"
        stroke="#0a84ff"
        strokeWidth="1.3"
      />
    </Phone>
  );
}

function SafariSheet({ name }: { name: string }) {
  const top = S.y + 84;
  return (
    <Phone label="第二步：在分享菜单中选择“添加到主屏幕”">
      <SitePreview top={S.y} name={name} />
      <rect x={S.x} y={top} width={S.w} height={S.h} rx="12" fill="#e9e9ee" />
      <image href={ICON} x={S.x + 10} y={top + 10} width="22" height="22" />
      <text x={S.x + 38} y={top + 20} fontSize="9" fill="#222">
        {name}
      </text>
      <Row y={top + 42} label="拷贝" />
      <Row y={top + 66} label="添加到阅读列表" />
      <Row y={top + 90} label="添加书签" />
      <Row y={top + 114} label="添加到主屏幕  ⊞" chosen />
    </Phone>
  );
}

function ConfirmSheet({ platform, name }: { platform: 'ios' | 'android'; name: string }) {
  if (platform === 'ios') {
    const top = S.y + 14;
    return (
      <Phone label="第三步：点击右上角“添加”">
        <rect x={S.x} y={top} width={S.w} height={S.h} fill="#f2f2f7" />
        <text x={S.x + 8} y={top + 14} fontSize="9" fill="#0a84ff">
          取消
        </text>
        <text x={W / 2} y={top + 14} fontSize="9" fill="#222" textAnchor="middle" fontWeight="bold">
          添加到主屏幕
        </text>
        <text x={S.x + S.w - 26} y={top + 14} fontSize="9" fill="#0a84ff" fontWeight="bold">
          添加
        </text>
        <Ring x={S.x + S.w - 28} y={top + 4} w={22} h={13} />
        <rect x={S.x + 8} y={top + 28} width={S.w - 16} height={46} rx={6} fill="#fff" />
        <image href={ICON} x={S.x + 14} y={top + 34} width="34" height="34" />
        <text x={S.x + 56} y={top + 48} fontSize="10" fill="#222">
          {name}
        </text>
        <line x1={S.x + 56} y1={top + 54} x2={S.x + S.w - 14} y2={top + 54} stroke="#ddd" />
        <text x={S.x + 56} y={top + 66} fontSize="7" fill="#888">
          桌面图标名称
        </text>
      </Phone>
    );
  }
  const top = S.y + 70;
  return (
    <Phone label="第三步：在弹窗中点击“安装”">
      <SitePreview top={S.y} name={name} />
      <rect x={S.x} y={S.y} width={S.w} height={S.h} fill="rgba(0,0,0,0.45)" />
      <rect x={S.x + 10} y={top} width={S.w - 20} height={96} rx={10} fill="#fff" />
      <text x={S.x + 20} y={top + 18} fontSize="10" fill="#222" fontWeight="bold">
        安装应用
      </text>
      <image href={ICON} x={S.x + 20} y={top + 28} width="26" height="26" />
      <text x={S.x + 54} y={top + 45} fontSize="9" fill="#222">
        {name}
      </text>
      <text x={S.x + S.w - 78} y={top + 82} fontSize="9" fill="#1a73e8">
        取消
      </text>
      <text x={S.x + S.w - 40} y={top + 82} fontSize="9" fill="#1a73e8" fontWeight="bold">
        安装
      </text>
      <Ring x={S.x + S.w - 42} y={top + 72} w={22} h={13} />
    </Phone>
  );
}

function ChromeMenu({ name }: { name: string }) {
  const top = S.y + 10;
  return (
    <Phone label="第一步：点击 Chrome 右上角的菜单">
      <rect x={S.x} y={top} width={S.w} height={24} fill="#fff" />
      <rect x={S.x + 8} y={top + 5} width={S.w - 36} height={14} rx={7} fill="#f1f3f4" />
      <text x={S.x + 16} y={top + 15} fontSize="7" fill="#555">
        {location.host}
      </text>
      {[0, 1, 2].map((i) => (
        <circle key={i} cx={S.x + S.w - 13} cy={top + 7 + i * 5} r="1.4" fill="#444" />
      ))}
      <Ring x={S.x + S.w - 18} y={top + 3} w={10} h={18} />
      <SitePreview top={top + 24} name={name} />
    </Phone>
  );
}

function ChromeList({ name }: { name: string }) {
  const top = S.y + 10;
  const x = S.x + 44;
  const w = S.w - 50;
  return (
    <Phone label="第二步：选择“添加到主屏幕”或“安装应用”">
      <rect x={S.x} y={top} width={S.w} height={24} fill="#fff" />
      <SitePreview top={top + 24} name={name} />
      <rect x={x - 4} y={top + 4} width={w + 8} height={122} rx={6} fill="#fff" stroke="#ddd" />
      <Row x={x} w={w} y={top + 8} label="新标签页" />
      <Row x={x} w={w} y={top + 32} label="历史记录" />
      <Row x={x} w={w} y={top + 56} label="下载内容" />
      <Row x={x} w={w} y={top + 80} label="添加到主屏幕" chosen />
      <text x={x + 8} y={top + 118} fontSize="7" fill="#888">
        （或“安装应用”）
      </text>
    </Phone>
  );
}

function HomeScreen({ name }: { name: string }) {
  const cells = Array.from({ length: 12 }, (_, i) => i);
  const size = 22;
  const gap = (S.w - 4 * size) / 5;
  return (
    <Phone label="完成：从桌面图标打开，全屏使用">
      <rect x={S.x} y={S.y} width={S.w} height={S.h} fill="#3a4a63" />
      {cells.map((i) => {
        const x = S.x + gap + (i % 4) * (size + gap);
        const y = S.y + 28 + Math.floor(i / 4) * 40;
        return i === 5 ? (
          <g key={i}>
            <image href={ICON} x={x} y={y} width={size} height={size} />
            <Ring x={x} y={y} w={size} h={size} />
            <text x={x + size / 2} y={y + size + 10} fontSize="6" fill="#fff" textAnchor="middle">
              {name}
            </text>
          </g>
        ) : (
          <rect key={i} x={x} y={y} width={size} height={size} rx={6} fill="rgba(255,255,255,0.28)" />
        );
      })}
    </Phone>
  );
}

/** The pictures of one platform, with the site's own name on them. */
function steps(platform: 'ios' | 'android', name: string): Array<{ caption: string; picture: ReactNode }> {
  return platform === 'ios'
    ? [
        { caption: '① 点击分享', picture: <SafariShare name={name} /> },
        { caption: '② 添加到主屏幕', picture: <SafariSheet name={name} /> },
        { caption: '③ 点击添加', picture: <ConfirmSheet platform="ios" name={name} /> },
        { caption: '④ 桌面打开', picture: <HomeScreen name={name} /> },
      ]
    : [
        { caption: '① 打开菜单', picture: <ChromeMenu name={name} /> },
        { caption: '② 添加到主屏幕', picture: <ChromeList name={name} /> },
        { caption: '③ 点击安装', picture: <ConfirmSheet platform="android" name={name} /> },
        { caption: '④ 桌面打开', picture: <HomeScreen name={name} /> },
      ];
}

/** The steps of one platform as a row of pictures the member swipes through. */
export function InstallSketches({ platform }: { platform: 'ios' | 'android' }) {
  const { title } = useAppInfo();
  return (
    <div className="install-sketches" data-testid={`install-sketches-${platform}`}>
      {steps(platform, title).map((step) => (
        <figure key={step.caption} className="install-sketch-step">
          {step.picture}
          <figcaption>{step.caption}</figcaption>
        </figure>
      ))}
    </div>
  );
}
