import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileAnswering, wordOf } from '../test/hostile-files.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

/** Hostile Word documents a member may upload for the dossiers: refused, or merged in linear time. */
describe('hostile Word documents', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let headers: Record<string, string> = {};
  let company = '';
  let folder = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'member@hostile-word.vn';
    const token = await signUp(t.app, mail, email);
    headers = { authorization: `Bearer ${token}` };
    const created = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers, payload: { name: 'Hostile Word' } })).json();
    company = created.slug;
    folder = created.folder_set[0].slug;
  });
  afterAll(async () => { await t.close(); });

  const upload = (name: string, content: Buffer) => {
    const boundary = '----word-attack';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="company_slug"\r\n\r\n${company}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/fta/upload/', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  };

  it('refuses a document whose parts inflate to more than they declare, without inflating them in full', async () => {
    // 400 MB of one letter, declared as a kilobyte: about 400 KB sent.
    const lying = wordOf('<w:p><w:r><w:t>Cover</w:t></w:r></w:p>', [{ name: 'word/media/image1.png', text: 'A'.repeat(1024 * 1024), times: 400, declared: 1024 }]);
    expect(lying.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const { outcome, slowestHealthMs, rssGrowthMb } = await whileAnswering(t, () => upload('cover.docx', lying));
    expect(outcome.statusCode, outcome.body).toBe(415);
    expect(outcome.json().code).toBe('unsupported_media_type');
    expect(slowestHealthMs).toBeLessThan(2000);
    expect(rssGrowthMb).toBeLessThan(1024);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    expect((await t.app.inject({ method: 'GET', url: `/api/fta/upload/?company_slug=${company}`, headers })).json().count).toBe(0);
  });

  it('merges documents full of section properties in linear time', async () => {
    // Thousands of closed and unclosed section properties: each pattern the merge used backtracked over all of them.
    const body = `<w:p><w:r><w:t>Hostile</w:t></w:r></w:p>${'<w:sectPr></w:sectPr>'.repeat(40_000)}<w:p/>${'<w:sectPr>'.repeat(40_000)}${'<w:style '.repeat(20_000)}`;
    const hostile = wordOf(body);
    expect(hostile.length).toBeLessThan(8 * 1024);
    const first = await upload('a.docx', hostile);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload('b.docx', wordOf(`<w:p><w:r><w:t>Second</w:t></w:r></w:p>${'<w:sectPr><w:pgSz w:w="11906"/>'.repeat(40_000)}</w:sectPr>`));
    expect(second.statusCode, second.body).toBe(201);
    const started = performance.now();
    const { outcome, slowestHealthMs, rssGrowthMb } = await whileAnswering(t, () => t.app.inject({
      method: 'POST', url: '/api/fta/upload/merge/', headers,
      payload: { company_slug: company, folder_slug: folder, format: 'docx', documents: [{ kind: 'upload', id: first.json().id }, { kind: 'upload', id: second.json().id }] },
    }));
    expect(outcome.statusCode, outcome.body).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(slowestHealthMs).toBeLessThan(2000);
    expect(rssGrowthMb).toBeLessThan(1024);
    const text = new PizZip(outcome.rawPayload).file('word/document.xml')!.asText();
    expect(text.indexOf('Hostile')).toBeLessThan(text.indexOf('Second'));
  });

  it('keeps the base\'s last section, a tracked change inside it included, once at the end', async () => {
    const section = '<w:sectPr><w:pgSz w:w="16838"/><w:sectPrChange w:id="1"><w:sectPr><w:pgSz w:w="11906"/></w:sectPr></w:sectPrChange></w:sectPr>';
    const first = (await upload('landscape.docx', wordOf(`<w:p><w:pPr><w:sectPr><w:pgSz w:w="1"/></w:sectPr></w:pPr></w:p><w:p><w:r><w:t>One</w:t></w:r></w:p>${section}`))).json();
    const second = (await upload('two.docx', wordOf(`<w:p><w:r><w:t>Two</w:t></w:r></w:p><w:sectPr><w:pgSz w:w="999"/></w:sectPr>`))).json();
    const merged = await t.app.inject({
      method: 'POST', url: '/api/fta/upload/merge/', headers,
      payload: { company_slug: company, folder_slug: folder, format: 'docx', documents: [{ kind: 'upload', id: first.id }, { kind: 'upload', id: second.id }] },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const text = new PizZip(merged.rawPayload).file('word/document.xml')!.asText();
    const body = text.slice(text.indexOf('<w:body>') + 8, text.lastIndexOf('</w:body>'));
    expect(body.endsWith(section)).toBe(true);
    // The second document's own last section is left behind; the first's paragraph section stays where it was.
    expect(body).not.toContain('w:w="999"');
    expect(body).toContain('<w:pgSz w:w="1"/>');
    expect(body.indexOf('One')).toBeLessThan(body.indexOf('Two'));
  });
});
