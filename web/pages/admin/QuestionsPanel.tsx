import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type QuestionStatus, questionStatuses, type QuestionSummary } from '../../../common/admin/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { fileSize } from '../../imports/upload-file.js';
import { useWhen } from '../../imports/use-import-text.js';
import { ListTable } from '../company/ListTable.js';
import { adminQueryKey, downloadAttachment, getQuestion, listQuestions, setQuestionAnswered } from './admin-api.js';
import { AdminPager } from './AdminLayout.js';

/** An attachment's size in the reader's units. */
function AttachmentSize({ bytes }: { bytes: number }) {
  const intl = useIntl();
  const { value, unit } = fileSize(bytes);
  return <>{intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short' })}</>;
}

/** One question in full: who asked, what, the attachment to download, and whether it has been answered. */
function QuestionDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const intl = useIntl();
  const when = useWhen();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const question = useQuery({ queryKey: adminQueryKey('question', id), queryFn: () => getQuestion(id) });
  const answer = useMutation({
    mutationFn: (answered: boolean) => setQuestionAnswered(id, answered),
    onSuccess: async (changed) => {
      queryClient.setQueryData(adminQueryKey('question', id), changed);
      snackbar.success(intl.formatMessage({ id: changed.answered_at ? 'admin.questions.markedAnswered' : 'admin.questions.reopened' }));
      await queryClient.invalidateQueries({ queryKey: adminQueryKey('questions') });
    },
    onError: (error) => snackbar.error(errorText(error)),
  });
  const download = useMutation({ mutationFn: downloadAttachment, onError: (error) => snackbar.error(errorText(error)) });
  const data = question.data;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="question-title" data-testid="question-dialog">
      <DialogTitle id="question-title"><FormattedMessage id="admin.questions.title" values={{ id }} /></DialogTitle>
      <DialogContent dividers>
        {question.isPending && <LinearProgress />}
        {question.isError && <Alert severity="error">{errorText(question.error)}</Alert>}
        {data && (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
              <div>
                <Typography sx={{ fontWeight: 600 }}>{data.name}</Typography>
                <Link href={`mailto:${data.email}`}>{data.email}</Link>
              </div>
              <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
                <Typography variant="body2" color="text.secondary">{when(data.created_at)}</Typography>
                {!data.mailed_at && <Chip size="small" color="warning" variant="outlined" label={<FormattedMessage id="admin.questions.notMailed" />} />}
              </Stack>
            </Stack>
            {/* The visitor's text is shown as text: markup in it is never interpreted. */}
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', p: 2, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="question-text">
              {data.question}
            </Typography>
            {data.file_name && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <AttachFileOutlined fontSize="small" color="action" />
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{data.file_name}</Typography>
                {data.file_size !== null && <Typography variant="body2" color="text.secondary">(<AttachmentSize bytes={data.file_size} />)</Typography>}
                <Button size="small" startIcon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate(data)}>
                  <FormattedMessage id="admin.questions.download" />
                </Button>
              </Stack>
            )}
            {data.answered_at && (
              <Alert severity="success">
                <FormattedMessage id="admin.questions.answeredBy" values={{ when: when(data.answered_at), email: data.answered_by ?? '—' }} />
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {data && <Button startIcon={<MailOutlined />} href={`mailto:${data.email}`}><FormattedMessage id="admin.questions.reply" /></Button>}
        <Button onClick={onClose}><FormattedMessage id="admin.close" /></Button>
        {data && (
          <Button variant="contained" loading={answer.isPending} onClick={() => answer.mutate(!data.answered_at)} data-testid="toggle-answered">
            <FormattedMessage id={data.answered_at ? 'admin.questions.reopen' : 'admin.questions.markAnswered'} />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Visitors' questions from the contact form, newest first: open, answered or all; each opens in full. */
export function QuestionsPanel() {
  const intl = useIntl();
  const when = useWhen();
  const errorText = useErrorText();
  const [status, setStatus] = useState<QuestionStatus>('open');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const questions = useQuery({ queryKey: adminQueryKey('questions', status, page), queryFn: () => listQuestions(status, page), placeholderData: keepPreviousData });
  const openLabel = (question: QuestionSummary) => intl.formatMessage({ id: 'admin.questions.openOf' }, { name: question.name });

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup size="small" exclusive value={status} onChange={(_event, next: QuestionStatus | null) => { if (next) { setStatus(next); setPage(0); } }}
        aria-label={intl.formatMessage({ id: 'admin.questions.filter' })}>
        {questionStatuses.map((entry) => <ToggleButton key={entry} value={entry}><FormattedMessage id={`admin.questions.status.${entry}`} /></ToggleButton>)}
      </ToggleButtonGroup>
      {questions.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {questions.isError && <Alert severity="error">{errorText(questions.error)}</Alert>}
      {questions.data?.count === 0 && <Typography color="text.secondary"><FormattedMessage id={`admin.questions.none.${status}`} /></Typography>}
      <ListTable labelId="admin.tabs.questions" columnIds={['date', 'from', 'question', 'state'].map((column) => `admin.questions.columns.${column}`)} actions={false}>
        {questions.data?.results.map((question) => (
          <TableRow
            key={question.id} hover tabIndex={0} role="button" aria-label={openLabel(question)} sx={{ cursor: 'pointer' }}
            onClick={() => setOpen(question.id)} onKeyDown={(event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); setOpen(question.id); } }}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(question.created_at)}</TableCell>
            <TableCell>
              <Typography sx={{ fontWeight: 500 }}>{question.name}</Typography>
              <Typography variant="body2" color="text.secondary">{question.email}</Typography>
            </TableCell>
            <TableCell sx={{ maxWidth: 480 }}>
              <Typography variant="body2" noWrap>{question.excerpt}</Typography>
              {question.file_name && (
                <Tooltip title={question.file_name}>
                  <AttachFileOutlined fontSize="small" color="action" aria-label={intl.formatMessage({ id: 'admin.questions.hasAttachment' })} />
                </Tooltip>
              )}
            </TableCell>
            <TableCell>
              {question.answered_at
                ? <Chip size="small" color="success" label={<FormattedMessage id="admin.questions.answered" />} />
                : <Chip size="small" color="warning" variant="outlined" label={<FormattedMessage id="admin.questions.open" />} />}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <AdminPager count={questions.data?.count ?? 0} page={page} onPageChange={setPage} />
      {open !== null && <QuestionDialog id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
