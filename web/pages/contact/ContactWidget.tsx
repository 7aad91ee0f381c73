import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

// The public lookup draws only the button at first; the form, its checks and its texts load when a visitor opens it.
const ContactForm = lazy(async () => ({ default: (await import('./ContactForm.js')).ContactForm }));

/**
 * The visitors' question button, which opens the floating question form. It sits in the header rather than floating
 * over the page: a floating button covered whatever control the page drew under it (the search button, at some
 * widths), and no place in a corner stays clear on every page and width. The full label shows where the header has
 * room; on a phone the icon alone, named for screen readers and in a tooltip.
 */
export function ContactWidget() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = intl.formatMessage({ id: 'contact.open' });
  const openForm = () => { setLoaded(true); setOpen(true); };
  return (
    <>
      <Button
        color="primary" variant="outlined" size="small" startIcon={<QuestionAnswerOutlined />} onClick={openForm} aria-expanded={open}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="contact-open"
      >
        <FormattedMessage id="contact.open" />
      </Button>
      <IconButton color="primary" onClick={openForm} aria-label={label} title={label} aria-expanded={open} sx={{ display: { md: 'none' } }} data-testid="contact-open-compact">
        <QuestionAnswerOutlined />
      </IconButton>
      {loaded && <Suspense fallback={null}><ContactForm open={open} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
