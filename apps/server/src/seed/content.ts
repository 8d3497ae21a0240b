import type { Db, Tx } from '../db/client.ts';
import { plainText, sanitizeRichText } from '../modules/content/index.ts';
import { avatarImage, bannerImage, coverImage, type Motif } from './content-art.ts';
import * as repo from './content.repo.ts';

const HOUR = 3_600_000;
const ago = (now: number, hours: number) => new Date(now - hours * HOUR);

const NOTICES: Array<{
  category: 1 | 2 | 3 | 4;
  title: string;
  content: string;
  top?: boolean;
  hoursAgo: number;
}> = [
  {
    category: 1,
    top: true,
    hoursAgo: 2,
    title: '关于平台系统升级完成的公告',
    content:
      '<p>尊敬的会员：</p><p>平台已于今日凌晨完成系统升级，<strong>账户资金、投注记录均不受影响</strong>。升级后页面加载更快，滚球赔率刷新更及时。</p><p>如遇页面显示异常，请下拉刷新或重新打开应用。感谢您的支持！</p>',
  },
  {
    category: 1,
    hoursAgo: 20,
    title: '理性投注 量力而行',
    content:
      '<p>本平台严禁未满18周岁人士注册及参与。请合理安排娱乐时间与预算，切勿借贷投注。</p><p>如您需要暂停账户，请联系在线客服办理，我们将在24小时内处理。</p>',
  },
  {
    category: 1,
    hoursAgo: 46,
    title: '欧洲五大联赛新赛季全面开售',
    content:
      '<p>英超、西甲、意甲、德甲、法甲新赛季赛事已全面开售，支持<strong>胜平负、让球、比分、总进球、半全场</strong>五大玩法，单关、串关均可投注。</p><p>赛前与滚球赔率实时更新，欢迎体验。</p>',
  },
  {
    category: 1,
    hoursAgo: 70,
    title: '谨防诈骗：平台工作人员不会索要密码',
    content:
      '<p>近期有不法分子冒充平台客服，以“账户异常”“返利”为由索要登录密码、支付密码或验证码。</p><p><strong>平台工作人员不会以任何理由索要您的密码</strong>，请通过应用内“在线客服”联系我们。</p>',
  },
  {
    category: 1,
    hoursAgo: 96,
    title: '彩票频道新增极速快三',
    content:
      '<p>彩票频道新增<strong>极速快三</strong>，每分钟一期，开奖采用承诺-揭示机制，每期开奖号码均可在“开奖验证”页面自行验证。</p>',
  },
  {
    category: 1,
    hoursAgo: 130,
    title: '客服服务时间说明',
    content: '<p>在线客服7×24小时为您服务。充值、提现相关问题请提供订单号，以便客服快速核实处理。</p>',
  },
  {
    category: 2,
    top: true,
    hoursAgo: 3,
    title: '串关投注规则说明',
    content:
      '<p>混合过关最多可选择<strong>8场</strong>比赛，且只能选择同一运动项目。比分、半全场玩法最多4关，总进球最多6关。</p><p>单注金额2元至20000元，倍数1至99倍。最高奖金以投注页面显示为准。</p>',
  },
  {
    category: 2,
    hoursAgo: 30,
    title: '赛事延期或取消的处理方式',
    content:
      '<p>比赛延期、腰斩或取消时，该场投注按<strong>赔率1.00</strong>计算；单关注单退还本金，串关注单其余场次照常结算。</p>',
  },
  {
    category: 2,
    hoursAgo: 75,
    title: '滚球投注温馨提示',
    content: '<p>滚球赔率随比赛进程实时变化，提交注单时若赔率已变动，系统将提示您确认新赔率后再投注。</p>',
  },
  {
    category: 3,
    top: true,
    hoursAgo: 5,
    title: '充值到账说明',
    content:
      '<p>在线支付一般<strong>1-3分钟</strong>到账；USDT转账需区块确认，通常10分钟内到账。</p><p>请勿保存旧的收款信息重复转账，每次充值请以页面最新信息为准。</p>',
  },
  {
    category: 3,
    hoursAgo: 50,
    title: 'USDT充值注意事项',
    content: '<p>仅支持TRC20网络转账，转账时请核对地址，转账完成后提交交易哈希，便于系统自动核对。</p>',
  },
  {
    category: 3,
    hoursAgo: 110,
    title: '充值优惠活动说明',
    content: '<p>每日首次充值可参与活动中心的充值优惠，具体规则以活动页面为准。</p>',
  },
  {
    category: 4,
    top: true,
    hoursAgo: 4,
    title: '提现审核时间说明',
    content:
      '<p>提现申请提交后，资金将先冻结，审核通过后<strong>5-30分钟</strong>到账。审核期间您可以在提现记录中撤销申请，冻结资金将原路退回余额。</p>',
  },
  {
    category: 4,
    hoursAgo: 60,
    title: '提现需完成打码量',
    content:
      '<p>为防范洗钱风险，提现前需完成充值金额对应的有效投注量（打码量），未完成的打码量可在个人中心查看。</p>',
  },
  {
    category: 4,
    hoursAgo: 140,
    title: '绑定提现账户须知',
    content: '<p>提现账户须与实名信息一致，每位会员最多绑定5个提现账户，修改账户需验证支付密码。</p>',
  },
];

