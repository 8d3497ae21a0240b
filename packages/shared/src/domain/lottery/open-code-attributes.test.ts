import { describe, expect, it } from 'vitest';
import { describeOpenCode } from './open-code-attributes.ts';

describe('open code attributes', () => {
  it('快3: sum, sides, form; a triple has no sides', () => {
    expect(describeOpenCode('k3', '2,4,5')).toEqual({
      family: 'k3',
      numbers: [2, 4, 5],
      sum: 11,
      bigSmall: '大',
      oddEven: '单',
      form: '三不同号',
      consecutive: false,
    });
    expect(describeOpenCode('k3', '4,4,4')).toMatchObject({ bigSmall: null, oddEven: null, form: '三同号' });
    expect(describeOpenCode('k3', '3,4,5')).toMatchObject({ consecutive: true, bigSmall: '大' });
    expect(describeOpenCode('k3', '1,1,2')).toMatchObject({ form: '二同号', bigSmall: '小', oddEven: '双' });
  });

  it('PK10: 冠亚和 and 龙虎', () => {
    const attributes = describeOpenCode('pk10', '10,02,03,04,05,06,07,08,09,01');
    if (attributes.family !== 'pk10') throw new Error('family');
    expect(attributes.firstTwoSum).toBe(12);
    expect(attributes.firstTwoBigSmall).toBe('大');
    expect(attributes.firstTwoOddEven).toBe('双');
    expect(attributes.dragonTiger.map((d) => d.result)).toEqual(['龙', '虎', '虎', '虎', '虎']);
    expect(attributes.positions[0]).toEqual({ position: 1, value: 10, bigSmall: '大', oddEven: '双' });
  });

  it('时时彩: total, 龙虎和 and the three-digit forms', () => {
    expect(describeOpenCode('ssc', '5,5,5,1,5')).toMatchObject({
      total: 21,
      totalBigSmall: '小',
      totalOddEven: '单',
      dragonTiger: '和',
      forms: { front: '豹子', middle: '组三', back: '组三' },
    });
    expect(describeOpenCode('ssc', '9,8,7,6,0')).toMatchObject({
      dragonTiger: '龙',
      forms: { back: '组六' },
    });
  });

  it('11选5: sum with 和 at 30 and the odd count', () => {
    expect(describeOpenCode('11x5', '01,02,07,09,11')).toMatchObject({
      sum: 30,
      bigSmall: '和',
      oddEven: '双',
      oddCount: 4,
    });
    expect(describeOpenCode('11x5', '07,08,09,10,11')).toMatchObject({ sum: 45, bigSmall: '大' });
  });

  it('六合彩: zodiac and colour of each number; 特码 49 is 和', () => {
    const attributes = describeOpenCode('lhc', '01,02,03,04,05,06,49', { zodiacOfOne: '马' });
    if (attributes.family !== 'lhc') throw new Error('family');
    expect(attributes.special).toEqual({
      value: 49,
      zodiac: '马',
      colour: '绿',
      bigSmall: '和',
      oddEven: '和',
    });
    expect(attributes.numbers[1]).toEqual({ value: 2, zodiac: '蛇', colour: '红' });
    expect(attributes.sum).toBe(70);
    expect(describeOpenCode('lhc', '01,02,03,04,05,06,25')).toMatchObject({
      special: { bigSmall: '大', oddEven: '单' },
    });
  });
});
