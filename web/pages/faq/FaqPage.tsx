import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { usePageMeta } from '../../app/page-effects.js';

const questions = ['account', 'digits', 'noResult', 'binding', 'decisions', 'origin', 'years', 'data'] as const;

/** Frequently asked questions about using Dutybook's lookup. */
export function FaqPage() {
  usePageMeta('faq.pageTitle', 'faq.pageDescription');
  return (
    <Stack spacing={2} sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1"><FormattedMessage id="faq.title" /></Typography>
      <div>
        {questions.map((question) => (
          <Accordion key={question} disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`faq-${question}`} id={`faq-${question}-question`}>
              <Typography component="h2" sx={{ fontWeight: 600 }}><FormattedMessage id={`faq.items.${question}.q`} /></Typography>
            </AccordionSummary>
            <AccordionDetails id={`faq-${question}`}>
              <Typography><FormattedMessage id={`faq.items.${question}.a`} /></Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </div>
    </Stack>
  );
}
