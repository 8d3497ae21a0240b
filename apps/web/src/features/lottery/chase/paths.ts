/** Where 追号记录 and one chase live (hash routes). */
export const CHASE_LIST_PATH = '/pages/lottery/chase-records';
export const chaseDetailPath = (chaseNo: string) =>
  `/pages/lottery/chase-detail?chase_no=${encodeURIComponent(chaseNo)}`;
