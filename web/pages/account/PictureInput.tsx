import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** The image types the server accepts for profile pictures. */
export const pictureTypes = ['image/png', 'image/jpeg', 'image/webp'];

/** A picture with an upload button; the chosen file is previewed until the form is saved. */
export function PictureInput({ current, fallback, file, onChange, disabled, variant = 'circular' }: {
  current: string | null;
  fallback: ReactNode;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  variant?: 'circular' | 'rounded';
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const [wrongType, setWrongType] = useState(false);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
      <Avatar src={(file ? preview : null) ?? current ?? undefined} variant={variant} alt="" sx={{ width: 112, height: 112, fontSize: 40, bgcolor: 'primary.main' }}>
        {fallback}
      </Avatar>
      {!disabled && (
        <Button component="label" variant="outlined" size="small" startIcon={<PhotoCameraOutlined />}>
          <FormattedMessage id="account.picture.choose" />
          <input
            type="file"
            hidden
            accept={pictureTypes.join(',')}
            data-testid="picture-input"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              event.target.value = '';
              const accepted = chosen !== null && pictureTypes.includes(chosen.type);
              setWrongType(chosen !== null && !accepted);
              if (accepted) onChange(chosen);
            }}
          />
        </Button>
      )}
      <Typography variant="caption" color={wrongType ? 'error' : 'text.secondary'} sx={{ textAlign: 'center' }} role={wrongType ? 'alert' : undefined}>
        <FormattedMessage id={wrongType ? 'account.picture.wrongType' : 'account.picture.hint'} />
      </Typography>
    </Stack>
  );
}