interface BannerSeed {
  pageType: 1 | 2 | 3;
  title: string;
  subtitle: string;
  tag: string;
  from: string;
  to: string;
  accent: string;
  motif: Motif;
  link: string;
  sort: number;
  agent?: boolean;
}

const BANNERS: BannerSeed[] = [
  {
    pageType: 1,
    title: '五大联赛 火热开售',
    subtitle: '单关串关任你选 赔率实时更新',
    tag: '足球',
    from: '#0f5132',
    to: '#1b8a5a',
    accent: '#ffd54f',
    motif: 'football',
    link: '/betPages/football/index',
    sort: 30,
  },
  {
    pageType: 1,
    title: 'NBA 常规赛 精彩不停',
    subtitle: '让分 大小分 胜分差 一网打尽',
    tag: '篮球',
    from: '#4a1c0b',
    to: '#c2561a',
    accent: '#ffe082',
    motif: 'basketball',
    link: '/betPages/basketball/index',
    sort: 20,
  },
  {
    pageType: 1,
    title: '极速快三 每分钟开奖',
    subtitle: '开奖号码可验证 公平透明',
    tag: '彩票',
    from: '#311b92',
    to: '#7b1fa2',
    accent: '#ffca28',
    motif: 'lottery',
    link: '/pages/lottery/lottery-list',
    sort: 10,
  },
  {
    pageType: 2,
    title: '滚球直播 实时竞猜',
    subtitle: '比分、事件、赔率同步刷新',
    tag: '滚球',
    from: '#0d2b45',
    to: '#1565c0',
    accent: '#80deea',
    motif: 'football',
    link: '/pages/gameplay/gameplay?tab=live',
    sort: 20,
  },
  {
    pageType: 2,
    title: '串关最高8关',
    subtitle: '以小博大 最高奖金100万',
    tag: '串关',
    from: '#3e2723',
    to: '#8d6e63',
    accent: '#ffb400',
    motif: 'chart',
    link: '/betPages/football/index',
    sort: 10,
  },
  {
    pageType: 3,
    title: '专家推荐 每日更新',
    subtitle: '战绩由历史推荐实时计算',
    tag: '专家',
    from: '#1a237e',
    to: '#3949ab',
    accent: '#ffb400',
    motif: 'chart',
    link: '/expertPages/ExpertList',
    sort: 20,
  },
  {
    pageType: 3,
    title: '资金安全 独立账本',
    subtitle: '每一笔变动都有据可查',
    tag: '安全',
    from: '#263238',
    to: '#455a64',
    accent: '#ecc6ab',
    motif: 'shield',
    link: '',
    sort: 10,
  },
  {
    pageType: 1,
    agent: true,
    title: '金牌代理 专属福利',
    subtitle: '代理会员每周专享活动',
    tag: '专属',
    from: '#5d4037',
    to: '#b8860b',
    accent: '#fff3e0',
    motif: 'gift',
    link: '',
    sort: 40,
  },
  {
    pageType: 1,
    agent: true,
    title: '代理专线 极速服务',
    subtitle: '专属客服 充提优先处理',
    tag: '代理',
    from: '#1b2631',
    to: '#2e4053',
    accent: '#ecc6ab',
    motif: 'shield',
    link: '/pages/customer/customer',
    sort: 35,
  },
];

