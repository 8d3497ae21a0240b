import { HeartFill, HeartOutline, LikeOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { selectLoggedIn, useSessionStore } from '../../session/store.ts';
import {
  useFavoriteMutation,
  useFavoriteStatusQuery,
  useLikeMutation,
  useLikeStatusQuery,
} from '../queries.ts';

/** Like and favourite buttons of an expert article: the member's own state, counts from the server. */
export function ReactionBar({
  id,
  likeCount,
  favoriteCount,
}: {
  id: number;
  likeCount: number;
  favoriteCount: number;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const loggedIn = useSessionStore(selectLoggedIn);
  const like = useLikeStatusQuery(id);
  const favorite = useFavoriteStatusQuery(id);
  const likeMutation = useLikeMutation(id);
  const favoriteMutation = useFavoriteMutation(id);

  const liked = like.data?.liked ?? false;
  const favorited = favorite.data?.favorited ?? false;
  const likes = like.data?.like_count ?? likeCount;
  const favorites = favorite.data?.favorite_count ?? favoriteCount;

  const requireLogin = (): boolean => {
    if (loggedIn) return true;
    toast.info('请先登录');
    void navigate(`/pages/login/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
    return false;
  };

  return (
    <div className="reaction-bar">
      <button
        type="button"
        className={liked ? 'reaction active' : 'reaction'}
        data-testid="like-button"
        aria-pressed={liked}
        disabled={likeMutation.isPending}
        onClick={() => {
          if (requireLogin()) likeMutation.mutate(!liked);
        }}
      >
        {liked ? <HeartFill /> : <HeartOutline />}
        <span>{liked ? '已赞' : '点赞'}</span>
        <span className="reaction-count" data-testid="like-count">
          {likes}
        </span>
      </button>
      <button
        type="button"
        className={favorited ? 'reaction active' : 'reaction'}
        data-testid="favorite-button"
        aria-pressed={favorited}
        disabled={favoriteMutation.isPending}
        onClick={() => {
          if (requireLogin()) favoriteMutation.mutate(!favorited);
        }}
      >
        {favorited ? <StarFill /> : <StarOutline />}
        <span>{favorited ? '已收藏' : '收藏'}</span>
        <span className="reaction-count">{favorites}</span>
      </button>
      <span className="reaction-note">
        <LikeOutline /> 觉得有用就点个赞
      </span>
    </div>
  );
}
