import { formatFen } from '@app/shared';
import type { CatalogGame } from '../provider/catalog.ts';
import { rtpOf } from '../provider/catalog.ts';
import {
  DT_BETS_FEN,
  DT_CHOICE_NAMES,
  DT_RETURN,
  FISH_BETS_FEN,
  FISH_KINDS,
  FISH_RTP_BP,
} from './engines.ts';
import {
  CHERRY_PAYS,
  PAYLINES,
  REEL_STRIPS,
  SLOT_BETS_FEN,
  SLOT_LINE_COUNT,
  SLOT_SYMBOLS,
  THREE_OF_A_KIND,
} from './slot-math.ts';
import { SLOT_THEMES } from './themes.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Everything the page needs to draw the game and its published rules. */
export function gameConfig(game: CatalogGame) {
  const common = { code: game.code, name: game.name, engine: game.engine, rtp: rtpOf(game) };
  switch (game.engine) {
    case 'slot': {
      const theme = SLOT_THEMES[game.theme] ?? SLOT_THEMES.fruit!;
      return {
        ...common,
        bets: SLOT_BETS_FEN.map(formatFen),
        lines: PAYLINES,
        lineCount: SLOT_LINE_COUNT,
        strips: REEL_STRIPS,
        symbols: Object.fromEntries(SLOT_SYMBOLS.map((s) => [s, { glyph: theme[s][0], color: theme[s][1] }])),
        paytable: [
          ...SLOT_SYMBOLS.map((s) => ({ symbols: [s, s, s], multiple: THREE_OF_A_KIND[s] })),
          { symbols: ['cherry', 'cherry', '*'], multiple: CHERRY_PAYS.two },
          { symbols: ['cherry', '*', '*'], multiple: CHERRY_PAYS.one },
        ].sort((a, b) => b.multiple - a.multiple),
      };
    }
    case 'dragon_tiger':
      return {
        ...common,
        bets: DT_BETS_FEN.map(formatFen),
        choices: Object.entries(DT_CHOICE_NAMES).map(([code, name]) => ({ code, name })),
        returns: { side: Number(DT_RETURN.side), tie: Number(DT_RETURN.tie) },
      };
    case 'fishing':
      return {
        ...common,
        bets: FISH_BETS_FEN.map(formatFen),
        fish: FISH_KINDS.map((f) => ({
          ...f,
          chance: `${(FISH_RTP_BP / f.multiple / 100).toString().slice(0, 5)}%`,
        })),
      };
  }
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>游戏</title>
<style>body{margin:0;background:#15161a;color:#eee;font:15px/1.6 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;display:flex;align-items:center;justify-content:center;min-height:100vh;text-align:center;padding:24px;box-sizing:border-box}
.box{max-width:300px}.icon{font-size:44px;color:#ecc6ab}</style></head>
<body><div class="box" data-testid="game-error"><div class="icon">!</div><p>${escapeHtml(message)}</p></div></body></html>`;
}

/** The self-contained game page served at the game_url; its scripts carry the response's CSP nonce. */
export function gamePage(game: CatalogGame, sessionId: string, balance: string, nonce: string): string {
  const config = gameConfig(game);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no">
<title>${escapeHtml(game.name)}</title>
<style>${STYLE}</style></head>
<body class="engine-${game.engine}">
<header><b>${escapeHtml(game.name)}</b><span>游戏余额 <em id="balance" data-testid="game-balance">${balance}</em> 元</span></header>
<main id="stage"></main>
<section class="controls">
  <div class="bets" id="bets"></div>
  <div id="actions"></div>
  <div class="result" id="result" data-testid="game-result">选择投注额开始游戏</div>
</section>
<section class="rules" id="rules"></section>
<script nonce="${nonce}">window.GAME=${scriptJson(config)};window.SESSION=${scriptJson(sessionId)};</script>
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;background:radial-gradient(circle at top,#2a2320,#111 70%);color:#eee;font:14px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;min-height:100vh;padding-bottom:20px}
header{display:flex;justify-content:space-between;align-items:center;padding:10px 14px;background:rgba(0,0,0,.35);border-bottom:1px solid #3a3026}
header b{color:#ecc6ab;font-size:16px}header em{font-style:normal;color:#ffb400;font-weight:700}
main{padding:14px}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;background:#1b1410;border:3px solid #b8860b;border-radius:12px;padding:8px;position:relative}
.cell{height:76px;border-radius:8px;background:linear-gradient(#fffdf6,#e9dfc7);display:flex;align-items:center;justify-content:center;font-size:30px;font-weight:800;transition:box-shadow .2s}
.cell.win{box-shadow:0 0 0 3px #ffb400,0 0 14px #ffb400}
.controls{padding:0 14px}
.bets{display:grid;grid-template-columns:repeat(4,1fr);gap:6px;margin-bottom:10px}
.bets button{min-width:0;padding:6px 4px;border-radius:16px;border:1px solid #5a4a3a;background:#221c17;color:#ddd;font-size:13px}
.pick button{flex:1 0 auto;min-width:52px;padding:6px 8px;border-radius:16px;border:1px solid #5a4a3a;background:#221c17;color:#ddd;font-size:13px}
.bets button.on,.pick button.on{border-color:#ffb400;color:#111;background:#ffb400}
.go{width:100%;height:46px;border:0;border-radius:23px;background:linear-gradient(#ffd36b,#e39b00);color:#2a1800;font-size:18px;font-weight:800}
.go:disabled{opacity:.5}
.result{margin:10px 0;text-align:center;min-height:22px;color:#ccc}.result.win{color:#ffb400;font-weight:700}.result.err{color:#ff6b6b}
.rules{margin:14px;padding:10px 12px;border:1px solid #3a3026;border-radius:10px;background:rgba(0,0,0,.3);font-size:12px;color:#bbb}
.rules h3{margin:0 0 6px;color:#ecc6ab;font-size:13px}.rules table{width:100%;border-collapse:collapse}.rules td{padding:2px 4px;border-bottom:1px solid #2a241e}
.sym{display:inline-block;min-width:22px;padding:0 3px;border-radius:4px;background:#f3ead6;text-align:center;font-weight:800;margin-right:2px}
.table{display:flex;justify-content:space-around;align-items:center;padding:16px 0}
.card{width:86px;height:120px;border-radius:10px;background:#fff;color:#b71c1c;display:flex;align-items:center;justify-content:center;font-size:40px;font-weight:800;box-shadow:0 4px 10px rgba(0,0,0,.5)}
.card.back{background:repeating-linear-gradient(45deg,#1b5e20,#1b5e20 6px,#2e7d32 6px,#2e7d32 12px);color:transparent}
.side{text-align:center;color:#ecc6ab;font-weight:700}.vs{color:#888;font-size:18px}
.pick{display:flex;gap:8px;margin-bottom:10px}.pick button{font-size:16px;padding:10px}
.sea{position:relative;height:260px;border-radius:12px;overflow:hidden;background:linear-gradient(#0b3d6b,#021b33);border:2px solid #1e88e5}
.fish{position:absolute;left:0;border:0;border-radius:40px;padding:6px 12px;color:#fff;font-weight:700;animation:swim linear infinite alternate}
.fish small{display:block;font-size:11px;font-weight:400;opacity:.85}
@keyframes swim{from{transform:translateX(4px)}to{transform:translateX(210px)}}
.splash{position:absolute;inset:auto 0 8px 0;text-align:center;font-weight:800;color:#ffb400;font-size:18px}
`;

// The page's script: plain ES2017, no libraries. Outcomes come only from the server.
const SCRIPT = String.raw`
(function(){
var G=window.GAME,S=window.SESSION,busy=false,bet=G.bets[Math.min(1,G.bets.length-1)];
var $=function(id){return document.getElementById(id)};
function post(body){body.session=S;return fetch('/games/demo/api/play',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify(body)}).then(function(r){return r.json()})}
function setBalance(b){$('balance').textContent=b;try{parent.postMessage({type:'ng-game-balance',balance:b},'*')}catch(e){}}
function say(text,cls){var r=$('result');r.textContent=text;r.className='result'+(cls?' '+cls:'')}
function bets(){var box=$('bets');box.innerHTML='';box.style.gridTemplateColumns='repeat('+(G.bets.length<=5?G.bets.length:4)+',1fr)';G.bets.forEach(function(b){var x=document.createElement('button');x.textContent=b;x.className=b===bet?'on':'';x.onclick=function(){bet=b;bets()};box.appendChild(x)})}
function play(body,show){if(busy)return;busy=true;say('…');post(body).then(function(res){busy=false;if(res.code!==200){say(res.message,'err');unlock();return}show(res.data);setBalance(res.data.balance)}).catch(function(){busy=false;say('网络异常，请重试','err');unlock()})}
function unlock(){var s=$('spin');if(s)s.disabled=false}
bets();
if(G.engine==='slot'){
  var stage=$('stage'),cells=[],stops=[0,8,16];
  stage.innerHTML='<div class="reels" data-testid="slot-reels"></div>';
  for(var i=0;i<9;i++){var c=document.createElement('div');c.className='cell';stage.firstChild.appendChild(c);cells.push(c)}
  function sym(reel,idx){var s=G.strips[reel];return s[((idx%s.length)+s.length)%s.length]}
  function draw(){for(var row=0;row<3;row++)for(var reel=0;reel<3;reel++){var k=sym(reel,stops[reel]+row-1),d=G.symbols[k],c=cells[row*3+reel];c.textContent=d.glyph;c.style.color=d.color;c.style.fontSize=d.glyph.length>1?'20px':'30px'}}
  draw();
  $('actions').innerHTML='<button class="go" id="spin" data-testid="slot-spin">旋转</button>';
  $('spin').onclick=function(){cells.forEach(function(c){c.classList.remove('win')});$('spin').disabled=true;
    play({bet:bet},function(d){var target=d.result.stops,steps=[18,24,30],t=0;
      var timer=setInterval(function(){t++;for(var r=0;r<3;r++){if(t<=steps[r])stops[r]=target[r]-(steps[r]-t)}draw();
        if(t>=steps[2]){clearInterval(timer);$('spin').disabled=false;
          d.result.wins.forEach(function(w){G.lines[w.line].forEach(function(row,reel){cells[row*3+reel].classList.add('win')})});
          if(d.payout!=='0.00')say('赢得 '+d.payout+' 元（'+d.result.wins.length+' 条线）','win');else say('未中奖，再试一次')}},30)});
  };
  var rows=G.paytable.map(function(p){return '<tr><td>'+p.symbols.map(function(s){return s==='*'?'<span class="sym">任意</span>':'<span class="sym" style="color:'+G.symbols[s].color+'">'+G.symbols[s].glyph+'</span>'}).join('')+'</td><td>'+p.multiple+' 倍线注</td></tr>'}).join('');
  $('rules').innerHTML='<h3>赔付表（返还率 RTP '+G.rtp+'）</h3><table>'+rows+'</table><p>3 轴 3 行，'+G.lineCount+' 条固定赔付线（中、上、下、两条对角线），每线注 = 总投注 ÷ '+G.lineCount+'。每条线从左至右计算，三个相同符号按上表赔付；樱桃类符号（'+G.symbols.cherry.glyph+'）从第1轴起计算。每轴 '+G.strips[0].length+' 格，停轴位置由服务器以加密随机数决定，RTP 为按轴带精确计算的理论值。</p>';
}
if(G.engine==='dragon_tiger'){
  var choice='dragon',R=['A','2','3','4','5','6','7','8','9','10','J','Q','K'];
  $('stage').innerHTML='<div class="table"><div class="side">龙<div class="card back" id="dragon"></div></div><div class="vs">VS</div><div class="side">虎<div class="card back" id="tiger"></div></div></div>';
  function picks(){$('pick').innerHTML='';G.choices.forEach(function(c){var b=document.createElement('button');b.textContent='押'+c.name;b.className=c.code===choice?'on':'';b.onclick=function(){choice=c.code;picks()};$('pick').appendChild(b)})}
  $('actions').innerHTML='<div class="pick" id="pick"></div><button class="go" id="deal" data-testid="dt-deal">发牌</button>';picks();
  $('deal').onclick=function(){play({bet:bet,choice:choice},function(d){['dragon','tiger'].forEach(function(k){var e=$(k);e.className='card';e.textContent=R[d.result[k]-1]});
    var w={dragon:'龙',tiger:'虎',tie:'和'}[d.result.winner];say(d.payout!=='0.00'?w+'赢，派彩 '+d.payout+' 元':w+'赢，未中奖',d.payout!=='0.00'?'win':'')})};
  $('rules').innerHTML='<h3>玩法说明（RTP 押龙/押虎 '+G.rtp+'）</h3><p>龙、虎各发一张牌（A 最小，K 最大，每张牌独立随机）。押龙或押虎赢 1 赔 1；开和时押龙/押虎退还一半本金；押和 1 赔 11（RTP 92.31%）。</p>';
}
if(G.engine==='fishing'){
  var colors=['#ef6c00','#8e24aa','#00897b','#455a64','#c62828'];
  $('stage').innerHTML='<div class="sea" id="sea"><div class="splash" id="splash"></div></div>';
  G.fish.forEach(function(f,i){var b=document.createElement('button');b.className='fish';b.setAttribute('data-testid','fish-'+f.code);b.style.top=(12+i*48)+'px';b.style.background=colors[i%colors.length];b.style.animationDuration=(3+i*0.7)+'s';b.innerHTML=f.name+'<small>'+f.multiple+'倍</small>';
    b.onclick=function(){play({bet:bet,fish:f.code},function(d){$('splash').textContent=d.result.caught?'捕获'+f.name+' +'+d.payout:'没打中…';say(d.result.caught?'捕获'+f.name+'，赢得 '+d.payout+' 元':'未捕获，消耗 '+d.bet+' 元',d.result.caught?'win':'')})};$('sea').appendChild(b)});
  $('actions').innerHTML='<p style="text-align:center;color:#9ab">点击鱼发射炮弹，每炮消耗所选金额</p>';
  $('rules').innerHTML='<h3>倍率与捕获率（RTP '+G.rtp+'）</h3><table>'+G.fish.map(function(f){return '<tr><td>'+f.name+'</td><td>'+f.multiple+' 倍</td><td>捕获率 '+f.chance+'</td></tr>'}).join('')+'</table><p>捕获率 = RTP ÷ 倍率，每条鱼的期望返还相同。</p>';
}
})();
`;
