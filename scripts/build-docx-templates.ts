/**
 * Rebuilds the Word templates of the origin dossier from their HTML sources with LibreOffice, so a template is
 * edited as a readable page and never as hand-written document XML. Needs `soffice` (Debian:
 * `apt-get install -y --no-install-recommends libreoffice-writer-nogui`); the built .docx files are committed, so
 * running the app never needs it. Usage: npx tsx scripts/build-docx-templates.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const folder = path.resolve('server/origin/templates');
for (const source of fs.readdirSync(folder).filter((name) => name.endsWith('.html'))) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-template-'));
  // A private profile: a user's running LibreOffice would otherwise take the conversion and lock it.
  execFileSync('soffice', [`-env:UserInstallation=file://${work}/profile`, '--headless', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', work, path.join(folder, source)], { stdio: 'inherit' });
  const built = path.join(work, source.replace(/\.html$/, '.docx'));
  fs.copyFileSync(built, path.join(folder, path.basename(built)));
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`server/origin/templates/${path.basename(built)}`);
}
