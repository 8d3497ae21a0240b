import { DotLoading } from 'antd-mobile';

/**
 * The foot of an infinitely scrolled list: the loading dots only while the next page is on its
 * way, 上拉加载更多 while more waits below, and `end` once there is no more. The dots are an SVG
 * animation that runs wherever it sits, on screen or not: left at the foot of a long list, they kept
 * the page restyling and laying out 60 times a second while the member read the top (about 15 % of
 * a core on the bet page, a phone's battery).
 */
export function ListEnd({
  more,
  loading,
  end,
  className,
}: {
  /** More pages wait below. */
  more: boolean;
  /** The next page is being fetched. */
  loading: boolean;
  /** What the end of the list says, e.g. 没有更多了. */
  end: string;
  className: string;
}) {
  if (more && loading) return <DotLoading />;
  return <span className={className}>{more ? '上拉加载更多' : end}</span>;
}
