import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useIntl } from 'react-intl';

/** A password input whose text the user can reveal to check what they typed. */
export function PasswordField(props: TextFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  const label = intl.formatMessage({ id: shown ? 'auth.hidePassword' : 'auth.showPassword' });
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShown((value) => !value)} aria-label={label} edge="end">
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
