import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateField as MuiDateField } from '@mui/x-date-pickers/DateField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, koKR, viVN } from '@mui/x-date-pickers/locales';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/ko';
import 'dayjs/locale/vi';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Locale } from '../../../common/i18n/locales.js';
import { dayFieldFormats, dayOfValue, valueOfDay } from './business-day.js';

/** The pickers' own texts (open the calendar, next month, placeholders) in the interface language. */
const pickerTexts: Record<Locale, typeof enUS> = { en: enUS, vi: viVN, ko: koKR };

export interface DateFieldProps {
  /** `YYYY-MM-DD`, '' for none; a value the field cannot read counts as none. */
  value: string;
  /** Called with `YYYY-MM-DD`, '' when cleared, or `unreadableDay` while what is typed is not a date. */
  onChange: (value: string) => void;
  label?: ReactNode;
  /** The form's message for this field; without one, the field names its own problem (not a date). */
  error?: string;
  helperText?: ReactNode;
  name?: string;
  required?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** Attributes of the field's input (test ids, `data-field`, an accessible name). */
  htmlInput?: Record<string, string | boolean | undefined>;
  /** A grid cell is too small for the calendar: typing only, without its button. */
  calendar?: boolean;
  variant?: 'outlined' | 'standard';
  sx?: SxProps<Theme>;
}

/**
 * A business date typed in the order its language displays one (dd/mm/yyyy; Korean yyyy. mm. dd.), with a calendar
 * whose month and day names follow the interface language rather than the browser's (a native date input shows mm/dd
 * to an English browser whatever the app's language). What is typed stays in the field while it is not a date, with
 * the reason under it.
 */
export function DateField({ value, onChange, label, error, helperText, name, required, autoFocus, size = 'small', fullWidth, htmlInput, calendar = true, variant, sx }: DateFieldProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  // The picker's own day, so that a half-typed or impossible date is not rebuilt from the form's value on every key;
  // a value the form sets itself (a reset, an autofill) replaces it.
  const [day, setDay] = useState<Dayjs | null>(() => dayOfValue(value));
  const [lastValue, setLastValue] = useState(value);
  const [unreadable, setUnreadable] = useState(false);
  if (value !== lastValue) {
    setLastValue(value);
    setDay(dayOfValue(value));
  }
  const change = (next: Dayjs | null) => {
    const nextValue = valueOfDay(next);
    setDay(next);
    setLastValue(nextValue);
    onChange(nextValue);
  };
  const problem = error ?? (unreadable ? intl.formatMessage({ id: 'dates.invalid' }, { format: dayFieldFormats[locale].toLowerCase() }) : undefined);
  const textField = {
    name,
    label,
    required,
    autoFocus,
    size,
    fullWidth,
    variant,
    sx,
    error: problem !== undefined,
    helperText: problem ?? helperText,
    slotProps: { htmlInput },
  };
  const common = {
    value: day,
    onChange: change,
    onError: (reason: string | null) => setUnreadable(reason !== null),
    format: dayFieldFormats[locale],
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={locale}
      localeText={pickerTexts[locale].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {calendar
        ? <DatePicker {...common} slotProps={{ textField }} />
        : <MuiDateField {...common} slotProps={{ textField }} />}
    </LocalizationProvider>
  );
}
