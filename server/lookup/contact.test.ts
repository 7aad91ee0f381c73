import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../mail/mailer.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { runner } from './sql.js';

describe('contact form', () => {
  let t: TestApp;
  const mail = captureMail();
  const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/lookup/contact/', payload });
  beforeAll(async () => { t = await createTestApp({}, mail); });
  afterAll(async () => t.close());

  it('stores the question with its attachment and mails it to the platform', async () => {
    const file = Buffer.from('Invoice 42: 100 kg green coffee').toString('base64');
    const response = await post({ name: 'Lan', email: 'lan@example.com', question: 'Which code for <b>green</b> coffee?', fileName: 'invoice.txt', fileType: 'text/plain', file });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await runner(t.database)<{ question: string; file_name: string; file: Uint8Array; mailed: boolean }>(
      'SELECT question, file_name, file, mailed_at IS NOT NULL AS mailed FROM lookup_contact_message WHERE id = $1', [id]);
    expect(row).toMatchObject({ question: 'Which code for <b>green</b> coffee?', file_name: 'invoice.txt', mailed: true });
    expect(Buffer.from(row!.file).toString()).toBe('Invoice 42: 100 kg green coffee');
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]!.to).toBe('no-reply@dutybook.local');
    expect(mail.sent[0]!.subject).toBe(`Question #${id} from Lan via Dutybook`);
    expect(mail.sent[0]!.text).toContain('Which code for <b>green</b> coffee?');
    expect(mail.sent[0]!.text).toContain('Attachment: invoice.txt (1 kB)');
    expect(mail.sent[0]!.replyTo).toEqual({ name: 'Lan', address: 'lan@example.com' });
  });

  it('writes the sender as Reply-To of the mail itself, a name with quotes or line breaks included safely', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-mail-'));
    try {
      await createMailer({ smtpUrl: undefined, mailFrom: 'Dutybook <no-reply@dutybook.local>', dataDir })
        .send({ to: 'admin@example.com', subject: 'Question', text: 'Hello', replyTo: { name: 'Lan "Bee"\r\nBcc: x@evil.test', address: 'lan@example.com' } });
      const [file] = await fs.readdir(path.join(dataDir, 'outbox'));
      // Long headers are folded onto continuation lines; unfolded, each header is one line.
      const message = (await fs.readFile(path.join(dataDir, 'outbox', file!), 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
      expect(message).toMatch(/^Reply-To: .*<lan@example\.com>$/m);
      expect(message).not.toMatch(/^Bcc:/m);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('requires name, a valid e-mail and the question', async () => {
    const response = await post({ name: ' ', email: 'not-an-address', question: '' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['email', 'name', 'question']);
  });

  it('refuses other file types and files over 5 MB', async () => {
    const small = Buffer.from('MZ').toString('base64');
    expect((await post({ name: 'A', email: 'a@example.com', question: 'Q', fileName: 'tool.exe', file: small })).statusCode).toBe(415);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64');
    expect((await post({ name: 'A', email: 'a@example.com', question: 'Q', fileName: 'big.pdf', file: big })).statusCode).toBe(413);
    expect((await post({ name: 'A', email: 'a@example.com', question: 'Q', fileName: 'x.pdf', file: '***' })).statusCode).toBe(400);
  });

  it('accepts a photo of the goods, checked by its content, within the size bound', async () => {
    // A visitor sends five questions in ten minutes: each request here comes from an address of its own.
    let visitor = 0;
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/lookup/contact/', payload, remoteAddress: `198.51.100.${visitor += 1}` });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR label photo')]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF carton')]);
    const stored = async (id: number) => (await runner(t.database)<{ file_name: string; file_type: string; file: Uint8Array }>(
      'SELECT file_name, file_type, file FROM lookup_contact_message WHERE id = $1', [id]))[0]!;
    // The type kept is the content's, whatever the browser declared.
    const photo = await post({ name: 'Lan', email: 'lan@example.com', question: 'Which code for these kettles?', fileName: 'Nhãn hàng.PNG', fileType: 'application/octet-stream', file: png.toString('base64') });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(await stored(photo.json().id)).toMatchObject({ file_name: 'Nhãn hàng.PNG', file_type: 'image/png' });
    expect(Buffer.from((await stored(photo.json().id)).file).equals(png)).toBe(true);
    for (const fileName of ['carton.jpg', 'carton.jpeg']) {
      const sent = await post({ name: 'Lan', email: 'lan@example.com', question: 'Q', fileName, fileType: 'image/jpeg', file: jpeg.toString('base64') });
      expect(sent.statusCode, fileName).toBe(201);
      expect((await stored(sent.json().id)).file_type).toBe('image/jpeg');
    }
    // A file named as a photo that is not one, or not the one its name says, is refused.
    for (const [fileName, content] of [['photo.png', Buffer.from('<svg onload=alert(1)>')], ['photo.jpg', png], ['photo.png', jpeg]] as const) {
      const refused = await post({ name: 'A', email: 'a@example.com', question: 'Q', fileName, fileType: 'image/png', file: content.toString('base64') });
      expect(refused.statusCode, fileName).toBe(415);
      expect(refused.json().fields).toHaveProperty('file');
    }
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]).toString('base64');
    expect((await post({ name: 'A', email: 'a@example.com', question: 'Q', fileName: 'big.png', file: big })).statusCode).toBe(413);
  });
});
