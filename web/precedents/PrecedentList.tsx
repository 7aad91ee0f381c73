import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { formatCode, normaliseCode } from '../../common/hs/code.js';
import type { Precedent, PrecedentDecision } from '../../common/precedents/schemas.js';
import { formatBusinessDay } from '../app/i18n/dates.js';
import { codePath } from '../pages/lookup/text.js';
import { clampedLines } from '../app/theme/clamped-lines.js';

/** One of customs' classification decisions, linked to its page. */
export function DecisionLine({ decision }: { decision: PrecedentDecision }) {
  const intl = useIntl();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
      <GavelOutlined sx={{ fontSize: 16, color: 'text.secondary', alignSelf: 'center' }} aria-hidden />
      <Link component={RouterLink} to={`/classification/${decision.id}`} variant="body2" sx={{ fontWeight: 600 }}>{decision.doc_no}</Link>
      {decision.doc_date && <Typography variant="caption" color="text.secondary">{formatBusinessDay(intl, decision.doc_date)}</Typography>}
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatCode(decision.hs)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{decision.product_name}</Typography>
    </Stack>
  );
}

/** A precedent: the HS code with its tariff description, how it matched, its lines, item codes, latest lines and customs' decisions. */
function PrecedentCard({ precedent, current }: { precedent: Precedent; current?: string | null | undefined }) {
  const intl = useIntl();
  const day = (iso: string) => formatBusinessDay(intl, iso);
  const digits = normaliseCode(precedent.hs);
  const same = current !== undefined && current !== null && normaliseCode(current) === digits;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, borderColor: same ? 'primary.main' : undefined }} data-testid="precedent" data-hs={precedent.hs}>
      <Stack spacing={0.75}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          {digits ? (
            <Link component={RouterLink} to={codePath(digits.slice(0, 8))} variant="subtitle1" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{formatCode(precedent.hs)}</Link>
          ) : <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>{precedent.hs}</Typography>}
          <Chip size="small" color={precedent.match === 'code' || precedent.match === 'phrase' ? 'primary' : 'default'} variant={precedent.match === 'similar' ? 'outlined' : 'filled'}
            label={<FormattedMessage id={`precedents.match.${precedent.match}`} />} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id="precedents.lines" values={{ count: precedent.lines }} /></Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            <FormattedMessage id="precedents.period" values={{ first: day(precedent.first_date), last: day(precedent.last_date) }} />
          </Typography>
        </Stack>
        <Typography variant="body2" color={precedent.description ? 'text.primary' : 'text.secondary'} sx={clampedLines(2)}>
          {precedent.description ?? <FormattedMessage id="precedents.noDescription" />}
        </Typography>
        {precedent.codes.length > 0 && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="caption" color="text.secondary"><FormattedMessage id="precedents.codes" />:</Typography>
            {precedent.codes.slice(0, 6).map((code) => <Chip key={code} size="small" variant="outlined" label={code} sx={{ maxWidth: 200 }} />)}
          </Stack>
        )}
        <Box>
          <Typography variant="caption" color="text.secondary"><FormattedMessage id="precedents.examples" /></Typography>
          {precedent.examples.map((example) => (
            <Typography key={example.id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <FormattedMessage id="precedents.example" values={{ account: example.account_number, date: day(example.registered_date), typeCode: example.type_code ?? '—' }} />
              {example.item_name && <Typography component="span" variant="body2" color="text.secondary"> · {example.item_name}</Typography>}
            </Typography>
          ))}
        </Box>
        {precedent.decisions.length > 0 && (
          <Box sx={{ borderLeft: 3, borderColor: 'success.main', pl: 1 }} data-testid="precedent-decisions">
            <Typography variant="caption" color="text.secondary"><FormattedMessage id="precedents.decisions" /></Typography>
            {precedent.decisions.map((decision) => <DecisionLine key={decision.id} decision={decision} />)}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The precedents of a search, best first; beyond `shown`, behind a button. `current` is the HS code of a line being
 * looked at, whose precedent is outlined. Decisions of customs for the product under codes none of them has follow.
 */
export function PrecedentList({ precedents, decisions = [], shown = 3, current }: {
  precedents: readonly Precedent[];
  decisions?: readonly PrecedentDecision[];
  shown?: number;
  current?: string | null | undefined;
}) {
  const [all, setAll] = useState(false);
  const visible = all ? precedents : precedents.slice(0, shown);
  const held = new Set(precedents.flatMap((precedent) => precedent.decisions.map((decision) => decision.id)));
  const others = decisions.filter((decision) => !held.has(decision.id));
  return (
    <Stack spacing={1}>
      {visible.map((precedent) => <PrecedentCard key={precedent.hs} precedent={precedent} current={current} />)}
      {precedents.length > shown && (
        <Box>
          <Button size="small" onClick={() => setAll(!all)}>
            {all ? <FormattedMessage id="precedents.showFewer" /> : <FormattedMessage id="precedents.showAll" values={{ count: precedents.length }} />}
          </Button>
        </Box>
      )}
      {others.length > 0 && (
        <Box sx={{ borderLeft: 3, borderColor: 'warning.main', pl: 1 }} data-testid="precedent-other-decisions">
          <Typography variant="caption" color="text.secondary"><FormattedMessage id="precedents.otherDecisions" /></Typography>
          {others.slice(0, 5).map((decision) => <DecisionLine key={decision.id} decision={decision} />)}
        </Box>
      )}
    </Stack>
  );
}
