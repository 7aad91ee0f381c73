import { type ContactInput, contactFileMaxBytes, hasAllowedExtension } from '../../common/lookup/schemas.js';
import type { Database } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { catalogs, formatMessage } from '../i18n.js';
import type { Mailer } from '../mail/mailer.js';
import { runner } from './sql.js';

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Photos by their first bytes: a name ending in .png or .jpg is not a picture by itself, and the administrator who
 * opens the attachment is shown what the file holds, not what the visitor called it.
 */
const pictureTypes = [
  { extensions: ['.png'], mime: 'image/png', matches: (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', matches: (bytes: Buffer) => bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
];

/** The attachment of a contact message, checked: an allowed type (a photo by its content), real base64, at most 5 MB. */
function decodeAttachment(input: ContactInput): { name: string; type: string; bytes: Buffer } | null {
  if (!input.file) return null;
  const name = input.fileName?.trim() ?? '';
  if (!name || !hasAllowedExtension(name)) {
    throw new AppError('unsupported_media_type', 'Attach a .pdf, .doc, .docx, .xls, .xlsx, .ppt, .txt, .png or .jpg file.', { fields: { fileName: ['File type not accepted.'] } });
  }
  const content = input.file.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!base64Pattern.test(content) || content.length % 4 !== 0) {
    throw new AppError('validation_error', 'The attachment is not base64 content.', { fields: { file: ['Not base64.'] } });
  }
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > contactFileMaxBytes) throw new AppError('payload_too_large', 'The attachment is larger than 5 MB.', { fields: { file: ['Larger than 5 MB.'] } });
  const picture = pictureTypes.find((type) => type.extensions.some((extension) => name.toLowerCase().endsWith(extension)));
  if (picture) {
    if (!picture.matches(bytes)) throw new AppError('unsupported_media_type', `${name} is not a ${picture.mime === 'image/png' ? 'PNG' : 'JPEG'} image.`, { fields: { file: ['Not the image its name says.'] } });
    return { name, type: picture.mime, bytes };
  }
  return { name, type: input.fileType?.trim() || 'application/octet-stream', bytes };
}

const en = catalogs.en;
const format = (message: string, values: Record<string, string>) => formatMessage(message, 'en', values);

/**
 * Stores a visitor's question (with its attachment) and mails it to the platform administrators, or to
 * the platform's own address when there is none yet. The question is kept even if mailing fails, and
 * stays marked unmailed so that it is not lost.
 */
export async function sendContactMessage(options: {
  database: Database; mailer: Mailer; fallbackRecipient: string; input: ContactInput; log: (error: unknown) => void;
}): Promise<{ id: number }> {
  const { input } = options;
  const attachment = decodeAttachment(input);
  const run = runner(options.database);
  const [row] = await run<{ id: number }>(`INSERT INTO lookup_contact_message (name, email, question, file_name, file_type, file)
    VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [input.name, input.email, input.question, attachment?.name ?? null, attachment?.type ?? null, attachment?.bytes ?? null]);
  const id = row!.id;
  const admins = await run<{ email: string }>('SELECT email FROM users WHERE is_admin ORDER BY email').catch(() => []);
  const recipients = admins.length ? admins.map((admin) => admin.email) : [options.fallbackRecipient];
  const values = {
    id: String(id), name: input.name, email: input.email, question: input.question,
    attachment: attachment ? format(en.contact.mail.attachment, { fileName: attachment.name, size: String(Math.ceil(attachment.bytes.length / 1024)) }) : '',
  };
  try {
    for (const to of recipients) await options.mailer.send({ to, subject: format(en.contact.mail.subject, values), text: format(en.contact.mail.body, values), replyTo: { name: input.name, address: input.email } });
    await run('UPDATE lookup_contact_message SET mailed_at = now() WHERE id = $1', [id]);
  } catch (error) {
    options.log(error);
  }
  return { id };
}