const EXPERT_CATEGORIES = ['足球专家', '篮球专家', '彩票专家'];

interface ExpertSeed {
  category: 0 | 1 | 2;
  name: string;
  title: string;
  intro: string;
  colors: [string, string];
  promoted: boolean;
  /** Results of their picks, oldest first: W won, L lost, P pending. */
  record: string;
}

const EXPERTS: ExpertSeed[] = [
  {
    category: 0,
    name: '老船长',
    title: '英超资深分析师',
    intro: '从业12年，专注英超与欧冠，擅长从阵容轮换与赛程密度中寻找让球盘的价值。',
    colors: ['#1565c0', '#42a5f5'],
    promoted: true,
    record: 'WWLWWWLWWWWP',
  },
  {
    category: 0,
    name: '西甲观察',
    title: '西甲专栏作者',
    intro: '常驻马德里，跟踪西甲20支球队的伤停与战术变化，偏好胜平负与半全场玩法。',
    colors: ['#c62828', '#ef5350'],
    promoted: true,
    record: 'WLWWLWWLWWP',
  },
  {
    category: 0,
    name: '数据帝阿强',
    title: '量化模型派',
    intro: '用进球期望值（xG）模型给出每场比赛的概率，只在模型与赔率偏差明显时出手。',
    colors: ['#2e7d32', '#66bb6a'],
    promoted: false,
    record: 'LWWLWLWWLWP',
  },
  {
    category: 0,
    name: '意甲老炮',
    title: '意甲十年跟踪',
    intro: '熟悉意甲防守体系，小球判断稳健，总进球玩法胜率突出。',
    colors: ['#283593', '#5c6bc0'],
    promoted: false,
    record: 'WWLLWWWLPP',
  },
  {
    category: 1,
    name: '篮下风暴',
    title: 'NBA 分析师',
    intro: '关注球员负荷管理与背靠背赛程，擅长大小分与让分判断。',
    colors: ['#e65100', '#ffa726'],
    promoted: true,
    record: 'WWWLWWLWWWP',
  },
  {
    category: 1,
    name: '三分线外',
    title: 'CBA 解说嘉宾',
    intro: 'CBA 前职业球员，熟悉各队轮换与外援状态，偏好胜负与胜分差玩法。',
    colors: ['#6a1b9a', '#ab47bc'],
    promoted: false,
    record: 'LWLWWLWLWP',
  },
  {
    category: 2,
    name: '号码研究所',
    title: '快三走势研究',
    intro: '长期记录快三开奖走势，讲解和值、形态与遗漏，强调开奖随机、理性娱乐。',
    colors: ['#ad1457', '#ec407a'],
    promoted: true,
    record: 'WLWLLWWLWP',
  },
  {
    category: 2,
    name: '彩坛老李',
    title: '彩票资深玩家',
    intro: '分享彩票玩法规则与资金规划经验，所有推荐仅供参考。',
    colors: ['#00695c', '#26a69a'],
    promoted: false,
    record: 'LWWLWLWLP',
  },
];

