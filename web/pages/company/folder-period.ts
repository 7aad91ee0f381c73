interface PeriodValues { name: string; year: string; date_start: string; date_end: string }

const wholeYear = (text: string) => (/^\d{4}$/.test(text) ? Number(text) : null);

/** A day (`YYYY-MM-DD`) moved by whole years; 29 February becomes the 28th in a common year. */
function shiftDay(day: string, years: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const year = Number(match[1]) + years;
  const month = Number(match[2]);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const date = Math.min(Number(match[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${match[2]}-${String(date).padStart(2, '0')}`;
}

/**
 * The folder-set form after its year is changed: the period moves with the year by whole years (a calendar year
 * stays a calendar year, a fiscal year from April stays one), and a name that was the year follows it.
 */
export function withYear<V extends PeriodValues>(values: V, year: string): V {
  const before = wholeYear(values.year);
  const after = wholeYear(year);
  if (before === null || after === null || before === after) return { ...values, year };
  const years = after - before;
  return {
    ...values,
    year,
    name: values.name.trim() === values.year ? year : values.name,
    date_start: shiftDay(values.date_start, years),
    date_end: shiftDay(values.date_end, years),
  };
}
