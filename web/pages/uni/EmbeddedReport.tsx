import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import type { models as PowerBiModels, Report, service as PowerBiService } from 'powerbi-client';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BiReport, ReportEmbed } from '../../../common/reports/schemas.js';
import { apiRequest } from '../../app/api.js';
import { useErrorText } from '../../app/session/error-text.js';

type PowerBiEmbed = Extract<ReportEmbed, { type: 'powerbi' }>;

const reportHeight = 520;
/** A Power BI report asks for its next token this long before the current one expires (the server renews five minutes before). */
const renewalLeadMs = 2 * 60_000;
/** However late the clock, a failed or overdue renewal is not retried more often than this. */
const shortestRenewalDelayMs = 30_000;

const untilRenewal = (embed: PowerBiEmbed) => Math.max(Date.parse(embed.expires_at) - Date.now() - renewalLeadMs, shortestRenewalDelayMs);

let powerBiLoading: Promise<{ powerbi: PowerBiService.Service; models: typeof PowerBiModels }> | undefined;

/** powerbi-client is loaded only once a Power BI report is shown, never with the public pages. */
function loadPowerBi() {
  powerBiLoading ??= import('powerbi-client')
    .then(({ service, factories, models }) => ({ powerbi: new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory), models }))
    .catch((error: unknown) => {
      // A chunk that failed to load (a new deployment, a dropped connection) is fetched again next time.
      powerBiLoading = undefined;
      throw error;
    });
  return powerBiLoading;
}

/** A report framed from its address as it is; the Content-Security-Policy allows only the configured report origins. */
function ReportFrame({ url, title }: { url: string; title: string }) {
  return (
    <Box
      component="iframe" src={url} title={title}
      // The report runs its own scripts on its own origin; it gets nothing of this page.
      sandbox="allow-scripts allow-same-origin allow-popups allow-forms" referrerPolicy="no-referrer" allowFullScreen
      sx={{ width: '100%', height: reportHeight, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}

/**
 * A Power BI report embedded by powerbi-client with the embed token the server minted; a renewed token is handed
 * to the report in place, so the reader keeps their page, filters and selection.
 */
function PowerBiReport({ embed, title }: { embed: PowerBiEmbed; title: string }) {
  const intl = useIntl();
  const container = useRef<HTMLDivElement>(null);
  const embedded = useRef<{ report: Report; token: string } | null>(null);
  const latestToken = useRef(embed.token);
  const [failed, setFailed] = useState(false);
  const { embed_url: embedUrl, report_id: reportId, token } = embed;
  const language = intl.locale;

  useEffect(() => {
    latestToken.current = token;
    const current = embedded.current;
    if (!current || current.token === token) return;
    current.token = token;
    // A report still loading does not answer: it runs on the token it was embedded with, still valid, until the next
    // renewal reaches it.
    current.report.setAccessToken(token).catch(() => undefined);
  }, [token]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let reset: (() => void) | undefined;
    loadPowerBi().then(({ powerbi, models }) => {
      if (cancelled) return;
      const report = powerbi.embed(element, {
        type: 'report', id: reportId, embedUrl, accessToken: latestToken.current, tokenType: models.TokenType.Embed,
        settings: { localeSettings: { language } },
      }) as Report;
      report.setComponentTitle(title);
      embedded.current = { report, token: latestToken.current };
      reset = () => powerbi.reset(element);
    }).catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      embedded.current = null;
      reset?.();
    };
  }, [embedUrl, reportId, language, title]);

  if (failed) return <Alert severity="error">{intl.formatMessage({ id: 'errors.report_embed_failed' })}</Alert>;
  return (
    <Box
      ref={container} data-testid="power-bi-report"
      sx={{ width: '100%', height: reportHeight, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', '& iframe': { border: 0, display: 'block' } }}
    />
  );
}

/**
 * An assigned report as the server says to show it: a Power BI report with a token the server minted and renews
 * before it expires (no BI credentials reach the browser), or a frame of its address. When no token can be had the
 * reader is told why in their language instead.
 */
export function EmbeddedReport({ report }: { report: BiReport }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const embed = useQuery({
    queryKey: ['report-embed', report.id, report.embed_url],
    queryFn: () => apiRequest<ReportEmbed>(`/clients-api/reports/${report.id}/embed/`),
    staleTime: (query) => (query.state.data?.type === 'powerbi' ? untilRenewal(query.state.data) : 30_000),
    refetchInterval: (query) => (query.state.data?.type === 'powerbi' ? untilRenewal(query.state.data) : false),
    // A report left open in a background tab must still hold a valid token when the reader comes back.
    refetchIntervalInBackground: true,
  });
  const title = intl.formatMessage({ id: 'coReports.frameTitle' }, { name: report.name });
  if (embed.isPending) return <Skeleton variant="rounded" height={reportHeight} />;
  if (!embed.data) return <Alert severity="error">{errorText(embed.error)}</Alert>;
  return (
    <Stack spacing={1}>
      {/* A failed renewal leaves the report on its current token, which still has a little while to run. */}
      {embed.isError && <Alert severity="warning">{errorText(embed.error)}</Alert>}
      {embed.data.type === 'powerbi' ? <PowerBiReport embed={embed.data} title={title} /> : <ReportFrame url={embed.data.embed_url} title={title} />}
    </Stack>
  );
}
