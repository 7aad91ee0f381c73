import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import Fab from '@mui/material/Fab';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';

// The public lookup draws only the button at first; the form, its checks and its texts load when a visitor opens it.
const ContactForm = lazy(async () => ({ default: (await import('./ContactForm.js')).ContactForm }));

/** The visitors' question button, which opens the question form in place. */
export function ContactWidget() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {!open && (
        <Fab color="primary" variant="extended" onClick={() => { setLoaded(true); setOpen(true); }} sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: 1200 }} data-testid="contact-open">
          <QuestionAnswerOutlined sx={{ mr: 1 }} /><FormattedMessage id="contact.open" />
        </Fab>
      )}
      {loaded && <Suspense fallback={null}><ContactForm open={open} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
