import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** Placeholder names with their kind (`count:plural`), which must agree across languages. */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      found.add(`${element.value}:${TYPE[element.type]}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Every difference between the first catalog and the others, as readable lines. */
export function catalogProblems(catalogs: Record<string, Record<string, string>>): string[] {
  const [reference, ...others] = Object.keys(catalogs);
  if (!reference) return ['no catalogs'];
  const problems: string[] = [];
  const placeholders = (locale: string, key: string) => {
    try {
      return placeholdersOf(catalogs[locale]?.[key] ?? '').join(',');
    } catch (error) {
      problems.push(`${locale}: ${key} is not a valid ICU message (${(error as Error).message})`);
      return '';
    }
  };
  for (const locale of others) {
    const keys = new Set(Object.keys(catalogs[locale] ?? {}));
    for (const key of Object.keys(catalogs[reference] ?? {})) {
      if (!keys.has(key)) { problems.push(`${locale}: missing ${key}`); continue; }
      const expected = placeholders(reference, key);
      const actual = placeholders(locale, key);
      if (expected !== actual) problems.push(`${locale}: ${key} has placeholders [${actual}], ${reference} has [${expected}]`);
    }
    for (const key of keys) if (!(key in (catalogs[reference] ?? {}))) problems.push(`${locale}: extra key ${key}`);
  }
  return problems;
}
