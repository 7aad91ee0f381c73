import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNewOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import type { TreeNode } from '../../../common/lookup/schemas.js';
import { useLookupLang, useTreeNodes } from './lookup-api.js';
import { codePath, localText, withYear } from './text.js';

/** The spec's pause before a chapter's headings appear. */
export const chapterLoaderMs = 1000;

const levelName = { 1: 'section', 2: 'chapter', 4: 'header', 6: 'supHeader', 8: 'supHeader' } as const;

function NodeRow({ node, year, open, onToggle, depth }: { node: TreeNode; year: number; open?: boolean; onToggle?: () => void; depth: number }) {
  const intl = useIntl();
  const lang = useLookupLang();
  const description = localText(node, 'description', lang).text;
  const unit = localText(node, 'unit_of_quantity', lang).text;
  const label = `${node.level === 1 ? intl.formatMessage({ id: 'lookup.tree.sectionLabel' }, { section: node.id }) : node.hs} ${description}`;
  const text = (
    <ListItemText
      primary={<><Box component="span" sx={{ fontWeight: 700, mr: 1, fontVariantNumeric: 'tabular-nums' }}>
        {node.level === 1 ? intl.formatMessage({ id: 'lookup.tree.sectionLabel' }, { section: node.id }) : node.hs}
      </Box>{description}</>}
      secondary={unit ? intl.formatMessage({ id: 'lookup.tree.unit' }, { unit }) : undefined}
    />
  );
  return (
    <ListItem
      disablePadding
      data-testid={`tree-${levelName[node.level as keyof typeof levelName]}`}
      data-code={node.id}
      secondaryAction={(
        <IconButton edge="end" component={RouterLink} to={withYear(codePath(node.id), year)} aria-label={intl.formatMessage({ id: 'lookup.tree.open' }, { code: node.hs })}>
          <OpenInNew fontSize="small" />
        </IconButton>
      )}
    >
      {onToggle ? (
        <ListItemButton onClick={onToggle} aria-expanded={open} aria-label={label} sx={{ pl: 2 + depth * 2 }}>
          {open ? <ExpandLess sx={{ mr: 1 }} /> : <ExpandMore sx={{ mr: 1 }} />}
          {text}
        </ListItemButton>
      ) : (
        <Box sx={{ pl: 5 + depth * 2, pr: 6, py: 0.5, width: '100%' }}>{text}</Box>
      )}
    </ListItem>
  );
}

function Loading() {
  const intl = useIntl();
  return <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}><CircularProgress size={24} aria-label={intl.formatMessage({ id: 'shell.loading' })} /></Box>;
}

/** A heading's subheadings and national lines, indented by level; end rows show their unit of quantity. */
function HeaderChildren({ year, header }: { year: number; header: string }) {
  const { data } = useTreeNodes(year, header);
  if (!data) return <Loading />;
  return (
    <List disablePadding dense>
      {data.nodes.map((node) => <NodeRow key={node.id} node={node} year={year} depth={node.level === 6 ? 3 : 4} />)}
    </List>
  );
}

function ChapterChildren({ year, chapter, openHeader, setOpenHeader }: { year: number; chapter: string; openHeader?: string; setOpenHeader: (id?: string) => void }) {
  const { data } = useTreeNodes(year, chapter);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), chapterLoaderMs);
    return () => clearTimeout(timer);
  }, []);
  if (!data || !waited) return <Loading />;
  return (
    <List disablePadding dense>
      {data.nodes.map((node) => (
        <Box key={node.id}>
          <NodeRow node={node} year={year} depth={2} open={openHeader === node.id}
            onToggle={node.has_children ? () => setOpenHeader(openHeader === node.id ? undefined : node.id) : undefined} />
          {openHeader === node.id && <HeaderChildren year={year} header={node.id} />}
        </Box>
      ))}
    </List>
  );
}

function SectionChildren({ year, section, open, setOpen }: {
  year: number; section: string; open: { chapter?: string; header?: string }; setOpen: (next: { chapter?: string; header?: string }) => void;
}) {
  const { data } = useTreeNodes(year, section);
  if (!data) return <Loading />;
  return (
    <List disablePadding dense>
      {data.nodes.map((node) => (
        <Box key={node.id}>
          <NodeRow node={node} year={year} depth={1} open={open.chapter === node.id}
            onToggle={() => setOpen(open.chapter === node.id ? {} : { chapter: node.id })} />
          {open.chapter === node.id && <ChapterChildren year={year} chapter={node.id} openHeader={open.header} setOpenHeader={(header) => setOpen({ chapter: node.id, header })} />}
        </Box>
      ))}
    </List>
  );
}

/** The HS tree browser: Section → Chapter → Header → SupHeader, one section, chapter and header open at a time; chapter 98 sits beside the sections. */
export function HsTree({ year }: { year: number }) {
  const { data, isError } = useTreeNodes(year, undefined);
  const [open, setOpen] = useState<{ section?: string; chapter?: string; header?: string }>({});
  return (
    <Paper variant="outlined" component="section" aria-labelledby="hs-tree-title">
      <Typography id="hs-tree-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        <FormattedMessage id="lookup.tree.title" values={{ year }} />
      </Typography>
      {isError && <Typography color="error" sx={{ p: 2 }}><FormattedMessage id="lookup.search.failed" /></Typography>}
      {data && data.nodes.length === 0 && <Typography color="text.secondary" sx={{ p: 2 }}><FormattedMessage id="lookup.tree.empty" values={{ year }} /></Typography>}
      {!data && !isError && <Loading />}
      <List dense>
        {data?.nodes.map((node) => (
          <Box key={node.id}>
            <NodeRow node={node} year={year} depth={0} open={open.section === node.id}
              onToggle={() => setOpen(open.section === node.id ? {} : { section: node.id })} />
            <Collapse in={open.section === node.id} unmountOnExit>
              {node.level === 1
                ? <SectionChildren year={year} section={node.id} open={open} setOpen={(next) => setOpen({ section: node.id, ...next })} />
                // A chapter outside the sections (Vietnam's 98) opens straight to its headings.
                : <ChapterChildren year={year} chapter={node.id} openHeader={open.header} setOpenHeader={(header) => setOpen({ section: node.id, header })} />}
            </Collapse>
          </Box>
        ))}
      </List>
    </Paper>
  );
}
