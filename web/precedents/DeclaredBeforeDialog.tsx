import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { formatCode, normaliseCode } from '../../common/hs/code.js';
import { useErrorText } from '../app/session/error-text.js';
import { useSession } from '../app/session/SessionProvider.js';
import { usePrecedents } from './precedents-api.js';
import { PrecedentList } from './PrecedentList.js';

/** What a declaration line's dialog needs of it. */
export interface DeclaredLine { code: string | null; item_name: string | null; hs: string | null }

/**
 * "Declared before as…" for one declaration line: the HS codes the company declared its item code under, in every
 * folder set, or when the code has no other line, items of the same name; the line's own code outlined, and said when it
 * is none of them.
 */
export function DeclaredBeforeDialog({ line, companySlug, onClose }: { line: DeclaredLine; companySlug: string; onClose: () => void }) {
  const errorText = useErrorText();
  const { company } = useSession();
  const byCode = usePrecedents(line.code ? { companySlug, q: line.code } : null);
  const codeResults = byCode.data?.results.filter((result) => result.match === 'code') ?? [];
  const askName = Boolean(line.item_name) && (!line.code || (byCode.data !== undefined && codeResults.length === 0));
  const byName = usePrecedents(askName ? { companySlug, q: line.item_name ?? '' } : null);
  const shown = askName ? byName : byCode;
  const results = askName ? byName.data?.results ?? [] : codeResults;
  const hs = line.hs ? normaliseCode(line.hs) : undefined;
  const differs = hs !== undefined && results.length > 0 && !results.some((result) => normaliseCode(result.hs) === hs);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="declared-before-title">
      <DialogTitle id="declared-before-title"><FormattedMessage id="precedents.row.title" values={{ code: line.code ?? line.item_name ?? '' }} /></DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5} data-testid="declared-before">
          {line.hs && <Typography variant="body2"><FormattedMessage id="precedents.row.current" values={{ hs: formatCode(hs ?? line.hs) }} /></Typography>}
          {shown.isFetching && <LinearProgress />}
          {shown.isError && <Alert severity="error">{errorText(shown.error)}</Alert>}
          {askName && results.length > 0 && <Alert severity="info"><FormattedMessage id="precedents.row.byName" /></Alert>}
          {differs && <Alert severity="warning" data-testid="declared-before-differs"><FormattedMessage id="precedents.row.differs" /></Alert>}
          {shown.data && results.length === 0 && !shown.isFetching && (
            <Typography color="text.secondary"><FormattedMessage id="precedents.none" values={{ company: company?.name ?? companySlug }} /></Typography>
          )}
          <PrecedentList precedents={results} decisions={askName ? byName.data?.decisions : []} shown={5} current={line.hs} />
        </Stack>
      </DialogContent>
      <DialogActions><Button onClick={onClose}><FormattedMessage id="precedents.close" /></Button></DialogActions>
    </Dialog>
  );
}
