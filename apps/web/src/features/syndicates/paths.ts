/** Where the 合买大厅 and one plan live (hash routes). */
export const SYNDICATE_HALL_PATH = '/pages/syndicates/hall';
export const syndicatePath = (id: number) => `/pages/syndicates/plan?id=${id}`;
