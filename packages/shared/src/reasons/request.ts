import { reasons } from './define.ts';

/** What a shared rule found wrong, in its own words (the client runs the same rule to preview). */
export type Problem = { problem: string };
export const problemMessage = (p: Problem): string => p.problem;

/** What the request layer refuses before a module decides anything (plugins/envelope.ts, lib). */
export const REQUEST_REASONS = reasons({
  'request.nul_character': { status: 400, message: '请求参数包含非法字符' },
  'request.empty_update': { status: 400, message: '没有要修改的内容：请至少填写一项' },
  /** A list's or report's start_date/end_date (shared resolveDayRange). */
  'request.day_range_invalid': { status: 400, message: problemMessage },
});
