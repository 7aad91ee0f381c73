import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app.js';
import { type Run, runner } from './run.js';

/** fold_text backs the search indexes and folded columns: a faster definition must give exactly the same text. */
describe('fold_text', () => {
  let t: TestDatabase;
  let run: Run;
  beforeAll(async () => {
    t = await createTestDatabase();
    run = runner(t.database);
  });
  afterAll(() => t.dispose());

  it('folds as unaccent, lower() and đ → d do, for every character up to Vietnamese and in mixed text', async () => {
    const samples = [
      ...Array.from({ length: 0x2000 - 1 }, (_, index) => String.fromCodePoint(index + 1)),
      'NPL-001', 'Line 42', 'VẢI-01', 'Nồi cơm điện', 'ĐỒNG THAU tấm', 'Ｆｕｌｌｗｉｄｔｈ', 'Œuvre ﬁ', 'tab\there', '',
    ];
    const [answer] = await run<{ differing: string[]; asciiFolded: string }>(
      `SELECT array_agg(s) FILTER (WHERE fold_text(s) IS DISTINCT FROM lower(translate(public.unaccent('public.unaccent'::regdictionary, s), 'đĐ', 'dd'))) AS differing,
              fold_text('NPL-1 Line') AS "asciiFolded"
         FROM unnest($1::text[]) s`, [samples]);
    expect(answer!.differing).toBeNull();
    expect(answer!.asciiFolded).toBe('npl-1 line');
  });
});