const FOOTBALL_MATCHES: Array<[string, string, string]> = [
  ['英超', '曼彻斯特城', '阿森纳'],
  ['英超', '利物浦', '切尔西'],
  ['西甲', '皇家马德里', '巴塞罗那'],
  ['西甲', '马德里竞技', '塞维利亚'],
  ['意甲', '国际米兰', 'AC米兰'],
  ['意甲', '尤文图斯', '那不勒斯'],
  ['德甲', '拜仁慕尼黑', '多特蒙德'],
  ['法甲', '巴黎圣日耳曼', '马赛'],
  ['英超', '热刺', '曼联'],
  ['西甲', '皇家社会', '比利亚雷亚尔'],
  ['意甲', '罗马', '拉齐奥'],
  ['德甲', '勒沃库森', '莱比锡红牛'],
];
const BASKETBALL_MATCHES: Array<[string, string, string]> = [
  ['NBA', '洛杉矶湖人', '金州勇士'],
  ['NBA', '波士顿凯尔特人', '密尔沃基雄鹿'],
  ['NBA', '丹佛掘金', '菲尼克斯太阳'],
  ['CBA', '广东宏远', '辽宁本钢'],
  ['CBA', '浙江稠州', '上海久事'],
  ['NBA', '迈阿密热火', '纽约尼克斯'],
];
const FOOTBALL_PICKS = ['主胜', '客胜', '平局', '主队让一球胜', '大2.5球', '小2.5球', '半全场 胜胜'];
const BASKETBALL_PICKS = ['主队 -5.5', '客队 +5.5', '大分 221.5', '小分 218.5', '主胜', '主胜 1-5 分'];
const LOTTERY_PICKS = ['和值 大', '和值 小', '和值 单', '二同号复选 33*', '三不同号 1 2 4'];
const ODDS = ['1.85', '1.92', '2.05', '1.76', '2.30', '3.10', '1.68', '1.95'];

function footballArticle(expert: ExpertSeed, i: number, match: [string, string, string], selection: string) {
  const [league, home, away] = match;
  return {
    title: `${league}：${home} vs ${away}，${selection}值得信赖`,
    summary: `${home}近期主场状态出色，${away}客场防守隐患明显，本场看好${selection}。`,
    content: `<p><strong>${league}</strong> 第${10 + i}轮，${home}主场迎战${away}。</p>
<h4>基本面</h4><p>${home}近5个主场4胜1平，场均打进2.2球；${away}近期客场3场仅1胜，后防核心因伤缺阵。</p>
<h4>盘口分析</h4><p>初盘${home}让半球，临场升至半一，资金明显流向主队，赔率稳定未见诱导。</p>
<h4>推荐</h4><p>${expert.name}推荐：<span class="hl">${selection}</span>。以上分析仅供参考，请理性投注。</p>`,
  };
}

function basketballArticle(
  expert: ExpertSeed,
  i: number,
  match: [string, string, string],
  selection: string,
) {
  const [league, home, away] = match;
  return {
    title: `${league}：${away}客场挑战${home}，看好${selection}`,
    summary: `${away}遭遇背靠背，${home}主力回归，节奏与效率均占上风。`,
    content: `<p><strong>${league}</strong> 焦点战：${home} 对阵 ${away}。</p>
<h4>状态</h4><p>${home}近10场7胜3负，主场进攻效率联盟前五；${away}昨晚刚打完加时赛，体能存疑。</p>
<h4>数据</h4><ul><li>两队近5次交手场均总分 ${215 + i}</li><li>${home}主场场均净胜 6.4 分</li></ul>
<h4>推荐</h4><p>${expert.name}推荐：<span class="hl">${selection}</span>。仅供参考，理性投注。</p>`,
  };
}

