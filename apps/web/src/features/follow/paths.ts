/** Where the 跟单大厅 and one 晒单 live (hash routes). */
export const FOLLOW_HALL_PATH = '/pages/follow/hall';
export const followPostPath = (id: number) => `/pages/follow/post?id=${id}`;
export const FOLLOW_BOARD_PATH = '/pages/follow/leaderboard';
export const FOLLOW_SUBSCRIPTIONS_PATH = '/pages/follow/subscriptions';
