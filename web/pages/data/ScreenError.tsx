import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router';

/** A data screen that failed to draw: the menu stays, and a reload usually helps. */
export function ScreenError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Alert
      severity="error"
      action={<Button color="inherit" size="small" onClick={() => window.location.reload()}><FormattedMessage id="data.screenError.reload" /></Button>}
      data-testid="screen-error"
    >
      <FormattedMessage id="data.screenError.text" />
    </Alert>
  );
}