function lotteryArticle(expert: ExpertSeed, i: number, selection: string) {
  return {
    title: `极速快三第${i + 1}期走势解读：${selection}`,
    summary: '近50期和值分布与形态遗漏统计，附本期参考方向。',
    content: `<p>近50期和值大小比为 26:24，单双比为 23:27，整体分布接近均衡。</p>
<p>三同号已遗漏 ${20 + i} 期，属正常范围；开奖号码由承诺-揭示机制产生，<strong>每期独立随机</strong>，历史走势不能预测结果。</p>
<p>${expert.name}本期参考：<span class="hl">${selection}</span>。请理性娱乐，量力而行。</p>`,
  };
}

const LOTTERY_CATEGORIES: Array<{ name: string; description: string }> = [
  { name: '玩法攻略', description: '各彩种玩法规则与投注技巧' },
  { name: '开奖公平', description: '开奖机制与验证方法' },
  { name: '走势分析', description: '号码走势、冷热与遗漏统计' },
  { name: '行业资讯', description: '彩票行业新闻与平台动态' },
];

const LOTTERY_ARTICLES: Array<{
  category: number;
  title: string;
  summary: string;
  content: string;
  hot?: boolean;
  recommended?: boolean;
  promoted?: boolean;
  hoursAgo: number;
}> = [
  {
    category: 0,
    hot: true,
    recommended: true,
    promoted: true,
    hoursAgo: 6,
    title: '快三玩法全解：和值、三同号、二不同号一次看懂',
    summary: '快三共有七种玩法，本文逐一讲解中奖条件与赔率。',
    content:
      '<p>快三每期开出3个1-6的号码。</p><h4>和值</h4><p>三个号码之和为3-18，猜中和值即中奖，和值越靠近两端赔率越高。</p><h4>三同号</h4><p>三个号码相同，如 111、666，分单选与通选。</p><h4>二不同号</h4><p>猜中开奖号码中两个不同的号码即可中奖。</p><p>投注前请在玩法页查看每种玩法的赔率说明。</p>',
  },
  {
    category: 0,
    recommended: true,
    hoursAgo: 30,
    title: '时时彩定位胆入门：从一个号码开始',
    summary: '定位胆是时时彩最容易上手的玩法，选择位置与号码即可。',
    content:
      '<p>时时彩开出5位号码（万、千、百、十、个位）。定位胆只需在任意位置选择号码，该位置开出所选号码即中奖。</p><p>建议新手从小倍数开始，熟悉规则后再尝试复式投注。</p>',
  },
  {
    category: 0,
    hot: true,
    hoursAgo: 52,
    title: 'PK10 冠亚和玩法说明',
    summary: '冠亚和是 PK10 的热门玩法，本文讲解大小单双与和值。',
    content:
      '<p>PK10 每期对1-10号赛车排名，冠军与亚军号码之和为3-19。</p><p>冠亚和大（12-19）、小（3-11）、单、双，以及具体和值均可投注。</p>',
  },
  {
    category: 1,
    hot: true,
    recommended: true,
    promoted: true,
    hoursAgo: 12,
    title: '开奖号码如何验证？三步读懂承诺-揭示机制',
    summary: '每期开奖前公布种子的哈希承诺，开奖后公布种子，任何人都可验证。',
    content:
      '<ol><li>每期开盘时，平台公布随机种子的 SHA-256 承诺值。</li><li>开奖时公布种子，开奖号码由种子与期号唯一推导。</li><li>在“开奖验证”页面输入期号，浏览器会重新计算并比对结果。</li></ol><p>因为承诺值在投注前已公开，平台无法在开奖时更换号码。</p>',
  },
  {
    category: 1,
    hoursAgo: 80,
    title: '为什么历史走势无法预测下一期',
    summary: '每期开奖独立随机，遗漏与冷热只是统计现象。',
    content:
      '<p>每期的随机种子独立生成，与历史开奖没有任何关联。某个号码遗漏再久，下一期开出的概率也不会变大。</p><p>请把走势当作娱乐参考，理性投注。</p>',
  },
  {
    category: 2,
    hot: true,
    hoursAgo: 8,
    title: '极速快三近100期和值分布统计',
    summary: '和值10、11出现最多，与理论概率基本一致。',
    content:
      '<p>近100期中，和值10出现13次，和值11出现12次，和值3与18各出现1次。</p><table><thead><tr><th>和值</th><th>出现次数</th><th>理论概率</th></tr></thead><tbody><tr><td>10</td><td>13</td><td>12.5%</td></tr><tr><td>11</td><td>12</td><td>12.5%</td></tr><tr><td>3/18</td><td>1</td><td>0.46%</td></tr></tbody></table>',
  },
  {
    category: 2,
    recommended: true,
    hoursAgo: 40,
    title: '时时彩个位冷热号一周回顾',
    summary: '个位号码7本周出现最多，号码2遗漏最久。',
    content: '<p>本周个位开出号码7共出现41次，号码2遗漏18期。冷热变化属于正常波动，仅供参考。</p>',
  },
  {
    category: 3,
    hoursAgo: 20,
    title: '平台彩票频道新增开奖验证页面',
    summary: '会员可在彩票详情页进入“开奖验证”，自行核对每期开奖。',
    content:
      '<p>为进一步保障公平透明，彩票频道新增开奖验证页面，验证过程在您的浏览器中完成，无需信任平台。</p>',
  },
  {
    category: 3,
    promoted: true,
    hoursAgo: 100,
    title: '理性购彩倡议书',
    summary: '彩票是娱乐，不是投资。请量力而行。',
    content:
      '<p>购彩请使用闲余资金，切勿借贷；设定每日预算并严格执行；如感到影响生活，请联系客服申请暂停账户。</p>',
  },
];

