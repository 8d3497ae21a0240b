/**
 * The simulator's world: real leagues and teams with strength ratings. Football ratings scale
 * expected goals (attack × opponent's defence); basketball ratings are points per game scored
 * and allowed.
 */
import type { Sport } from '@app/shared';

export interface CatalogLeague {
  code: string;
  sport: Sport;
  name: string;
  shortName: string;
  country: string;
  color: string;
  sort: number;
  /** Football: average goals per team per match in this league. */
  goalBase?: number;
  teams: CatalogTeam[];
}

export interface CatalogTeam {
  code: string;
  name: string;
  /** Football: attack and defence multipliers (1 = league average; defence < 1 concedes less). */
  attack?: number;
  defence?: number;
  /** Basketball: points scored and allowed per game. */
  offence?: number;
  allowed?: number;
}

const fb = (code: string, name: string, attack: number, defence: number): CatalogTeam => ({
  code,
  name,
  attack,
  defence,
});
const bb = (code: string, name: string, offence: number, allowed: number): CatalogTeam => ({
  code,
  name,
  offence,
  allowed,
});

export const CATALOG: readonly CatalogLeague[] = [
  {
    code: 'EPL',
    sport: 'football',
    name: '英格兰超级联赛',
    shortName: '英超',
    country: '英格兰',
    color: '#3d195b',
    sort: 1,
    goalBase: 1.4,
    teams: [
      fb('MCI', '曼城', 1.45, 0.7),
      fb('ARS', '阿森纳', 1.35, 0.65),
      fb('LIV', '利物浦', 1.4, 0.75),
      fb('CHE', '切尔西', 1.15, 0.95),
      fb('MUN', '曼联', 1.0, 1.0),
      fb('TOT', '热刺', 1.2, 1.05),
      fb('NEW', '纽卡斯尔联', 1.15, 0.9),
      fb('AVL', '阿斯顿维拉', 1.15, 1.0),
      fb('BHA', '布莱顿', 1.05, 1.05),
      fb('WHU', '西汉姆联', 0.95, 1.15),
      fb('CRY', '水晶宫', 0.85, 1.0),
      fb('EVE', '埃弗顿', 0.8, 1.05),
    ],
  },
  {
    code: 'LALIGA',
    sport: 'football',
    name: '西班牙甲级联赛',
    shortName: '西甲',
    country: '西班牙',
    color: '#ee8707',
    sort: 2,
    goalBase: 1.3,
    teams: [
      fb('RMA', '皇家马德里', 1.45, 0.7),
      fb('BAR', '巴塞罗那', 1.5, 0.8),
      fb('ATM', '马德里竞技', 1.15, 0.75),
      fb('ATH', '毕尔巴鄂竞技', 1.05, 0.9),
      fb('RSO', '皇家社会', 0.95, 0.9),
      fb('VIL', '比利亚雷亚尔', 1.1, 1.05),
      fb('BET', '皇家贝蒂斯', 1.0, 1.0),
      fb('SEV', '塞维利亚', 0.9, 1.1),
      fb('VAL', '瓦伦西亚', 0.85, 1.05),
      fb('GIR', '赫罗纳', 1.05, 1.1),
    ],
  },
  {
    code: 'SERIEA',
    sport: 'football',
    name: '意大利甲级联赛',
    shortName: '意甲',
    country: '意大利',
    color: '#024494',
    sort: 3,
    goalBase: 1.35,
    teams: [
      fb('INT', '国际米兰', 1.35, 0.7),
      fb('NAP', '那不勒斯', 1.2, 0.8),
      fb('MIL', 'AC米兰', 1.2, 0.95),
      fb('JUV', '尤文图斯', 1.1, 0.75),
      fb('ATA', '亚特兰大', 1.3, 0.95),
      fb('ROM', '罗马', 1.05, 0.9),
      fb('LAZ', '拉齐奥', 1.05, 0.95),
      fb('FIO', '佛罗伦萨', 1.0, 1.0),
      fb('BOL', '博洛尼亚', 1.0, 0.95),
      fb('TOR', '都灵', 0.85, 1.0),
    ],
  },
  {
    code: 'BUNDESLIGA',
    sport: 'football',
    name: '德国甲级联赛',
    shortName: '德甲',
    country: '德国',
    color: '#d20515',
    sort: 4,
    goalBase: 1.6,
    teams: [
      fb('FCB', '拜仁慕尼黑', 1.55, 0.75),
      fb('B04', '勒沃库森', 1.3, 0.8),
      fb('BVB', '多特蒙德', 1.25, 0.95),
      fb('RBL', 'RB莱比锡', 1.2, 0.9),
      fb('SGE', '法兰克福', 1.05, 1.0),
      fb('VFB', '斯图加特', 1.1, 1.0),
      fb('WOB', '沃尔夫斯堡', 0.95, 1.05),
      fb('BMG', '门兴格拉德巴赫', 0.95, 1.1),
      fb('SCF', '弗赖堡', 0.95, 1.0),
      fb('TSG', '霍芬海姆', 1.0, 1.2),
    ],
  },
  {
    code: 'LIGUE1',
    sport: 'football',
    name: '法国甲级联赛',
    shortName: '法甲',
    country: '法国',
    color: '#091c3e',
    sort: 5,
    goalBase: 1.35,
    teams: [
      fb('PSG', '巴黎圣日耳曼', 1.5, 0.7),
      fb('OM', '马赛', 1.15, 0.95),
      fb('ASM', '摩纳哥', 1.2, 1.0),
      fb('LIL', '里尔', 1.05, 0.85),
      fb('OL', '里昂', 1.1, 1.05),
      fb('OGCN', '尼斯', 0.95, 0.85),
      fb('RCL', '朗斯', 1.0, 0.9),
      fb('SRFC', '雷恩', 1.0, 1.0),
    ],
  },
  {
    code: 'CSL',
    sport: 'football',
    name: '中国足球协会超级联赛',
    shortName: '中超',
    country: '中国',
    color: '#c8102e',
    sort: 6,
    goalBase: 1.45,
    teams: [
      fb('SHP', '上海海港', 1.3, 0.8),
      fb('SHS', '上海申花', 1.25, 0.8),
      fb('CDR', '成都蓉城', 1.2, 0.85),
      fb('BJG', '北京国安', 1.1, 0.95),
      fb('SDT', '山东泰山', 1.15, 0.95),
      fb('ZJP', '浙江队', 1.05, 1.05),
      fb('TJJ', '天津津门虎', 0.95, 1.0),
      fb('WHS', '武汉三镇', 0.9, 1.1),
      fb('HNF', '河南队', 0.9, 1.05),
      fb('QDH', '青岛海牛', 0.8, 1.15),
    ],
  },
  {
    code: 'UCL',
    sport: 'football',
    name: '欧洲冠军联赛',
    shortName: '欧冠',
    country: '欧洲',
    color: '#0e1e5b',
    sort: 7,
    goalBase: 1.45,
    teams: [
      fb('RMA', '皇家马德里', 1.45, 0.7),
      fb('MCI', '曼城', 1.45, 0.7),
      fb('FCB', '拜仁慕尼黑', 1.5, 0.75),
      fb('PSG', '巴黎圣日耳曼', 1.4, 0.75),
      fb('INT', '国际米兰', 1.3, 0.7),
      fb('ARS', '阿森纳', 1.35, 0.7),
      fb('BAR', '巴塞罗那', 1.45, 0.85),
      fb('LIV', '利物浦', 1.4, 0.75),
      fb('BVB', '多特蒙德', 1.2, 0.95),
      fb('B04', '勒沃库森', 1.25, 0.85),
      fb('ATM', '马德里竞技', 1.1, 0.75),
      fb('JUV', '尤文图斯', 1.05, 0.8),
    ],
  },
  {
    code: 'NBA',
    sport: 'basketball',
    name: '美国职业篮球联赛',
    shortName: 'NBA',
    country: '美国',
    color: '#1d428a',
    sort: 8,
    teams: [
      bb('BOS', '凯尔特人', 120, 109),
      bb('DEN', '掘金', 117, 111),
      bb('OKC', '雷霆', 119, 107),
      bb('MIL', '雄鹿', 117, 113),
      bb('LAL', '湖人', 116, 115),
      bb('GSW', '勇士', 117, 114),
      bb('PHX', '太阳', 115, 114),
      bb('DAL', '独行侠', 117, 114),
      bb('NYK', '尼克斯', 116, 111),
      bb('MIN', '森林狼', 113, 107),
      bb('MIA', '热火', 111, 110),
      bb('PHI', '76人', 113, 112),
      bb('LAC', '快船', 114, 111),
      bb('SAS', '马刺', 112, 117),
    ],
  },
  {
    code: 'CBA',
    sport: 'basketball',
    name: '中国男子篮球职业联赛',
    shortName: 'CBA',
    country: '中国',
    color: '#e60012',
    sort: 9,
    teams: [
      bb('GDH', '广东宏远', 104, 94),
      bb('LNB', '辽宁本钢', 102, 92),
      bb('ZJC', '浙江稠州', 101, 95),
      bb('SHJ', '上海久事', 103, 97),
      bb('BJS', '北京首钢', 98, 95),
      bb('XJY', '新疆伊力特', 100, 97),
      bb('SDG', '山东高速', 99, 98),
      bb('SZM', '深圳马可波罗', 97, 98),
      bb('QDG', '青岛国信', 98, 99),
      bb('SXL', '山西汾酒', 99, 100),
    ],
  },
];

/** Expected goals of a fixture: league base × attack × opposing defence, with home advantage. */
export function footballRates(league: CatalogLeague, home: CatalogTeam, away: CatalogTeam) {
  const base = league.goalBase ?? 1.35;
  return {
    home: base * (home.attack ?? 1) * (away.defence ?? 1) * 1.12,
    away: base * (away.attack ?? 1) * (home.defence ?? 1) * 0.9,
  };
}

/** Expected margin (home − away) and total of a basketball fixture, with home advantage. */
export function basketballExpectation(home: CatalogTeam, away: CatalogTeam) {
  const homePoints = ((home.offence ?? 110) + (away.allowed ?? 110)) / 2 + 1.5;
  const awayPoints = ((away.offence ?? 110) + (home.allowed ?? 110)) / 2 - 1.5;
  return { margin: homePoints - awayPoints, total: homePoints + awayPoints };
}
