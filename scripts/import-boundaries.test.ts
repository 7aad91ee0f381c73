import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The direction of imports is a lint rule; this proves the rule fires. */
describe('import boundaries', () => {
  const eslint = new ESLint();
  const rulesFired = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.map((message) => message.ruleId) ?? [];

  it('forbids common/ importing server/, web/ or Node built-ins', async () => {
    expect(await rulesFired("import { buildApp } from '../server/app.js';\nexport const x = buildApp;\n", 'common/api/x.ts')).toContain('no-restricted-imports');
    expect(await rulesFired("import { App } from '../web/app/App.js';\nexport const x = App;\n", 'common/api/x.ts')).toContain('no-restricted-imports');
    expect(await rulesFired("import fs from 'node:fs';\nexport const x = fs;\n", 'common/api/x.ts')).toContain('no-restricted-imports');
  });

  it('forbids web/ importing server/ but allows common/', async () => {
    expect(await rulesFired("import { loadConfig } from '../../server/config.js';\nexport const x = loadConfig;\n", 'web/app/x.ts')).toContain('no-restricted-imports');
    expect(await rulesFired("import { locales } from '../../common/i18n/locales.js';\nexport const x = locales;\n", 'web/app/x.ts')).not.toContain('no-restricted-imports');
  });
});