const COVER_COLORS: Array<[string, string]> = [
  ['#0f5132', '#1b8a5a'],
  ['#4a1c0b', '#c2561a'],
  ['#311b92', '#7b1fa2'],
  ['#0d2b45', '#1565c0'],
];

/**
 * Demo content: notices of every category, banners for every page type (and the demo agent's
 * own home banner), experts with articles and picks, lottery article categories and articles.
 * Rich text goes through the same sanitiser as anything an operator writes. Does nothing when
 * notices exist already.
 */
export async function seedContent(db: Db, options: { agentId?: number; now: Date }): Promise<boolean> {
  return repo.seedOnce(db, (tx) =>
    insertContent(tx, { agentId: options.agentId, now: options.now.getTime() }),
  );
}

async function insertContent(db: Tx, options: { agentId: number | undefined; now: number }): Promise<void> {
  const { now } = options;

  await repo.insertNotices(
    db,
    NOTICES.map((n, i) => ({
      categoryId: n.category,
      title: n.title,
      content: sanitizeRichText(n.content),
      summary: plainText(n.content).slice(0, 60),
      isTop: n.top ?? false,
      sort: NOTICES.length - i,
      publishedAt: ago(now, n.hoursAgo),
    })),
  );

  const agentId = options.agentId ?? (await repo.anyAgentId(db));
  await repo.insertBanners(
    db,
    BANNERS.filter((b) => !b.agent || agentId !== undefined).map((b) => ({
      pageType: b.pageType,
      title: b.title,
      imageUrl: bannerImage(b),
      linkUrl: b.link,
      agentId: b.agent ? agentId! : null,
      sort: b.sort,
    })),
  );

  const categoryIds = await repo.insertExpertCategories(
    db,
    EXPERT_CATEGORIES.map((name, i) => ({ name, sort: i })),
  );
  const expertIds = await repo.insertExperts(
    db,
    EXPERTS.map((e, i) => ({
      categoryId: categoryIds[e.category]!,
      name: e.name,
      avatar: avatarImage(e.name, e.colors[0], e.colors[1]),
      title: e.title,
      intro: e.intro,
      promoted: e.promoted,
      sort: EXPERTS.length - i,
    })),
  );

  const articleRows: repo.NewExpertArticle[] = [];
  EXPERTS.forEach((expert, e) => {
    const results = [...expert.record];
    results.forEach((letter, i) => {
      const seq = e * 7 + i;
      const result = letter === 'W' ? 'won' : letter === 'L' ? 'lost' : 'pending';
      let article: { title: string; summary: string; content: string };
      let selection: string;
      let matchName: string;
      let motif: Motif;
      if (expert.category === 0) {
        const match = FOOTBALL_MATCHES[seq % FOOTBALL_MATCHES.length]!;
        selection = FOOTBALL_PICKS[seq % FOOTBALL_PICKS.length]!;
        article = footballArticle(expert, i, match, selection);
        matchName = `${match[0]} ${match[1]} vs ${match[2]}`;
        motif = 'football';
      } else if (expert.category === 1) {
        const match = BASKETBALL_MATCHES[seq % BASKETBALL_MATCHES.length]!;
        selection = BASKETBALL_PICKS[seq % BASKETBALL_PICKS.length]!;
        article = basketballArticle(expert, i, match, selection);
        matchName = `${match[0]} ${match[1]} vs ${match[2]}`;
        motif = 'basketball';
      } else {
        selection = LOTTERY_PICKS[seq % LOTTERY_PICKS.length]!;
        article = lotteryArticle(expert, i, selection);
        matchName = `极速快三 第${i + 1}期`;
        motif = 'lottery';
      }
      const colors = COVER_COLORS[expert.category]!;
      // Newest pick last: hours before now shrink with i, pending picks are the latest.
      const hoursAgo = (results.length - i) * 14 + e;
      articleRows.push({
        expertId: expertIds[e]!,
        title: article.title,
        summary: article.summary,
        content: sanitizeRichText(article.content),
        cover: coverImage(
          expert.category === 2 ? '快三' : matchName.split(' ')[0]!,
          colors[0],
          colors[1],
          motif,
        ),
        pickMatch: matchName,
        pickSelection: selection,
        pickOdds: ODDS[seq % ODDS.length]!,
        pickResult: result,
        views: 120 + ((seq * 97) % 2400),
        isHot: i >= results.length - 3 && e % 2 === 0,
        isRecommended: i === results.length - 1,
        publishedAt: ago(now, hoursAgo),
      });
    });
  });
  // One column without a pick: experts also write plain analysis.
  articleRows.push({
    expertId: expertIds[0]!,
    title: '老船长专栏：如何看懂让球盘口',
    summary: '让球、升降盘与水位，一篇讲清楚。',
    content: sanitizeRichText(
      '<p>让球盘是足球投注最常见的玩法。<strong>让一球</strong>表示强队需净胜两球才算赢盘，净胜一球为走盘退还本金。</p><p>临场升盘通常代表资金看好强队，但也需警惕诱盘。</p>',
    ),
    cover: coverImage('盘口', '#0f5132', '#1b8a5a', 'chart'),
    views: 3650,
    isHot: true,
    isRecommended: true,
    publishedAt: ago(now, 28),
  });
  await repo.insertExpertArticles(db, articleRows);

  const lotteryCategoryIds = await repo.insertLotteryArticleCategories(
    db,
    LOTTERY_CATEGORIES.map((c, i) => ({ ...c, sort: i })),
  );
  await repo.insertLotteryArticles(
    db,
    LOTTERY_ARTICLES.map((a, i) => ({
      categoryId: lotteryCategoryIds[a.category]!,
      title: a.title,
      summary: a.summary,
      content: sanitizeRichText(a.content),
      author: a.category === 1 ? '平台技术组' : a.category === 3 ? '金彩资讯' : EXPERTS[6 + (i % 2)]!.name,
      cover: coverImage(LOTTERY_CATEGORIES[a.category]!.name, '#311b92', '#7b1fa2', 'lottery'),
      views: 300 + ((i * 331) % 5000),
      isHot: a.hot ?? false,
      isRecommended: a.recommended ?? false,
      promoted: a.promoted ?? false,
      publishedAt: ago(now, a.hoursAgo),
    })),
  );
}
