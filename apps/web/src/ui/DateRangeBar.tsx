import { addDays, shanghaiDay } from '@app/shared';
import { CalendarPicker } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { lastDays, type DayRange } from './day-range.ts';
import './date-range.css';

const PRESETS = [
  { key: 'today', label: '今天', days: 1 },
  { key: '7', label: '近7天', days: 7 },
  { key: '30', label: '近30天', days: 30 },
  { key: '90', label: '近90天', days: 90 },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dateOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d);
};

/** Preset chips (today, 7, 30, 90 days) and a calendar for any range up to a year back. */
export function DateRangeBar({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const [open, setOpen] = useState(false);
  const preset = PRESETS.find((p) => {
    const r = lastDays(p.days);
    return r.start_date === value.start_date && r.end_date === value.end_date;
  });
  const today = dateOf(shanghaiDay(Date.now()));
  return (
    <div className="date-range-bar" data-testid="date-range">
      {PRESETS.map((p) => (
        <button
          key={p.key}
          type="button"
          className={preset?.key === p.key ? 'dr-chip on' : 'dr-chip'}
          onClick={() => onChange(lastDays(p.days))}
        >
          {p.label}
        </button>
      ))}
      <button
        type="button"
        className={preset ? 'dr-chip dr-custom' : 'dr-chip dr-custom on'}
        onClick={() => setOpen(true)}
      >
        <CalendarOutline />
        {preset ? '自定义' : `${value.start_date.slice(5)}~${value.end_date.slice(5)}`}
      </button>
      <CalendarPicker
        visible={open}
        selectionMode="range"
        title="选择日期范围"
        confirmText="确定"
        min={dateOf(addDays(shanghaiDay(Date.now()), -365))}
        max={today}
        defaultValue={[dateOf(value.start_date), dateOf(value.end_date)]}
        onClose={() => setOpen(false)}
        onMaskClick={() => setOpen(false)}
        onConfirm={(range) => {
          if (range) onChange({ start_date: dayOf(range[0]), end_date: dayOf(range[1]) });
          setOpen(false);
        }}
      />
    </div>
  );
}
