import Bowser from 'bowser';

/**
 * A session's device in words, from its User-Agent: the phone model or the system, then the
 * browser ("iPhone · Safari", "Android · Chrome", "Windows · Edge"); 未知设备 when it says nothing.
 */
export function deviceLabel(userAgent: string): string {
  if (!userAgent.trim()) return '未知设备';
  const parsed = Bowser.parse(userAgent);
  const model =
    parsed.platform.model && parsed.platform.vendor === 'Apple' ? parsed.platform.model : undefined;
  const system = model ?? parsed.os.name ?? '未知系统';
  const browser = parsed.browser.name;
  return browser ? `${system} · ${browser}` : system;
}
