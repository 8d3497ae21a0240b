import { Swiper } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useAppConfigQuery } from '../site/queries.ts';
import { useBannersQuery } from './banners.ts';
import './notices.css';

/** Banner page types (SPEC.md §3): 1 home, 2 sports, 3 article. */
export type BannerPageType = 1 | 2 | 3;

/** A banner that leads to the hub's 滚球 tab. */
const leadsToLive = (link: string) =>
  link.startsWith('/pages/gameplay/gameplay') && /[?&]tab=live\b/.test(link);

/**
 * The banners of a page as an auto-playing carousel; hidden when the operator switched
 * banners off (`banner_enabled`) or none are live. A banner links to an in-app path or a site.
 * While there is no 滚球 (`nav_live_ball_enabled` off, or a feed without in-play) a banner leading
 * to it is left out.
 */
export function BannerCarousel({ pageType }: { pageType: BannerPageType }) {
  const navigate = useNavigate();
  const { data: config } = useAppConfigQuery();
  const enabled = config?.banner_enabled !== false;
  const { data: all, isPending } = useBannersQuery(pageType, enabled);
  const banners =
    config?.nav_live_ball_enabled === false ? all?.filter((b) => !leadsToLive(b.link_url)) : all;
  if (!enabled) return null;
  if (isPending) return <div className="banner-carousel banner-skeleton" aria-hidden />;
  if (!banners || banners.length === 0) return null;

  const open = (link: string) => {
    if (link.startsWith('/')) void navigate(link);
    else if (/^https?:\/\//.test(link)) window.open(link, '_blank', 'noopener');
  };
  return (
    <div className="banner-carousel" data-testid={`banners-${pageType}`}>
      <Swiper autoplay={banners.length > 1} loop={banners.length > 1} autoplayInterval={4000}>
        {banners.map((b, i) => (
          <Swiper.Item key={b.id}>
            <button
              type="button"
              className="banner-slide"
              onClick={() => open(b.link_url)}
              disabled={!b.link_url}
              aria-label={b.title}
            >
              {/* The first slide is the screen's largest paint: fetched first. The others are off
                  screen until the carousel turns and load when they are about to be seen. */}
              <img
                src={b.image_url}
                alt={b.title}
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
              />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}
